"""Traversals over the IR, in the pycparser style: generic walks plus a visitor.

Most analyses only need "every statement, with the structure around it" or
"every sub-expression"; these helpers keep the recursion in one place.  Which
fields hold a node's children is read from its declaration in :mod:`nodes`
(as pycparser generates them from one), so a new node or field is declared
once and walked everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields
from functools import cache
from typing import NamedTuple, get_args, get_origin, get_type_hints

from veriscan.ir import nodes as n


class _Children(NamedTuple):
    """Which fields of a node class hold its children, read once from its declaration."""

    exprs: tuple[str, ...]   # an Expr, an optional Expr, or a tuple of them
    blocks: tuple[str, ...]  # nested statement lists


@cache
def _children_of(cls: type) -> _Children:
    """A node class's child fields, in declaration order, from its type hints: a field
    added to a node in :mod:`nodes` is walked everywhere without another line here."""
    hints = get_type_hints(cls, vars(n))
    exprs, blocks = [], []
    for f in fields(cls):
        hint = hints[f.name]
        args = [a for a in get_args(hint) if a is not type(None) and a is not Ellipsis]
        if hint is n.Expr or (args and all(a is n.Expr for a in args)):
            exprs.append(f.name)
        elif get_origin(hint) is list and args == [n.Stmt]:
            blocks.append(f.name)
    return _Children(tuple(exprs), tuple(blocks))


def _exprs_in(node: n.Expr | n.Stmt) -> tuple[n.Expr, ...]:
    out: list[n.Expr] = []
    for name in _children_of(type(node)).exprs:
        value = getattr(node, name)
        out.extend(value if isinstance(value, tuple) else () if value is None else (value,))
    return tuple(out)


def child_blocks(stmt: n.Stmt) -> list[list[n.Stmt]]:
    """The nested statement lists of a compound statement, in program order."""
    return [getattr(stmt, name) for name in _children_of(type(stmt)).blocks]


def walk(stmts: list[n.Stmt]) -> Iterator[n.Stmt]:
    """Every statement, pre-order, including those nested in ifs and loops.

    A stack of open blocks rather than recursion: lowering nests statements as
    deep as the source nests expressions (a chain of a thousand ``?:`` is a
    thousand nested ifs), deeper than Python's recursion limit."""
    open_blocks = [iter(stmts)]
    while open_blocks:
        stmt = next(open_blocks[-1], None)
        if stmt is None:
            open_blocks.pop()
            continue
        yield stmt
        open_blocks.extend(iter(block) for block in reversed(child_blocks(stmt)))


def prune(stmts: list[n.Stmt], keep: Callable[[n.Stmt], bool]) -> None:
    """Remove, in place and at every depth, the statements ``keep`` rejects.

    Each block is filtered when :func:`walk` reaches the statement holding it,
    before the walk descends into it, so no removed statement is visited."""
    stmts[:] = [s for s in stmts if keep(s)]
    for stmt in walk(stmts):
        for block in child_blocks(stmt):
            block[:] = [s for s in block if keep(s)]


def sub_exprs(expr: n.Expr) -> Iterator[n.Expr]:
    """``expr`` and all of its sub-expressions, pre-order."""
    yield expr
    for child in expr_children(expr):
        yield from sub_exprs(child)


def expr_children(expr: n.Expr) -> tuple[n.Expr, ...]:
    return _exprs_in(expr)


def stmt_exprs(stmt: n.Stmt) -> tuple[n.Expr, ...]:
    """The expressions a statement evaluates directly (not those of nested blocks)."""
    if isinstance(stmt, n.Indeterminate):
        return ()  # its value names the object; nothing is read
    return _exprs_in(stmt)


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


def entry_loads(stmts: list[n.Stmt]) -> set[int]:
    """The loads (by ``id``) that read an array before any write to it: no write to
    the array comes before them in program order, on any path, nor in a loop around
    them (a later iteration would follow it).  Such a read of a kernel argument sees
    what the host put there; a write by another work-item in between would be a race
    on the same cell, which the race check reports.  An atomic read is never one:
    other work-items' atomics may change the cell before it, without a race."""
    found: set[int] = set()

    def block(stmts: list[n.Stmt], written: set[str]) -> None:
        for stmt in stmts:
            if isinstance(stmt, n.Loop):
                written |= written_arrays([stmt])
            if isinstance(stmt, n.Load) and not stmt.atomic and stmt.array not in written:
                found.add(id(stmt))
            if (name := written_array(stmt)) is not None:
                written.add(name)
            for nested in child_blocks(stmt):
                block(nested, written)

    block(stmts, set())
    return found


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
