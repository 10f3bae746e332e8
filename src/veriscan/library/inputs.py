"""Checking what users hand to the library, before anything reaches a device.

Every public function funnels its arguments through here so that bad input
fails the same way everywhere: one :class:`~veriscan.errors.VeriscanError`
naming the argument and the problem.  Also resolves ``op`` to a monoid and
spot-checks user monoids, since a non-associative operator makes "scan"
meaningless and would otherwise produce plausible-looking garbage.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from veriscan.device.backend import is_cupy_array, is_device_array
from veriscan.errors import ArrayTypeError, ArrayValueError, VeriscanError
from veriscan.monoids import get_monoid
from veriscan.monoids.arithmetic import OPS as ARITHMETIC_OPS
from veriscan.monoids.base import Monoid
from veriscan.monoids.laws import check_laws

# Built-in monoids are trusted; user ones are checked once each (cached by source).
_LAWS_CHECKED: set[tuple[str, str]] = set()
_LAWS_LOCK = threading.Lock()
LAW_SAMPLES = 256


def as_array(x: Any, name: str, ndim: int) -> Any:
    """``x`` as a contiguous NumPy or a pyopencl array of ``ndim`` dimensions (lists are
    accepted)."""
    x = as_any_array(x, name)
    if isinstance(x, np.ndarray):
        x = np.ascontiguousarray(x)
    if x.ndim != ndim:
        raise ArrayValueError(f"{name} must be {ndim}-D, got shape {tuple(x.shape)}")
    return x


def as_any_array(x: Any, name: str) -> Any:
    """``x`` as a NumPy (any layout: views are not copied) or device array."""
    if not is_device_array(x) and not is_cupy_array(x):
        if x is None:
            raise VeriscanError(f"{name} is None; expected an array")
        try:
            x = np.asarray(x)
        except (TypeError, ValueError) as exc:
            raise ArrayValueError(f"{name} is not an array: {exc}") from None
        if x.dtype == object:
            raise ArrayTypeError(f"{name} has dtype object; expected a numeric or structured "
                                "dtype")
    return x


def resolve_monoid(op: str | Monoid, dtype: np.dtype, name: str = "x") -> Monoid:
    """The monoid for ``op`` over ``dtype``; user monoids must match the dtype and pass
    a spot check of associativity and identity on random elements."""
    if isinstance(op, Monoid):
        if op.dtype != dtype:
            raise VeriscanError(f"{name} has dtype {dtype}, but monoid '{op.name}' works on "
                                f"{op.dtype}; convert {name} with .astype()")
        _check_user_laws(op)
        return op
    if not isinstance(op, str):
        raise VeriscanError(f"op must be a monoid name or a Monoid (veriscan.monoids."
                            f"user_monoid), got {type(op).__name__}")
    # Arithmetic names take the array's dtype; the others (carry, fsm, affine, ...)
    # have their own element type, which the array must then have.
    monoid = get_monoid(op, dtype if op.strip().lower() in ARITHMETIC_OPS else None)
    if monoid.dtype != dtype:
        raise VeriscanError(f"monoid '{op}' works on {monoid.dtype}, but {name} has dtype "
                            f"{dtype}; convert {name} with .astype({monoid.dtype})")
    return monoid


def _check_user_laws(monoid: Monoid) -> None:
    key = (monoid.cl_source, str(monoid.dtype))
    with _LAWS_LOCK:
        if key in _LAWS_CHECKED:
            return
    try:
        broken = check_laws(monoid, samples=LAW_SAMPLES)
    except TypeError:
        raise VeriscanError(f"monoid '{monoid.name}' has no random_input, so its laws cannot be "
                            "spot-checked; build it with veriscan.monoids.user_monoid or give "
                            "it a random_input function") from None
    if broken:
        first = broken[0]
        raise VeriscanError(
            f"monoid '{monoid.name}' is not a monoid: {first.law} fails for "
            f"{', '.join(first.operands)} ({first.lhs} != {first.rhs}); a scan needs an "
            "associative operator with an identity")
    with _LAWS_LOCK:
        _LAWS_CHECKED.add(key)


def same_length(a: Any, b: Any, names: tuple[str, str]) -> None:
    if a.shape[0] != b.shape[0]:
        raise ArrayValueError(f"{names[0]} has {a.shape[0]} elements but {names[1]} has "
                            f"{b.shape[0]}; they must have the same length")


def flag_dtype(dtype: np.dtype, name: str = "flags") -> np.dtype:
    """Flags are bool or integers that must be 0/1 (checked on the device)."""
    if dtype == np.bool_ or np.issubdtype(dtype, np.integer):
        return dtype
    raise ArrayTypeError(f"{name} has dtype {dtype}; expected bool or integer 0/1 flags")
