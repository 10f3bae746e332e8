"""``veriscan.scan`` and ``veriscan.exclusive_scan``: prefix sums over any monoid, NumPy style.

``scan(a, axis=k)`` gives what ``np.cumsum(a, axis=k)`` gives, dtype
included: ``axis=None`` scans the flattened array, the accumulator type
follows NumPy (int32 ``+`` widens to int64 on 64-bit platforms; ``dtype=``
chooses another), ``out=`` receives the result, and float ``max``/``min``
propagate NaN while ``fmax``/``fmin`` ignore it (see
:mod:`veriscan.library.numpy_ops`).  Bad ``axis``/``dtype`` raise NumPy's
``AxisError``/``TypeError``.

Each call takes one of three paths, planned before anything runs and shown
by ``info=True`` or :func:`veriscan.explain` together with what covers it:

* ``host``: small NumPy inputs of a built-in operator (below
  :func:`host_limit` elements: ``HOST_LIMIT`` for NumPy's fast integer
  loops, less for its slower max/min and float loops) are
  scanned by NumPy's own ufunc loop, because a device round trip costs more
  than the whole scan there.  No veriscan proof covers this path, and
  ``explain`` says so.  Repeated small 1-D calls skip planning altogether
  (:class:`HostRule`), since at 2^12 elements planning costs as much as the scan.
* ``runs`` / ``runs8`` / ``blocks``: one long line, by the multi-work-group pipelines.
* ``axis``: many lines of an N-D array at once, by ``axis_scan.cl``.

NumPy in, NumPy out; a pyopencl array in, a pyopencl array out on the same
queue, with no host round trip.
"""

from __future__ import annotations

import functools
import operator
from dataclasses import dataclass
from typing import Any

import numpy as np

from veriscan.device.backend import Backend, OpenCLBackend, backend_for
from veriscan.errors import VeriscanError
from veriscan.library.axis import AxisShape, axis_scan
from veriscan.library.inputs import as_any_array, resolve_monoid
from veriscan.library.numpy_ops import (
    UFUNCS,
    accumulator_dtype,
    check_supported,
    is_numpy_op,
    numpy_monoid,
)
from veriscan.library.pipeline import ALGORITHMS, ScanPipeline, resolve_algorithm
from veriscan.monoids.base import Monoid

# Below these many elements NumPy's own loop beats a device round trip on PoCL, which
# costs ~0.1-0.3 ms before the first element (enqueue, waking the device's threads,
# mapping the result) and makes two passes over memory.  NumPy's accumulate loops differ
# per operator: integer +, * and the bitwise ones run at ~0.6-0.9 ns per element, so the
# device's two cores pay off only for large arrays; float + and * (one dependent float
# operation per element) take ~3-5 ns, float max/min (NaN checks) a little less, integer
# max/min in between.  Measured on a quiet 2-core machine with
# `python benchmarks/throughput.py --crossover` (host/device time, first size from which
# the device wins at every larger size): integer + from 2^23, integer max from 2^21, float
# max from 2^18, float + from 2^17.
HOST_LIMIT = 1 << 23
_LIMITS = {("extremum", False): 1 << 21, ("extremum", True): 1 << 18,
           ("arithmetic", True): 1 << 17}
_EXTREMA = ("max", "min", "fmax", "fmin")
HOST = "host"
# "auto" that never takes the host path (what veriscan.dask uses, so that every chunk runs
# the same verified kernels whatever the monoid).
DEVICE = "device"


def host_limit(op: str, acc: np.dtype) -> int:
    """Elements below which ``op`` over accumulator ``acc`` runs on the host (``auto``)."""
    kind = "extremum" if op in _EXTREMA else "arithmetic"
    return _LIMITS.get((kind, bool(np.issubdtype(acc, np.floating))), HOST_LIMIT)


