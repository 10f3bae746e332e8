"""Uninterpreted functions are C functions: an overload is its own function, and a
conversion between floating types is a function of its own, never the identity.

The race, divergence and bounds proofs may rest on "one function of equal
arguments gives equal results".  That holds for one C function, not for two
built-ins of one name (``mad_hi`` on an ``int`` and on a ``uint``, ``exp`` on a
float and on a double) nor for a double and the float it converts to (``1e300``
is not infinity, ``(float)1e300`` is).  The attacks are in
tests/adversarial/class10; here, the pieces, and a correct kernel that still
verifies.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import z3

from veriscan.check import check_kernel
from veriscan.errors import SourcePos
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import expr_children
from veriscan.smt.encode import ExprEncoder, convert
from veriscan.smt.floats import literal_conversion, rounded, type_key
from veriscan.smt.symbols import VALUE, SymbolTable
from veriscan.smt.threads import Launch, ThreadIds
from veriscan.verdict import Status

KERNELS = Path(__file__).parent / "kernels"
ATTACKS = Path(__file__).parents[1] / "adversarial" / "class10"
FLOAT = ir.ScalarType(ir.TypeKind.FLOAT, 32, True, "float")
REAL = ir.ScalarType(ir.TypeKind.FLOAT, 32, True, "real")  # a typedef of float
DOUBLE = ir.ScalarType(ir.TypeKind.FLOAT, 64, True, "double")
HALF = ir.ScalarType(ir.TypeKind.FLOAT, 16, True, "half")
USHORT = ir.ScalarType(ir.TypeKind.INT, 16, False, "ushort")
SHORT = ir.ScalarType(ir.TypeKind.INT, 16, True, "short")
POS = SourcePos("test.cl", 1)


def _opaque_names(kernel: ir.Kernel) -> set[str]:
    names: set[str] = set()

    def walk(e: ir.Expr) -> None:
        if isinstance(e, ir.Opaque):
            names.add(e.name)
        for child in expr_children(e):
            walk(child)
    for s in kernel.body:
        for value in vars(s).values():
            if isinstance(value, ir.Expr):
                walk(value)
    return names


def _encoder(undefined=None) -> ExprEncoder:
    zero = z3.BitVecVal(0, 64)
    ids = ThreadIds((zero, zero, zero), (zero, zero, zero))
    return ExprEncoder(Launch((1,)), ids, SymbolTable(), {}, lambda name: None, {},
                       undefined=undefined)


def _same(a: z3.ExprRef, b: z3.ExprRef) -> bool:
    """Whether the encoding proves ``a == b`` whatever its free symbols are."""
    solver = z3.Solver()
    solver.add(a != b)
    return solver.check() == z3.unsat


def test_a_correct_kernel_calling_each_overload_twice_still_verifies():
    v = check_kernel(KERNELS / "overloads_consistent.cl", launch=Launch((8,)),
                     array_sizes={"a": 8, "in": 1, "din": 1})
    assert v.status is Status.VERIFIED, v.summary


@pytest.mark.parametrize("kernel,sizes", [
    ("mad_hi_int_uint_guard.cl", {"a": 8}), ("mad_sat_int_uint_race.cl", {"a": 16}),
    ("double_narrowed_round_trip.cl", {"a": 16, "in": 1}),
    ("exp_float2_double2_lanes.cl", {"a": 8, "in": 1})])
def test_the_attacks_are_not_verified(kernel: str, sizes: dict[str, int]):
    v = check_kernel(ATTACKS / kernel, launch=Launch((8,)), array_sizes=sizes)
    assert v.status is not Status.VERIFIED, v.summary


def test_an_overloaded_builtin_is_named_by_its_whole_signature():
    names = _opaque_names(parse_kernel(ATTACKS / "mad_hi_int_uint_guard.cl"))
    assert names == {"mad_hi(int, int, int) -> int",
                     "mad_hi(unsigned int, unsigned int, unsigned int) -> unsigned int"}
    names = _opaque_names(parse_kernel(ATTACKS / "exp_float_double_divergence.cl"))
    assert {"exp(float) -> float", "exp(double) -> double", "isinf(float) -> int",
            "isinf(double) -> int"} <= names


def test_vector_lanes_are_named_by_the_vector_overload_and_the_lane():
    names = _opaque_names(parse_kernel(ATTACKS / "exp_float2_double2_lanes.cl"))
    float2 = "float __attribute__((ext_vector_type(2)))"
    double2 = "double __attribute__((ext_vector_type(2)))"
    assert f"exp({float2}) -> {float2} lane 0" in names
    assert f"exp({double2}) -> {double2} lane 1" in names


def test_opaque_functions_differ_by_the_c_types_of_arguments_and_result():
    enc = _encoder()
    x = ir.Var(POS, ir.INT, "x")
    enc.env["x"] = z3.BitVec("x", 32)
    signed = enc.eval(ir.Opaque(POS, ir.INT, "f", (x,)))
    unsigned = enc.eval(ir.Opaque(POS, ir.UINT, "f", (ir.Cast(POS, ir.UINT, x),)))
    again = enc.eval(ir.Opaque(POS, ir.INT, "f", (x,)))
    assert not _same(signed, unsigned)  # one bit-vector sort, two C functions
    assert _same(signed, again)
    v = ir.Var(POS, FLOAT, "v")
    enc.env["v"] = z3.Const("v", VALUE)
    narrow = enc.eval(ir.Opaque(POS, ir.INT, "g", (v,)))
    wide = enc.eval(ir.Opaque(POS, ir.INT, "g", (ir.Var(POS, DOUBLE, "v"),)))
    assert not _same(narrow, wide)


def test_a_conversion_between_floating_types_is_never_the_identity():
    symbols = SymbolTable()
    v = z3.Const("v", VALUE)
    for src, dst in ((DOUBLE, FLOAT), (FLOAT, DOUBLE), (FLOAT, HALF), (HALF, DOUBLE)):
        converted = convert(v, src, dst, symbols)
        assert not _same(converted, v), (src, dst)
        assert _same(converted, convert(v, src, dst, symbols))  # but a function
    round_trip = convert(convert(v, DOUBLE, FLOAT, symbols), FLOAT, DOUBLE, symbols)
    assert not _same(round_trip, v)
    assert convert(v, FLOAT, REAL, symbols).eq(v)  # one type under two names
    assert not _same(convert(v, DOUBLE, FLOAT, symbols), convert(v, DOUBLE, HALF, symbols))


def test_floating_literals_convert_to_the_number_the_device_gets():
    enc = _encoder()
    big = enc.eval(ir.Const(POS, DOUBLE, 1e300))
    inf = enc.eval(ir.Const(POS, FLOAT, math.inf))
    narrowed = convert(big, DOUBLE, FLOAT, enc.symbols)
    assert narrowed.eq(inf)
    assert not _same(convert(narrowed, FLOAT, DOUBLE, enc.symbols), big)
    half_float = enc.eval(ir.Const(POS, FLOAT, 0.5))
    assert convert(enc.eval(ir.Const(POS, DOUBLE, 0.5)), DOUBLE, FLOAT, enc.symbols).eq(
        half_float)
    # 0.1 as a float is not 0.1: the literal holds the float's own value
    assert not enc.eval(ir.Const(POS, FLOAT, 0.1)).eq(enc.eval(ir.Const(POS, DOUBLE, 0.1)))
    assert rounded(65520.0, 16) == math.inf and rounded(65504.0, 16) == 65504.0
    assert rounded(3.5e38, 32) == math.inf and rounded(-3.5e38, 32) == -math.inf
    # a subnormal on either side may be flushed to zero by the device: not worked out
    assert literal_conversion(1e-40, DOUBLE, FLOAT) is None
    assert literal_conversion(1e-40, FLOAT, DOUBLE) is None
    assert literal_conversion(1e-300, DOUBLE, FLOAT) == 0.0  # too small for a subnormal
    assert math.copysign(1, literal_conversion(-1e-300, DOUBLE, FLOAT)) == -1  # -0.0
    assert literal_conversion(0.1, DOUBLE, FLOAT) == rounded(0.1, 32)


def test_nan_constants_are_not_one_shared_literal():
    enc = _encoder()
    nan = ir.Const(POS, FLOAT, math.nan)
    a, b = enc.eval(nan), enc.eval(ir.UnOp(POS, FLOAT, "-", nan))
    assert not _same(a, b)  # NAN and -NAN differ in their sign bit
    assert not _same(enc.eval(nan), enc.eval(nan))


def test_type_keys_say_signedness_and_width_not_names():
    assert type_key(ir.INT) == "i32" and type_key(ir.UINT) == "u32"
    assert type_key(FLOAT) == type_key(REAL) == "f32" != type_key(DOUBLE)
    assert type_key(USHORT) == "u16" != type_key(SHORT)


def test_vector_lanes_compute_in_their_own_type():
    """OpenCL C does not promote vector components: a ``ushort`` lane product wraps in
    16 bits, and a ``short`` lane can overflow (undefined), unlike ``int`` arithmetic."""
    flagged: list[str] = []
    enc = _encoder(lambda cond, e, what, operands: flagged.append(what))
    big = ir.Const(POS, USHORT, 65535)
    product = z3.simplify(enc.eval(ir.BinOp(POS, USHORT, "*", big, big)))
    assert product.as_long() == 1 and not flagged  # type: ignore[attr-defined]
    top = ir.Const(POS, SHORT, 32767)
    enc.eval(ir.BinOp(POS, SHORT, "+", top, ir.Const(POS, SHORT, 1)))
    assert flagged == ["signed overflow in '+' (short)"]
    # a scalar's operands are promoted (clang's types say int): no overflow there
    flagged.clear()
    wide = ir.BinOp(POS, ir.INT, "*", ir.Cast(POS, ir.INT, big), ir.Cast(POS, ir.INT, big))
    enc.eval(wide)
    assert flagged == ["signed overflow in '*' (int)"]
