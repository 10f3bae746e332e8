"""Async work-group copies and the waits for them, in one thread's execution.

An ``async_work_group_copy`` runs alongside the kernel until a wait for its
event: its accesses belong to every barrier interval it may reach, so the
race check sees a plain access racing with a copy still in flight.  Both it
and the wait are work-group functions, reached by all work-items of a group
with the same arguments or undefined.
"""

from __future__ import annotations

import z3

from veriscan.ir import nodes as ir
from veriscan.smt.execute_memory import MemoryAccesses
from veriscan.smt.execute_state import PendingCopy
from veriscan.smt.outcome import Finding
from veriscan.smt.symbols import INDEX_BITS, conj, disj


class AsyncCopies(MemoryAccesses):
    """The copies started and not yet waited for, and their accesses."""

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
                          "in work-groups of one work-item (the race check pairs two)",
                          undecided="unsupported_construct")
        if self.in_abstract_loop:
            raise Finding("execution", f"unsupported construct at {s.pos}: an async copy "
                          "in a loop abstracted to one symbolic iteration",
                          undecided="unsupported_construct")
        wide = [self.index_of(e)
                for e in (s.dst_index, s.src_index, s.count, s.src_stride, s.dst_stride)]
        dst, src, count, src_stride, dst_stride = wide
        event_in = self.enc.typed(s.event, ir.UINT)
        self.collective(s, [*wide, event_in], "async_work_group_copy")
        event = self.event(s, event_in)
        k = self.symbols.fresh(f"element of the copy at line {s.pos.line}",
                               z3.BitVecSort(INDEX_BITS), exact=True)
        guard = z3.simplify(conj(self.active, z3.ULT(k, count)))
        copy = PendingCopy(event, [(s.src, z3.simplify(src + k * src_stride), False, guard),
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
        somewhere = self.in_abstract_loop
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
