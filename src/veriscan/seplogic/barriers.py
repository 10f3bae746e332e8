"""Barriers: a call that takes resources and gives others, and the group's side of it.

The arbitrary thread treats a barrier as a call (paper 003): it proves the
barrier's precondition, hands in the permissions the ``requires`` names (or,
when it names none but the barrier hands some out, all it holds: 003 §5's
implicit hand-in), and continues with the postcondition and its resources
over memory that keeps only the values of locations it still holds.  What
makes that sound for the group is proven here too, over all threads at once:
what they receive was handed in (or, for an implicit barrier, is owned by the
work-group), nobody gets a write twice, permissions move between threads only
in the memory spaces the barrier fences, and the postcondition follows from
everybody's precondition.
"""

from __future__ import annotations

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.context import Context, Frame, State, clauses_of
from veriscan.seplogic.group import Group
from veriscan.seplogic.permissions import Permissions
from veriscan.seplogic.terms import UnsupportedSpec


class Barriers:
    """The thread's step over a barrier and the barrier's group obligations."""

    def __init__(self, ctx: Context, permissions: Permissions, group: Group):
        self.ctx = ctx
        self.permissions = permissions
        self.group = group

    def exec_barrier(self, barrier: n.Barrier, state: State) -> State:
        ctx, perms = self.ctx, self.permissions
        clauses = ctx.spec.barriers.get(id(barrier), [])
        for c in clauses:
            if c.kind in (A.ClauseKind.LOOP_INVARIANT, A.ClauseKind.CONTEXT_EVERYWHERE):
                raise UnsupportedSpec(f"'{c.kind.value}' on a barrier", c.pos)
        everywhere = ctx.spec.everywhere()
        pre = clauses_of(clauses, {A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT}) + everywhere
        post = clauses_of(clauses, {A.ClauseKind.ENSURES, A.ClauseKind.CONTEXT}) + everywhere
        pos = barrier.pos

        # The arbitrary thread: precondition and the resources it hands in.
        mine = ctx.split(pre, ctx.own_env(state))
        perms.check_well_formed(state, mine, state.held, "barrier precondition")
        for fact in mine.facts:
            ctx.prove(state, [], fact, obligation="barrier precondition", pos=pos,
                      message="the barrier precondition does not hold when the thread "
                              "arrives")
        # A barrier that hands out permissions without naming any to hand in takes
        # all the thread holds (003 §5: a barrier implicitly takes every permission).
        implicit = not mine.clauses and bool(ctx.split(post, ctx.own_env(state)).clauses)
        if implicit:
            for frame in state.frames:
                self.check_frame_empty(frame, pos)
            kept: list[P.Clause] = []
            # Nobody else could write a cell the thread holds before the barrier, so
            # at the barrier memory still holds there what the thread sees.
            seen = state.held
        else:
            perms.require_perms(state, mine.clauses, obligation="barrier resources", pos=pos,
                                what="barrier precondition")
            # What the thread still holds keeps the value it sees.
            kept = seen = state.held + [c.negated() for c in mine.clauses]
        # Memory at the barrier, shared by the whole group; everything else is unknown.
        shared, facts = perms.assume_heap_kept(state.heap, seen,
                                               f"barrier{pos.line}#{ctx.next_id()}")
        self.check_barrier_globally(state, pre, post, barrier, shared, facts, implicit)

        # After the barrier: keep the rest, receive the post-resources.
        after = state.fork()
        after.heap = shared
        after.path += facts
        got = ctx.split(post, ctx.own_env(after))
        after.held = kept + got.clauses
        after.path += got.facts
        perms.check_well_formed(after, got, after.held, "barrier postcondition")
        return after

    def check_frame_empty(self, frame: Frame, pos: SourcePos) -> None:
        """An implicit barrier hands out the group's whole pool, which is only what the
        threads hold if no enclosing loop keeps anything aside: its invariant must name
        all the thread held at the loop's entry, or the frame would come back after
        the loop on top of what the barrier handed out (held twice)."""
        entry = frame.entry
        for array in P.arrays_of(entry.held):
            self.permissions.check_covered(
                entry, [], frame.kept, [c for c in entry.held if c.array == array], array,
                frame.pos, each=False, obligation="barrier redistribution", tag="!k",
                refuted_is_unknown=True, reason="permission_not_handed_in",
                message=f"the barrier at line {pos.line} hands out permissions without naming "
                        f"what it takes, but the loop at line {frame.pos.line} keeps "
                        f"permission on {array} that its invariant does not name (write the "
                        "barrier's requires)")

    def fenced(self, barrier: n.Barrier, array: str) -> bool:
        """Writes to ``array`` before ``barrier`` are visible to the group after it.

        A private array is never shared: another thread's facts about its own
        copy say nothing about this thread's.
        """
        if array in self.ctx.private:
            return False
        return array not in self.ctx.mutable or self.redistributes(barrier, array)

    def redistributes(self, barrier: n.Barrier, array: str) -> bool:
        """The barrier fences ``array``'s memory space, so it may move permissions on it
        between threads (paper 003 §5); read-only constant memory is never written."""
        space = self.ctx.kernel.space_of(array)
        if space is n.MemSpace.CONSTANT:
            return True
        wanted = n.Fence.LOCAL if space is n.MemSpace.LOCAL else n.Fence.GLOBAL
        return bool(barrier.fences & wanted)

    def check_conserved(self, state: State, hyps: list[z3.BoolRef], given: list[P.Clause],
                        received: list[P.Clause], array: str, pos: SourcePos,
                        source: str = "the threads did not hand in") -> None:
        """What the group receives on ``array`` is covered by what it handed in
        (``given``, which ``source`` names for the message).

        When every received clause is a write, the check is split (each pair of
        clauses is disjoint; wherever one of them lands, a full permission was
        handed in): the same statement, but in pieces the solver digests far
        better than one sum over all clauses.
        """
        message = f"the barrier hands out permission on {array}[x] that {source}"
        all_writes = all(c.amount.is_write for c in received)
        if all_writes:
            for i, a in enumerate(received):
                for b in received[i + 1:]:
                    ca, cb = a.renamed("!p"), b.renamed("!q")
                    x = ca.index
                    self.ctx.prove(state, hyps,
                                   z3.Not(z3.And(ca.guard, cb.guard, x == cb.index)),
                                   obligation="barrier redistribution", pos=pos,
                                   message=f"the barrier gives write permission on {array}[x] "
                                           f"twice (lines {a.origin.line} and "
                                           f"{b.origin.line})",
                                   witness={"location": x}, reason="permission_exceeded")
        self.permissions.check_covered(state, hyps, given, received, array, pos,
                                       each=all_writes, obligation="barrier redistribution",
                                       message=message, tag="!w",
                                       reason="permission_not_handed_in")

    def check_barrier_globally(self, state: State, pre: list[A.Clause], post: list[A.Clause],
                               barrier: n.Barrier, shared: dict[str, z3.ArrayRef],
                               kept: list[z3.BoolRef], implicit: bool) -> None:
        """The group-level obligations of one barrier, over the shared memory at it.

        Other threads' facts about memory the barrier does not fence say nothing
        about what this thread will see (their writes need not be visible), so
        those facts are stated over unrelated copies of the unfenced arrays.

        ``implicit``: every thread hands in all it holds, so on fenced memory the
        barrier may hand out all the group owns (:meth:`Group.group_resources`): the
        permissions no thread holds stay with the group (003 §5), which is how a
        barrier returns a whole location after an earlier one handed out part.
        """
        ctx, perms, group = self.ctx, self.permissions, self.group
        pos = barrier.pos
        tag = f"g{pos.line}#{ctx.next_id()}"
        thread, tvars = group.bound_thread(tag)
        hand = ctx.split(pre, ctx.group_env(state, thread, shared, tag))
        visible = {a: (shared[a] if self.fenced(barrier, a) else
                       z3.Array(f"{a}@unfenced{tag}", z3.IntSort(), z3.IntSort()))
                   for a in shared}
        seen = ctx.split(pre, ctx.group_env(state, thread, visible, tag))
        pre_all = [z3.ForAll(tvars, z3.Implies(thread.in_range(), f)) if tvars else f
                   for f in seen.facts]
        # The arbitrary thread's own view of private variables at this barrier.
        own_pre = ctx.split(pre, ctx.own_env(state, shared))
        hyps = pre_all + own_pre.facts + kept
        if pre_all:
            # Each thread proved its own precondition on arrival, so in every run
            # that reaches this barrier they all hold (unlike the kernel's, which
            # are assumed): this only guards the group view, and a model through
            # an over-approximated value is enough for that.
            ctx.prover.require_satisfiable([*state.path, *hyps], pos=pos,
                                           approximations_matter=False,
                                           message="the barrier preconditions of all threads")
        given = group.groupify(hand.clauses, thread, tvars)
        recv_thread, rvars = group.bound_thread(tag + "r")
        recv = ctx.split(post, ctx.group_env(state, recv_thread, shared, tag))
        received = group.groupify(recv.clauses, recv_thread, rvars)

        perms.check_injective(state, received, hyps, obligation="barrier redistribution",
                              what="barrier postcondition", threads=len(rvars))
        mine_after = ctx.split(post, ctx.own_env(state, shared))
        for array in P.arrays_of(received):
            if self.redistributes(barrier, array):
                mine = [c for c in received if c.array == array]
                if implicit:
                    self.check_conserved(state, hyps, group.owned, mine, array, pos,
                                         "its work-group does not own")
                else:
                    self.check_conserved(state, hyps, given, mine, array, pos)
            else:
                # No fence on this memory space: nothing moves between threads,
                # so each thread gets back at most what it handed in itself.
                space = ctx.kernel.space_of(array).value
                perms.check_covered(
                    state, hyps, state.held if implicit else own_pre.clauses,
                    [c for c in mine_after.clauses if c.array == array], array, pos,
                    each=False, obligation="barrier redistribution", tag="!f",
                    reason="unfenced_memory",
                    message=f"the barrier does not fence {space} memory, so it cannot move "
                            f"permission on {array}[x] between threads")
        for fact in mine_after.facts:
            ctx.prove(state, hyps, fact, obligation="barrier postcondition", pos=pos,
                      message="the barrier postcondition does not follow from the "
                              "preconditions of all threads")
