"""The other threads: the group obligations that make one thread's proof count for all.

The arbitrary thread's proof is about itself; what makes it sound for the
whole launch is stated over *every* thread at once, with the thread ids as
bound variables: their initial permissions add up to at most one on every
location, and the pool a work-group owns (its threads' initial permissions
plus its local arrays) is what an implicit barrier can hand out.  The
barrier's own group obligations (:mod:`veriscan.seplogic.barriers`) use the
same bound threads.
"""

from __future__ import annotations

from dataclasses import replace

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.context import Context, State
from veriscan.seplogic.identities import ThreadIds
from veriscan.seplogic.permissions import Permissions
from veriscan.seplogic.terms import fresh_int


class Group:
    """Other threads as bound variables, and the obligations on all of them at entry."""

    def __init__(self, ctx: Context, permissions: Permissions):
        self.ctx = ctx
        self.permissions = permissions
        self.owned: list[P.Clause] = []  # the group's resources (set at kernel entry)

    def bound_thread(self, tag: str, any_group: bool = False
                     ) -> tuple[ThreadIds, list[z3.ArithRef]]:
        """Another thread of the same group (or of any group), as bound variables.

        The variables come per used dimension: group id (with ``any_group``),
        then local id.
        """
        ctx = self.ctx
        local: list[z3.ArithRef] = []
        group: list[z3.ArithRef] = []
        tvars: list[z3.ArithRef] = []
        for d in range(3):
            v = z3.Int(f"t{d}!{tag}{ctx.next_id()}") if d in ctx.used_dims else z3.IntVal(0)
            local.append(v)
            g = ctx.ids.group[d]
            if any_group and not z3.is_int_value(g):
                g = z3.Int(f"g{d}!{tag}{ctx.next_id()}")
                tvars.append(g)
            group.append(g)
            if d in ctx.used_dims:
                tvars.append(v)
        return ctx.ids.with_local(tuple(local), tuple(group)), tvars

    @staticmethod
    def groupify(clauses: list[P.Clause], thread: ThreadIds,
                 tvars: list[z3.ArithRef]) -> list[P.Clause]:
        """One thread's clauses as every thread's: its ids become bound variables
        (in range for the launch)."""
        rng = thread.in_range()
        return [replace(c.rebound(tuple(tvars)), guard=z3.And(rng, c.guard)) for c in clauses]

    def cells_in_type(self, array: str) -> z3.BoolRef:
        """Every cell of ``array`` holds a value of its element type at entry."""
        cell = z3.Int(f"cell!{array}")
        return z3.ForAll([cell], z3.And(self.ctx.in_type(self.ctx.initial[array][cell],
                                                          self.ctx.element_type(array))))

    def check_entry_consistency(self, state: State, pre: list[A.Clause]) -> None:
        """The threads' initial permissions add up to at most 1 everywhere."""
        ctx = self.ctx
        # Global memory is shared by every work-group, local memory by one.
        thread, tvars = self.bound_thread("entry", any_group=True)
        env = ctx.group_env(state, thread, dict(ctx.initial), "entry")
        group = ctx.split(pre, env)
        hyps = [z3.ForAll(tvars, z3.Implies(thread.in_range(), z3.And(group.facts)))] \
            if group.facts and tvars else list(group.facts)
        if pre:
            # What C's types guarantee of every real launch belongs to the question:
            # a precondition only a value outside its type could meet (``n < 0`` of a
            # uint, a cell of a uint array below zero) is as vacuous as ``false``.
            typed = [*ctx.ranges, *(self.cells_in_type(a) for a in
                                    sorted({r.array for r in group.reads}))]
            ctx.prover.require_satisfiable([*state.path, *typed, *hyps], pos=pre[0].pos,
                                           message="the kernel precondition of all threads")
        same_group = z3.And([a == b for a, b in zip(thread.group, ctx.ids.group, strict=True)])
        clauses = [c if ctx.kernel.space_of(c.array) is not n.MemSpace.LOCAL
                   else replace(c, guard=z3.And(same_group, c.guard))
                   for c in self.groupify(group.clauses, thread, tvars)]
        self.permissions.check_injective(state, clauses, hyps, obligation="entry permissions",
                                         what="kernel precondition", threads=len(tvars))
        for c in clauses:
            fixed = c.renamed("!e")
            x = fixed.index
            ctx.prove(state, [*hyps, fixed.guard],
                      P.at_least(P.one(), P.totals(clauses, c.array, x)),
                      obligation="entry permissions", pos=c.origin,
                      message=f"the threads' preconditions together claim more than a full "
                              f"permission on a location of {c.array}",
                      witness={"location": x}, reason="permission_exceeded")
            # A permission on memory outside the array or buffer is one no launch
            # can give: the precondition is as vacuous as `false` there.
            extent = self.extent(c.array, [*state.path, *hyps])
            if extent is not None:
                lower, upper, what = extent
                ctx.prove(state, [*hyps, fixed.guard],
                          z3.And([x >= b for b in lower] + [x < b for b in upper]),
                          obligation="entry permissions", pos=c.origin,
                          message=f"the preconditions give a permission outside {what}",
                          witness={"location": x}, reason="outside_extent")

    def extent(self, array: str, facts: list[z3.BoolRef]
               ) -> tuple[list[z3.ArithRef], list[z3.ArithRef], str] | None:
        """Where ``array``'s cells are known to lie (lower bounds, upper bounds, and
        the extent in words), for the entry permissions to stay within; None where
        nothing bounds them.

        A kernel-declared array has exactly its declared cells.  A pointer
        parameter's buffer ends at its length, but only a contract that states the
        length (``\\pointer``, ``\\pointer_length``: the ``length!`` symbol occurs
        in ``facts``) fixes it; otherwise the host may pass any buffer large enough.
        An OpenCL kernel's buffer argument points at the start of its buffer, so
        no cell lies below it; a CUDA pointer argument may point into the middle
        of an allocation, so only its stated length bounds it there."""
        ctx = self.ctx
        decl = ctx.kernel.array(array)
        if decl is not None:
            return [z3.IntVal(0)], [z3.IntVal(decl.size)], f"{array}[{decl.size}]"
        param = ctx.kernel.param(array)
        if param is None or not param.is_pointer:
            return None
        length = z3.Int(f"length!{array}")
        stated = any(P.mentions(f, length) for f in facts)
        lower = [z3.IntVal(0)] if ctx.kernel.dialect is n.Dialect.OPENCL else []
        upper = [length] if stated else []
        if not lower and not upper:
            return None
        if lower and upper:
            what = f"the buffer {array}[0 .. \\pointer_length({array}))"
        elif lower:
            what = (f"the buffer {array}, below {array}[0] (an OpenCL buffer argument "
                    "points at the start of its buffer)")
        else:
            what = f"the buffer {array}, at or past {array}[\\pointer_length({array})]"
        return lower, upper, what

    def group_resources(self, state: State, pre: list[A.Clause]) -> list[P.Clause]:
        """What one work-group owns for the whole kernel: its threads' initial
        permissions, and all of every local array the kernel declares (the group
        allocates it).  Threads only ever pass these around among themselves, so
        at a barrier where all of them hand in everything, this is the pool."""
        ctx = self.ctx
        thread, tvars = self.bound_thread("owned")
        env = ctx.group_env(state, thread, dict(ctx.initial), "owned")
        declared = {a.name: a for a in ctx.kernel.arrays if a.space is n.MemSpace.LOCAL}
        owned = [c for c in self.groupify(ctx.split(pre, env).clauses, thread, tvars)
                 if c.array not in declared]
        for name, decl in declared.items():
            cell = fresh_int(f"cell!{name}")
            owned.append(P.Clause(name, (cell,), z3.And(cell >= 0, cell < decl.size), cell,
                                  A.WRITE, 1, decl.pos or ctx.kernel.pos or SourcePos(
                                      ctx.kernel.file, 1)))
        return owned
