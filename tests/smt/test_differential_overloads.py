"""Differential test: what the SMT encoding takes for equal, the device computes equal.

Built-ins the model does not compute (``mad_hi``, ``isinf``, ``exp``, ``as_int``
...) are uninterpreted functions, and conversions between floating types
functions of their own: the encoding knows nothing of their values, only that
one function of equal arguments gives equal results.  That knowledge is sound
only if two calls share a function when they are the same C function: the
``int`` and ``uint`` overloads of ``mad_hi``, ``exp`` on a float and on a double,
or a double and the same double narrowed to a float and back, are not.

Hundreds of pairs of integer-valued expressions over overloaded built-ins on
mixed types (the same built-in on an ``int`` and a ``uint``, on a float and a
double, the same value reached through conversions or not) go into one OpenCL
C kernel, through the real front end and the real expression encoder.  Wherever
Z3 proves the encodings of a pair equal for every input, the device must give
equal values for each work-item's inputs (edge values: overflowing, subnormal,
signed zeros, NaN, infinities).  The pairs also include identical expressions, so
the encoder must keep proving some pairs equal.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import z3

from veriscan.device.opencl import Runtime
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.smt.encode import ExprEncoder, convert
from veriscan.smt.symbols import SymbolTable, sort_of
from veriscan.smt.threads import Launch, ThreadIds

PAIRS = 300
ITEMS = 8
SEED = 20261127

# Floating values of each type, some reached through conversions.
FLOATS = ["x0", "x1", "(float)d0", "(float)(double)x0", "exp(x0)", "(float)exp((double)x0)",
          "sqrt(x1)", "(float)sqrt((double)x1)", "(float)1e300", "3.0e38f", "(float)3.0e38",
          "0.1f", "(float)0.1", "fmin(x0, x1)", "(float)fmin((double)x0, (double)x1)",
          "log(exp(x0))", "(float)log(exp((double)x0))", "exp((float)d1)", "(float)d1"]
DOUBLES = ["d0", "d1", "(double)x0", "exp(d0)", "exp((double)x0)", "1e300", "(double)3.0e38f",
           "(double)(float)d0", "0.1", "(double)0.1f", "sqrt(d1)", "log(exp((double)x0))",
           "(double)(float)d1", "(double)exp(x0)"]
# Integer-valued functions of one floating value, by the types they take.
FLOAT_TESTS = ["isinf", "isnan", "isfinite", "signbit", "ilogb", "isnormal"]
# Integer values of each type, and the overloaded integer built-ins on them.
INTS = {"int": ["i0", "i1", "(int)u0", "-1", "0x7FFFFFFF"],
        "uint": ["u0", "(uint)i0", "(uint)i1", "0xFFFFFFFFu", "0x7FFFFFFFu", "2u"],
        "long": ["l0", "(long)i0", "-1L"],
        "ulong": ["(ulong)l0", "(ulong)u0", "0xFFFFFFFFFFFFFFFFul"]}
INT_BUILTINS = {"mad_hi": 3, "mad_sat": 3, "popcount": 1, "clz": 1}

FLOAT_INPUTS = [100.0, 1e-40, -0.0, float("nan"), float("inf"), 0.1, 3e38, -4.0, 1.0, 88.7]
DOUBLE_INPUTS = [1e300, 1e-320, 0.1, -0.0, float("nan"), 3.5e38, -1e300, 2.0, 1e-40, 7.0]
INT_INPUTS = [-1, 0, 1, 0x7FFFFFFF, -0x80000000, 3, 0x40000000, -2]
LONG_INPUTS = [-1, 0, 1, 2**63 - 1, -2**63, 3, 2**62, -2]

HEADER = """#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void pairs(__global const float *xs, __global const double *ds,
                    __global const int *is, __global const long *ls, __global long *out)
{
    size_t w = get_local_id(0);
    float x0 = xs[2 * w], x1 = xs[2 * w + 1];
    double d0 = ds[2 * w], d1 = ds[2 * w + 1];
    int i0 = is[2 * w], i1 = is[2 * w + 1];
    uint u0 = (uint)is[2 * w + 1] * 3u;
    long l0 = ls[w];
"""


def _float_test(rng: random.Random) -> tuple[str, str]:
    """``isinf(...)`` on a float or a double, twice: often the same value reached
    another way, sometimes the very same text."""
    name = rng.choice(FLOAT_TESTS)
    pool = FLOATS + DOUBLES

    def one() -> str:
        return f"{name}({rng.choice(pool)})"
    first = one()
    return first, first if rng.random() < 0.2 else one()


def _bits(rng: random.Random) -> tuple[str, str]:
    """The bits of a float or a double: ``as_int`` and ``as_long`` (its high half)."""
    def one() -> str:
        if rng.random() < 0.5:
            return f"as_int({rng.choice(FLOATS)})"
        return f"(int)(as_long({rng.choice(DOUBLES)}) >> 32)"
    first = one()
    return first, first if rng.random() < 0.2 else one()


def _int_builtin(rng: random.Random) -> tuple[str, str]:
    """An integer built-in on one type and on another of the same width (or the same
    type), the results compared as ``long``."""
    name = rng.choice(sorted(INT_BUILTINS))
    width = rng.choice([("int", "uint"), ("long", "ulong")])

    def one(t: str, operands: list[str]) -> str:
        args = ", ".join(f"({t})({a})" for a in operands)
        return f"(long)({name}({args}))"
    operands = [rng.choice(INTS[rng.choice(width)]) for _ in range(INT_BUILTINS[name])]
    t1, t2 = rng.choice(width), rng.choice(width)
    return one(t1, operands), one(t2, operands)


def _pairs(rng: random.Random) -> list[tuple[str, str]]:
    makers = [_float_test, _bits, _int_builtin]
    return [rng.choice(makers)(rng) for _ in range(PAIRS)]


def _source(pairs: list[tuple[str, str]]) -> str:
    lines = [f"    out[w * {2 * PAIRS} + {2 * k + j}] = (long)({e});"
             for k, pair in enumerate(pairs) for j, e in enumerate(pair)]
    return HEADER + "\n".join(lines) + "\n}\n"


class SymbolicRun:
    """The straight-line IR of the test kernel through the expression encoder, every
    input cell an exact symbol of its own: the stored values are terms over them."""

    def __init__(self, kernel: ir.Kernel):
        self.kernel = kernel
        zero = z3.BitVecVal(0, 64)
        ids = ThreadIds((z3.BitVecVal(0, 64), zero, zero), (zero, zero, zero))
        self.enc = ExprEncoder(Launch((ITEMS,)), ids, SymbolTable(), {}, lambda name: None,
                               kernel.var_types)
        self.stored: dict[int, z3.ExprRef] = {}

    def index(self, e: ir.Expr) -> int:
        value = z3.simplify(self.enc.eval(e))
        assert z3.is_bv_value(value), f"{e} is not a constant index"
        return value.as_long()  # type: ignore[attr-defined]

    def run(self) -> None:
        for s in self.kernel.body:
            if isinstance(s, ir.Assign):
                declared = self.kernel.var_types.get(s.target, s.value.type)
                self.enc.env[s.target] = convert(self.enc.eval(s.value), s.value.type,
                                                 declared, self.enc.symbols)
            elif isinstance(s, ir.Load):
                elem = self.kernel.element_type(s.array)
                cell = z3.Const(f"{s.array}[{self.index(s.index)}]", sort_of(elem))
                declared = self.kernel.var_types.get(s.target, elem)
                self.enc.env[s.target] = convert(cell, elem, declared, self.enc.symbols)
            elif isinstance(s, ir.Store):
                self.stored[self.index(s.index)] = self.enc.typed(
                    s.value, self.kernel.element_type(s.array))
            else:
                raise AssertionError(f"unexpected statement in the test kernel: {s}")


def _proved_equal(a: z3.ExprRef, b: z3.ExprRef) -> bool:
    solver = z3.Solver()
    solver.set("timeout", 5000)
    solver.add(a != b)
    return solver.check() == z3.unsat


def test_pairs_proved_equal_are_equal_on_the_device(runtime: Runtime, tmp_path: Path) -> None:
    rng = random.Random(SEED)
    pairs = _pairs(rng)
    source = _source(pairs)
    path = tmp_path / "pairs.cl"
    path.write_text(source)
    run = SymbolicRun(parse_kernel(path))
    run.run()
    claimed = [_proved_equal(run.stored[2 * k], run.stored[2 * k + 1]) for k in range(PAIRS)]

    xs = np.array([rng.choice(FLOAT_INPUTS) for _ in range(2 * ITEMS)], dtype=np.float32)
    xs[:len(FLOAT_INPUTS)] = FLOAT_INPUTS[:2 * ITEMS]  # every edge value at least once
    ds = np.array([rng.choice(DOUBLE_INPUTS) for _ in range(2 * ITEMS)], dtype=np.float64)
    ds[:len(DOUBLE_INPUTS)] = DOUBLE_INPUTS[:2 * ITEMS]
    is_ = np.array([rng.choice(INT_INPUTS) for _ in range(2 * ITEMS)], dtype=np.int32)
    ls = np.array(LONG_INPUTS, dtype=np.int64)
    program = runtime.build(source, origin=str(path))
    out = runtime.empty(ITEMS * 2 * PAIRS * 8)
    program.pairs(runtime.queue, (ITEMS,), (ITEMS,), *(runtime.to_device(a) for a in (
        xs, ds, is_, ls)), out)
    device = runtime.to_host(out, (ITEMS, PAIRS, 2), np.dtype(np.int64))

    differ = [any(device[w, k, 0] != device[w, k, 1] for w in range(ITEMS))
              for k in range(PAIRS)]
    wrong = [f"{a}  vs  {b}" for (a, b), c, d in zip(pairs, claimed, differ, strict=True)
             if c and d]
    print(f"differential overloads: {PAIRS} pairs, {sum(claimed)} proved equal, "
          f"{sum(differ)} different on the device")
    assert not wrong, (f"{len(wrong)} pairs proved equal differ on the device:\n"
                       + "\n".join(wrong[:15]))
    assert sum(claimed) >= PAIRS // 10  # identical expressions are still proved equal
    assert sum(differ) >= PAIRS // 5  # the generator does reach different overloads
