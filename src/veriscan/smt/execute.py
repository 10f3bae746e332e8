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
:class:`BarrierOracle` (all threads reach it, a divergence, or unknown).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.ir.visit import assigned_vars, sub_exprs, walk
from veriscan.smt.encode import UNSET, ExprEncoder, as_index, convert, resize
from veriscan.smt.outcome import Finding
from veriscan.smt.symbols import INDEX_BITS, Mentions, SymbolTable, conj, disj, sort_of
from veriscan.smt.threads import Launch, ThreadIds
from veriscan.smt.trace import (
    Access,
    AssertionSite,
    Certain,
    Interval,
    Iteration,
    PointerSite,
    Trace,
    UndefinedSite,
)

BARRIER_LOOP_LIMIT = 4096   # iterations of a loop with barriers before giving up
SYMBOLIC_LOOP_LIMIT = 64    # ... when its exit depends on a symbol (N, a kernel scalar)
PLAIN_LOOP_LIMIT = 32       # uniform iterations of a barrier-free loop before abstracting

Env = dict[str, z3.ExprRef]


class BarrierOracle(Protocol):
    def reached_by_all(self, guard: z3.BoolRef, barrier: ir.Stmt,
                       context: tuple[Iteration, ...]) -> bool:
        """True: every thread reaches the barrier; False: all or none of a group do,
        depending on uniform values; raise Finding when threads of a group disagree."""

    def feasible(self, guard: z3.BoolRef) -> bool:
        """Whether some thread of the launch can have ``guard`` true."""

    def uniform(self, guard: z3.BoolRef, terms: list[z3.ExprRef], stmt: ir.Stmt,
                what: str) -> None:
        """Raise Finding unless ``terms`` have one value in all work-items of a group
        that reach ``stmt`` (the arguments of a work-group function)."""


@dataclass
class _PendingCopy:
    """An async group copy that may still be running: its accesses (array, index,
    write, guard) are repeated in every barrier interval it may reach, while
    ``pending`` (no wait for its event yet) holds."""

    event: z3.ExprRef
    accesses: list[tuple[str, z3.ExprRef, bool, z3.BoolRef]]
    pos: SourcePos
    pending: z3.BoolRef = field(default_factory=lambda: z3.BoolVal(True))


@dataclass
class _LoopExits:
    breaks: list[tuple[z3.BoolRef, Env]] = field(default_factory=list)
    continues: list[tuple[z3.BoolRef, Env]] = field(default_factory=list)


