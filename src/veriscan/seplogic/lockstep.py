"""Which private variables have the same value in every thread of a group.

Paper 003 §3.1 makes barrier specifications meaningful for the whole group by
allowing only *lock-step-safe* private variables in them: variables assigned
from constants, sizes, group ids, kernel scalars and other lock-step-safe
variables, under conditions built the same way.  Such a variable has one
value shared by all threads at a barrier, so the group-level obligations may
use the arbitrary thread's value for everyone.

A second, equally safe class is variables that are a fixed function of the
thread's identity (``int tid = threadIdx.x;`` assigned once at the top of the
kernel): for another thread the checker re-evaluates the definition with that
thread's ids.  Every other private variable is treated as an unknown,
per-thread value in group-level reasoning.

A variable that some read may find unassigned holds a different garbage
value in every thread (``int x; x = x / 2;``), so it is never lock-step-safe,
however uniform its assignments look.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from veriscan.analysis.uniformity import UNIFORM_BUILTINS
from veriscan.ir import nodes as n
from veriscan.ir.visit import child_blocks, expr_children, stmt_exprs


@dataclass
class Classification:
    lockstep: set[str] = field(default_factory=set)
    thread_defs: dict[str, n.Expr] = field(default_factory=dict)
    divergent_barriers: list[n.Barrier] = field(default_factory=list)


def _assignments(stmts: list[n.Stmt], conds: tuple[n.Expr, ...],
                 out: list[tuple[str, n.Expr | None, tuple[n.Expr, ...]]]) -> None:
    """(target, value or None for a load, enclosing conditions) of every private write."""
    for stmt in stmts:
        if isinstance(stmt, n.Assign):
            out.append((stmt.target, stmt.value, conds))
        elif isinstance(stmt, n.Load):
            out.append((stmt.target, None, conds))
        elif isinstance(stmt, n.If):
            _assignments(stmt.then, (*conds, stmt.cond), out)
            _assignments(stmt.other, (*conds, stmt.cond), out)
        elif isinstance(stmt, n.Loop):
            _assignments(stmt.init, conds, out)
            _assignments(stmt.body, (*conds, stmt.cond), out)
            _assignments(stmt.step, (*conds, stmt.cond), out)


def _uses(expr: n.Expr) -> tuple[set[str], bool]:
    """Variables read by ``expr`` and whether it mentions a per-thread built-in."""
    names: set[str] = set()
    per_thread = False
    stack = [expr]
    while stack:
        e = stack.pop()
        if isinstance(e, n.Var):
            names.add(e.name)
        elif isinstance(e, n.Builtin) and e.kind not in UNIFORM_BUILTINS:
            per_thread = True
        elif isinstance(e, n.Opaque):
            per_thread = True  # an unknown call may depend on anything
        stack.extend(expr_children(e))
    return names, per_thread


def maybe_unassigned(kernel: n.Kernel) -> set[str]:
    """Variables that some read may find unassigned (definite assignment, as C
    compilers compute it): a read in a loop is judged by what is assigned before
    its first iteration, and after an ``if`` only what both branches assign is."""
    scalars = {v for p in kernel.params if not p.is_pointer for v in p.values}
    found: set[str] = set()

    def read(expr: n.Expr, assigned: set[str]) -> None:
        names, _ = _uses(expr)
        found.update(names - assigned - scalars)

    def block(stmts: list[n.Stmt], assigned: set[str]) -> set[str]:
        assigned = set(assigned)
        for stmt in stmts:
            if isinstance(stmt, n.If):
                read(stmt.cond, assigned)
                assigned = block(stmt.then, assigned) & block(stmt.other, assigned)
            elif isinstance(stmt, n.Loop):
                assigned = block(stmt.init, assigned)
                if stmt.test_first:
                    read(stmt.cond, assigned)
                    block(stmt.body + stmt.step, assigned)
                else:  # do-while: the body runs once before the first test
                    assigned = block(stmt.body + stmt.step, assigned)
                    read(stmt.cond, assigned)
            elif isinstance(stmt, n.Indeterminate):
                assigned.discard(stmt.target)  # a new lifetime: nothing assigned yet
            else:
                for expr in stmt_exprs(stmt):
                    read(expr, assigned)
                if isinstance(stmt, (n.Assign, n.Load, n.GroupCopy)):
                    assigned.add(stmt.target)
        return assigned

    block(kernel.body, set())
    return found


def classify(kernel: n.Kernel) -> Classification:
    writes: list[tuple[str, n.Expr | None, tuple[n.Expr, ...]]] = []
    _assignments(kernel.body, (), writes)
    targets = {t for t, _, _ in writes}
    # A parameter the body assigns is a variable like any other from then on:
    # it is uniform only if every write to it is.
    params = {p.name for p in kernel.params if not p.is_pointer} - targets

    # Greatest fixed point: assume every private variable is lock-step-safe and
    # drop those with a non-uniform write until nothing changes (loop counters
    # such as `offset *= 2` stay in).  A variable read while possibly unassigned
    # starts out: its first value is each thread's own garbage.
    lockstep = set(targets) - maybe_unassigned(kernel)

    def uniform(expr: n.Expr) -> bool:
        names, per_thread = _uses(expr)
        return not per_thread and all(v in params or v in lockstep for v in names)

    changed = True
    while changed:
        changed = False
        for target, value, conds in writes:
            if target in lockstep and (value is None or not uniform(value)
                                       or not all(uniform(c) for c in conds)):
                lockstep.discard(target)
                changed = True

    result = Classification(lockstep=lockstep)
    counts: dict[str, int] = {}
    for target, _, _ in writes:
        counts[target] = counts.get(target, 0) + 1
    for stmt in kernel.body:  # single top-level definitions only
        if (isinstance(stmt, n.Assign) and counts.get(stmt.target) == 1
                and stmt.target not in lockstep):
            # Only parameters and other such definitions: a lock-step variable
            # may change later, and the definition must mean the same then.
            names, _ = _uses(stmt.value)
            if all(v in params or v in result.thread_defs for v in names):
                result.thread_defs[stmt.target] = stmt.value

    def find_barriers(stmts: list[n.Stmt], under: tuple[n.Expr, ...]) -> None:
        for stmt in stmts:
            if isinstance(stmt, n.Barrier) and not all(uniform(c) for c in under):
                result.divergent_barriers.append(stmt)
            if isinstance(stmt, n.If):
                find_barriers(stmt.then, (*under, stmt.cond))
                find_barriers(stmt.other, (*under, stmt.cond))
            elif isinstance(stmt, n.Loop):
                find_barriers(stmt.init, under)
                find_barriers(stmt.body, (*under, stmt.cond))
                find_barriers(stmt.step, (*under, stmt.cond))
            else:
                for block in child_blocks(stmt):
                    find_barriers(block, under)

    find_barriers(kernel.body, ())
    return result
