"""NumPy's rules for the library's built-in operators: accumulator types, NaN, small dtypes.

A user replacing ``np.cumsum(a)`` by ``veriscan.scan(a)`` must get the same
array, dtype included, so the rules come from NumPy itself rather than from a
table kept here: the accumulator type is whatever ``np.cumsum`` /
``np.cumprod`` / ``ufunc.accumulate`` gives on an empty array of the input's
dtype (int32 ``+`` widens to the platform integer, max keeps the dtype,
bitwise operators on floats raise NumPy's ``TypeError``).  Float ``max``/``min``
propagate NaN as ``numpy.maximum``/``minimum`` do; ``fmax``/``fmin`` ignore
it.  The device operators live in ``kernels/library/operators/numpy_ops.cl``.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from veriscan.errors import ArrayTypeError
from veriscan.library.launch import LIBRARY_KERNELS
from veriscan.monoids.arithmetic import DTYPES, arithmetic_monoid
from veriscan.monoids.base import Monoid
from veriscan.monoids.cltypes import FP64_PRAGMA, scalar_name

UFUNCS: dict[str, np.ufunc] = {
    "add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum,
    "fmax": np.fmax, "fmin": np.fmin, "or": np.bitwise_or, "and": np.bitwise_and,
    "xor": np.bitwise_xor,
}
# The NumPy function whose default accumulator a user compares with.
_DEFAULT_FROM = {"add": np.cumsum, "mul": np.cumprod}
SUPPORTED = tuple(np.dtype(d) for d in (
    np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
    np.uint64, np.float16, np.float32, np.float64))
_FLOATING_OPS_ON_ARITHMETIC = ("add", "mul")  # monoids/arithmetic.py's float max is not NaN-safe
OPERATORS_FILE = LIBRARY_KERNELS / "operators" / "numpy_ops.cl"


def is_numpy_op(op: object) -> bool:
    return isinstance(op, str) and (op in UFUNCS or op.strip().lower() in UFUNCS)


@cache
def accumulator_dtype(op: str, dtype: np.dtype) -> np.dtype:
    """The dtype NumPy's scan of ``dtype`` under ``op`` produces (its TypeError if none)."""
    empty = np.zeros(0, dtype)
    default = _DEFAULT_FROM.get(op)
    if default is not None:
        return default(empty).dtype
    return UFUNCS[op].accumulate(empty).dtype


def check_supported(dtype: np.dtype, name: str) -> None:
    if np.dtype(dtype).newbyteorder("=") not in SUPPORTED:
        raise ArrayTypeError(f"{name} has dtype {dtype}; the built-in operators support "
                            + ", ".join(str(d) for d in SUPPORTED))


@cache
def numpy_monoid(op: str, dtype: np.dtype) -> Monoid:
    """The monoid ``op`` over ``dtype`` that agrees with NumPy's ufunc, NaN and wrapping
    included.  Plain cases come from :mod:`veriscan.monoids.arithmetic`."""
    dt = np.dtype(dtype).newbyteorder("=")
    check_supported(dt, "the accumulator")
    floating = np.issubdtype(dt, np.floating)
    integer_or_bitwise = not floating and op not in ("fmax", "fmin")
    if dt in {np.dtype(d) for d in DTYPES.values()} and (
            integer_or_bitwise or op in _FLOATING_OPS_ON_ARITHMETIC):
        return arithmetic_monoid(op, dt)
    ufunc = UFUNCS[op]
    identity = _identity(op, dt)
    if dt == np.float16:
        c_type, kind = "ushort", "VS_HALF"
    elif dt == np.bool_:
        c_type, kind = "uchar", "VS_BOOL"
    else:
        c_type, kind = scalar_name(dt), "VS_FLOAT" if floating else "VS_INT"
    source = ((FP64_PRAGMA if dt == np.float64 else "")
              + f"#define TYPE {c_type}\n#define {kind} 1\n" + OPERATORS_FILE.read_text()
              + f"#define OPERATOR(a, b) vs_{op}((a), (b))\n"
              + f"#define IDENTITY {_bits_literal(identity, c_type)}\n")
    inexact = floating and op in ("add", "mul")
    return Monoid(name=f"{op}:{dt.name}", dtype=dt, cl_source=source,
                  op=lambda a, b, f=ufunc, t=dt: np.asarray(f(a, b), dtype=t),
                  identity=identity, commutative=True, exact=not inexact,
                  description=f"numpy.{ufunc.__name__} over {dt.name}",
                  rtol=1e-2 if inexact else 0.0, atol=1e-2 if inexact else 0.0)


def _identity(op: str, dt: np.dtype) -> np.ndarray:
    floating = np.issubdtype(dt, np.floating)
    if op in ("fmax", "fmin") and floating:
        return np.asarray(np.nan, dt)  # fmax(NaN, x) = x for every x, NaN included
    if op in ("max", "fmax"):
        return np.asarray(-np.inf if floating else _bound(dt, low=True), dt)
    if op in ("min", "fmin"):
        return np.asarray(np.inf if floating else _bound(dt, low=False), dt)
    if op == "and":  # all bits set (True for bool)
        return np.asarray(True) if dt == np.bool_ else np.asarray(-1).astype(dt)
    return np.asarray(UFUNCS[op].identity, dt)


def _bound(dt: np.dtype, low: bool) -> object:
    if dt == np.bool_:
        return not low
    info = np.iinfo(dt)
    return info.min if low else info.max


def _bits_literal(value: np.ndarray, c_type: str) -> str:
    """``value`` spelled exactly: its bit pattern, reinterpreted as ``c_type``."""
    size = value.dtype.itemsize
    bits = int(value.reshape(1).view(f"u{size}")[0])
    unsigned = {1: "uchar", 2: "ushort", 4: "uint", 8: "ulong"}[size]
    suffix = "UL" if size == 8 else "U"
    return f"(as_{c_type}(({unsigned}){bits:#x}{suffix}))"
