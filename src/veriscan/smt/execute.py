"""Symbolic execution of one thread into barrier intervals of guarded accesses.

Uniform values (loop counters driven by ``N`` and the launch) fold to
constants, so loops containing barriers unroll per iteration exactly as the
hardware runs them (lg n iterations for the scans: 31 at n = 2^31).  Control
that depends on the thread is kept symbolic: both arms of an ``if`` run under
their guard and the environments are merged.  Loops without barriers are
abstracted soundly instead of unrolled: an affine induction variable becomes
``init + k*step`` for a fresh iteration counter ``k`` bounded by the loop
condition (exact), every other variable the loop writes is havocked
(over-approximated).  Barriers under non-constant guards are settled by the
:class:`~veriscan.smt.execute_state.BarrierOracle` (all threads reach it, a
divergence, or unknown).

:class:`Executor` is the top of the layers (:mod:`.execute_state` the thread's
state and paths, :mod:`.execute_memory` accesses and trace records,
:mod:`.execute_copies` async group copies, :mod:`.execute_loops` loops); it
adds branches, barriers and returns, and runs the kernel's body.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from veriscan.ir import nodes as ir
from veriscan.smt.execute_copies import AsyncCopies
from veriscan.smt.execute_loops import LoopExecution
from veriscan.smt.outcome import Finding
from veriscan.smt.symbols import conj, disj
from veriscan.smt.trace import Certain, Interval, Trace


class Executor(LoopExecution, AsyncCopies):
    """Thread A's execution of the kernel: its trace of barrier intervals."""

    def run(self, progress: Callable[[int], None] | None = None) -> Trace:
        """The trace; ``progress`` is told after each top-level statement how many are done."""
        if progress is None:
            self.block(self.kernel.body)
        else:
            for done, stmt in enumerate(self.kernel.body, start=1):
                self.block([stmt])  # stops at once when no thread is active any more
                progress(done)
        return self.trace

    def _Barrier(self, s: ir.Barrier) -> None:
        """Reached by every thread: a new interval (accesses on either side cannot race
        within a group).  Reached depending on uniform values: the fences' epoch
        counts it instead.  Reached by some threads of a group only: the oracle
        reports a divergence."""
        context = tuple(self.context)
        everyone = z3.is_true(self.active) or self.oracle.reached_by_all(self.active, s,
                                                                         context)
        self.trace.barriers_checked += 1
        self.seq += 1
        self.after.append(Certain(self.seq, s.fences, self.last_certain))
        if everyone:
            self.trace.intervals.append(Interval(len(self.trace.intervals), s.pos, context,
                                                 s.fences))
        else:
            # Uniform but not constant (it depends on N or a kernel scalar): count it.
            fired = z3.If(self.active, z3.BitVecVal(1, 32), z3.BitVecVal(0, 32))
            for fence in (ir.Fence.LOCAL, ir.Fence.GLOBAL):
                if fence in s.fences:
                    self.epochs[fence] = z3.simplify(self.epochs[fence] + fired)
        self.still_copying()

    def _If(self, s: ir.If) -> None:
        """A constant condition runs one arm; otherwise both run, each under its guard,
        and their environments are merged (barriers inside an arm are not certain
        after it)."""
        c = self.cond(s.cond)
        if z3.is_true(c):
            self.block(s.then)
            return
        if z3.is_false(c):
            self.block(s.other)
            return
        entry, base, certain = self.active, dict(self.env), len(self.after)
        then_start = self.active = z3.simplify(conj(entry, c))
        self.block(s.then)
        del self.after[certain:]  # barriers inside one arm are not certain after it
        then_env, then_active = self.env, self.active
        self.set_env(dict(base))
        else_start = self.active = z3.simplify(conj(entry, z3.Not(c)))
        self.block(s.other)
        del self.after[certain:]
        self.set_env(self.merge(c, then_env, self.env))
        if then_active.eq(then_start) and self.active.eq(else_start):
            self.active = entry  # nobody left either arm: the same threads carry on
        else:
            self.active = z3.simplify(disj(then_active, self.active))

    def _Return(self, s: ir.Return) -> None:
        """The path ends; the threads on others carry on."""
        self.active = z3.BoolVal(False)

    def _Unsupported(self, s: ir.Unsupported) -> None:
        """A construct the front end could not model: no verdict can rest on it."""
        raise Finding("execution", f"unsupported construct at {s.pos}: {s.construct}",
                      undecided="unsupported_construct")
