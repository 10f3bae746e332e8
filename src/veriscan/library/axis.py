"""Scans along one axis of an N-D array (``axis=`` as in ``np.cumsum(a, axis=k)``).

The array is seen as ``outer x len x inner`` (C order, the axis in the
middle), which covers every axis of every shape without moving data:
``kernels/library/axis_scan.cl`` gives each work-item a strip of adjacent
lines and scans them side by side.  A 1-D scan (``outer = inner = 1``) goes
to the multi-work-group pipeline instead, which parallelises one long line.

:func:`combine_offsets` is the last step of the multi-block method when the
blocks are chunks scanned separately (``veriscan.dask``): every element of a
chunk's scan combined with its line's offset, ``offset ⊕ x``, on the device
(``kernels/library/offset_combine.cl``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from veriscan.device.backend import Backend, backend_for
from veriscan.library.launch import (
    KernelLaunch,
    Recorder,
    ceil_div,
    check_count,
    make_launch,
    round_up,
    run_launch,
)
from veriscan.monoids.base import Monoid

# Adjacent lines per work-item when the axis is not the last one (a vector's worth).
STRIP = 16
# Work-items per group of the element-wise offset combination.
COMBINE_GROUP = 64


@dataclass(frozen=True)
class AxisShape:
    outer: int
    length: int
    inner: int

    @classmethod
    def of(cls, shape: tuple[int, ...], axis: int) -> AxisShape:
        outer = 1
        for s in shape[:axis]:
            outer *= int(s)
        inner = 1
        for s in shape[axis + 1:]:
            inner *= int(s)
        return cls(outer, int(shape[axis]), inner)

    @property
    def size(self) -> int:
        return self.outer * self.length * self.inner

    @property
    def lines(self) -> int:
        return self.outer * self.inner

    def describe(self) -> str:
        return f"{self.outer}x{self.length}x{self.inner}"


def axis_launch(backend: Backend | Recorder, shape: AxisShape, inclusive: bool) -> KernelLaunch:
    """The one launch that scans every line of ``shape`` (what verification proves)."""
    check_count(shape.size, "the array")
    strip = 1 if shape.inner == 1 else STRIP
    return make_launch("axis_scan", "axis_scan", (ceil_div(shape.inner, strip), shape.outer),
                       (1, 1), {"STRIP": strip, "SCAN_EXCLUSIVE": int(not inclusive)},
                       {"in": shape.size, "out": shape.size},
                       {"outer": shape.outer, "len": shape.length, "inner": shape.inner})


def axis_scan(backend: Backend, monoid: Monoid, src: Any, dst: Any, shape: AxisShape,
              inclusive: bool) -> None:
    run_launch(backend, monoid.cl_source, axis_launch(backend, shape, inclusive), (src, dst))


def combine_launch(backend: Backend | Recorder, shape: AxisShape) -> KernelLaunch:
    """The launch of ``out = offset ⊕ in`` over an ``outer x len x inner`` block."""
    check_count(shape.size, "the chunk")
    block = shape.length * shape.inner
    group = min(COMBINE_GROUP, backend.max_group)
    return make_launch("offset_combine", "offset_combine", (round_up(block, group), shape.outer),
                       (group, 1), {}, {"offsets": shape.lines, "in": shape.size,
                                        "out": shape.size},
                       {"outer": shape.outer, "block": block, "inner": shape.inner})


def combine_offsets(offsets: np.ndarray, scanned: np.ndarray, axis: int,
                    monoid: Monoid) -> np.ndarray:
    """A new array: ``offsets ⊕ scanned`` along ``axis`` (``offsets`` has length 1 there)."""
    shape = AxisShape.of(scanned.shape, axis)
    out = np.empty(scanned.shape, monoid.dtype)
    if shape.size == 0:
        return out
    backend = backend_for(None, [])
    src = np.ascontiguousarray(scanned, monoid.dtype)
    result = backend.output_into(out)
    run_launch(backend, monoid.cl_source, combine_launch(backend, shape),
               (backend.wrap(np.ascontiguousarray(offsets, monoid.dtype), "offsets"),
                backend.wrap(src, "scanned chunk"), result.buffer))
    return result.take()
