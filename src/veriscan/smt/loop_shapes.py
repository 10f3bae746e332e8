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

from collections import Counter
from dataclasses import dataclass

import z3

from veriscan.ir import nodes as ir
from veriscan.ir.int_range import value_range
from veriscan.ir.visit import assigned_vars, sub_exprs, walk, written_var
from veriscan.smt.encode import resize
from veriscan.smt.symbols import INDEX_BITS


def _strip_casts(e: ir.Expr) -> ir.Expr:
    return _peel(e)[0]


def _peel(e: ir.Expr) -> tuple[ir.Expr, list[ir.ScalarType]]:
    """``e`` without its casts, and the types they converted to (outermost first)."""
    types = []
    while isinstance(e, ir.Cast):
        types.append(e.type)
        e = e.operand
    return e, types


def _modular_in(types: list[ir.ScalarType], t: ir.ScalarType) -> bool:
    """Whether converting through ``types`` keeps a value's residue modulo 2^bits of
    ``t``: integer types at least as wide as ``t`` only (a narrower one, ``(uchar)``,
    drops bits the counter has; a float rounds)."""
    return all(x.kind is ir.TypeKind.INT and x.bits >= t.bits for x in types)


def affine_vars(s: ir.Loop) -> dict[str, ir.Expr]:
    """Variables whose only write in the loop is an unconditional ``v = v +/- e`` of
    the step (``e`` loop-invariant), computed in types no narrower than ``v``'s, so
    that iteration ``k`` sees ``start + k*e`` modulo ``v``'s width.  Every write
    counts, however deeply nested (``i += 2, t && i++`` writes ``i`` twice)."""
    writes = Counter(name for stmt in walk(s.body + s.step)
                     if (name := written_var(stmt)) is not None)
    modified = set(writes)
    out: dict[str, ir.Expr] = {}
    for stmt in s.step:
        if not isinstance(stmt, ir.Assign) or writes[stmt.target] != 1:
            continue
        value, outer = _peel(stmt.value)
        if not (isinstance(value, ir.BinOp) and value.op in ("+", "-")):
            continue
        lhs, inner = _peel(value.lhs)
        if not (isinstance(lhs, ir.Var) and lhs.name == stmt.target):
            continue
        if not _modular_in([*outer, value.type, *inner], lhs.type):
            continue
        if any(isinstance(x, ir.Var) and x.name in modified for x in sub_exprs(value.rhs)):
            continue
        if value.op == "-" and not (value.rhs.type.kind is ir.TypeKind.INT
                                    and value.rhs.type.signed):
            # -e in an unsigned type is 2^w - e, which affine_value would widen as a
            # huge positive step (i -= 1u): only a signed e negates exactly.
            continue
        step = value.rhs if value.op == "+" else ir.UnOp(value.pos, value.rhs.type, "-",
                                                         value.rhs)
        out[stmt.target] = step
    return out


def _constant(e: ir.Expr) -> int | None:
    """The value of an integer constant seen through casts that keep it (a cast it
    does not fit, ``(uchar)300``, is not followed)."""
    value, types = _peel(e)
    if not isinstance(value, ir.Const) or not isinstance(value.value, int):
        return None
    for t in reversed(types):
        if t.kind is not ir.TypeKind.INT:
            return None
        low, high = value_range(t)
        if not low <= value.value <= high:
            return None
    return value.value


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
    step = affine[lhs.name]
    negative = isinstance(step, ir.UnOp)
    size = _constant(step.operand if isinstance(step, ir.UnOp) else step)
    if size is None or size <= 0:
        return None
    if (cond.op in ("<", "<=")) == negative:
        return None
    return Monotone(lhs.name, cond.op, cond.rhs, -size if negative else size, cond.lhs.type)


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
