"""Uniformity: which private variables hold the same value in every thread of a group.

This is paper 003's *lock-step-safe* notion as a data-flow fixpoint: built
from constants, the group's size and id, kernel scalars and other uniform
variables, and only assigned under uniform control.  Thread ids and anything
read from memory are not uniform.  A barrier whose surrounding conditions are
all uniform cannot diverge; the SMT executor decides the remaining ones
semantically, so this analysis is a fast, syntactic first opinion that the
static verdict reports alongside.
"""

from __future__ import annotations

from dataclasses import dataclass

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.ir.visit import assigned_vars, expr_children, walk

# The built-ins with one value in every thread of a group (the one list, also used by
# the separation-logic checker's lock-step analysis).
UNIFORM_BUILTINS = frozenset({ir.BuiltinKind.GROUP_ID, ir.BuiltinKind.LOCAL_SIZE,
                              ir.BuiltinKind.NUM_GROUPS, ir.BuiltinKind.GLOBAL_SIZE,
                              ir.BuiltinKind.WORK_DIM})


def is_uniform(e: ir.Expr, uniform_vars: set[str], scalars: set[str]) -> bool:
    if isinstance(e, ir.Var):
        return e.name in uniform_vars or e.name in scalars
    if isinstance(e, ir.Builtin):
        return e.kind in UNIFORM_BUILTINS
    if isinstance(e, ir.Opaque):
        return all(is_uniform(a, uniform_vars, scalars) for a in e.args)
    return all(is_uniform(c, uniform_vars, scalars) for c in expr_children(e))


def uniform_variables(kernel: ir.Kernel) -> set[str]:
    """The largest set of variables provably uniform (a greatest fixpoint)."""
    scalars = {p.name for p in kernel.params if not p.is_pointer}
    candidates = set(kernel.var_types) | assigned_vars(kernel.body)
    uniform = set(candidates)
    while True:
        broken = _non_uniform_targets(kernel.body, uniform, scalars, control_uniform=True)
        if not broken & uniform:
            return uniform
        uniform -= broken


def _non_uniform_targets(stmts: list[ir.Stmt], uniform: set[str], scalars: set[str],
                         control_uniform: bool) -> set[str]:
    out: set[str] = set()
    for stmt in stmts:
        if isinstance(stmt, ir.Load) or (isinstance(stmt, ir.Assign) and not (
                control_uniform and is_uniform(stmt.value, uniform, scalars))):
            out.add(stmt.target)
        elif isinstance(stmt, ir.If):
            inner = control_uniform and is_uniform(stmt.cond, uniform, scalars)
            if not inner and _exits(stmt.then + stmt.other):
                control_uniform = False  # threads leave the block non-uniformly
            out |= _non_uniform_targets(stmt.then, uniform, scalars, inner)
            out |= _non_uniform_targets(stmt.other, uniform, scalars, inner)
        elif isinstance(stmt, ir.Loop):
            out |= _non_uniform_targets(stmt.init, uniform, scalars, control_uniform)
            inner = control_uniform and is_uniform(stmt.cond, uniform, scalars)
            out |= _non_uniform_targets(stmt.body, uniform, scalars, inner)
            out |= _non_uniform_targets(stmt.step, uniform, scalars, inner)
            if not inner:
                out |= assigned_vars(stmt.body + stmt.step)
    return out


def _exits(stmts: list[ir.Stmt]) -> bool:
    return any(isinstance(s, (ir.Return, ir.Break, ir.Continue)) for s in walk(stmts))


@dataclass(frozen=True)
class BarrierControl:
    pos: SourcePos
    uniform: bool


def barrier_control(kernel: ir.Kernel) -> list[BarrierControl]:
    """Every barrier, with whether all control around it is syntactically uniform."""
    uniform = uniform_variables(kernel)
    scalars = {p.name for p in kernel.params if not p.is_pointer}
    out: list[BarrierControl] = []

    def visit(stmts: list[ir.Stmt], ok: bool) -> bool:
        for stmt in stmts:
            if isinstance(stmt, ir.Barrier):
                out.append(BarrierControl(stmt.pos, ok))
            elif isinstance(stmt, ir.If):
                inner = ok and is_uniform(stmt.cond, uniform, scalars)
                visit(stmt.then, inner)
                visit(stmt.other, inner)
                if not inner and _exits(stmt.then + stmt.other):
                    ok = False
            elif isinstance(stmt, ir.Loop):
                visit(stmt.init, ok)
                inner = ok and is_uniform(stmt.cond, uniform, scalars)
                visit(stmt.body, inner)
                visit(stmt.step, inner)
            elif isinstance(stmt, ir.Return) and not ok:
                return False
        return ok

    visit(kernel.body, True)
    return out
