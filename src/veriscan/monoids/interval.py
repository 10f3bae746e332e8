"""The interval-of-summations monoid I (Chong, Donaldson, Ketema POPL'14 §4).

An element (i, j) stands for the contiguous summation s_i ⊕ … ⊕ s_j of the
input; ⊤ stands for anything else and absorbs; 1 is the identity.  A
race-free generic scan that maps in[k] = (k, k) to out[k] = (0, k) is correct
for every monoid (the paper's Thm 4.5 + 5.3), so this monoid is the whole
functional test.

Encoding (one unsigned word per element, O(lg n) bits): i in the high half, j
in the low half.  For n ≤ 2^15 the halves are 16 bits (a ``uint``), for larger
n up to 2^31 they are 32 bits (a ``ulong``).  Real indices are below
2^half - 1, so an all-ones high half never occurs in a real pair and the two
reserved codes live there: 1 = all ones, ⊤ = all ones minus one.  Sizing the
word by n halves local memory for the sizes a single work group can take.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial

import numpy as np

from veriscan.errors import VeriscanError
from veriscan.monoids.base import Monoid
from veriscan.monoids.cltypes import cl_snippet

MAX_N = 2**31
NARROW_MAX_N = 2**15


@dataclass(frozen=True)
class IntervalCodec:
    """Packing of interval elements for one word width."""

    half: int  # bits per index

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(np.uint32 if self.half == 16 else np.uint64)

    @property
    def lo_mask(self) -> int:
        return (1 << self.half) - 1

    @property
    def one(self) -> int:
        return (1 << (2 * self.half)) - 1

    @property
    def top(self) -> int:
        return self.one - 1

    def pair(self, i: int, j: int) -> int:
        if not 0 <= i <= j < self.lo_mask:
            raise VeriscanError(f"({i},{j}) is not an interval with indices below {self.lo_mask}")
        return (i << self.half) | j

    def leaves(self, n: int) -> np.ndarray:
        """The test input: in[k] = (k, k)."""
        k = np.arange(n, dtype=self.dtype)
        return (k << self.dtype.type(self.half)) | k

    def expected(self, n: int, inclusive: bool) -> np.ndarray:
        """out[k] = (0, k) inclusive; 1 then (0, k - 1) exclusive."""
        if inclusive:
            return np.arange(n, dtype=self.dtype)
        out = np.arange(-1, n - 1, dtype=np.int64).astype(self.dtype)
        out[0] = self.one
        return out

    def decode(self, value: object, n: int | None = None) -> tuple[int, int] | str:
        """``(i, j)``, ``"1"`` or ``"⊤"``; any other word is ``"?0x…"`` (not an element,
        or, when ``n`` is given, an interval reaching past the input)."""
        v = int(np.asarray(value).item())
        if v == self.one:
            return "1"
        if v == self.top:
            return "⊤"
        i, j = v >> self.half, v & self.lo_mask
        if v >> (2 * self.half) or i > j or j >= (self.lo_mask if n is None else n):
            return f"?{v:#x}"
        return (i, j)

    def format(self, value: object, n: int | None = None) -> str:
        d = self.decode(value, n)
        return f"({d[0]},{d[1]})" if isinstance(d, tuple) else d

    def op(self, a: np.ndarray, b: np.ndarray, any_order: bool = False) -> np.ndarray:
        a, b = np.broadcast_arrays(np.asarray(a, self.dtype), np.asarray(b, self.dtype))
        t = self.dtype.type
        half, lo = t(self.half), t(self.lo_mask)
        joined = (a & ~lo) | (b & lo)
        out = np.where((a & lo) + t(1) == (b >> half), joined, t(self.top))
        if any_order:
            swapped = (b & ~lo) | (a & lo)
            out = np.where((out == t(self.top)) & ((b & lo) + t(1) == (a >> half)), swapped, out)
        out = np.where((a == t(self.top)) | (b == t(self.top)), t(self.top), out)
        out = np.where(b == t(self.one), a, out)
        return np.asarray(np.where(a == t(self.one), b, out), dtype=self.dtype)

    def random(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """Random elements (mostly short intervals, some 1 and ⊤) for law checks."""
        limit = min(self.lo_mask - 1, 64)
        i = rng.integers(0, limit, size=n)
        j = i + rng.integers(0, 4, size=n)
        out = (i.astype(self.dtype) << self.dtype.type(self.half)) | j.astype(self.dtype)
        special = rng.integers(0, 8, size=n)
        out[special == 0] = self.one
        out[special == 1] = self.top
        return out


def codec_for(n: int) -> IntervalCodec:
    if not 1 <= n <= MAX_N:
        raise VeriscanError(f"the interval monoid supports 1 ≤ n ≤ 2^31, got n={n}")
    return IntervalCodec(16 if n <= NARROW_MAX_N else 32)


@cache
def interval_monoid(n: int = MAX_N) -> Monoid:
    """The monoid I, in the narrowest encoding that holds indices 0 … n-1."""
    return _interval(n, any_order=False)


@cache
def any_order_interval(n: int = MAX_N) -> Monoid:
    """I with adjacent summations also joined in the wrong order (diagnosis only).

    Not associative, so not a monoid: a kernel that fails with I but passes
    with this has summed the right elements and only swapped operands.
    """
    return _interval(n, any_order=True)


def _interval(n: int, any_order: bool) -> Monoid:
    codec = codec_for(n)
    word = "uint" if codec.half == 16 else "ulong"
    source = (f"#define VS_IV_HALF {codec.half}\n#define VS_IV_WORD {word}\n"
              + ("#define VS_IV_ANY_ORDER\n" if any_order else "") + cl_snippet("interval"))
    return Monoid(
        name="interval-any-order" if any_order else "interval", dtype=codec.dtype,
        cl_source=source, op=partial(codec.op, any_order=any_order),
        identity=np.asarray(codec.one, dtype=codec.dtype), commutative=False,
        description=f"interval of summations, {2 * codec.half}-bit words (n ≤ {n})",
        random_input=codec.random, formatter=partial(codec.format, n=n),
        for_size=any_order_interval if any_order else interval_monoid)


def encode(i: int, j: int, n: int = MAX_N) -> int:
    return codec_for(n).pair(i, j)


def decode(value: object, n: int = MAX_N) -> tuple[int, int] | str:
    return codec_for(n).decode(value, n)


def format_element(value: object, n: int = MAX_N) -> str:
    return codec_for(n).format(value, n)
