"""Statements: the arbitrary thread's symbolic execution, one path per state.

Each statement maps a state to the states after it: assignments and loads
follow C's conversions, every memory access must be covered by a permission
the thread holds (private arrays need only their bounds), a branch forks the
path (an infeasible one is pruned), and an ``//@ assert`` (before a
statement, or at the end of a block) is proven where it stands.  Loops and
barriers are their own constructs.
"""

from __future__ import annotations

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.barriers import Barriers
from veriscan.seplogic.context import Context, State
from veriscan.seplogic.loops import Loops
from veriscan.seplogic.permissions import Permissions
from veriscan.seplogic.terms import UnsupportedSpec, to_bool


class Statements:
    """Runs blocks of statements, handing loops and barriers to their constructs."""

    def __init__(self, ctx: Context, permissions: Permissions, loops: Loops,
                 barriers: Barriers):
        self.ctx = ctx
        self.permissions = permissions
        self.loops = loops
        self.barriers = barriers

    def exec_block(self, stmts: list[n.Stmt], states: list[State]) -> list[State]:
        for stmt in stmts:
            for state in states:
                self.check_asserts(self.ctx.spec.asserts.get(id(stmt), []), state)
            states = [out for s in states for out in self.exec_stmt(stmt, s)]
        for state in states:  # an assertion at the end of the block
            self.check_asserts(self.ctx.spec.block_ends.get(id(stmts), []), state)
        return states

    def check_asserts(self, clauses: list[A.Clause], state: State) -> None:
        """``//@ assert`` where it stands: its facts hold and its permissions are held."""
        ctx = self.ctx
        if not clauses:
            return
        here = ctx.split(clauses, ctx.own_env(state))
        self.permissions.check_well_formed(state, here, state.held, "assertion")
        for fact in here.facts:
            ctx.prove(state, [], fact, obligation="assert", pos=clauses[0].pos,
                      message="annotated assertion may fail")
        self.permissions.require_perms(state, here.clauses, obligation="assert",
                                       pos=clauses[0].pos, what="annotated assertion")

    def exec_stmt(self, stmt: n.Stmt, state: State) -> list[State]:
        ctx = self.ctx
        own = ctx.own_var(state)
        if isinstance(stmt, n.Indeterminate):
            # A new lifetime: a scalar is unassigned again (reading it is undefined),
            # a private array holds whatever it happens to hold.
            state = state.fork()
            if stmt.array:
                state.heap[stmt.target] = z3.Array(f"{stmt.target}@{stmt.pos.line}#"
                                                   f"{ctx.next_id()}", z3.IntSort(),
                                                   z3.IntSort())
            else:
                state.vars.pop(stmt.target, None)
                state.unset -= {stmt.target}
            return [state]
        if isinstance(stmt, n.Assign):
            value = ctx.eval_ir(stmt.value, own, ctx.ids, state)
            state = state.fork()
            ctx.assign(state, stmt.target, value, stmt.value.type, stmt.pos)
            return [state]
        if isinstance(stmt, n.Load):
            idx = ctx.typed(stmt.index, n.LONG, state)
            self.access(state, stmt.array, idx, A.READ, stmt.pos)
            value = state.heap[stmt.array][idx]
            state = state.fork(*ctx.in_type(value, ctx.element_type(stmt.array))[:1])
            ctx.assign(state, stmt.target, value, ctx.element_type(stmt.array), stmt.pos)
            return [state]
        if isinstance(stmt, n.Store):
            idx = ctx.typed(stmt.index, n.LONG, state)
            value = ctx.typed(stmt.value, ctx.element_type(stmt.array), state)
            self.access(state, stmt.array, idx, A.WRITE, stmt.pos)
            state = state.fork()
            state.heap[stmt.array] = z3.Store(state.heap[stmt.array], idx, value)
            return [state]
        if isinstance(stmt, n.If):
            cond = to_bool(ctx.eval_ir(stmt.cond, own, ctx.ids, state))
            out = []
            for guard, block in ((cond, stmt.then), (z3.Not(cond), stmt.other)):
                branch = state.fork(guard)
                if ctx.feasible(branch):
                    out += self.exec_block(block, [branch])
            return out
        if isinstance(stmt, n.Loop):
            return self.loops.exec_loop(stmt, state, self.exec_block)
        if isinstance(stmt, n.Barrier):
            return [self.barriers.exec_barrier(stmt, state)]
        if isinstance(stmt, n.PointerFormed):
            # C defines a pointer only from the array's start to one past its end
            if stmt.index is None:
                raise UnsupportedSpec(f"a pointer into {stmt.array} at no known element",
                                      stmt.pos)
            idx = ctx.typed(stmt.index, n.LONG, state)
            decl = ctx.kernel.array(stmt.array)
            extent = z3.IntVal(decl.size) if decl is not None else z3.Int(f"length!{stmt.array}")
            ctx.prove(state, [], z3.And(idx >= 0, idx <= extent), obligation="pointer",
                      pos=stmt.pos, message=f"a pointer into {stmt.array} formed outside "
                      "its elements (and one past them)", witness={"index": idx},
                      refuted_is_unknown=decl is None, reason="pointer_out_of_range")
            return [state]
        if isinstance(stmt, n.Assert):
            cond = to_bool(ctx.eval_ir(stmt.cond, own, ctx.ids, state))
            ctx.prove(state, [], cond, obligation="assert", pos=stmt.pos,
                      message="assertion may fail")
            return [state]
        if isinstance(stmt, n.Unsupported):
            raise UnsupportedSpec(f"kernel construct {stmt.construct}", stmt.pos)
        raise UnsupportedSpec(f"statement {type(stmt).__name__.lower()}", stmt.pos)

    def access(self, state: State, array: str, idx: z3.ArithRef, amount: A.Amount,
               pos: SourcePos) -> None:
        """A read or write of ``array[idx]``: the thread holds the permission for it
        (a private array: the index is within its bounds)."""
        ctx = self.ctx
        if array not in state.heap:
            raise UnsupportedSpec(f"access to unknown array {array}", pos)
        kind = "write" if amount.is_write else "read"
        if array in ctx.private:
            # The thread's own array: no permission involved, only its bounds.
            size = ctx.private[array]
            ctx.prove(state, [], z3.And(idx >= 0, idx < size), obligation="bounds",
                      pos=pos, message=f"{kind} of {array}[...] outside its {size} elements",
                      witness={"index": idx}, reason="index_out_of_range")
            return
        hints = tuple(ctx.ids.local[d] for d in ctx.used_dims)

        def goal(under: bool) -> z3.BoolRef:
            have = P.totals(state.held, array, idx, hints, under)
            return P.at_least(have, P.single(amount)) if amount.is_write else P.readable(have)
        ctx.prove_having(state, [], goal, obligation=f"{kind} permission", pos=pos,
                         message=f"{kind} of {array}[...] without {kind} permission",
                         witness={"index": idx}, reason="permission_missing")
