"""Loops in one thread's execution: unrolled where the hardware's iterations are
known, abstracted where they need not be.

Uniform values (loop counters driven by ``N`` and the launch) fold to
constants, so a loop containing barriers unrolls per iteration exactly as the
hardware runs it (lg n iterations for the scans: 31 at n = 2^31), and so does
a short counted loop whose trip count is a constant.  Any other barrier-free
loop is abstracted soundly instead: an affine induction variable becomes
``init + k*step`` for a fresh iteration counter ``k`` bounded by the loop
condition (exact), every other variable the loop writes is havocked
(over-approximated).  ``break`` and ``continue`` leave the path and rejoin it
where the loop resumes.
"""

from __future__ import annotations

import z3

from veriscan.ir import nodes as ir
from veriscan.ir.int_range import value_range
from veriscan.ir.visit import assigned_vars, walk, written_arrays
from veriscan.smt.encode import UNSET, convert
from veriscan.smt.execute_memory import MemoryAccesses
from veriscan.smt.execute_state import Env, LoopExits, source_name
from veriscan.smt.loop_shapes import Monotone, affine_value, affine_vars, counted, monotone
from veriscan.smt.outcome import Finding
from veriscan.smt.symbols import INDEX_BITS, conj, disj, sort_of
from veriscan.smt.trace import Iteration

BARRIER_LOOP_LIMIT = 4096   # iterations of a loop with barriers before giving up
SYMBOLIC_LOOP_LIMIT = 64    # ... when its exit depends on a symbol (N, a kernel scalar)
PLAIN_LOOP_LIMIT = 32       # uniform iterations of a barrier-free loop before abstracting


