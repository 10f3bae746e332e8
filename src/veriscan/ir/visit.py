"""Traversals over the IR, in the pycparser style: generic walks plus a visitor.

Most analyses only need "every statement, with the structure around it" or
"every sub-expression"; these helpers keep the recursion in one place so a new
node type is added once, here, rather than in every pass.
"""

from __future__ import annotations

from collections.abc import Iterator

from veriscan.ir import nodes as n


def child_blocks(stmt: n.Stmt) -> list[list[n.Stmt]]:
    """The nested statement lists of a compound statement, in program order."""
    if isinstance(stmt, n.If):
        return [stmt.then, stmt.other]
    if isinstance(stmt, n.Loop):
        return [stmt.init, stmt.body, stmt.step]
    return []


def walk(stmts: list[n.Stmt]) -> Iterator[n.Stmt]:
    """Every statement, pre-order, including those nested in ifs and loops."""
    for stmt in stmts:
        yield stmt
        for block in child_blocks(stmt):
            yield from walk(block)


def sub_exprs(expr: n.Expr) -> Iterator[n.Expr]:
    """``expr`` and all of its sub-expressions, pre-order."""
    yield expr
    for child in expr_children(expr):
        yield from sub_exprs(child)


def expr_children(expr: n.Expr) -> tuple[n.Expr, ...]:
    if isinstance(expr, (n.BinOp, n.GenericOp)):
        return (expr.lhs, expr.rhs)
    if isinstance(expr, (n.UnOp,)):
        return (expr.operand,)
    if isinstance(expr, n.Cast):
        return (expr.operand,)
    if isinstance(expr, n.Select):
        return (expr.cond, expr.then, expr.other)
    if isinstance(expr, n.Opaque):
        return expr.args
    return ()


def stmt_exprs(stmt: n.Stmt) -> tuple[n.Expr, ...]:
    """The expressions a statement evaluates directly (not those of nested blocks)."""
    if isinstance(stmt, n.Indeterminate):
        return ()  # its value names the object; nothing is read
    if isinstance(stmt, n.Assign):
        return (stmt.value,)
    if isinstance(stmt, n.Load):
        return (stmt.index,)
    if isinstance(stmt, n.Store):
        return (stmt.index, stmt.value)
    if isinstance(stmt, (n.If, n.Loop)):
        return (stmt.cond,)
    if isinstance(stmt, n.PointerFormed) and stmt.index is not None:
        return (stmt.index,)
    if isinstance(stmt, (n.Assume, n.Assert)):
        return (stmt.cond,)
    if isinstance(stmt, n.GroupCopy):
        return (stmt.dst_index, stmt.src_index, stmt.count, stmt.src_stride,
                stmt.dst_stride, stmt.event)
    if isinstance(stmt, n.WaitEvents):
        return stmt.events
    return ()


def written_var(stmt: n.Stmt) -> str | None:
    """The private variable ``stmt`` itself writes, not counting nested blocks (an
    assignment, a load's target, a group copy's event, a new lifetime's
    indeterminate value; not a private array's new lifetime, which names an array)."""
    if isinstance(stmt, n.Indeterminate) and stmt.array:
        return None
    if isinstance(stmt, (n.Assign, n.Load, n.GroupCopy)):
        return stmt.target
    return None


def assigned_vars(stmts: list[n.Stmt]) -> set[str]:
    """Private variables written anywhere in ``stmts`` (see :func:`written_var`)."""
    return {name for stmt in walk(stmts) if (name := written_var(stmt)) is not None}


def written_array(stmt: n.Stmt) -> str | None:
    """The memory array ``stmt`` itself writes: a store's (atomic ones included) or an
    async copy's destination.  Every engine asks this one function, so a new way of
    writing memory cannot be missed by one of them and taken for read-only input."""
    if isinstance(stmt, n.Store):
        return stmt.array
    if isinstance(stmt, n.GroupCopy):
        return stmt.dst
    return None


def written_arrays(stmts: list[n.Stmt]) -> set[str]:
    """Memory arrays written anywhere in ``stmts`` (see :func:`written_array`)."""
    return {name for stmt in walk(stmts) if (name := written_array(stmt)) is not None}


class StmtVisitor:
    """Dispatch on statement class: define ``visit_Store`` etc.; the default recurses."""

    def visit(self, stmt: n.Stmt) -> None:
        getattr(self, f"visit_{type(stmt).__name__}", self.generic_visit)(stmt)

    def visit_block(self, stmts: list[n.Stmt]) -> None:
        for stmt in stmts:
            self.visit(stmt)

    def generic_visit(self, stmt: n.Stmt) -> None:
        for block in child_blocks(stmt):
            self.visit_block(block)