@dataclass(frozen=True, slots=True)
class HostRule:
    """A built-in operator over one input dtype and ``dtype=``, resolved: what a small 1-D
    NumPy scan needs, so that repeated calls skip planning (their cost is the call)."""

    ufunc: np.ufunc
    acc: np.dtype
    identity: np.ndarray
    limit: int

    def takes(self, out: Any, x: np.ndarray) -> bool:
        """Whether ``out`` is None or an ``out=`` that needs none of plan_scan's checks or
        conversions (anything else takes the planned path, with its errors)."""
        return out is None or (type(out) is np.ndarray and out.shape == x.shape
                               and out.dtype == self.acc and out.flags.writeable
                               and not np.may_share_memory(out, x))

    def run(self, x: np.ndarray, inclusive: bool, out: np.ndarray | None = None) -> np.ndarray:
        """NumPy's loop along a 1-D ``x``; the exclusive form is the inclusive one of
        ``x[:-1]`` written one place to the right (``out`` must not overlap ``x``)."""
        if inclusive:
            return self.ufunc.accumulate(x, 0, self.acc, out)
        result = np.empty(x.shape, self.acc) if out is None else out
        if len(x):
            result[0] = self.identity
            self.ufunc.accumulate(x[:-1], 0, self.acc, result[1:])
        return result


# (op, input dtype, dtype=) -> HostRule, filled by plan_scan for built-in operators.
_HOST_RULES: dict[tuple[Any, ...], HostRule] = {}


@dataclass(slots=True)
class ScanPlan:
    """One call, decided: what runs where, on what, into what."""

    x: Any                     # the input, flattened for axis=None
    monoid: Monoid
    ufunc: np.ufunc | None     # NumPy's equivalent, for the host path
    axis: int
    inclusive: bool
    path: str                  # "host", "runs", "runs8", "blocks" or "axis"
    backend: Backend | None
    out: np.ndarray | None

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(int(s) for s in self.x.shape)

    @property
    def lines(self) -> AxisShape:
        """The array as outer x len x inner around the scanned axis."""
        return AxisShape.of(self.x.shape, self.axis) if self.x.ndim else AxisShape(1, 1, 1)


def scan(x: Any, op: str | Monoid = "add", inclusive: bool = True, algorithm: str = "auto",
         device: str | None = None, *, axis: int | None = None, dtype: Any = None,
         out: np.ndarray | None = None, info: bool = False) -> Any:
    """Inclusive (default) or exclusive prefix sum of ``x`` under ``op`` along ``axis``.

    ``op``: ``"add"``, ``"mul"``, ``"max"``, ``"min"``, ``"fmax"``, ``"fmin"``,
    ``"or"``, ``"and"``, ``"xor"`` (NumPy's ufuncs and type rules), a structured
    monoid name (``"carry"``, ``"fsm"``, ``"affine"``, on their own dtypes) or a
    :class:`~veriscan.monoids.base.Monoid` such as ``veriscan.monoids.user_monoid(...)``,
    whose laws are spot-checked first.  ``algorithm``: ``"auto"``, ``"host"``
    (NumPy), ``"device"`` (the device's own choice, never the host), ``"runs"``
    (coarsened, fast on CPUs), ``"runs8"`` (the same, eight elements a step: what ``auto``
    takes on a CPU for + and *) or ``"blocks"`` (GPU form).
    ``device``: an OpenCL device name, ``"cuda"``, or None for PoCL (and the
    host path for small inputs).  ``info=True`` returns ``(result, PathInfo)``:
    the path taken and what covers it.
    """
    if (type(x) is np.ndarray and x.ndim == 1 and not info and device is None
            and algorithm == "auto" and (axis is None or (type(axis) is int and axis in (0, -1)))
            and type(inclusive) is bool and _hashable(op, dtype)):
        rule = _HOST_RULES.get((op, x.dtype, dtype))
        if rule is not None and x.size < rule.limit and rule.takes(out, x):
            # what plan_scan + run_plan would do, minus the planning
            return rule.run(x, inclusive, out)
    plan = plan_scan(x, op, inclusive, algorithm, device, axis, dtype, out)
    result = run_plan(plan)
    if info:
        from veriscan.library.info import describe

        return result, describe(plan)
    return result


def exclusive_scan(x: Any, op: str | Monoid = "add", algorithm: str = "auto",
                   device: str | None = None, *, axis: int | None = None, dtype: Any = None,
                   out: np.ndarray | None = None, info: bool = False) -> Any:
    """out[0] = identity, out[k] = x[0] ⊕ … ⊕ x[k-1] along ``axis``; see :func:`scan`."""
    return scan(x, op, False, algorithm, device, axis=axis, dtype=dtype, out=out, info=info)


