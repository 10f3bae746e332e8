"""Safe access to libclang cursors, and the audit of what the lowering did with each.

Two reasons for a module of its own:

* The Python binding's ``Cursor.get_children`` runs a Python callback under
  ``clang_visitChildren`` and ignores the result: when that callback fails
  (a ``RecursionError`` deep in a large expression), ctypes prints a warning,
  the visit stops, and the caller silently gets *fewer children*, so whole
  statements could vanish from the lowering.  :func:`children` checks the
  visit's result and turns any truncated visit into a clean error.
* The lowering promises to drop nothing: every cursor it meets is lowered by a
  rule, refused (it becomes ``Unsupported``) or consumed as compile-time
  information (a type name, a constant).  :func:`audit_lowering` records which,
  so a test can check the promise cursor by cursor over a whole corpus.

It also keeps what is worked out once per translation unit (:func:`unit_memo`).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import TypeVar

import clang.cindex as ci

from veriscan.errors import KernelSourceError, SourcePos

_VISIT = ci.callbacks["cursor_visit"]


def children(c: ci.Cursor) -> list[ci.Cursor]:
    """All children of ``c``; raises instead of returning a truncated list."""
    out: list[ci.Cursor] = []

    def visitor(child: ci.Cursor, _parent: ci.Cursor, _data: object) -> int:
        child._tu = c._tu
        out.append(child)
        return 1  # CXChildVisit_Continue

    stopped = ci.conf.lib.clang_visitChildren(c, _VISIT(visitor), ctypes.py_object(None))
    if stopped:
        loc = c.location
        where = SourcePos(loc.file.name if loc.file else "", loc.line, loc.column)
        raise KernelSourceError("the kernel is nested too deeply for the front end to read",
                                where)
    return out


@cache
def _initializer_function() -> object:
    fn = ci.conf.lib.clang_Cursor_getVarDeclInitializer
    fn.argtypes = [ci.Cursor]
    fn.restype = ci.Cursor
    return fn


def var_initializer(decl: ci.Cursor, kids: list[ci.Cursor]) -> ci.Cursor | None:
    """The child of a variable declaration that initialises it, if any.

    Asking clang matters: an array's extent, a ``__typeof__`` operand and an
    attribute are expression children too, and none of them is evaluated.
    """
    init = _initializer_function()(decl)  # type: ignore[operator]
    if ci.conf.lib.clang_Cursor_isNull(init):
        return None
    return next((k for k in kids if is_expression(k) and k.extent == init.extent), None)


def kind_of(c: ci.Cursor) -> ci.CursorKind | None:
    """The cursor's kind, or None for a kind this libclang binding has no name for."""
    try:
        return c.kind
    except ValueError:
        return None


def is_expression(c: ci.Cursor) -> bool:
    kind = kind_of(c)
    return kind is not None and kind.is_expression()


def is_value_wrapper(c: ci.Cursor, kids: list[ci.Cursor]) -> bool:
    """Whether an ``UNEXPOSED_EXPR`` merely wraps its one operand.

    libclang exposes implicit conversions (and ``ConstantExpr``,
    ``ExprWithCleanups``, ``MaterializeTemporaryExpr``) as unexposed
    expressions whose source range is exactly their operand's.  Anything
    else hiding behind the same cursor kind (``noexcept(e)``, built-in type
    traits, ``__builtin_choose_expr``) covers more source than one operand,
    so it must not be read as its operand.
    """
    return (len(kids) == 1 and is_expression(kids[0])
            and c.extent == kids[0].extent)


def peek(c: ci.Cursor) -> ci.Cursor:
    """``c`` without parentheses and implicit conversions, without lowering anything:
    what a rule looks at to choose how to lower ``c``."""
    while kind_of(c) in (ci.CursorKind.PAREN_EXPR, ci.CursorKind.UNEXPOSED_EXPR):
        kids = children(c)
        if len(kids) != 1 or (not is_value_wrapper(c, kids)
                              and c.kind != ci.CursorKind.PAREN_EXPR):
            return c
        c = kids[0]
    return c


class Outcome(Enum):
    LOWERED = "lowered"    # a lowering rule handled the cursor itself
    REFUSED = "refused"    # the cursor (and all below it) became Unsupported
    CONSUMED = "consumed"  # read as compile-time information (types, constants)


_RANK = {Outcome.CONSUMED: 0, Outcome.LOWERED: 1, Outcome.REFUSED: 2}


@dataclass
class CursorAudit:
    """What the lowering did with each cursor it met, and which subtrees it lowered."""

    outcomes: dict[ci.Cursor, Outcome] = field(default_factory=dict)
    roots: list[ci.Cursor] = field(default_factory=list)

    def note(self, c: ci.Cursor, outcome: Outcome) -> None:
        # A refusal wins (the whole statement became Unsupported), then a rule.
        if _RANK[outcome] >= _RANK.get(self.outcomes.get(c), -1):  # type: ignore[arg-type]
            self.outcomes[c] = outcome

    def unaccounted(self) -> Iterator[ci.Cursor]:
        """Cursors under a lowered root that no rule, refusal or consumption covers."""
        for root in self.roots:
            stack = [root]
            while stack:
                c = stack.pop()
                outcome = self.outcomes.get(c)
                if outcome in (Outcome.REFUSED, Outcome.CONSUMED):
                    continue
                if outcome is None:
                    yield c
                    continue
                stack.extend(children(c))


_AUDIT: ContextVar[CursorAudit | None] = ContextVar("veriscan_cursor_audit", default=None)


@contextmanager
def audit_lowering() -> Iterator[CursorAudit]:
    """Record the fate of every cursor lowered inside the ``with`` block."""
    audit = CursorAudit()
    token = _AUDIT.set(audit)
    try:
        yield audit
    finally:
        _AUDIT.reset(token)


def current_audit() -> CursorAudit | None:
    return _AUDIT.get()


T = TypeVar("T")


def unit_memo(tu: ci.TranslationUnit, key: str, make: Callable[[], T]) -> T:
    """``make()``, computed once per translation unit and kept on the unit itself.

    Kept on the unit, not in a side table keyed by it: what is kept holds cursors,
    every cursor holds its unit, so a table (even a weak one) would keep every
    unit parsed alive; on the unit it is one cycle the collector frees with it."""
    memo: dict[str, T] = tu.__dict__.setdefault("_veriscan_memo", {})
    if key not in memo:
        memo[key] = make()
    return memo[key]


def main_file_children(tu: ci.TranslationUnit) -> list[ci.Cursor]:
    """The unit's top-level cursors that stand in the parsed file itself, not in a
    prelude or header.  Asked of libclang once per unit: the preludes put
    thousands of declarations before the kernel's own."""
    lib = ci.conf.lib

    def own() -> list[ci.Cursor]:
        return [c for c in tu.cursor.get_children()
                if lib.clang_Location_isFromMainFile(lib.clang_getCursorLocation(c))]
    return unit_memo(tu, "main file children", own)