class Executor:
    def __init__(self, kernel: ir.Kernel, launch: Launch, ids: ThreadIds, symbols: SymbolTable,
                 scalars: Callable[[str], z3.ExprRef | None],
                 read_only: Callable[[str], z3.FuncDeclRef | None], oracle: BarrierOracle,
                 constants: dict[int, z3.ExprRef] | None = None):
        self.kernel = kernel
        self.symbols = symbols
        self.read_only = read_only
        self.oracle = oracle
        self.enc = ExprEncoder(launch, ids, symbols, {}, scalars, kernel.var_types, constants,
                               dialect=kernel.dialect, undefined=self.undefined)
        self.active: z3.BoolRef = z3.BoolVal(True)
        self.trace = Trace([Interval(0, None, ())])
        self.context: list[Iteration] = []
        self.loops: list[_LoopExits] = []
        self.seq = 0
        zero = z3.BitVecVal(0, 32)
        self.epochs: dict[ir.Fence, z3.ExprRef] = {ir.Fence.LOCAL: zero, ir.Fence.GLOBAL: zero}
        # Barriers certainly run so far, oldest first; each item is the whole list up
        # to it, so an access records the last item (truncating keeps a prefix).
        self.after: list[Certain] = []
        self.data = self.trace.data  # symbols and functions holding memory contents
        self.reads_memory = Mentions(self.data)  # whether a term holds one of them
        self.copies: list[_PendingCopy] = []  # async group copies not yet waited for
        self.events: list[z3.ExprRef] = []  # one per copy that started a new event
        # Per private array, how many lifetimes it began so far (ir.Indeterminate);
        # each access records the one it is in.
        self.lifetimes: dict[str, int] = {}

    # ---------------------------------------------------------------- driver

    def run(self, progress: Callable[[int], None] | None = None) -> Trace:
        """The trace; ``progress`` is told after each top-level statement how many are done."""
        if progress is None:
            self.block(self.kernel.body)
        else:
            for done, stmt in enumerate(self.kernel.body, start=1):
                self.block([stmt])  # stops at once when no thread is active any more
                progress(done)
        return self.trace

    def undefined(self, cond: z3.BoolRef, e: ir.Expr, what: str,
                  operands: tuple[z3.ExprRef, ...]) -> None:
        """An operation of ``e`` is undefined when ``cond`` holds; recorded if reachable.

        Arithmetic on values read from memory is the data's business, not the
        kernel's control: it is assumed defined (a stated model assumption),
        like GPUVerify does for all arithmetic.  Everything computed from thread
        ids, sizes, scalars, N and loop counters is checked."""
        if any(self.reads_memory(x) for x in operands):
            return
        failure = z3.simplify(conj(self.active, cond))
        if not z3.is_false(failure):
            self.trace.undefined.append(UndefinedSite(failure, e.pos, what))

    @property
    def env(self) -> Env:
        return self.enc.env

    def set_env(self, env: Env) -> None:
        self.enc.env = env

    def block(self, stmts: list[ir.Stmt]) -> None:
        for stmt in stmts:
            if z3.is_false(self.active):
                return
            getattr(self, f"_{type(stmt).__name__}")(stmt)

    def cond(self, e: ir.Expr) -> z3.BoolRef:
        return z3.simplify(self.enc.typed(e, ir.BOOL))

    def assign(self, name: str, value: z3.ExprRef, src: ir.ScalarType) -> None:
        declared = self.kernel.var_types.get(name, src)
        self.env[name] = z3.simplify(convert(value, src, declared, self.symbols))
        self.env.pop(name + UNSET, None)

    def merge(self, guard: z3.BoolRef, chosen: Env, other: Env) -> Env:
        """Per variable: ``chosen`` where ``guard`` holds, ``other`` elsewhere.  A
        private variable assigned on one side only may be unassigned after it."""
        out = dict(other)
        for name in chosen.keys() ^ other.keys():  # a cell known on one side only
            if name.startswith(_CELL):
                out.pop(name, None)
        for name, value in chosen.items():
            if name.startswith(_CELL) and name not in other:
                continue
            prev = other.get(name)
            if prev is None:
                out[name] = value
            elif not prev.eq(value):
                out[name] = z3.simplify(z3.If(guard, value, prev))
        for name in chosen.keys() | other.keys():
            if (name.endswith(UNSET) or name.startswith(_CELL)
                    or self.enc.scalars(name) is not None):
                continue
            here, there = self.unset(chosen, name), self.unset(other, name)
            if z3.is_false(here) and z3.is_false(there):
                out.pop(name + UNSET, None)
            else:
                out[name + UNSET] = z3.simplify(z3.If(guard, here, there))
        return out

    @staticmethod
    def unset(env: Env, name: str) -> z3.BoolRef:
        """When ``name`` has not been assigned in ``env``."""
        return env.get(name + UNSET, z3.BoolVal(name not in env))

    # ------------------------------------------------------------ statements

    def _Assign(self, s: ir.Assign) -> None:
        declared = self.kernel.var_types.get(s.target, s.value.type)
        self.assign(s.target, self.enc.converted(self.enc.eval(s.value), s.value.type, declared,
                                                 s.value), declared)

    def _Indeterminate(self, s: ir.Indeterminate) -> None:
        """A new lifetime (see :class:`ir.Indeterminate`): a private scalar is as if
        never assigned (a read of it is reported, on this path, as one of a variable
        never assigned); a private array's accesses from now on belong to a new
        lifetime, whose reads earlier writes do not initialise (:mod:`.initialised`),
        and its tracked cells are forgotten."""
        if s.array:
            self.lifetimes[s.target] = self.lifetimes.get(s.target, 0) + 1
            self.forget_cells({s.target})
            return
        self.env.pop(s.target, None)
        self.env.pop(s.target + UNSET, None)

    def _Load(self, s: ir.Load) -> None:
        index = self.access(s.array, s.index, False, s)
        function = self.read_only(s.array)
        elem = self.element_type(s.array)
        known = self.env.get(_cell(s.array, index)) if self.tracks_cells(s.array) else None
        if known is not None:
            value = known
        elif function is not None:
            value = function(index)
            self.data.add(function.name())
        else:
            value = self.symbols.fresh(f"{s.array}[...] read at line {s.pos.line}", sort_of(elem))
            self.data.add(value.decl().name())
        if s.atomic:
            self.trace.atomic_reads.append((self.trace.intervals[-1].accesses[-1], value))
        self.assign(s.target, value, elem)

    def _Store(self, s: ir.Store) -> None:
        value = self.enc.eval(s.value)
        stored = self.enc.converted(value, s.value.type, self.element_type(s.array), s.value)
        index = self.access(s.array, s.index, True, s, value)
        cell = _cell(s.array, index) if self.tracks_cells(s.array) else None
        if cell is not None:
            self.env[cell] = z3.simplify(stored)
        elif self.tracks_cells(s.array):
            self.forget_cells({s.array})

    def tracks_cells(self, array: str) -> bool:
        """Whether ``array``'s cells are tracked: private arrays of events only (event
        lists are only ever filled before they are read; a new lifetime of the array,
        :class:`ir.Indeterminate`, forgets them)."""
        decl = self.kernel.array(array)
        return (decl is not None and decl.space is ir.MemSpace.PRIVATE
                and decl.type.name == "event_t")

    def forget_cells(self, arrays: set[str]) -> None:
        """Private array cells whose contents are tracked (constant index) are
        forgotten when the array is written where the model cannot follow."""
        for name in [n for n in self.env if n.startswith(_CELL) and
                     n[len(_CELL):].rsplit("[", 1)[0] in arrays]:
            del self.env[name]

    def access(self, array: str, index_e: ir.Expr, write: bool, s: ir.Load | ir.Store,
               value: z3.ExprRef | None = None) -> z3.ExprRef:
        index = z3.simplify(as_index(self.enc.eval(index_e), index_e.type, self.symbols))
        self.record(array, index, write, self.active, s.pos, value=value, atomic=s.atomic)
        return index

    def record(self, array: str, index: z3.ExprRef, write: bool, guard: z3.BoolRef,
               pos: SourcePos, *, value: z3.ExprRef | None = None, atomic: bool = False,
               collective: bool = False) -> None:
        """One access in the current barrier interval, after everything recorded so far."""
        interval = self.trace.intervals[-1]
        self.seq += 1
        interval.accesses.append(Access(
            array, index, write, guard, pos, interval.number, self.seq,
            (self.epochs[ir.Fence.LOCAL], self.epochs[ir.Fence.GLOBAL]),
            self.after[-1] if self.after else None,
            any(it.iteration < 0 for it in self.context), value, atomic, collective,
            self.lifetimes.get(array, 0)))

    # ------------------------------------------------------- async group copies

    def _GroupCopy(self, s: ir.GroupCopy) -> None:
        """The copy's element ``k`` (any ``k < count``) is read and written by some
        work-item of the group at some time before the wait for its event.

        Recorded as thread A's accesses with a fresh exact ``k``: a plain access of
        thread B to the same cell in the same epoch is a real race whoever does the
        copying, and one of the pair's threads stands for every work-item.  The
        same statement of thread B is the same copy, which :mod:`.races` skips; a
        group of one work-item has no second thread to pair with, so it is refused.
        """
        launch = self.enc.launch
        if all(launch.dim(launch.local_size, d) == 1 for d in range(3)):
            raise Finding("execution", f"unsupported construct at {s.pos}: an async copy "
                          "in work-groups of one work-item (the race check pairs two)")
        if any(it.iteration < 0 for it in self.context):
            raise Finding("execution", f"unsupported construct at {s.pos}: an async copy "
                          "in a loop abstracted to one symbolic iteration")
        wide = [z3.simplify(as_index(self.enc.eval(e), e.type, self.symbols))
                for e in (s.dst_index, s.src_index, s.count, s.src_stride, s.dst_stride)]
        dst, src, count, src_stride, dst_stride = wide
        event_in = self.enc.typed(s.event, ir.UINT)
        self.collective(s, [*wide, event_in], "async_work_group_copy")
        event = self.event(s, event_in)
        k = self.symbols.fresh(f"element of the copy at line {s.pos.line}",
                               z3.BitVecSort(INDEX_BITS), exact=True)
        guard = z3.simplify(conj(self.active, z3.ULT(k, count)))
        copy = _PendingCopy(event, [(s.src, z3.simplify(src + k * src_stride), False, guard),
                                    (s.dst, z3.simplify(dst + k * dst_stride), True, guard)],
                            s.pos)
        for array, index, write, g in copy.accesses:
            self.record(array, index, write, g, s.pos, collective=True)
        self.copies.append(copy)
        self.assign(s.target, event, ir.UINT)

    def event(self, s: ir.GroupCopy, given: z3.ExprRef) -> z3.ExprRef:
        """The copy's event: ``given`` (joining an earlier copy's), or a new one if 0.

        Events are opaque values, each a fresh over-approximated symbol: a kernel
        that computes with them rather than passing them on gets comparisons the
        model cannot settle, so whatever depends on them is only possible."""
        if any(given.eq(e) for e in self.events):
            return given
        new = self.symbols.fresh(f"event of the copy at line {s.pos.line}",
                                 z3.BitVecSort(32), per_thread=False)
        self.events.append(new)
        if z3.is_bv_value(given) and given.as_long() == 0:  # type: ignore[attr-defined]
            return new
        return z3.If(given == 0, new, given)

    def same_event(self, a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef:
        """Distinct copies' events differ; anything else is left to the solver."""
        if a.eq(b):
            return z3.BoolVal(True)
        if any(a.eq(e) for e in self.events) and any(b.eq(e) for e in self.events):
            return z3.BoolVal(False)
        return a == b

    def _WaitEvents(self, s: ir.WaitEvents) -> None:
        events = [z3.simplify(self.enc.typed(e, ir.UINT)) for e in s.events]
        self.collective(s, events, "wait_group_events")
        # In a loop abstracted to "some iteration", the wait may or may not have run
        # by the time a later access happens: what it completes is not known.
        somewhere = any(it.iteration < 0 for it in self.context)
        for copy in self.copies:
            done = conj(self.active, disj(*(self.same_event(e, copy.event) for e in events)))
            if somewhere and not z3.is_false(z3.simplify(done)):
                done = self.symbols.fresh(f"copy at line {copy.pos.line} waited for in "
                                          "a loop", z3.BoolSort(), per_thread=False)
            copy.pending = z3.simplify(conj(copy.pending, z3.Not(done)))
        self.copies = [c for c in self.copies if not z3.is_false(c.pending)]

    def collective(self, s: ir.Stmt, terms: list[z3.ExprRef], what: str) -> None:
        """A work-group function: all work-items of a group reach it, with the same
        arguments, or the behaviour is undefined (reported like a divergence)."""
        if not z3.is_true(self.active):
            self.oracle.reached_by_all(self.active, s, tuple(self.context))
        self.oracle.uniform(self.active, terms, s, what)

    def still_copying(self) -> None:
        """After a barrier: copies not yet waited for may still be running."""
        for copy in self.copies:
            for array, index, write, guard in copy.accesses:
                self.record(array, index, write, z3.simplify(conj(guard, copy.pending)),
                            copy.pos, collective=True)

    def element_type(self, array: str) -> ir.ScalarType:
        decl = self.kernel.array(array)
        if decl is not None:
            return decl.type
        param = self.kernel.param(array)
        return param.type if param is not None else ir.INT

    def _Barrier(self, s: ir.Barrier) -> None:
        context = tuple(self.context)
        everyone = z3.is_true(self.active) or self.oracle.reached_by_all(self.active, s,
                                                                         context)
        self.trace.barriers_checked += 1
        self.seq += 1
        self.after.append(Certain(self.seq, s.fences, self.after[-1] if self.after else None))
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
        self.active = z3.BoolVal(False)

    def _Break(self, s: ir.Break) -> None:
        self.loops[-1].breaks.append((self.active, dict(self.env)))
        self.active = z3.BoolVal(False)

    def _Continue(self, s: ir.Continue) -> None:
        self.loops[-1].continues.append((self.active, dict(self.env)))
        self.active = z3.BoolVal(False)

    def _Assume(self, s: ir.Assume) -> None:
        self.trace.assumptions.append(z3.Implies(self.active, self.cond(s.cond)))

    def _Assert(self, s: ir.Assert) -> None:
        failure = z3.simplify(conj(self.active, z3.Not(self.cond(s.cond))))
        if s.what:  # a condition of defined behaviour, checked with the others
            self.trace.undefined.append(UndefinedSite(failure, s.pos, s.what))
        else:
            self.trace.assertions.append(AssertionSite(failure, s.pos))

    def _PointerFormed(self, s: ir.PointerFormed) -> None:
        """Recorded for the bounds check, which knows the arrays' extents."""
        assert s.index is not None
        index = z3.simplify(as_index(self.enc.eval(s.index), s.index.type, self.symbols))
        self.trace.pointers.append(PointerSite(s.array, index, self.active, s.pos,
                                               self.trace.intervals[-1].number))

    def _Unsupported(self, s: ir.Unsupported) -> None:
        raise Finding("execution", f"unsupported construct at {s.pos}: {s.construct}")

    def rejoin(self, exits: list[tuple[z3.BoolRef, Env]], certain: int | None = None) -> None:
        """Threads that left through break/continue (or an earlier loop exit) take
        part again here; barriers after position ``certain`` are no longer certain."""
        if exits and certain is not None:
            del self.after[certain:]
        for guard, env in exits:
            self.set_env(self.merge(guard, env, self.env))
            self.active = z3.simplify(disj(self.active, guard))

    # ----------------------------------------------------------------- loops

    def _Loop(self, s: ir.Loop) -> None:
        self.block(s.init)
        has_barrier = any(isinstance(x, ir.Barrier) for x in walk(s.body + s.step))
        if not has_barrier and _affine_vars(s) and not self.short_uniform(s):
            self.abstract_loop(s, first_iteration=0)
            return
        limit = BARRIER_LOOP_LIMIT if has_barrier else PLAIN_LOOP_LIMIT
        modified = sorted(assigned_vars(s.body + s.step))
        left: list[tuple[z3.BoolRef, Env]] = []
        exits = _LoopExits()
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
                                  "iterations (fix the value with --param or -D)")
                if iteration >= limit:
                    if has_barrier:
                        raise Finding("execution", f"the loop at {s.pos} (which contains a "
                                      f"barrier) runs more than {limit} iterations; "
                                      "unrolling stopped")
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
        affine = _affine_vars(s)
        if not _counted(s, affine):
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
                    ir.BinOp(s.pos, self.kernel.var_types.get(name, ir.INT), "+",
                             ir.Var(s.pos, self.kernel.var_types.get(name, ir.INT), name),
                             step), self.kernel.var_types.get(name, ir.INT)))
                         for name, step in affine.items()}
                env.update(steps)
            return False
        finally:
            self.enc.env, self.enc.undefined = saved, hook

    def cannot_wrap(self, shape: _Monotone, t: ir.ScalarType) -> z3.BoolRef:
        """The bound stops the counter before it could pass the end of its type.

        Only when the comparison happens in the counter's own type (no
        promotion to a wider one, under which the counter could wrap while the
        comparison does not notice); otherwise False (no fact)."""
        if t.bits < 32 or shape.bound.type != t or shape.counter != t:
            return z3.BoolVal(False)
        wide = 2 * INDEX_BITS + 2  # room for any bound plus any constant step
        ext = z3.SignExt if t.signed else z3.ZeroExt
        bound = ext(wide - t.bits, self.enc.typed(shape.bound, t))
        top = (1 << (t.bits - 1)) - 1 if t.signed else (1 << t.bits) - 1
        bottom = -(1 << (t.bits - 1)) if t.signed else 0
        reach = {"<": shape.step - 1, "<=": shape.step, ">": shape.step + 1, ">=": shape.step}
        last = bound + z3.BitVecVal(reach[shape.op], wide)
        if shape.step > 0:
            return last <= z3.BitVecVal(top, wide)
        return last >= z3.BitVecVal(bottom, wide)

    def snapshot(self, names: list[str]) -> tuple[tuple[str, int], ...]:
        out = []
        for name in names:
            value = self.env.get(name)
            if value is not None and z3.is_bv_value(value):
                t = self.kernel.var_types.get(name, ir.INT)
                raw = value.as_long()  # type: ignore[attr-defined]
                if t.signed and raw >= 1 << (t.bits - 1):
                    raw -= 1 << t.bits
                out.append((name.split("#")[0], raw))
        return tuple(out)

    def abstract_loop(self, s: ir.Loop, first_iteration: int) -> None:
        """Every remaining iteration at once: iteration ``k`` for a fresh ``k``."""
        affine = _affine_vars(s)
        exact = _counted(s, affine) and first_iteration == 0
        self.forget_cells({x.array for x in walk(s.body + s.step) if isinstance(x, ir.Store)})
        entry_active, entry_env = self.active, dict(self.env)
        k = self.symbols.fresh(f"k {s.label}", z3.BitVecSort(INDEX_BITS), exact=exact)
        # start + k*step modulo 2^bits is exactly the sequence the counter runs
        # through, wrap-around included, so k is left unbounded (sound).  A
        # witness is only exact if no counter wrapped on the way to it.  A
        # monotone loop whose bound keeps the counter away from the end of its
        # type never wraps before leaving: then (only then) no-wrap is a fact.
        shape = _monotone(s, affine)
        facts: list[z3.BoolRef] = []
        modified = assigned_vars(s.body + s.step)
        for name in modified:
            t = self.kernel.var_types.get(name, ir.INT)
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
                value, no_wrap = _affine_value(start, step, (native, step_e.type), k, t)
                self.env[name] = z3.simplify(value)
                self.trace.no_wrap.append(no_wrap)
                if shape is not None and shape.var == name:
                    facts.append(z3.Implies(self.cannot_wrap(shape, t), no_wrap))
            else:
                self.env[name] = self.symbols.fresh(f"{name.split('#')[0]} in {s.label}",
                                                    sort_of(t))
        c = self.cond(s.cond)
        if not s.test_first and first_iteration == 0:
            c = disj(k == 0, c)
        self.active = z3.simplify(conj(entry_active, c, *facts))
        exits = _LoopExits()
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
            t = self.kernel.var_types.get(name, ir.INT)
            self.env[name] = self.symbols.fresh(f"{name.split('#')[0]} after {s.label}",
                                                sort_of(t))
            before = self.unset(entry_env, name)
            if self.enc.scalars(name) is None and not z3.is_false(before):
                # assigned in the loop, which may not have run: not known (~)
                self.env[name + UNSET] = conj(before, self.symbols.fresh(
                    f"{name.split('#')[0]} unassigned after {s.label}", z3.BoolSort()))
        if any(isinstance(x, ir.Return) for x in walk(s.body + s.step)):
            running = self.symbols.fresh(f"still running after {s.label}", z3.BoolSort())
            self.active = z3.simplify(conj(entry_active, running))
        else:
            self.active = entry_active