def plan_scan(x: Any, op: str | Monoid, inclusive: bool, algorithm: str, device: str | None,
              axis: int | None, dtype: Any, out: np.ndarray | None) -> ScanPlan:
    """Check every argument and choose the path; nothing runs yet."""
    if not isinstance(inclusive, (bool, np.bool_)):  # "no" is truthy: never guess
        raise TypeError(f"inclusive must be True or False, not {inclusive!r}")
    if algorithm not in (*ALGORITHMS, HOST, DEVICE):
        raise VeriscanError(f"unknown scan algorithm '{algorithm}'; choose one of "
                            + ", ".join((*ALGORITHMS, HOST, DEVICE)))
    if type(x) is not np.ndarray:  # the common case skips the general conversion
        x = as_any_array(x, "x")
    on_device = not isinstance(x, np.ndarray)
    if x.ndim == 0:  # NumPy scans a 0-d array as one element, along axis None or 0
        x = x.reshape(1)
    if axis is None:
        x = x.reshape(-1) if x.ndim != 1 else x
        axis = 0
    else:
        axis = normalize_axis(axis, x.ndim)
    monoid, ufunc = scan_monoid(op, x.dtype, dtype)
    if out is not None:
        _check_out(out, x.shape, on_device)
    limit = HOST_LIMIT
    if ufunc is not None:
        rule = HostRule(ufunc, monoid.dtype, monoid.identity, host_limit(ufunc_name(ufunc),
                                                                         monoid.dtype))
        limit = rule.limit
        if out is None and not on_device and _hashable(op, dtype):
            _HOST_RULES.setdefault((op, x.dtype, dtype), rule)
    small = x.size < limit and algorithm == "auto" and device is None
    if ufunc is not None and not on_device and (algorithm == HOST or small):
        return ScanPlan(x, monoid, ufunc, axis, inclusive, HOST, None, out)
    if algorithm == HOST:
        raise VeriscanError("algorithm='host' needs a NumPy array and a built-in operator ("
                            + ", ".join(UFUNCS) + ")")
    backend = backend_for(device, [x])
    lines = AxisShape.of(x.shape, axis) if x.ndim else AxisShape(1, 1, 1)
    if lines.lines == 1:
        path = resolve_algorithm("auto" if algorithm == DEVICE else algorithm, backend, monoid)
    elif on_device and x.ndim > 1:
        raise VeriscanError("device arrays are scanned as 1-D; pass axis=None or a 1-D array")
    else:
        path = "axis"
    return ScanPlan(x, monoid, ufunc, axis, inclusive, path, backend, out)


def run_plan(plan: ScanPlan) -> Any:
    if plan.path == HOST:
        return _host_scan(plan)
    backend = plan.backend
    x = plan.x
    if isinstance(x, np.ndarray):
        x = np.ascontiguousarray(x, dtype=plan.monoid.dtype)
    elif x.dtype != plan.monoid.dtype:
        x = x.astype(plan.monoid.dtype)  # on the device, as NumPy converts on the host
    # The kernels were proved for distinct input and output buffers: an out= that
    # overlaps the input (out=x) gets a separate result, copied in afterwards.
    direct = (plan.out is not None and isinstance(backend, OpenCLBackend)
              and _writable_in_place(plan.out, plan.monoid.dtype)
              and not np.may_share_memory(plan.out, plan.x))
    if direct:
        result = backend.output_into(plan.out)
    else:
        result = backend.output(plan.shape, plan.monoid.dtype, like=x)
    n = plan.lines.size
    if n:
        src = backend.wrap(x, "x")
        if plan.path == "axis":
            axis_scan(backend, plan.monoid, src, result.buffer, plan.lines, plan.inclusive)
        else:
            ScanPipeline(backend, plan.monoid, plan.path).scan(src, result.buffer, n,
                                                               plan.inclusive)
    value = result.take()
    if plan.out is None or direct:
        return value
    np.copyto(plan.out, value, casting="unsafe")
    return plan.out


