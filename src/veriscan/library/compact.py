"""``veriscan.compact``: keep the flagged elements, in order (paper 000 §5, 002 §4).

Three steps on the device: flags to 0/1 counts (rejecting any other value),
the verified exclusive +-scan of the counts (each kept element's output
position), and the scatter.  The scatter is race-free because the positions
of flagged elements are distinct, which is exactly what the scan guarantees;
``veriscan verify library`` states that assumption and discharges it.
Empty input gives an empty result and a count of 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from veriscan.errors import VeriscanError
from veriscan.library.backend import (
    Backend,
    KernelLaunch,
    Recorder,
    backend_for,
    check_count,
    copy_type_prelude,
    make_launch,
    round_up,
    run_launch,
)
from veriscan.library.inputs import as_array, flag_dtype, same_length
from veriscan.library.pipeline import ScanPipeline
from veriscan.monoids import get_monoid
from veriscan.monoids.cltypes import scalar_name

INDEX_DTYPE = np.dtype(np.uint32)
SCATTER_GROUP = 64


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


def compact(values: Any, flags: Any, device: str | None = None) -> tuple[Any, int]:
    """(the elements of ``values`` whose flag is 1, in order; how many there are).

    ``flags``: bool or integer array of 0/1, the same length as ``values``.
    Equals ``values[flags.astype(bool)]`` for valid flags.
    """
    values = as_array(values, "values", ndim=1)
    flags = as_array(flags, "flags", ndim=1)
    same_length(values, flags, ("values", "flags"))
    flag_type = "uchar" if flags.dtype == np.bool_ else scalar_name(flag_dtype(flags.dtype))
    backend = backend_for(device, [values, flags])
    n = int(values.shape[0])
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
    bad = int(backend.read_all(invalid, plan.flags.global_size[0], INDEX_DTYPE).sum())
    if bad:
        raise VeriscanError(f"flags must be 0 or 1, but {bad} of the {n} flags are neither")

    index = backend.alloc(n, INDEX_DTYPE, "compaction positions")
    plan.scan.scan(counts, index, n, inclusive=False)
    run_launch(backend, prelude, plan.scatter,
               (backend.wrap(values, "values"), flag_buffer, index, out.buffer))
    kept = int(backend.read(index, n - 1, INDEX_DTYPE)) + int(backend.read(counts, n - 1,
                                                                                INDEX_DTYPE))
    return out.take(kept), kept
