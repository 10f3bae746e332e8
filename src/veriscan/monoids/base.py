"""The monoid abstraction every scan is generic over.

A monoid has two faces that must agree: a host one (numpy dtype, identity,
vectorised operator) used for references and for checking results, and a
device one (OpenCL C defining ``TYPE``, ``OPERATOR(a, b)`` and ``IDENTITY``)
that is prepended to a generic kernel.  Keeping both in one object is what lets
the same kernel be run with the interval monoid for verification and with
``+`` for production without touching the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Monoid:
    """A monoid (S, ⊕, 1) with host and OpenCL definitions.

    ``cl_source`` must define the macros ``TYPE``, ``OPERATOR(a, b)`` and
    ``IDENTITY`` (it may also define helper types and inline functions).
    ``op`` is the host operator, vectorised over numpy arrays of ``dtype``.
    ``commutative`` is only informational (used to pick test inputs that
    expose swapped operands); ``exact`` is False for floating point, where
    results are compared with a tolerance.
    """

    name: str
    dtype: np.dtype
    cl_source: str
    op: Callable[[np.ndarray, np.ndarray], np.ndarray]
    identity: np.ndarray  # 0-d array of ``dtype``
    commutative: bool = True
    exact: bool = True
    description: str = ""
    random_input: Callable[[np.random.Generator, int], np.ndarray] | None = field(
        default=None, compare=False)

    def reference_scan(self, values: np.ndarray, inclusive: bool = True) -> np.ndarray:
        """Sequential left-to-right scan on the host: the meaning of a prefix sum."""
        values = np.asarray(values, dtype=self.dtype)
        out = np.empty_like(values)
        acc = self.identity.copy()
        for k in range(values.shape[0]):
            if inclusive:
                acc = self.op(acc, values[k])
                out[k] = acc
            else:
                out[k] = acc
                acc = self.op(acc, values[k])
        return out

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """Random inputs for differential testing (uses ``random_input`` if given)."""
        if self.random_input is not None:
            return np.asarray(self.random_input(rng, n), dtype=self.dtype)
        if np.issubdtype(self.dtype, np.integer):
            return rng.integers(-1000, 1000, size=n).astype(self.dtype)
        if np.issubdtype(self.dtype, np.floating):
            return rng.uniform(-1.0, 1.0, size=n).astype(self.dtype)
        raise TypeError(f"monoid {self.name} needs a random_input function")