def _host_scan(plan: ScanPlan) -> np.ndarray:
    """NumPy's loop, with the exclusive form built from the inclusive one shifted by one."""
    acc = plan.monoid.dtype
    if plan.inclusive:
        return plan.ufunc.accumulate(plan.x, plan.axis, acc, plan.out)
    result = plan.out if plan.out is not None else np.empty(plan.x.shape, acc)
    if plan.x.size == 0:
        return result
    x = plan.x.copy() if np.may_share_memory(result, plan.x) else plan.x  # out=x
    if x.ndim == 1:
        return HostRule(plan.ufunc, acc, plan.monoid.identity, 0).run(x, False, result)
    src = np.moveaxis(x, plan.axis, -1)
    dst = np.moveaxis(result, plan.axis, -1)
    dst[..., 0] = plan.monoid.identity
    if src.shape[-1] > 1:
        plan.ufunc.accumulate(src[..., :-1], axis=-1, dtype=acc, out=dst[..., 1:])
    return result


def scan_monoid(op: str | Monoid, dtype_in: np.dtype,
                dtype: Any) -> tuple[Monoid, np.ufunc | None]:
    """The monoid to scan with, and NumPy's ufunc for it when there is one."""
    if is_numpy_op(op):
        # As NumPy: the accumulator is dtype= or the default for the input, whatever out=
        # is; the result is then cast into out (np.cumsum([.6, .6], out=ints) is [0, 1]).
        wanted = None if dtype is None else np.dtype(dtype)  # NumPy's TypeError if bad
        return _numpy_rule(op, dtype_in, wanted)
    monoid = resolve_monoid(op, dtype_in)
    if dtype is not None and np.dtype(dtype) != monoid.dtype:
        raise VeriscanError(f"monoid '{monoid.name}' works on {monoid.dtype}; "
                            f"dtype={np.dtype(dtype)} is only for the built-in arithmetic "
                            "operators")
    return monoid, None


@functools.lru_cache(maxsize=256)
def _numpy_rule(op: str, dtype_in: np.dtype, dtype: np.dtype | None) -> tuple[Monoid, np.ufunc]:
    """Built-in operator, input dtype and dtype= to (monoid, ufunc); cached, since small
    scans are dominated by this bookkeeping."""
    name = op.strip().lower()
    check_supported(dtype_in, "x")
    acc = accumulator_dtype(name, dtype_in) if dtype is None else dtype
    # NumPy's own TypeError where it has no loop (a bitwise operator over floats) or
    # refuses the dtype= (a non-native byte order for maximum), asked of one element.
    UFUNCS[name].accumulate(np.zeros(1, dtype_in), dtype=acc)
    return numpy_monoid(name, acc), UFUNCS[name]


def ufunc_name(ufunc: np.ufunc) -> str:
    """The library's name of a NumPy ufunc (``numpy.maximum`` -> ``"max"``)."""
    return _UFUNC_NAMES[ufunc]


_UFUNC_NAMES = {f: name for name, f in UFUNCS.items()}


def _hashable(*keys: Any) -> bool:
    """Whether ``keys`` can index the rule cache (a dtype= given as a list cannot)."""
    return all(k is None or isinstance(k, (str, type, np.dtype)) for k in keys)


def normalize_axis(axis: Any, ndim: int) -> int:
    """``axis`` as an index in 0 .. ndim-1, with NumPy's errors."""
    try:
        from numpy.lib.array_utils import normalize_axis_index
    except ImportError:  # NumPy < 2
        from numpy.core.multiarray import normalize_axis_index

    if isinstance(axis, (bool, np.bool_)):  # operator.index(True) is 1; NumPy refuses it
        raise TypeError(f"axis must be an integer, not {type(axis).__name__}")
    return normalize_axis_index(operator.index(axis), max(ndim, 1))


def _check_out(out: Any, shape: tuple[int, ...], on_device: bool) -> None:
    if on_device:
        raise VeriscanError("out= is for NumPy arrays; a device array's result is a new "
                            "device array")
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, got {type(out).__name__}")
    if tuple(out.shape) != tuple(shape):
        raise ValueError(f"provided out is the wrong size for the accumulation: out has "
                         f"shape {tuple(out.shape)}, the result has {tuple(shape)}")
    if not out.flags.writeable:
        raise ValueError("output array is read-only")


def _writable_in_place(out: np.ndarray, dtype: np.dtype) -> bool:
    return bool(out.size and out.dtype == dtype and out.flags.c_contiguous
                and out.flags.aligned)
