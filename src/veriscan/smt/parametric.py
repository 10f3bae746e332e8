"""One proof for every power of two n = 2^1 .. 2^30 at once: N as a symbol.

The C front end needs a number for ``N`` (it sizes arrays), so the kernel is
parsed twice with two sentinel values.  The two IRs must agree everywhere
except where one has sentinel 1 and the other sentinel 2: those literals are
exactly the uses of ``N``, and they become the symbol ``N = 1 << m`` with
1 <= m <= 30.  Anything else that differs (``N`` folded by the compiler into
another constant, an array sized by an expression of ``N``, ``#if`` on ``N``)
makes the parametric set-up refuse, and the caller falls back to one proof
per n.  n = 2^31 is left to a per-n proof: there ``N`` no longer fits an
``int`` literal, so C gives it another type and other arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import z3

from veriscan.errors import VeriscanError
from veriscan.ir import nodes as ir
from veriscan.ir.visit import stmt_exprs, sub_exprs, walk
from veriscan.smt.symbols import INDEX_BITS
from veriscan.smt.threads import SizedLaunch

SENTINELS = (1000003, 1000033)  # primes below 2^31: int literals, unlikely in kernels
MAX_LOG2 = 30


@dataclass
class ParametricSetup:
    kernel: ir.Kernel
    launch: SizedLaunch
    constants: dict[int, z3.ExprRef]
    array_sizes: dict[str, z3.ExprRef]
    n: z3.ExprRef
    # A parametric attempt that bogs down is abandoned for per-n proofs, so it
    # gets short queries and a total budget rather than the default limits.
    timeout_ms: int = 3000
    budget_s: float = 12.0


def refusal(source: str) -> str | None:
    """Why the source cannot be parsed with sentinels (None: it can)."""
    if any(str(s) in source for s in SENTINELS):
        return "the source contains a sentinel value"
    if any(line.lstrip().startswith("#if") for line in source.splitlines()):
        return "the source uses conditional compilation, which may depend on N"
    return None


def setup(parse: Callable[[int], ir.Kernel], threads: Callable[[int], int]
          ) -> ParametricSetup | str:
    """The symbolic-N kernel and launch, or the reason it cannot be built."""
    first, second = parse(SENTINELS[0]), parse(SENTINELS[1])
    mismatch = _compare(first, second)
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


def _compare(a: ir.Kernel, b: ir.Kernel) -> str | None:
    left, right = list(_nodes(a)), list(_nodes(b))
    if len(left) != len(right):
        return "the kernel's structure depends on N"
    for x, y in zip(left, right, strict=True):
        if type(x) is not type(y):
            return "the kernel's structure depends on N"
        if isinstance(x, ir.Const) and x.value != y.value and (x.value, y.value) != SENTINELS:
            return f"a constant at {x.pos} is computed from N by the compiler"
    return None


def _nodes(k: ir.Kernel) -> Iterator[object]:
    for stmt in walk(k.body):
        yield stmt
        for root in stmt_exprs(stmt):
            yield from sub_exprs(root)
