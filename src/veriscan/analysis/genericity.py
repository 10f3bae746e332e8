"""Genericity (001 §3/§5): values of ``TYPE`` may only be moved and combined.

A generic kernel may copy ``TYPE`` values, combine them with ``OPERATOR`` and
use ``IDENTITY``; it must never look at them (a condition, an address, an
arithmetic operator, a cast) or mix them with other values.  Only then does
the interval test, run with one monoid, speak for every monoid (001 Thm 5.3).
The front end keeps implicit conversions of values as ``Cast`` nodes, so every
way a ``TYPE`` value can leak shows up as one of the cases below; conversions
of *pointers*, questions about the type itself (``sizeof(TYPE)``), code the
compiler works out by itself (``enum { U = ((TYPE)-1) > 0 }``, array bounds,
template and attribute arguments, constants the lowering folds) and overload
resolution never reach the IR as values, so the front end reports those as
``Unsupported`` statements that break genericity
(:mod:`veriscan.frontend.typeflow`).  As a
second line, a load whose variable and array disagree on being ``TYPE`` is
reported here too.  Atomics are refused outright: the method's premise that a
race-free kernel computes one result whatever the schedule does not hold for
them.
"""

from __future__ import annotations

from dataclasses import dataclass

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.ir.visit import stmt_exprs, sub_exprs, walk


@dataclass(frozen=True)
class GenericityIssue:
    pos: SourcePos
    message: str

    def __str__(self) -> str:
        return f"{self.pos}: {self.message}"


def _is_generic(e: ir.Expr) -> bool:
    return e.type.kind is ir.TypeKind.GENERIC


def uses_generic_type(kernel: ir.Kernel) -> bool:
    return (any(p.type.kind is ir.TypeKind.GENERIC for p in kernel.params)
            or any(a.type.kind is ir.TypeKind.GENERIC for a in kernel.arrays)
            or any(t.kind is ir.TypeKind.GENERIC for t in kernel.var_types.values()))


def genericity_issues(kernel: ir.Kernel) -> list[GenericityIssue]:
    issues: list[GenericityIssue] = []
    element_types = {a.name: a.type for a in kernel.arrays}
    element_types.update({p.name: p.type for p in kernel.params if p.is_pointer})
    for stmt in walk(kernel.body):
        if isinstance(stmt, (ir.Load, ir.Store)) and stmt.atomic:
            # The single test speaks for every schedule only because a race-free
            # kernel is deterministic (001 Lemma 5.4); an atomic's result depends on
            # the order work-items reach it, which the one run on the device fixes.
            issues.append(GenericityIssue(stmt.pos, f"an atomic operation on {stmt.array}: "
                                          "its result depends on the order of the "
                                          "work-items, which one test run cannot cover"))
        if isinstance(stmt, ir.Load) and stmt.array in element_types:
            loaded = kernel.var_types.get(stmt.target)
            stored = element_types[stmt.array]
            if loaded is not None and (loaded.kind is ir.TypeKind.GENERIC) != (
                    stored.kind is ir.TypeKind.GENERIC):
                issues.append(GenericityIssue(stmt.pos, f"an element of {stmt.array} "
                                              f"({stored}) is read as {loaded}"))
        for root in stmt_exprs(stmt):
            for e in sub_exprs(root):
                message = _expr_issue(e)
                if message:
                    issues.append(GenericityIssue(e.pos, message))
    return _unique(issues)


def _expr_issue(e: ir.Expr) -> str | None:
    if isinstance(e, ir.BinOp) and (_is_generic(e.lhs) or _is_generic(e.rhs)):
        return f"a TYPE value is used with operator '{e.op}'"
    if isinstance(e, ir.UnOp) and _is_generic(e.operand):
        return f"a TYPE value is used with operator '{e.op}'"
    if isinstance(e, ir.Cast) and _is_generic(e.operand) != _is_generic(e):
        if _is_generic(e.operand):
            if e.type.kind is ir.TypeKind.BOOL:
                return "a TYPE value is used as a condition"
            return f"a TYPE value is converted to {e.type}"
        return f"a {e.operand.type} value is converted to TYPE (use IDENTITY or OPERATOR)"
    if isinstance(e, ir.Select) and _is_generic(e.cond):
        return "a TYPE value is used as a condition"
    if isinstance(e, ir.Opaque) and any(_is_generic(a) for a in e.args):
        return f"a TYPE value is passed to {e.name}()"
    if isinstance(e, ir.GenericOp) and not (_is_generic(e.lhs) and _is_generic(e.rhs)):
        return "OPERATOR is applied to a value that is not of TYPE"
    return None


def _unique(issues: list[GenericityIssue]) -> list[GenericityIssue]:
    seen: set[tuple[SourcePos, str]] = set()
    out = []
    for issue in issues:
        key = (issue.pos, issue.message)
        if key not in seen:
            seen.add(key)
            out.append(issue)
    return out
