"""Non-commutative monoids from practice (POPL'14 Table 1 and friends).

They matter for testing because a scan that swaps the operands of ⊕ is still
right for every commutative monoid: only these expose it.  Each packs its
element into one unsigned integer so host and device agree trivially on the
layout; the OpenCL definitions live in ``monoids/cl/``.
"""

from __future__ import annotations

import numpy as np

from veriscan.monoids.base import Monoid
from veriscan.monoids.cltypes import cl_snippet

U8 = np.dtype(np.uint8)
U64 = np.dtype(np.uint64)
LOW32 = np.uint64(0xFFFFFFFF)


# ----------------------------------------------------------------------- carry
def _carry(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    lo, hi = np.asarray(lo, U8), np.asarray(hi, U8)
    g = (hi & 1) | ((hi >> 1) & lo & 1)
    p = (lo >> 1) & (hi >> 1) & 1
    return np.asarray(g | (p << 1), dtype=U8)


def carry_pairs(a_bits: np.ndarray, b_bits: np.ndarray) -> np.ndarray:
    """(generate, propagate) per bit position of two addends, low bit first."""
    a, b = np.asarray(a_bits, U8) & 1, np.asarray(b_bits, U8) & 1
    return np.asarray((a & b) | ((a ^ b) << 1), dtype=U8)


def carry_monoid() -> Monoid:
    return Monoid(
        name="carry", dtype=U8, cl_source=cl_snippet("carry"), op=_carry,
        identity=np.asarray(2, U8), commutative=False,
        description="carry-lookahead (generate, propagate) pairs; binary addition",
        random_input=lambda rng, n: rng.integers(0, 4, size=n).astype(U8),
        formatter=_carry_format)


def _carry_format(value: object) -> str:
    code = int(np.asarray(value))
    return f"(g={code & 1},p={(code >> 1) & 1})"


# ------------------------------------------------------------------------- fsm
FSM_STATES = 4
FSM_IDENTITY = sum(s << (2 * s) for s in range(FSM_STATES))  # 0b11100100


def _fsm_then(f: np.ndarray, g: np.ndarray) -> np.ndarray:
    f, g = np.broadcast_arrays(np.asarray(f, U8), np.asarray(g, U8))
    out = np.zeros(f.shape, dtype=U8)
    for s in range(FSM_STATES):
        mid = (f >> (2 * s)) & 3
        out |= ((g >> (2 * mid)) & 3).astype(U8) << (2 * s)
    return out


def fsm_monoid() -> Monoid:
    def fmt(v: object) -> str:
        code = int(np.asarray(v))
        return "[" + ",".join(str((code >> (2 * s)) & 3) for s in range(FSM_STATES)) + "]"

    return Monoid(
        name="fsm", dtype=U8, cl_source=cl_snippet("fsm"), op=_fsm_then,
        identity=np.asarray(FSM_IDENTITY, U8), commutative=False,
        description="transition functions of a 4-state machine under composition",
        random_input=lambda rng, n: rng.integers(0, 256, size=n).astype(U8), formatter=fmt)


# ---------------------------------------------------------------------- affine
def _affine_then(f: np.ndarray, g: np.ndarray) -> np.ndarray:
    f, g = np.asarray(f, U64), np.asarray(g, U64)
    fa, fb = f & LOW32, f >> np.uint64(32)
    ga, gb = g & LOW32, g >> np.uint64(32)
    a = (ga * fa) & LOW32
    b = (ga * fb + gb) & LOW32
    return np.asarray(a | (b << np.uint64(32)), dtype=U64)


def affine_element(a: int, b: int) -> int:
    """The map x -> a*x + b (mod 2^32) as one word."""
    return (a & 0xFFFFFFFF) | ((b & 0xFFFFFFFF) << 32)


def affine_monoid() -> Monoid:
    def draw(rng: np.random.Generator, n: int) -> np.ndarray:
        a = rng.integers(0, 2**32, size=n, dtype=np.uint64)
        b = rng.integers(0, 2**32, size=n, dtype=np.uint64)
        return a | (b << np.uint64(32))

    def fmt(v: object) -> str:
        code = int(np.asarray(v))
        return f"x->{code & 0xFFFFFFFF}x+{code >> 32}"

    return Monoid(
        name="affine", dtype=U64, cl_source=cl_snippet("affine"), op=_affine_then,
        identity=np.asarray(affine_element(1, 0), U64), commutative=False,
        description="affine maps x -> ax+b mod 2^32 under composition",
        random_input=draw, formatter=fmt)
