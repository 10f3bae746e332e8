"""``veriscan.compact``: keep the flagged elements, in order (paper 000 §5, 002 §4).

Three steps on the device: flags to 0/1 counts (rejecting any other value),
the verified exclusive +-scan of the counts (each kept element's output
position), and the scatter.  The scatter is race-free because the positions
of flagged elements are distinct, which is exactly what the scan guarantees;
``veriscan verify library`` states that assumption and discharges it.
Empty input gives an empty result and a count of 0.

Small NumPy inputs (below ``HOST_LIMIT``) are compacted by NumPy's boolean
indexing instead, with the same flag check; ``info=True`` says which path ran
and what covers it (nothing of veriscan's for the host path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from veriscan.device.backend import Backend, backend_for
from veriscan.errors import ArrayValueError, VeriscanError
from veriscan.library.inputs import as_array, flag_dtype, same_length
from veriscan.library.launch import (
    KernelLaunch,
    Recorder,
    check_count,
    copy_type_prelude,
    make_launch,
    round_up,
    run_launch,
)
from veriscan.library.pipeline import ScanPipeline
from veriscan.monoids import get_monoid
from veriscan.monoids.cltypes import scalar_name

INDEX_DTYPE = np.dtype(np.uint32)
SCATTER_GROUP = 64
# Below this many elements NumPy's boolean indexing beats three launches on PoCL.
HOST_LIMIT = 1 << 18


@dataclass(frozen=True)
class CompactionPlan:
    """The launches of one compaction: flag check, the index scan, the scatter."""

    flags: KernelLaunch
    scan: ScanPipeline
    scatter: KernelLaunch


def compaction_plan(backend: Backend | Recorder, n: int,
                    flag_type: str = "uchar") -> CompactionPlan:
    pipeline = ScanPipeline(backend, get_monoid("add", INDEX_DTYPE), "auto")
    layout = pipeline.runs_layout(n)
    defines = {"FLAG_TYPE": flag_type}
    flags = make_launch("compact", "compact_flags", (layout.items,), (layout.local,), defines,
                        {"flags": n, "counts": n, "invalid": layout.items},
                        {"n": n, "run": layout.run})
    scatter = make_launch("compact", "compact_scatter", (round_up(n, SCATTER_GROUP),),
                          (SCATTER_GROUP,), defines,
                          {"values": n, "flags": n, "index": n, "out": n}, {"n": n})
    return CompactionPlan(flags, pipeline, scatter)


def compact(values: Any, flags: Any, device: str | None = None, *, algorithm: str = "auto",
            info: bool = False) -> Any:
    """(the elements of ``values`` whose flag is 1, in order; how many there are).

    ``flags``: bool or integer array of 0/1, the same length as ``values``.
    Equals ``values[flags.astype(bool)]`` for valid flags.  ``algorithm``:
    ``"auto"``, ``"host"`` (NumPy) or ``"device"`` (the verified kernels).
    ``info=True`` returns ``(kept, count, PathInfo)``.
    """
    if algorithm not in COMPACT_ALGORITHMS:
        raise VeriscanError(f"unknown compaction algorithm '{algorithm}'; choose one of "
                            + ", ".join(COMPACT_ALGORITHMS))
    values = as_array(values, "values", ndim=1)
    flags = as_array(flags, "flags", ndim=1)
    if isinstance(flags, np.ndarray) and not flags.dtype.isnative:
        flags = flags.astype(flags.dtype.newbyteorder("="))  # the device reads native order
    same_length(values, flags, ("values", "flags"))
    flag_type = "uchar" if flags.dtype == np.bool_ else scalar_name(flag_dtype(flags.dtype))
    n = int(values.shape[0])
    on_host = isinstance(values, np.ndarray) and isinstance(flags, np.ndarray)
    if on_host and device is None and (algorithm == "host" or (
            algorithm == "auto" and n < HOST_LIMIT)):
        kept = _host_compact(values, flags)
        return (kept, len(kept), _host_info(n)) if info else (kept, len(kept))
    if algorithm == "host":
        raise VeriscanError("algorithm='host' needs NumPy arrays and no device=")
    backend = backend_for(device, [values, flags])
    kept, count = _device_compact(backend, values, flags, flag_type, n)
    return (kept, count, _device_info(backend, n, flag_type)) if info else (kept, count)


COMPACT_ALGORITHMS = ("auto", "host", "device")


def _host_compact(values: np.ndarray, flags: np.ndarray) -> np.ndarray:
    if flags.dtype != np.bool_:
        bad = int(np.count_nonzero((flags != 0) & (flags != 1)))
        if bad:
            raise ArrayValueError(f"flags must be 0 or 1, but {bad} of the {len(flags)} flags "
                                "are neither")
        flags = flags.astype(bool)
    return values[flags]


def _host_info(n: int) -> Any:
    from veriscan.library.info import HOST_DEVICE, PathInfo, host_coverage

    return PathInfo("host", f"compaction of {n} elements", HOST_DEVICE,
                    ["numpy boolean indexing values[flags]"], [],
                    host_coverage(n, "values[flags]", "algorithm='device'"))


def _device_info(backend: Backend, n: int, flag_type: str) -> Any:
    from veriscan.library.info import PathInfo, kernel_files

    if n == 0:
        return PathInfo("device", "compaction of 0 elements", backend.name, [], [],
                        "nothing: an empty input launches no kernel")
    plan = compaction_plan(backend, n, flag_type)
    launches = [plan.flags, *plan.scan.launches(n, inclusive=False), plan.scatter]
    return PathInfo("device", f"compaction of {n} elements", backend.name,
                    kernel_files(launches), [s.describe() for s in launches],
                    "the compaction verdict of `veriscan verify library --n "
                    f"{n}`: the flag check and the scatter proved race-free, divergence-free "
                    "and in bounds for these launches, the scatter assuming distinct positions "
                    "of kept elements, which the interval-verified exclusive scan of the "
                    f"{plan.scan.algorithm} pipeline discharges")


def _device_compact(backend: Backend, values: Any, flags: Any, flag_type: str,
                    n: int) -> tuple[Any, int]:
    check_count(n, "values")
    out = backend.output((n,), values.dtype, like=values)
    if n == 0:
        return out.take(0), 0

    plan = compaction_plan(backend, n, flag_type)
    prelude = copy_type_prelude(values.dtype)
    counts = backend.alloc(n, INDEX_DTYPE, "compaction counts")
    invalid = backend.alloc(plan.flags.global_size[0], INDEX_DTYPE, "flag check")
    flag_buffer = backend.wrap(flags, "flags")
    run_launch(backend, prelude, plan.flags, (flag_buffer, counts, invalid))
    index = backend.alloc(n, INDEX_DTYPE, "compaction positions")
    plan.scan.scan(counts, index, n, inclusive=False)
    run_launch(backend, prelude, plan.scatter,
               (backend.wrap(values, "values"), flag_buffer, index, out.buffer))
    # Checked after the scatter, so the queue runs without a stall: with a flag of 2 the
    # scatter still writes in bounds (it keeps every nonzero flag, as the counts do), and
    # its result is dropped.
    bad = int(backend.read_all(invalid, plan.flags.global_size[0], INDEX_DTYPE).sum())
    if bad:
        raise ArrayValueError(f"flags must be 0 or 1, but {bad} of the {n} flags are neither")
    kept = int(backend.read(index, n - 1, INDEX_DTYPE)) + int(backend.read(counts, n - 1,
                                                                                INDEX_DTYPE))
    return out.take(kept), kept
