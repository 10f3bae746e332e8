"""Loops: checked once, for an arbitrary iteration, through their invariant.

On entry the thread proves the invariant and sets aside every permission it
does not name (the frame, given back after the loop); the arbitrary
iteration starts from fresh values of what the loop assigns, memory that
keeps only what the frame protects, and the invariant; the body must
re-establish it.  Loops nest: the body is run by the statements construct,
which is handed in as ``run_block``.

The invariant method proves a loop right only if it ends: a thread that
loops forever never reaches what follows, which then holds vacuously for it
(``while (t != 0) {}`` would leave only thread 0 to check), and C11 and C++
let a compiler assume that such a loop ends anyway.  So every iteration must
decrease a measure that the loop's condition keeps non-negative: for a
condition ``a < b`` (``<=``, ``>``, ``>=``), the distance between the two
sides, as C compares them.  A loop whose condition is no such comparison
(``!=``, a call, a conjunction) is unknown.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from veriscan.ir import nodes as n
from veriscan.ir.visit import assigned_vars, walk, written_arrays
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.context import Context, Frame, State
from veriscan.seplogic.permissions import Permissions
from veriscan.seplogic.terms import UnsupportedSpec, fresh_int, to_bool, to_int
from veriscan.smt.translate import common_type

# Runs a block of statements from each of some states: the states it ends in.
RunBlock = Callable[[list[n.Stmt], list[State]], list[State]]


class Loops:
    """A loop's invariant obligations and the states it leaves in."""

    def __init__(self, ctx: Context, permissions: Permissions):
        self.ctx = ctx
        self.permissions = permissions

    def exec_loop(self, loop: n.Loop, state: State, run_block: RunBlock) -> list[State]:
        ctx, perms = self.ctx, self.permissions
        clauses = ctx.spec.loops.get(id(loop), [])
        for c in clauses:
            if c.kind is not A.ClauseKind.LOOP_INVARIANT:
                raise UnsupportedSpec(f"'{c.kind.value}' on a loop (use loop_invariant)", c.pos)
        inv = clauses + ctx.spec.everywhere()
        exits: list[State] = []
        for entry in run_block(loop.init, [state]):
            here = ctx.split(inv, ctx.own_env(entry))
            perms.check_well_formed(entry, here, entry.held, "loop invariant")
            for fact in here.facts:
                ctx.prove(entry, [], fact, obligation="loop invariant (entry)", pos=loop.pos,
                          message="loop invariant does not hold on entry")
            perms.require_perms(entry, here.clauses, obligation="loop invariant (entry)",
                                pos=loop.pos, what="loop invariant on entry")
            frame = entry.held + [c.negated() for c in here.clauses]
            head = entry.fork()
            head.frames = (*entry.frames, Frame(entry, list(here.clauses), loop.pos))
            tag = f"loop{loop.pos.line}#{ctx.next_id()}"
            changed = assigned_vars(loop.body + loop.step)
            for name in sorted(changed):
                head.vars[name] = fresh_int(f"{name}@{tag}")
                head.path += ctx.in_type(head.vars[name], ctx.kernel.var_types.get(name))
            # Assigned in the loop only: unassigned in the first iteration.
            head.unset |= {v for v in changed if v not in entry.vars and v not in ctx.params}
            head.heap, kept = perms.assume_heap_kept(entry.heap, frame, tag)
            head.path += kept
            # The thread's own arrays that the loop writes hold, at the head and after
            # the loop, whatever the iterations left: only the invariant says what.
            written = written_arrays(loop.body + loop.step)
            written |= {st.target for st in walk(loop.body + loop.step)
                        if isinstance(st, n.Indeterminate) and st.array}
            for array in sorted(written & set(ctx.private)):
                head.heap[array] = z3.Array(f"{array}@{tag}", z3.IntSort(), z3.IntSort())
            inv_head = ctx.split(inv, ctx.own_env(head))
            head.held = list(inv_head.clauses)
            head.path += inv_head.facts
            cond = to_bool(ctx.eval_ir(loop.cond, ctx.own_var(head), ctx.ids, head))
            if loop.test_first:
                bodies = [head.fork(cond)]
                done = head.fork(z3.Not(cond))
                if ctx.feasible(done):
                    exits.append(self._after_loop(done, frame))
            else:
                bodies = [head]
            ends = run_block(loop.step, run_block(loop.body, bodies)) \
                if any(ctx.feasible(b) for b in bodies) else []
            for end in ends:
                if not loop.test_first:
                    again = to_bool(ctx.eval_ir(loop.cond, ctx.own_var(end), ctx.ids, end))
                    done = end.fork(z3.Not(again))
                    if ctx.feasible(done):
                        exits.append(self._after_loop(done, frame))
                    end = end.fork(again)
                    if not ctx.feasible(end):
                        continue
                self.reestablish(end, inv, loop)
                self.decreases(loop, head, end)
        return exits

    def decreases(self, loop: n.Loop, head: State, end: State) -> None:
        """One iteration, from ``head`` to ``end`` (the condition holding at the start
        of a ``while`` iteration, at the end of a ``do`` one), brings the loop's
        measure closer to zero."""
        measure = self._measure(loop.cond, head), self._measure(loop.cond, end)
        # A measure that does not decrease is no proof that the loop runs forever.
        self.ctx.prove(end, [], measure[1] < measure[0], obligation="loop termination",
                       pos=loop.pos, refuted_is_unknown=True, reason="may_not_end",
                       message="termination not shown: an iteration need not bring the "
                       "loop condition's two sides closer")

    def _measure(self, cond: n.Expr, state: State) -> z3.ArithRef:
        """How far ``cond`` is from failing, in ``state``: non-negative wherever it holds."""
        if not (isinstance(cond, n.BinOp) and cond.op in ("<", "<=", ">", ">=")):
            raise UnsupportedSpec("a loop whose condition is not one comparison ('<', '<=', "
                                  "'>', '>='): its termination is not shown", cond.pos)
        t = common_type(cond.lhs.type, cond.rhs.type)
        if t is None:
            raise UnsupportedSpec("a loop whose condition compares values that are not "
                                  "integers: its termination is not shown", cond.pos)
        # Another view of what the condition's evaluation already obliged.
        code = self.ctx.evaluator(self.ctx.own_var(state), self.ctx.ids)
        a, b = to_int(code.typed(cond.lhs, t)), to_int(code.typed(cond.rhs, t))
        return b - a if cond.op in ("<", "<=") else a - b

    @staticmethod
    def _after_loop(state: State, frame: list[P.Clause]) -> State:
        """Leaving the loop: the frame set aside on entry comes back."""
        out = state.fork()
        out.frames = out.frames[:-1]
        out.held = frame + state.held
        return out

    def reestablish(self, state: State, inv: list[A.Clause], loop: n.Loop) -> None:
        """The end of an iteration: the invariant holds again, permissions included."""
        ctx, perms = self.ctx, self.permissions
        again = ctx.split(inv, ctx.own_env(state))
        perms.check_well_formed(state, again, state.held, "loop invariant")
        for fact in again.facts:
            ctx.prove(state, [], fact, obligation="loop invariant (preserved)", pos=loop.pos,
                      message="loop invariant is not preserved by the loop body")
        perms.require_perms(state, again.clauses, obligation="loop invariant (preserved)",
                            pos=loop.pos, what="loop invariant after an iteration")
