"""One proof for every power of two n = 2^1 .. 2^30 at once: N as a symbol.

The C front end needs a number for ``N`` (it sizes arrays), so the kernel is
parsed with sentinel values and the literal sentinel becomes the symbol
``N = 1 << m`` (1 <= m <= 30).  That is sound only if the kernel parsed with
any n is the sentinel parse with the literal replaced by n, and nothing
folded from ``N`` by the compiler hides behind a value that happens to be
right for the sentinels.  Each condition is checked on the evidence of the
tool that would break it, and any doubt refuses (the caller then proves each
n on its own):

* the preprocessor: the kernel's one preprocessing (frontend/preprocess.py)
  with each sentinel must give the same tokens except exactly the sentinel
  literals, and no ``#if``/``#elif`` (however spelled: the preprocessor's own
  record, not the text) may read ``N``; so ``N`` reached the text only as
  itself, never stringified, pasted or tested;
* the compiler: every sentinel literal must sit where clang computes at run
  time (operators, conditions, statements, a plain variable's initialiser)
  or be a whole array bound (``buf[N]``); inside ``sizeof``, an enumerator, a
  ``case``, a constant's initialiser, a call (the lowering folds built-in
  arguments such as ``get_local_id(d)``) or any other place the compiler
  folds, a function of ``N`` could be right at the sentinels and wrong at
  some n, so it is refused;
* the lowering: the IRs of the sentinel parses must be equal field by field,
  except constants and array bounds that are exactly the sentinels.  The
  sentinels differ in their low bits (one odd, one a multiple of 2^16, as a
  large power of two is), so bit tests on ``N`` show up as differences too.

n = 2^31 is left to a per-n proof: there ``N`` no longer fits an ``int``
literal, so C gives it another type and other arithmetic.  Whatever this
proves, the caller confirms with per-n proofs at a spread of sizes.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import clang.cindex as ci
import z3

from veriscan.errors import VeriscanError
from veriscan.frontend import kernel_from_unit
from veriscan.frontend.clang_parse import ParsedUnit, dialect_for, parse_unit
from veriscan.frontend.preprocess import Preprocessed
from veriscan.ir import nodes as ir
from veriscan.smt.solver import PARAMETRIC_RLIMIT
from veriscan.smt.symbols import INDEX_BITS
from veriscan.smt.threads import SizedLaunch

# Below 2^31 (int literals), unlikely in kernels, and unlike each other in the
# low bits: 1000003 is odd, 4128768 = 63 * 2^16 ends in sixteen zero bits.
SENTINELS = (1000003, 4128768)
MAX_LOG2 = 30
K = ci.CursorKind
# Expressions clang evaluates when the kernel runs, never at compile time.
_RUN_TIME = frozenset({
    K.BINARY_OPERATOR, K.UNARY_OPERATOR, K.PAREN_EXPR, K.UNEXPOSED_EXPR,
    K.CONDITIONAL_OPERATOR, K.ARRAY_SUBSCRIPT_EXPR, K.CSTYLE_CAST_EXPR,
    K.COMPOUND_ASSIGNMENT_OPERATOR,
})
_TRANSPARENT = frozenset({K.PAREN_EXPR, K.UNEXPOSED_EXPR})
_ARRAYS = frozenset({ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
                     ci.TypeKind.VARIABLEARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY})


@dataclass
class ParametricSetup:
    kernel: ir.Kernel
    launch: SizedLaunch
    constants: dict[int, z3.ExprRef]
    array_sizes: dict[str, z3.ExprRef]
    n: z3.ExprRef
    # A parametric attempt that bogs down is abandoned for per-n proofs, so it
    # gets short queries and a total budget rather than the default limits.
    rlimit: int = PARAMETRIC_RLIMIT
    budget_s: float = 12.0


@dataclass(frozen=True)
class KernelSource:
    """What a parametric set-up parses: the kernel without its ``N``."""

    path: str
    source: str
    dialect: str
    entry: str | None
    defines: dict[str, str]

    def unit(self, n: int) -> ParsedUnit:
        lang = dialect_for(self.path, self.dialect)
        return parse_unit(self.path, self.source, lang, {**self.defines, "N": str(n)})


def setup(kernel: KernelSource, threads: Callable[[int], int]) -> ParametricSetup | str:
    """The symbolic-N kernel and launch, or the reason it cannot be built."""
    units = [kernel.unit(s) for s in SENTINELS]
    reason = (_text_difference(units[0].preprocessed, units[1].preprocessed)
              or _folded_sentinel(units[0]))
    if reason:
        return reason
    first, second = (kernel_from_unit(u, kernel.source, kernel.entry) for u in units)
    mismatch = _ir_difference(first, second)
    if mismatch:
        return mismatch
    m = z3.BitVec("lg n", INDEX_BITS)
    n = z3.BitVecVal(1, INDEX_BITS) << m
    domain = [z3.UGE(m, 1), z3.ULE(m, MAX_LOG2)]
    try:
        size = _thread_term(m, n, threads)
    except VeriscanError as exc:
        return f"the thread count is not defined for every n ({exc})"
    launch = SizedLaunch(size, domain, "n = 2^m (1 <= m <= 30), threads per the header, "
                         "one group", [m == k for k in range(1, MAX_LOG2 + 1)])
    local_sizes: dict[str, z3.ExprRef] = {}
    for a, b in zip(first.arrays, second.arrays, strict=True):
        if a.dims != b.dims:
            if (a.dims, b.dims) != ((SENTINELS[0],), (SENTINELS[1],)):
                return f"array '{a.name}' is sized by an expression of N"
            local_sizes[a.name] = n
    resized = [ir.ArrayDecl(a.name, a.type, a.space, (1,), a.pos) if a.name in local_sizes
               else a for a in first.arrays]
    first.arrays = resized
    pointers = {p.name: n for p in first.params if p.is_pointer}
    return ParametricSetup(first, launch, {SENTINELS[0]: n}, {**pointers, **local_sizes}, n)


def _thread_term(m: z3.ExprRef, n: z3.ExprRef, threads: Callable[[int], int]) -> z3.ExprRef:
    counts = {k: threads(1 << k) for k in range(1, MAX_LOG2 + 1)}
    if all(c == 1 << k for k, c in counts.items()):
        return n
    if all(c == 1 << (k - 1) for k, c in counts.items()):
        return z3.LShR(n, 1)
    term: z3.ExprRef = z3.BitVecVal(counts[MAX_LOG2], INDEX_BITS)
    for k in range(MAX_LOG2 - 1, 0, -1):
        term = z3.If(m == k, z3.BitVecVal(counts[k], INDEX_BITS), term)
    return term


# ------------------------------------------------------------------ the preprocessor
def _text_difference(a: Preprocessed, b: Preprocessed) -> str | None:
    """Why the two sentinel preprocessings are not one text with N substituted."""
    marks = tuple(str(s) for s in SENTINELS)
    for line, tokens in a.conditions:
        if marks[0] in tokens:
            return f"the preprocessor directive at {a.file}:{line} depends on N"
    if len(a.tokens) != len(b.tokens):
        return "the kernel's preprocessed text depends on N"
    for x, y in zip(a.tokens, b.tokens, strict=True):
        if (x.spelling, y.spelling) == marks and (x.line, x.col) == (y.line, y.col):
            continue
        if x.spelling in marks or y.spelling in marks:
            return f"the source contains a sentinel value ({a.file}:{x.line})"
        if (x.spelling, x.line) != (y.spelling, y.line):
            return (f"the preprocessed text at {a.file}:{x.line} depends on N ('{x.spelling}' "
                    f"against '{y.spelling}': N stringified or pasted)")
    return None


# ------------------------------------------------------------------------ the compiler
def _folded_sentinel(unit: ParsedUnit) -> str | None:
    """Where the compiler (or the lowering) could fold an expression of N, if anywhere."""
    mark = str(SENTINELS[0])
    spots = {(t.line, t.col) for t in unit.preprocessed.tokens if t.spelling == mark}
    if not spots:
        return None
    for cursor, chain in _walk(unit):
        if cursor.kind != K.INTEGER_LITERAL or \
                (cursor.location.line, cursor.location.column) not in spots:
            continue
        where = f"{unit.file}:{cursor.location.line}"
        context = _fold_context(cursor, chain)
        if context:
            return f"N at {where} is {context}, which the compiler folds to a constant"
    return None


def _walk(unit: ParsedUnit) -> Iterator[tuple[ci.Cursor, list[ci.Cursor]]]:
    stack = [(c, []) for c in unit.tu.cursor.get_children()
             if c.location.file is not None and c.location.file.name == unit.file]
    while stack:
        cursor, chain = stack.pop()
        yield cursor, chain
        below = [*chain, cursor]
        stack += [(child, below) for child in cursor.get_children()]


def _fold_context(literal: ci.Cursor, chain: list[ci.Cursor]) -> str | None:
    """None when the literal is computed at run time or is a whole array bound."""
    inner = literal
    direct = True
    for outer in reversed(chain):
        if outer.kind in _RUN_TIME:
            direct = direct and outer.kind in _TRANSPARENT
            inner = outer
            continue
        if outer.kind.is_statement():
            return "in a case label" if outer.kind == K.CASE_STMT else None
        if outer.kind == K.VAR_DECL:
            if outer.type.kind in _ARRAYS:
                return None if direct else "inside an array bound"
            if outer.type.is_const_qualified() or outer.storage_class != ci.StorageClass.NONE:
                return "in the initialiser of a constant or static variable"
            return None
        return f"inside {outer.kind.name.lower().replace('_', ' ')}"
    return f"outside any function ({inner.kind.name.lower()})"


# ------------------------------------------------------------------------ the lowering
def _ir_difference(a: ir.Kernel, b: ir.Kernel) -> str | None:
    """The first place the sentinel IRs differ other than by exactly the sentinels."""
    for x, y, where in _pairs(a, b, "kernel"):
        if x == y:
            continue
        sentinel_pair = (x, y) == SENTINELS
        if sentinel_pair and (where.endswith("Const.value") or ".dims[" in where):
            continue
        if {type(x), type(y)} == {int}:
            return f"a constant ({where}) is computed from N by the compiler"
        return f"the kernel's structure depends on N ({where})"
    return None


_SKIPPED = {"source", "defines"}  # the text and the -D values differ by design


def _pairs(x: object, y: object, where: str) -> Iterator[tuple[object, object, str]]:
    """Leaves of two IR values side by side, with a path naming each."""
    if type(x) is not type(y):
        yield x, y, where
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            if f.name not in _SKIPPED:
                yield from _pairs(getattr(x, f.name), getattr(y, f.name),
                                  f"{where}.{type(x).__name__}.{f.name}")
    elif isinstance(x, list | tuple):
        if len(x) != len(y):
            yield len(x), len(y), f"{where} (length)"
            return
        for i, (u, v) in enumerate(zip(x, y, strict=True)):
            yield from _pairs(u, v, f"{where}[{i}]")
    elif isinstance(x, dict):
        if x.keys() != y.keys():
            yield sorted(x), sorted(y), f"{where} (keys)"
            return
        for key in x:
            yield from _pairs(x[key], y[key], f"{where}[{key!r}]")
    elif isinstance(x, enum.Enum | str | int | float | bool) or x is None:
        yield x, y, where
    else:
        yield repr(x), repr(y), where