class LoopExecution(MemoryAccesses):
    """Loops, and the ``break``/``continue`` that leave their bodies."""

    def _Break(self, s: ir.Break) -> None:
        """The path leaves the loop; it rejoins after the loop with its environment."""
        self.loops[-1].breaks.append((self.active, dict(self.env)))
        self.active = z3.BoolVal(False)

    def _Continue(self, s: ir.Continue) -> None:
        """The path skips the rest of the body; it rejoins before the step."""
        self.loops[-1].continues.append((self.active, dict(self.env)))
        self.active = z3.BoolVal(False)

    def _Loop(self, s: ir.Loop) -> None:
        """Unrolled iteration by iteration while the exit is settled per iteration (or
        the loop has barriers, which must be matched exactly); abstracted otherwise.

        Threads whose condition fails leave with their environment and rejoin
        after the loop; the others go on, as the hardware runs them."""
        self.block(s.init)
        has_barrier = any(isinstance(x, ir.Barrier) for x in walk(s.body + s.step))
        if not has_barrier and affine_vars(s) and not self.short_uniform(s):
            self.abstract_loop(s, first_iteration=0)
            return
        limit = BARRIER_LOOP_LIMIT if has_barrier else PLAIN_LOOP_LIMIT
        modified = sorted(assigned_vars(s.body + s.step))
        left: list[tuple[z3.BoolRef, Env]] = []
        exits = LoopExits()
        self.loops.append(exits)
        entry_certain = len(self.after)
        staggered = False  # some threads left before others (or may have)
        try:
            iteration = 0
            while True:
                c = self.cond(s.cond) if s.test_first or iteration else z3.BoolVal(True)
                leaving = z3.simplify(conj(self.active, z3.Not(c)))
                if not z3.is_false(leaving):
                    if not has_barrier and not z3.is_true(z3.simplify(z3.Not(c))):
                        self.abstract_loop(s, first_iteration=iteration)
                        break
                    left.append((leaving, dict(self.env)))
                    self.active = z3.simplify(conj(self.active, c))
                    if not z3.is_false(self.active):
                        staggered = True
                        if not self.oracle.feasible(self.active):
                            break  # no launch runs this iteration
                if z3.is_false(self.active):
                    break
                if staggered and has_barrier and iteration >= SYMBOLIC_LOOP_LIMIT:
                    raise Finding("execution", f"the loop at {s.pos} contains a barrier and "
                                  "its trip count depends on a value that is not a compile-"
                                  f"time constant; unrolling stopped after {iteration} "
                                  "iterations (fix the value with --param or -D)",
                                  undecided="unsupported_construct")
                if iteration >= limit:
                    if has_barrier:
                        raise Finding("execution", f"the loop at {s.pos} (which contains a "
                                      f"barrier) runs more than {limit} iterations; "
                                      "unrolling stopped", undecided="unsupported_construct")
                    self.abstract_loop(s, first_iteration=iteration)
                    break
                self.context.append(Iteration(s.label, iteration, self.snapshot(modified)))
                iteration_certain = len(self.after)
                self.block(s.body)
                self.rejoin(exits.continues, iteration_certain)
                exits.continues.clear()
                self.block(s.step)
                self.context.pop()
                iteration += 1
        finally:
            self.loops.pop()
        self.rejoin(left + exits.breaks, entry_certain if staggered or exits.breaks else None)

    def short_uniform(self, s: ir.Loop) -> bool:
        """Whether a counted loop runs a constant number of iterations, at most the limit.

        Such loops are unrolled rather than abstracted: every value stays exact
        (no havocked exit state), which keeps later barriers' guards constant.
        """
        affine = affine_vars(s)
        if not counted(s, affine):
            return False
        env = dict(self.env)
        saved, hook = self.enc.env, self.enc.undefined
        self.enc.env, self.enc.undefined = env, None  # a look ahead: the unrolling reports
        try:
            for _ in range(PLAIN_LOOP_LIMIT + 1):
                c = self.cond(s.cond)
                if z3.is_false(c):
                    return True
                if not z3.is_true(c):
                    return False
                steps = {name: z3.simplify(self.enc.typed(
                    ir.BinOp(s.pos, self.var_type(name), "+",
                             ir.Var(s.pos, self.var_type(name), name), step),
                    self.var_type(name)))
                         for name, step in affine.items()}
                env.update(steps)
            return False
        finally:
            self.enc.env, self.enc.undefined = saved, hook

    def cannot_wrap(self, shape: Monotone, t: ir.ScalarType) -> z3.BoolRef:
        """The bound stops the counter before it could pass the end of its type.

        Only when the comparison happens in the counter's own type (no
        promotion to a wider one, under which the counter could wrap while the
        comparison does not notice); otherwise False (no fact)."""
        if t.bits < 32 or shape.bound.type != t or shape.counter != t:
            return z3.BoolVal(False)
        wide = 2 * INDEX_BITS + 2  # room for any bound plus any constant step
        ext = z3.SignExt if t.signed else z3.ZeroExt
        bound = ext(wide - t.bits, self.enc.typed(shape.bound, t))
        bottom, top = value_range(t)
        reach = {"<": shape.step - 1, "<=": shape.step, ">": shape.step + 1, ">=": shape.step}
        last = bound + z3.BitVecVal(reach[shape.op], wide)
        if shape.step > 0:
            return last <= z3.BitVecVal(top, wide)
        return last >= z3.BitVecVal(bottom, wide)

    def snapshot(self, names: list[str]) -> tuple[tuple[str, int], ...]:
        """The constant values of ``names`` at the start of an unrolled iteration,
        as the kernel spells them (they name the iteration in witnesses)."""
        out = []
        for name in names:
            value = self.env.get(name)
            if value is not None and z3.is_bv_value(value):
                t = self.var_type(name)
                raw = value.as_long()  # type: ignore[attr-defined]
                if t.signed and raw >= 1 << (t.bits - 1):
                    raw -= 1 << t.bits
                out.append((source_name(name), raw))
        return tuple(out)

    def maybe_unassigned(self, entry_env: Env, name: str, where: str) -> None:
        """``name``, if unassigned in ``entry_env``, may still be unassigned ``where``:
        whether it is becomes an unknown of its own (not known, ~)."""
        before = self.unset(entry_env, name)
        if self.enc.scalars(name) is None and not z3.is_false(before):
            self.env[name + UNSET] = conj(before, self.symbols.fresh(
                f"{source_name(name)} unassigned {where}", z3.BoolSort()))

    def abstract_loop(self, s: ir.Loop, first_iteration: int) -> None:
        """Every remaining iteration at once: iteration ``k`` for a fresh ``k``."""
        affine = affine_vars(s)
        exact = counted(s, affine) and first_iteration == 0
        stored = written_arrays(s.body + s.step)
        self.forget_cells(stored)
        entry_active, entry_env = self.active, dict(self.env)
        k = self.symbols.fresh(f"k {s.label}", z3.BitVecSort(INDEX_BITS), exact=exact)
        # start + k*step modulo 2^bits is exactly the sequence the counter runs
        # through, wrap-around included, so k is left unbounded (sound).  A
        # witness is only exact if no counter wrapped on the way to it.  A
        # monotone loop whose bound keeps the counter away from the end of its
        # type never wraps before leaving: then (only then) no-wrap is a fact.
        shape = monotone(s, affine)
        facts: list[z3.BoolRef] = []
        modified = assigned_vars(s.body + s.step)
        for name in modified:
            t = self.var_type(name)
            if name in affine and t.kind is ir.TypeKind.INT:
                start = entry_env.get(name)
                if start is None:
                    start = self.enc.eval(ir.Var(s.pos, t, name))
                step_e = affine[name]
                native = self.enc.eval(step_e)
                if step_e.type.kind is not ir.TypeKind.INT:
                    native, step_e = self.enc.typed(step_e, ir.LONG), ir.Cast(s.pos, ir.LONG,
                                                                              step_e)
                step = convert(native, step_e.type, t, self.symbols)
                value, no_wrap = affine_value(start, step, (native, step_e.type), k, t)
                self.env[name] = z3.simplify(value)
                self.trace.no_wrap.append(no_wrap)
                if shape is not None and shape.var == name:
                    facts.append(z3.Implies(self.cannot_wrap(shape, t), no_wrap))
            else:
                self.env[name] = self.symbols.fresh(f"{source_name(name)} in {s.label}",
                                                    sort_of(t))
                # unassigned at entry: iteration k reads it unassigned unless an
                # earlier iteration assigned it
                self.maybe_unassigned(entry_env, name, f"in {s.label}")
        c = self.cond(s.cond)
        if not s.test_first and first_iteration == 0:
            c = disj(k == 0, c)
        self.active = z3.simplify(conj(entry_active, c, *facts))
        exits = LoopExits()
        self.loops.append(exits)
        self.context.append(Iteration(s.label, -1, ()))
        try:
            self.block(s.body)
            self.rejoin(exits.continues)
            self.block(s.step)
        finally:
            self.context.pop()
            self.loops.pop()
        # Every thread that entered leaves (termination of barrier-free loops is
        # assumed) with unknown values in whatever the loop writes -- except
        # those that returned inside it, which we cannot tell apart: whether a
        # thread is still running becomes an unknown of its own.
        for name in modified:
            t = self.var_type(name)
            self.env[name] = self.symbols.fresh(f"{source_name(name)} after {s.label}",
                                                sort_of(t))
            # assigned in the loop, which may not have run
            self.maybe_unassigned(entry_env, name, f"after {s.label}")
        # what iteration k stored is not what the loop leaves (it may not have run)
        self.forget_cells(stored)
        if any(isinstance(x, ir.Return) for x in walk(s.body + s.step)):
            running = self.symbols.fresh(f"still running after {s.label}", z3.BoolSort())
            self.active = z3.simplify(conj(entry_active, running))
        else:
            self.active = entry_active
