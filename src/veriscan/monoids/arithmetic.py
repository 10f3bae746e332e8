"""The everyday monoids: +, *, max, min and the bitwise ones over numeric dtypes.

All are commutative, so they catch wrong sums but not swapped operands; the
non-commutative monoids in :mod:`veriscan.monoids.structured` cover that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from veriscan.errors import VeriscanError
from veriscan.monoids.base import Monoid
from veriscan.monoids.cltypes import FP64_PRAGMA, needs_fp64, scalar_name

DTYPES = {"int32": np.int32, "int64": np.int64, "uint32": np.uint32,
          "float32": np.float32, "float64": np.float64}


@dataclass(frozen=True)
class _Op:
    expr: str                                # OpenCL C body of OPERATOR(a, b)
    host: Callable[[np.ndarray, np.ndarray], np.ndarray]
    identity: Callable[[np.dtype], tuple[object, str]]  # host value, C spelling
    integer_only: bool = False
    # Over integers: the body of an inline function of (a, b) to use instead of ``expr``.
    # PoCL compiles its integer max/min built-ins to a library call per element, which
    # keeps a reduction from vectorising (9x slower than this select at 2^24, measured
    # with the runs kernels); a function, unlike a macro, evaluates each argument once.
    integer_body: str | None = None


def _zero(dtype: np.dtype) -> tuple[object, str]:
    return 0, f"(({scalar_name(dtype)})0)"


def _one(dtype: np.dtype) -> tuple[object, str]:
    return 1, f"(({scalar_name(dtype)})1)"


def _lowest(dtype: np.dtype) -> tuple[object, str]:
    if np.issubdtype(dtype, np.floating):
        return -np.inf, f"(({scalar_name(dtype)})(-INFINITY))"
    low = int(np.iinfo(dtype).min)
    return low, f"(({scalar_name(dtype)}){_c_int(low, dtype)})"


def _highest(dtype: np.dtype) -> tuple[object, str]:
    if np.issubdtype(dtype, np.floating):
        return np.inf, f"(({scalar_name(dtype)})INFINITY)"
    high = int(np.iinfo(dtype).max)
    return high, f"(({scalar_name(dtype)}){_c_int(high, dtype)})"


def _all_ones(dtype: np.dtype) -> tuple[object, str]:
    return (-1 if np.issubdtype(dtype, np.signedinteger) else int(np.iinfo(dtype).max),
            f"(({scalar_name(dtype)})~(({scalar_name(dtype)})0))")


def _c_int(value: int, dtype: np.dtype) -> str:
    """An integer literal C reads with the right value (INT_MIN is not a literal)."""
    suffix = "UL" if not np.issubdtype(dtype, np.signedinteger) else "L"
    if value < 0:
        return f"(-{-(value + 1)}{suffix} - 1)"
    return f"{value}{suffix}"


OPS: dict[str, _Op] = {
    "add": _Op("((a) + (b))", np.add, _zero),
    "mul": _Op("((a) * (b))", np.multiply, _one),
    "max": _Op("max((a), (b))", np.maximum, _lowest, integer_body="a >= b ? a : b"),
    "min": _Op("min((a), (b))", np.minimum, _highest, integer_body="a <= b ? a : b"),
    "or": _Op("((a) | (b))", np.bitwise_or, _zero, integer_only=True),
    "and": _Op("((a) & (b))", np.bitwise_and, _all_ones, integer_only=True),
    "xor": _Op("((a) ^ (b))", np.bitwise_xor, _zero, integer_only=True),
}


def _random_for(name: str, dtype: np.dtype) -> Callable[[np.random.Generator, int], np.ndarray]:
    """Inputs whose scans stay meaningful: products must not all overflow to 0."""
    floating = np.issubdtype(dtype, np.floating)

    def draw(rng: np.random.Generator, n: int) -> np.ndarray:
        if name == "mul":
            if floating:
                return rng.uniform(0.99, 1.01, size=n).astype(dtype)
            factors = [1, 1, 3] if np.issubdtype(dtype, np.unsignedinteger) else [-1, 1, 1, 3]
            return rng.choice(np.array(factors, dtype=dtype), size=n)
        if name in ("or", "and", "xor"):
            return rng.integers(0, 2**31 - 1, size=n).astype(dtype)
        if floating:
            return rng.uniform(-1.0, 1.0, size=n).astype(dtype)
        low = 0 if np.issubdtype(dtype, np.unsignedinteger) else -1000
        return rng.integers(low, 1000, size=n).astype(dtype)

    return draw


def arithmetic_monoid(name: str, dtype: object = None) -> Monoid:
    if name not in OPS:
        raise VeriscanError(f"unknown arithmetic operator '{name}'")
    try:
        dt = np.dtype(DTYPES.get(str(dtype), dtype) if dtype is not None else np.int32)
    except TypeError:
        raise VeriscanError(f"unknown dtype '{dtype}'") from None
    if dt.newbyteorder("=") not in {np.dtype(d) for d in DTYPES.values()}:
        raise VeriscanError(f"operator '{name}' supports dtypes {', '.join(DTYPES)}; got {dt}")
    op = OPS[name]
    floating = np.issubdtype(dt, np.floating)
    if op.integer_only and floating:
        raise VeriscanError(f"bitwise operator '{name}' needs an integer dtype, not {dt}")
    identity, c_identity = op.identity(dt)
    c_type = scalar_name(dt)
    expr, helper = op.expr, ""
    if op.integer_body is not None and not floating:
        helper = (f"inline {c_type} vs_int_{name}({c_type} a, {c_type} b) "
                  f"{{ return {op.integer_body}; }}\n")
        expr = f"vs_int_{name}((a), (b))"
    source = ((FP64_PRAGMA if needs_fp64(dt) else "")
              + f"#define TYPE {c_type}\n{helper}#define OPERATOR(a, b) {expr}\n"
              f"#define IDENTITY {c_identity}\n")
    inexact = floating and name in ("add", "mul")
    return Monoid(
        name=f"{name}:{dt.name}", dtype=dt, cl_source=source,
        op=lambda a, b, f=op.host, t=dt: np.asarray(f(a, b), dtype=t),
        identity=np.asarray(identity, dtype=dt), commutative=True, exact=not inexact,
        description=f"{name} over {dt.name}", random_input=_random_for(name, dt),
        rtol=1e-4 if inexact else 0.0, atol=1e-3 if inexact else 0.0,
        chain_bound=name in ("add", "mul"))
