"""The interval-of-summations monoid I (Chong, Donaldson, Ketema POPL'14 §4).

An element (i, j) stands for the contiguous summation s_i ⊕ … ⊕ s_j of the
input; ⊤ stands for anything else and absorbs; 1 is the identity.  A
race-free generic scan that maps in[k] = (k, k) to out[k] = (0, k) is correct
for every monoid (the paper's Thm 4.5 + 5.3), so this monoid is the whole
functional test.

Encoding (one unsigned word per element, O(lg n) bits): the high half holds
i XOR a mask, the low half j XOR a mask XOR the high half.  For n ≤ 2^15 the
halves are 16 bits (a ``uint``), for larger n up to 2^31 they are 32 bits (a
``ulong``).  Real indices are below 2^(half-1), and the masks are chosen so
that every element has the top bit of its high half clear and that of its
low half set.  Uninitialised memory is therefore no element: all zeros and
small integers have the low top bit clear, all ones and 0xA5.. poison bytes
the high one set, and any word with equal halves (every repeated byte) has
a low half that decodes past every index.  The identity 1 and ⊤ are two
fixed codes with the high top bit set, none of these patterns.  The
operator turns any non-element operand into ⊤, so garbage can never turn
into a right answer, and decoding reports it as an error.  Sizing the word
by n halves local memory for the sizes a single work group can take.
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


# Per word width (bits per half): the index masks and the two reserved codes.
_MASKS = {16: (0x7FFF, 0xDA5A), 32: (0x7FFFFFFF, 0xDA5A5A5A)}
_RESERVED = {16: (0x9E3779B9, 0xB7E15162),
             32: (0x9E3779B97F4A7C15, 0xB7E151628AED2A6A)}


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
    def index_limit(self) -> int:
        """Indices are below this (the top bit of each half stays clear)."""
        return 1 << (self.half - 1)

    @property
    def masks(self) -> tuple[int, int]:
        """XOR masks of the high (i) and low (j) halves."""
        return _MASKS[self.half]

    @property
    def one(self) -> int:
        return _RESERVED[self.half][0]

    @property
    def top(self) -> int:
        return _RESERVED[self.half][1]

    def pair(self, i: int, j: int) -> int:
        if not 0 <= i <= j < self.index_limit:
            raise VeriscanError(f"({i},{j}) is not an interval with indices below "
                                f"{self.index_limit}")
        return int(self.pairs(np.asarray(i), np.asarray(j)))

    def pairs(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """Codes of the elements (i[k], j[k])."""
        t = self.dtype.type
        hi_mask, lo_mask = self.masks
        high = np.asarray(i).astype(self.dtype) ^ t(hi_mask)
        return (high << t(self.half)) | (np.asarray(j).astype(self.dtype) ^ t(lo_mask) ^ high)

    def leaves(self, n: int) -> np.ndarray:
        """The test input: in[k] = (k, k)."""
        k = np.arange(n)
        return self.pairs(k, k)

    def expected(self, n: int, inclusive: bool) -> np.ndarray:
        """out[k] = (0, k) inclusive; 1 then (0, k - 1) exclusive."""
        k = np.arange(n)
        if inclusive:
            return self.pairs(np.zeros(n, np.int64), k)
        out = self.pairs(np.zeros(n, np.int64), np.maximum(k - 1, 0))
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
        high, low = v >> self.half, v & self.lo_mask
        hi_mask, lo_mask = self.masks
        i, j = high ^ hi_mask, low ^ lo_mask ^ high
        if (v >> (2 * self.half) or high >= self.index_limit or low < self.index_limit
                or i > j or j >= (self.index_limit if n is None else n)):
            return f"?{v:#x}"
        return (i, j)

    def format(self, value: object, n: int | None = None) -> str:
        d = self.decode(value, n)
        return f"({d[0]},{d[1]})" if isinstance(d, tuple) else d

    def op(self, a: np.ndarray, b: np.ndarray, any_order: bool = False) -> np.ndarray:
        """The operator on codes, as ``vs_interval_op`` in ``cl/interval.cl`` computes it."""
        a, b = np.broadcast_arrays(np.asarray(a, self.dtype), np.asarray(b, self.dtype))
        t = self.dtype.type
        half, lo = t(self.half), t(self.lo_mask)
        hi_mask, lo_mask = (t(m) for m in self.masks)
        top_bits = t(self.index_limit) | (t(self.index_limit) << half)

        def start(x: np.ndarray) -> np.ndarray:
            return (x >> half) ^ hi_mask

        def end(x: np.ndarray) -> np.ndarray:
            return ((x ^ (x >> half)) & lo) ^ lo_mask

        def element(x: np.ndarray) -> np.ndarray:
            return ((x & top_bits) == t(self.index_limit)) & (start(x) <= end(x))

        def join(x: np.ndarray, y: np.ndarray) -> np.ndarray:
            """(start of x, end of y), re-keyed to x's high half."""
            return (x & ~lo) | ((y ^ (y >> half) ^ (x >> half)) & lo)

        out = np.where(end(a) + t(1) == start(b), join(a, b), t(self.top))
        if any_order:
            out = np.where((out == t(self.top)) & (end(b) + t(1) == start(a)), join(b, a), out)
        out = np.where(element(a) & element(b), out, t(self.top))
        out = np.where(b == t(self.one), a, out)
        return np.asarray(np.where(a == t(self.one), b, out), dtype=self.dtype)

    def random(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """Random elements (mostly short intervals, some 1 and ⊤) for law checks."""
        limit = min(self.index_limit - 4, 64)
        i = rng.integers(0, limit, size=n)
        out = self.pairs(i, i + rng.integers(0, 4, size=n))
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
    return Monoid(
        name="interval-any-order" if any_order else "interval", dtype=codec.dtype,
        cl_source=_source(codec, any_order, cuda=False),
        cuda_source=_source(codec, any_order, cuda=True),
        op=partial(codec.op, any_order=any_order),
        identity=np.asarray(codec.one, dtype=codec.dtype), commutative=False,
        description=f"interval of summations, {2 * codec.half}-bit words (n ≤ {n})",
        random_input=codec.random, formatter=partial(codec.format, n=n),
        for_size=any_order_interval if any_order else interval_monoid)


def _source(codec: IntervalCodec, any_order: bool, cuda: bool) -> str:
    """The monoid's definitions in OpenCL C, or in CUDA C++ (for a CUDA kernel's run as
    written): one text, the word type spelled in the language's own terms, so no
    typedef or macro beyond the ``VS_IV_`` names reaches the kernel's text."""
    if cuda:
        word = "unsigned int" if codec.half == 16 else "unsigned long long"
    else:
        word = "uint" if codec.half == 16 else "ulong"
    hi, lo = codec.masks
    suffix = "u" if codec.half == 16 else ("ull" if cuda else "ul")
    return (f"#define VS_IV_HALF {codec.half}\n#define VS_IV_WORD {word}\n"
            + ("#define VS_IV_CUDA\n" if cuda else "")
            + f"#define VS_IV_HI_MASK {hi:#x}{suffix}\n#define VS_IV_LO_MASK {lo:#x}{suffix}\n"
            f"#define VS_IV_ONE ((VS_IV_WORD){codec.one:#x}{suffix})\n"
            f"#define VS_IV_TOP ((VS_IV_WORD){codec.top:#x}{suffix})\n"
            + ("#define VS_IV_ANY_ORDER\n" if any_order else "") + cl_snippet("interval"))


def encode(i: int, j: int, n: int = MAX_N) -> int:
    return codec_for(n).pair(i, j)


def decode(value: object, n: int = MAX_N) -> tuple[int, int] | str:
    return codec_for(n).decode(value, n)


def format_element(value: object, n: int = MAX_N) -> str:
    return codec_for(n).format(value, n)
