"""Monoids a generic scan can be instantiated with, by name.

``get_monoid("add", "float32")``, ``get_monoid("affine")``,
``interval_monoid(n)`` for the verification monoid, ``user_monoid(...)`` for
an operator given as OpenCL C.
"""

from __future__ import annotations

from collections.abc import Callable

from veriscan.errors import VeriscanError
from veriscan.monoids.arithmetic import DTYPES, OPS, arithmetic_monoid
from veriscan.monoids.base import Monoid
from veriscan.monoids.baselines import f1_monoid, f2_monoid, list_monoid
from veriscan.monoids.interval import interval_monoid
from veriscan.monoids.structured import affine_monoid, carry_monoid, fsm_monoid
from veriscan.monoids.user import user_monoid

# Monoids that take no dtype, by name.
FIXED: dict[str, Callable[[], Monoid]] = {
    "carry": carry_monoid, "fsm": fsm_monoid, "affine": affine_monoid,
    "f1": f1_monoid, "f2": f2_monoid, "interval": interval_monoid,
}


def monoid_names() -> list[str]:
    return [*OPS, *FIXED]


def get_monoid(op: str | Monoid, dtype: object = None) -> Monoid:
    """The monoid named ``op`` (a :class:`Monoid` is returned unchanged).

    Arithmetic names take a dtype (``int32`` default; ``int64``, ``uint32``,
    ``float32``, ``float64``); the others have a fixed element type and
    reject one.
    """
    if isinstance(op, Monoid):
        return op
    name = op.strip().lower()
    if name in OPS:
        return arithmetic_monoid(name, dtype)
    if name in FIXED:
        if dtype is not None:
            raise VeriscanError(f"monoid '{name}' has a fixed element type; do not pass a dtype")
        return FIXED[name]()
    raise VeriscanError(f"unknown monoid '{op}'; known: {', '.join(monoid_names())} "
                        f"(dtypes for arithmetic ones: {', '.join(DTYPES)})")


__all__ = ["Monoid", "get_monoid", "interval_monoid", "list_monoid", "monoid_names",
           "user_monoid"]
