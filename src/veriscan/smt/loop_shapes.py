"""The shapes of loops the executor can run without unrolling them.

A barrier-free loop is abstracted to "iteration ``k``" for a fresh ``k``
(:mod:`.execute_loops`), and how exact that is depends on the loop's shape,
read here from the IR alone: which variables are affine induction variables
(``v = v +/- e``, ``e`` loop-invariant), whether the loop is monotone towards
a loop-invariant bound, and so whether ``k`` ranges over exactly the
iterations it runs.  :func:`affine_value` is the induction variable's value at
iteration ``k`` with the fact that it did not wrap on the way.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from veriscan.ir import nodes as ir
from veriscan.ir.visit import assigned_vars, sub_exprs, walk
from veriscan.smt.encode import resize
from veriscan.smt.symbols import INDEX_BITS


def _strip_casts(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e


def affine_vars(s: ir.Loop) -> dict[str, ir.Expr]:
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
class Monotone:
    """A loop ``v OP bound`` stepping ``v`` by a constant towards ``bound``."""

    var: str
    op: str
    bound: ir.Expr
    step: int  # signed
    counter: ir.ScalarType  # the type the condition sees the counter in


def monotone(s: ir.Loop, affine: dict[str, ir.Expr]) -> Monotone | None:
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
    if isinstance(step, ir.UnOp):
        step = _strip_casts(step.operand)
    if not isinstance(step, ir.Const) or not isinstance(step.value, int) or step.value <= 0:
        return None
    if (cond.op in ("<", "<=")) == negative:
        return None
    return Monotone(lhs.name, cond.op, cond.rhs, -step.value if negative else step.value,
                    cond.lhs.type)


def counted(s: ir.Loop, affine: dict[str, ir.Expr]) -> bool:
    """Whether ``k`` ranges over exactly the iterations the loop runs: a monotone
    loop without ``break``/``return``, so the condition holds at iteration k iff
    it held at every earlier one."""
    if any(isinstance(x, (ir.Break, ir.Return)) for x in walk(s.body)):
        return False
    return monotone(s, affine) is not None


def affine_value(start: z3.ExprRef, step: z3.ExprRef,
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
