"""Z3 sorts, symbols and the exact/over-approximated distinction.

Every symbol the encodings create is either *exact* (a thread id, a kernel
scalar, the contents of a read-only input, an iteration counter that ranges
over exactly the iterations a loop runs) or an *over-approximation* (a value
loaded from memory other threads may write, a variable havocked by loop
abstraction, the result of an unmodelled function).  Over-approximated
symbols carry a ``~`` prefix, so a counterexample can be classified by looking
at its formula: one built only from exact symbols is a real execution (a
violation), anything else may be spurious (``unknown``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

import z3

from veriscan.ir import nodes as ir
from veriscan.smt.dag import TermMap, subterms

APPROX = "~"
# A property of one value that the model does not compute but that some value of the
# type lacks (a float too large for an int): applied to a cell of the host's input, the
# input can choose a value without it, so the property is the input's to choose.
CHOSEN_BY_INPUT = APPROX + "input: "
INDEX_BITS = 64
VALUE = z3.DeclareSort("Value")  # elements of TYPE, floats and other opaque data


def sort_of(t: ir.ScalarType) -> z3.SortRef:
    if t.kind is ir.TypeKind.INT:
        return z3.BitVecSort(t.bits)
    if t.kind is ir.TypeKind.BOOL:
        return z3.BoolSort()
    return VALUE


@dataclass
class SymbolTable:
    """Creates fresh symbols with unique names and remembers the thread-local ones.

    ``thread_local`` symbols differ between the two threads of a pair: the
    second thread's copy is made by substitution (see :mod:`veriscan.smt.threads`).
    """

    counter: itertools.count = field(default_factory=itertools.count)
    thread_local: list[z3.ExprRef] = field(default_factory=list)

    def fresh(self, stem: str, sort: z3.SortRef, *, exact: bool = False,
              per_thread: bool = True) -> z3.ExprRef:
        name = f"{'' if exact else APPROX}{stem}!{next(self.counter)}"
        sym = z3.Const(name, sort)
        if per_thread:
            self.thread_local.append(sym)
        return sym


def applications(term: z3.ExprRef) -> Iterator[z3.ExprRef]:
    """Every distinct application (constant, function or operator) in ``term``."""
    return (t for t in subterms([term]) if z3.is_app(t))


def approximations(term: z3.ExprRef) -> list[str]:
    """Names of over-approximated symbols (and functions) occurring in ``term``."""
    names = (t.decl().name() for t in applications(term))
    return list(dict.fromkeys(n for n in names if n.startswith(APPROX)))


class Approximate:
    """Whether terms contain an over-approximated symbol, remembering every
    sub-term it has seen: the guards and indices of one trace share most of
    their structure, so asking about many of them costs one walk of the DAG."""

    def __init__(self) -> None:
        self._known: TermMap[bool] = TermMap()

    def __call__(self, term: z3.ExprRef) -> bool:
        known = self._known
        stack: list[tuple[z3.ExprRef, bool]] = [(term, False)]
        while stack:
            t, expanded = stack.pop()
            if t in known:
                continue
            if not z3.is_app(t):
                known[t] = False
            elif t.decl().name().startswith(APPROX):
                known[t] = True
            elif expanded:
                known[t] = any(known[c] for c in t.children())
            else:
                stack.append((t, True))
                stack.extend((c, False) for c in t.children() if c not in known)
        return bool(known[term])


class Mentions:
    """Whether a constant or function named in ``names`` occurs in a term.

    Asked for every operation of a symbolic execution, about terms that share
    most of their structure: each sub-term is walked once (through Z3's C
    API; Python wrappers per node cost more than the answer) and its answer
    kept.  ``names`` may grow between questions, as long as a name is added
    before any term holding it is asked about (a fresh symbol is named at
    once), so a remembered "no" stays true.  Every term asked about is kept
    alive, so the remembered node ids cannot be reused by other terms.
    """

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self._known: dict[int, bool] = {}
        self._kept: list[z3.ExprRef] = []

    def __call__(self, term: z3.ExprRef) -> bool:
        if not self.names:
            return False
        core, known = z3.z3core, self._known
        ref = term.ctx.ref()
        root = term.as_ast()
        stack = [(root, False)]
        while stack:
            ast, expanded = stack.pop()
            key = core.Z3_get_ast_id(ref, ast)
            if key in known:
                continue
            if core.Z3_get_ast_kind(ref, ast) != z3.Z3_APP_AST:
                known[key] = False
                continue
            app = core.Z3_to_app(ref, ast)
            args = [core.Z3_get_app_arg(ref, app, k)
                    for k in range(core.Z3_get_app_num_args(ref, app))]
            if expanded:
                known[key] = any(known[core.Z3_get_ast_id(ref, a)] for a in args)
                continue
            decl = core.Z3_get_app_decl(ref, app)
            if core.Z3_get_decl_kind(ref, decl) == z3.Z3_OP_UNINTERPRETED and \
                    core.Z3_get_symbol_string(ref, core.Z3_get_decl_name(ref, decl)) \
                    in self.names:
                known[key] = True
            elif not args:
                known[key] = False
            else:
                stack.append((ast, True))
                stack.extend((a, False) for a in args)
        self._kept.append(term)
        return known[core.Z3_get_ast_id(ref, root)]


def readable(name: str) -> str:
    """A symbol name as a person would say it (``~x.val#3!17`` -> ``x.val#3``)."""
    return name.lstrip(APPROX).split("!")[0]


def conj(*terms: z3.BoolRef) -> z3.BoolRef:
    """``z3.And`` without its per-call Python sort coercion (a hot path here)."""
    return _nary(z3.z3core.Z3_mk_and, terms)


def disj(*terms: z3.BoolRef) -> z3.BoolRef:
    """``z3.Or`` without its per-call Python sort coercion."""
    return _nary(z3.z3core.Z3_mk_or, terms)


def _nary(make: object, terms: tuple[z3.BoolRef, ...]) -> z3.BoolRef:
    ctx = terms[0].ctx
    array = (z3.Ast * len(terms))(*(t.as_ast() for t in terms))
    return z3.BoolRef(make(ctx.ref(), len(terms), array), ctx)  # type: ignore[operator]
