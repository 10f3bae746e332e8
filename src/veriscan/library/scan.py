"""``veriscan.scan`` and ``veriscan.exclusive_scan``: prefix sums of any length over any monoid.

The result has the input's dtype (integer sums wrap as in C, where
``numpy.cumsum`` would widen to int64: compare with
``np.cumsum(x, dtype=x.dtype)``).  An empty input gives an empty result, as
in NumPy.  NumPy in, NumPy out; a pyopencl array in, a pyopencl array out on
the same queue, with no host round trip.
"""

from __future__ import annotations

from typing import Any

from veriscan.library.backend import backend_for
from veriscan.library.inputs import as_array, resolve_monoid
from veriscan.library.pipeline import ScanPipeline
from veriscan.monoids.base import Monoid


def scan(x: Any, op: str | Monoid = "add", inclusive: bool = True, algorithm: str = "auto",
         device: str | None = None) -> Any:
    """Inclusive (default) or exclusive prefix sum of the 1-D array ``x`` under ``op``.

    ``op``: a built-in monoid name (``"add"``, ``"mul"``, ``"max"``, ``"min"``,
    ``"or"``, ``"and"``, ``"xor"`` for ``x``'s dtype; ``"carry"``, ``"fsm"``,
    ``"affine"`` for their own structured dtypes) or a
    :class:`~veriscan.monoids.base.Monoid` such as
    ``veriscan.monoids.user_monoid(...)``, whose laws are spot-checked first.
    ``algorithm``: ``"runs"`` (coarsened, fast on CPUs), ``"blocks"`` (one work
    group per block, the GPU form) or ``"auto"``.  ``device``: an OpenCL
    device name, ``"cuda"``, or None for PoCL.
    """
    x = as_array(x, "x", ndim=1)
    monoid = resolve_monoid(op, x.dtype)
    backend = backend_for(device, [x])
    pipeline = ScanPipeline(backend, monoid, algorithm)
    n = int(x.shape[0])
    out = backend.output((n,), monoid.dtype, like=x)
    if n:
        pipeline.scan(backend.wrap(x, "x"), out.buffer, n, inclusive)
    return out.take()


def exclusive_scan(x: Any, op: str | Monoid = "add", algorithm: str = "auto",
                   device: str | None = None) -> Any:
    """out[0] = identity, out[k] = x[0] ⊕ … ⊕ x[k-1]; see :func:`scan`."""
    return scan(x, op, inclusive=False, algorithm=algorithm, device=device)
