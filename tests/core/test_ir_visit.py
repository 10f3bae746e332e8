"""The IR's walks find every child a node declares, so no pass can miss one."""

from __future__ import annotations

import dataclasses
import inspect

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.ir.visit import child_blocks, expr_children, stmt_exprs, sub_exprs, walk

POS = SourcePos("k.cl", 1, 1)


def _var(name: str) -> n.Var:
    return n.Var(POS, n.INT, name)


def _node_classes() -> list[type]:
    return [cls for cls in vars(n).values()
            if inspect.isclass(cls) and dataclasses.is_dataclass(cls)
            and issubclass(cls, (n.Expr, n.Stmt))]


def test_every_expr_or_block_field_of_every_node_is_walked() -> None:
    # Fill each field that can hold an Expr or a block with a distinct marker and ask
    # the walks for them back: a field the walks skip would be a statement or an
    # operand every analysis silently ignores.
    for cls in _node_classes():
        hints = {f.name: str(f.type) for f in dataclasses.fields(cls)}
        values, markers, blocks = {}, [], []
        for name, hint in hints.items():
            if hint in ("Expr", "Expr | None"):
                values[name] = _var(f"{cls.__name__}.{name}")
                markers.append(values[name])
            elif hint == "tuple[Expr, ...]":
                values[name] = (_var(f"{cls.__name__}.{name}"),)
                markers += values[name]
            elif hint == "list[Stmt]":
                values[name] = [n.Barrier(POS, n.Fence.LOCAL)]
                blocks.append(values[name])
        if not values:
            continue
        node = cls(**{f.name: values[f.name] if f.name in values else _default(f, hints[f.name])
                      for f in dataclasses.fields(cls)})
        if issubclass(cls, n.Expr):
            assert list(expr_children(node)) == markers, cls.__name__
        elif cls is n.Indeterminate:
            assert stmt_exprs(node) == ()  # its value names the object; nothing is read
        else:
            assert list(stmt_exprs(node)) == markers, cls.__name__
            assert child_blocks(node) == blocks, cls.__name__


def _default(f: dataclasses.Field, hint: str) -> object:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return {"SourcePos": POS, "ScalarType": n.INT, "str": "x", "int": 0, "bool": False,
            "Fence": n.Fence.LOCAL, "BuiltinKind": n.BuiltinKind.LOCAL_ID,
            "int | float | bool": 0}[hint]


def test_walks_reach_nested_statements_and_expressions() -> None:
    inner = n.Store(POS, "a", _var("i"), n.BinOp(POS, n.INT, "+", _var("x"), _var("y")))
    loop = n.Loop(POS, [], n.Const(POS, n.BOOL, True), [n.If(POS, _var("c"), [inner])], [])
    assert list(walk([loop]))[-1] is inner
    names = [e.name for root in stmt_exprs(inner) for e in sub_exprs(root)
             if isinstance(e, n.Var)]
    assert names == ["i", "x", "y"]
