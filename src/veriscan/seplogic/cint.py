"""C's integer conversions on Z3 integers, for the spec checker's code evaluation.

The race checker (``veriscan.smt.encode``) computes with bit-vectors; the
permission accounting here quantifies over integer indices and solves linear
index equations, which bit-vectors would make far harder.  So values stay Z3
integers and are made to mean what the bit-vectors mean where the checker can
afford it: every wrap-around C defines (a conversion such as ``(uchar)i``,
unsigned arithmetic) is modulo ``2**bits`` exactly, two's complement for
signed types, as every OpenCL/CUDA device and the bit-vector encoding do;
what C leaves undefined is an obligation (:mod:`veriscan.seplogic.cexpr`).

The wrap is written ``If(fits, v, reduced)``: where the path shows the value
fits, the solver never looks at the modular branch.
"""

from __future__ import annotations

import z3

from veriscan.ir import nodes as n
from veriscan.ir.int_range import value_range

INT_BITS = 32


def bounds(t: n.ScalarType) -> tuple[int, int]:
    """The smallest and largest value of integer type ``t``."""
    if t.kind is n.TypeKind.BOOL:
        return 0, 1
    return value_range(t)


def fits(v: z3.ArithRef, t: n.ScalarType) -> z3.BoolRef:
    lo, hi = bounds(t)
    return z3.And(v >= lo, v <= hi)


def wrap(v: z3.ArithRef, t: n.ScalarType) -> z3.ArithRef:
    """``v`` reduced into ``t``'s range modulo ``2**bits`` (identity where it fits)."""
    lo, _ = bounds(t)
    if z3.is_int_value(v):
        return z3.IntVal((v.as_long() - lo) % (1 << t.bits) + lo)
    reduced = (v - lo) % (1 << t.bits) + lo  # Z3's % on Int is never negative
    return z3.If(fits(v, t), v, reduced)
