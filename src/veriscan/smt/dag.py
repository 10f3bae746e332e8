"""Z3 terms as DAGs: walking each sub-term once, and tables keyed by terms.

A term's id (``get_id``) names it only while the term is alive: Z3 gives the
id of a freed term to the next term it creates.  A table keyed by the ids of
terms that have since been freed answers for whichever term took the id, and
a set of ids kept to skip repeated formulas skips a different formula.  Both
happened here (a run-time check dropped as a "repeat" of a freed formula;
interval bounds read for the wrong term), so ids are read through this
module only (a test holds the package to that): in a walk, whose roots keep
every sub-term alive while it runs, in :class:`TermMap`, which keeps its keys
alive, and through :func:`live_id`, whose callers promise the same.  (Two
walks over Z3's C API, for speed, read ids the same way: :func:`c_apps` within
a single walk, and one with its roots kept.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

import z3

V = TypeVar("V")
T = TypeVar("T")


def subterms(roots: Iterable[z3.ExprRef], *, quantifiers: bool = False,
             below: Callable[[z3.ExprRef], bool] | None = None) -> Iterator[z3.ExprRef]:
    """Every distinct sub-term of ``roots``, once, each before its children.

    The walk enters a quantifier's body only when ``quantifiers`` is set, and the
    arguments of an application only when ``below`` (if given) allows it; ``below``
    is asked after the term has been yielded, so a caller may act on it first.
    """
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        term = stack.pop()
        key = term.get_id()
        if key in seen:
            continue
        seen.add(key)
        yield term
        if z3.is_quantifier(term):
            if quantifiers:
                stack.append(term.body())
        elif z3.is_app(term) and (below is None or below(term)):
            stack.extend(term.children())


def c_apps(term: z3.ExprRef, *, quantifiers: bool = False
           ) -> Iterator[tuple[z3.ContextObj, z3.Ast, z3.Ast]]:
    """Every distinct application in ``term`` as ``(context ref, ast, app)`` handles of
    Z3's C API, once, in pre-order (leftmost argument first), entering quantifier
    bodies when ``quantifiers`` is set.

    For hot walks: Python wrappers for every node cost more than the work that
    asks.  Ids are read within this one walk, whose root keeps every node alive."""
    core = z3.z3core
    ref = term.ctx.ref()
    stack, seen = [term.as_ast()], set()
    while stack:
        ast = stack.pop()
        key = core.Z3_get_ast_id(ref, ast)
        if key in seen:
            continue
        seen.add(key)
        kind = core.Z3_get_ast_kind(ref, ast)
        if kind == z3.Z3_QUANTIFIER_AST and quantifiers:
            stack.append(core.Z3_get_quantifier_body(ref, ast))
        if kind != z3.Z3_APP_AST:
            continue
        app = core.Z3_to_app(ref, ast)
        yield ref, ast, app
        stack.extend(core.Z3_get_app_arg(ref, app, k)
                     for k in reversed(range(core.Z3_get_app_num_args(ref, app))))


def array_constants(term: z3.ExprRef) -> set[str]:
    """Names of the uninterpreted array-sorted constants in ``term``, quantifier
    bodies included."""
    core = z3.z3core
    found: set[str] = set()
    for ref, ast, app in c_apps(term, quantifiers=True):
        if core.Z3_get_app_num_args(ref, app):
            continue
        decl = core.Z3_get_app_decl(ref, app)
        if (core.Z3_get_decl_kind(ref, decl) == z3.Z3_OP_UNINTERPRETED and
                core.Z3_get_sort_kind(ref, core.Z3_get_sort(ref, ast)) == z3.Z3_ARRAY_SORT):
            found.add(core.Z3_get_symbol_string(ref, core.Z3_get_decl_name(ref, decl)))
    return found


class TermMap(Generic[V]):
    """A dictionary keyed by Z3 terms (by identity, not by the ``==`` that builds
    an equation), holding on to its keys so that their ids stay theirs."""

    __slots__ = ("_items",)

    def __init__(self) -> None:
        self._items: dict[int, tuple[z3.AstRef, V]] = {}

    def __contains__(self, term: z3.AstRef) -> bool:
        return term.get_id() in self._items

    def __getitem__(self, term: z3.AstRef) -> V:
        return self._items[term.get_id()][1]

    def __setitem__(self, term: z3.AstRef, value: V) -> None:
        self._items[term.get_id()] = (term, value)

    def get(self, term: z3.AstRef, default: V | None = None) -> V | None:
        hit = self._items.get(term.get_id())
        return default if hit is None else hit[1]


def first_of_each(items: Iterable[T], term_of: Callable[[T], z3.AstRef]) -> list[T]:
    """``items`` without those whose term an earlier one already has (the same
    formula built twice is one check, asked once)."""
    kept: TermMap[None] = TermMap()
    out = []
    for item in items:
        term = term_of(item)
        if term not in kept:
            kept[term] = None
            out.append(item)
    return out


def live_id(term: z3.AstRef) -> int:
    """``term``'s id, for a key the caller uses only while it keeps ``term`` alive
    (e.g. grouping accesses that hold their own terms)."""
    return term.get_id()
