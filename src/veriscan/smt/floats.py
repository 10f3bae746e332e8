"""Floating values in the uninterpreted sort: which C type a term belongs to, and
the conversions between floating types the model can follow exactly.

Floats, doubles and halves all live in one sort (:data:`.symbols.VALUE`), so the
sort says nothing about the C type of a value.  Whatever gives a value a meaning
that depends on that type must say the type itself: an uninterpreted function is
named by the C types of its arguments and result (:func:`type_key`), and a
conversion between two floating types is a function of its own per pair of
types, never the identity (``(float)1e300`` is infinity, the double is not).

A floating literal is the constant ``literal <value>``: the number itself, the
same term whatever the literal's type, since a float, a double and a half of
one value are one number.  Only numbers the device cannot change qualify: a
NaN (whose bits the literal's value does not keep) is no literal, and a
conversion of a literal is worked out only where neither side is subnormal (a
device may flush subnormals to zero).
"""

from __future__ import annotations

import math
import struct

import z3

from veriscan.ir import nodes as ir

# struct's formats of the floating types, by width; a double needs none.
_FORMATS = {16: "e", 32: "f"}
# The smallest positive normal number of each floating type, by width.
_SMALLEST_NORMAL = {16: 2.0 ** -14, 32: 2.0 ** -126, 64: 2.0 ** -1022}


def type_key(t: ir.ScalarType) -> str:
    """The C type ``t`` as a key of identity: width and signedness for an integer
    (``i32``, ``u8``), width for a floating type (``f64``), never a typedef's name."""
    if t.kind is ir.TypeKind.INT:
        return f"{'i' if t.signed else 'u'}{t.bits}"
    if t.kind is ir.TypeKind.FLOAT:
        return f"f{t.bits}"
    if t.kind is ir.TypeKind.BOOL:
        return "bool"
    if t.kind is ir.TypeKind.GENERIC:
        return "TYPE"
    return f"other {t.name}"


def rounded(value: float, bits: int) -> float | None:
    """``value`` converted to the floating type of width ``bits`` by rounding to
    nearest, ties to even (C's and OpenCL's default), overflowing to infinity; None
    for a NaN or a width the model does not know."""
    if math.isnan(value) or bits not in (*_FORMATS, 64):
        return None
    if bits == 64 or math.isinf(value):
        return value
    try:
        return struct.unpack(_FORMATS[bits], struct.pack(_FORMATS[bits], value))[0]
    except OverflowError:  # rounds past the largest finite value
        return math.copysign(math.inf, value)


def literal_conversion(value: float, src: ir.ScalarType, dst: ir.ScalarType) -> float | None:
    """The value of the literal ``value`` of floating type ``src`` converted to the
    floating type ``dst``, when every device gives the same: None where either side
    is subnormal (flushing to zero is allowed) or not a number."""
    if rounded(value, src.bits) != value:  # not a value of ``src`` (or a NaN)
        return None
    result = rounded(value, dst.bits)
    if result is None or _subnormal(value, src.bits) or _subnormal(result, dst.bits):
        return None
    return result


def _subnormal(value: float, bits: int) -> bool:
    return value != 0 and math.isfinite(value) and abs(value) < _SMALLEST_NORMAL[bits]


LITERAL = "literal "  # the name of a floating literal's constant, before its number


def literal_term(value: float, sort: z3.SortRef) -> z3.ExprRef:
    """The constant a floating literal of the number ``value`` is, in ``sort`` (each
    engine's sort for opaque values)."""
    return z3.Const(f"{LITERAL}{value!r}", sort)


def literal_number(term: z3.ExprRef, sort: z3.SortRef) -> float | None:
    """The number a floating literal's constant stands for, else None."""
    if not z3.is_const(term) or term.sort() != sort or z3.is_int_value(term) \
            or z3.is_bv_value(term):
        return None
    name = term.decl().name()
    if not name.startswith(LITERAL):
        return None
    try:
        return float(name[len(LITERAL):])
    except ValueError:  # not a number (a literal of another opaque type)
        return None
