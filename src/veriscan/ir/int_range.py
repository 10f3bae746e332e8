"""The values an integer type of the IR holds: one definition for every engine and pass
that checks, clamps or widens by a type's range."""

from __future__ import annotations

from veriscan.ir.nodes import ScalarType


def value_range(t: ScalarType) -> tuple[int, int]:
    """The smallest and largest value of integer (or bool) type ``t``."""
    low = -(1 << (t.bits - 1)) if t.signed else 0
    return low, low + (1 << t.bits) - 1
