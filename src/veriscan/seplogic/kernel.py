"""The kernel's entry and exit: its contract, for the arbitrary thread and for the group.

At entry the thread takes its precondition (which may not state facts about
memory that holds garbage, :mod:`veriscan.seplogic.vacuity`), the threads'
preconditions together must be satisfiable and claim at most one permission
on any location, and the work-group's pool of resources is fixed.  Every path
that reaches the end must establish the postcondition and still hold its
permissions; last, every annotation must have had a value where it was
evaluated.
"""

from __future__ import annotations

from veriscan.errors import SourcePos
from veriscan.seplogic import ast as A
from veriscan.seplogic.context import Context, State, clauses_of
from veriscan.seplogic.group import Group
from veriscan.seplogic.permissions import Permissions
from veriscan.seplogic.statements import Statements
from veriscan.seplogic.terms import UnsupportedSpec
from veriscan.seplogic.vacuity import refuse_undefined_at_entry

_CONTRACT_KINDS = {A.ClauseKind.REQUIRES, A.ClauseKind.ENSURES, A.ClauseKind.CONTEXT,
                   A.ClauseKind.CONTEXT_EVERYWHERE}


class KernelEntry:
    """The kernel contract: taken at entry, proven on every path at the end."""

    def __init__(self, ctx: Context, permissions: Permissions, group: Group,
                 statements: Statements):
        self.ctx = ctx
        self.permissions = permissions
        self.group = group
        self.statements = statements

    def check_kernel(self) -> None:
        ctx, perms = self.ctx, self.permissions
        contract = ctx.spec.contract
        pre = clauses_of(contract, {A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT,
                                    A.ClauseKind.CONTEXT_EVERYWHERE})
        post = clauses_of(contract, {A.ClauseKind.ENSURES, A.ClauseKind.CONTEXT,
                                     A.ClauseKind.CONTEXT_EVERYWHERE})
        for c in contract:
            if c.kind not in _CONTRACT_KINDS:
                raise UnsupportedSpec(f"'{c.kind.value}' in a kernel contract (only requires, "
                                      "ensures, context and context_everywhere are checked "
                                      "there)", c.pos)
        state = State({}, dict(ctx.initial), [], [])
        entry = ctx.split(pre, ctx.own_env(state))
        state.held = list(entry.clauses)
        state.path += entry.facts
        # The precondition reads the entry heap, \old or not.
        for read in entry.reads:
            refuse_undefined_at_entry(ctx.kernel, read)
        perms.check_well_formed(state, entry, state.held, "kernel precondition")
        self.group.check_entry_consistency(state, pre)
        self.group.owned = self.group.group_resources(state, pre)
        for final in self.statements.exec_block(ctx.kernel.body, [state]):
            self.finish(final, post)
        perms.check_defined()

    def finish(self, state: State, post: list[A.Clause]) -> None:
        """A path at the kernel's end: the thread postcondition, facts and permissions."""
        ctx = self.ctx
        pos = ctx.kernel.pos or SourcePos(ctx.kernel.file, 1)
        end = ctx.split(post, ctx.own_env(state))
        self.permissions.check_well_formed(state, end, state.held, "thread postcondition")
        for fact in end.facts:
            ctx.prove(state, [], fact, obligation="postcondition", pos=pos,
                      message="the thread postcondition does not hold at the end")
        self.permissions.require_perms(state, end.clauses, obligation="postcondition",
                                       pos=pos, what="thread postcondition")
