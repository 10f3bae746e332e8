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
    # Tolerances for inexact (floating-point) monoids, as in ``numpy.isclose``.
    rtol: float = 0.0
    atol: float = 0.0
    # Readable spelling of one element for witnesses (``"(0,5)"``, ``"⊤"``).
    formatter: Callable[[object], str] | None = field(default=None, compare=False)
    # For monoids whose element size depends on the scan length (interval, lists):
    # the same monoid sized for another n, so limits can be worked out per n.
    for_size: Callable[[int], Monoid] | None = field(default=None, compare=False)
    # The same definitions in CUDA C++ where a CUDA kernel runs as written with this
    # monoid (the interval monoid's, for the test on an NVIDIA GPU); empty: none.
    cuda_source: str = ""
    # Whether a sequential loop of ⊕ is bound by each ⊕ waiting for the one before: the
    # library's runs scan then takes eight elements a step ("runs8").  Set for + and *: a
    # float add or multiply waits 3-4 cycles and no compiler may regroup them (2.4x faster
    # at 2^24), integer sums gain 5-15 %; max and min (a compare and a select) lose by it.
    chain_bound: bool = False

    def mismatches(self, actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
        """Indices where a device result disagrees with the expected one.

        Exact monoids compare bit for bit (structured elements field by
        field); inexact ones within ``rtol``/``atol``, since a parallel scan
        associates floating-point sums differently from the sequential one.
        """
        actual = np.asarray(actual, dtype=self.dtype)
        expected = np.asarray(expected, dtype=self.dtype)
        if self.exact:
            wrong = actual != expected
        else:
            wrong = ~np.isclose(actual, expected, rtol=self.rtol, atol=self.atol,
                                equal_nan=True)
        return np.flatnonzero(wrong)

    def format(self, value: object) -> str:
        return self.formatter(value) if self.formatter else str(np.asarray(value).tolist())

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