# Environment entries "\x00array[k]" hold what the thread last stored in element k
# of a private array of events, for constant k (so event lists keep their
# values); absent means unknown.
_CELL = "\x00"


def _cell(array: str, index: z3.ExprRef) -> str | None:
    return f"{_CELL}{array}[{index.as_signed_long()}]" if z3.is_bv_value(  # type: ignore
        index) else None


def _strip_casts(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e


def _affine_vars(s: ir.Loop) -> dict[str, ir.Expr]:
    """Variables updated only by ``v = v +/- e`` in the step, ``e`` loop-invariant."""
    modified = assigned_vars(s.body + s.step)
    in_body = assigned_vars(s.body)
    out: dict[str, ir.Expr] = {}
    for stmt in s.step:
        if not isinstance(stmt, ir.Assign) or stmt.target in in_body:
            continue
        value = _strip_casts(stmt.value)
        if not (isinstance(value, ir.BinOp) and value.op in ("+", "-")):
            continue
        lhs = _strip_casts(value.lhs)
        if not (isinstance(lhs, ir.Var) and lhs.name == stmt.target):
            continue
        if any(isinstance(x, ir.Var) and x.name in modified for x in sub_exprs(value.rhs)):
            continue
        if sum(1 for x in s.step if isinstance(x, ir.Assign) and x.target == stmt.target) != 1:
            continue
        step = value.rhs if value.op == "+" else ir.UnOp(value.pos, value.rhs.type, "-",
                                                         value.rhs)
        out[stmt.target] = step
    return out


@dataclass(frozen=True)
class _Monotone:
    """A loop ``v OP bound`` stepping ``v`` by a constant towards ``bound``."""

    var: str
    op: str
    bound: ir.Expr
    step: int  # signed
    counter: ir.ScalarType  # the type the condition sees the counter in


def _monotone(s: ir.Loop, affine: dict[str, ir.Expr]) -> _Monotone | None:
    """``v < bound`` (``<=``) with a positive constant step, or ``v > bound``
    (``>=``) with a negative one, and a loop-invariant bound."""
    cond = s.cond
    if not isinstance(cond, ir.BinOp) or cond.op not in ("<", "<=", ">", ">="):
        return None
    modified = assigned_vars(s.body + s.step)
    lhs, rhs = _strip_casts(cond.lhs), _strip_casts(cond.rhs)
    if not (isinstance(lhs, ir.Var) and lhs.name in affine):
        return None
    if any(isinstance(x, ir.Var) and x.name in modified for x in sub_exprs(rhs)):
        return None
    step = _strip_casts(affine[lhs.name])
    negative = isinstance(step, ir.UnOp)
    if negative:
        step = _strip_casts(step.operand)
    if not isinstance(step, ir.Const) or not isinstance(step.value, int) or step.value <= 0:
        return None
    if (cond.op in ("<", "<=")) == negative:
        return None
    return _Monotone(lhs.name, cond.op, cond.rhs, -step.value if negative else step.value,
                     cond.lhs.type)


def _counted(s: ir.Loop, affine: dict[str, ir.Expr]) -> bool:
    """Whether ``k`` ranges over exactly the iterations the loop runs: a monotone
    loop without ``break``/``return``, so the condition holds at iteration k iff
    it held at every earlier one."""
    if any(isinstance(x, (ir.Break, ir.Return)) for x in walk(s.body)):
        return False
    return _monotone(s, affine) is not None


def _affine_value(start: z3.ExprRef, step: z3.ExprRef,
                  written: tuple[z3.ExprRef, ir.ScalarType], k: z3.ExprRef,
                  t: ir.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef]:
    """``start + k*step`` in ``t``, and the fact that it equals the mathematical
    ``start + k*step`` with the step as written (so the counter never wrapped)."""
    bits = t.bits
    native, native_t = written
    wide = max(bits, native_t.bits) + INDEX_BITS + 2
    ext = z3.SignExt if t.signed else z3.ZeroExt
    step_ext = z3.SignExt if native_t.signed else z3.ZeroExt
    value = start + resize(k, False, bits) * step
    exact = ext(wide - bits, start) + z3.ZeroExt(wide - INDEX_BITS, k) * step_ext(
        wide - native_t.bits, native)
    return value, ext(wide - bits, value) == exact
