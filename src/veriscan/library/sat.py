"""``veriscan.summed_area_table``: out[i][j] = ⊕ of a[t][k] over t ≤ i, k ≤ j.

Two algorithms, both scanning rows first and columns second, so they agree
for every monoid:

* ``"direct"`` (default): scan every row, then every column in place, strips
  of columns per work-item so the inner loop runs along memory.  Two passes.
* ``"transpose"``: paper 002 Alg. 2, scan rows, transpose, scan rows,
  transpose: four passes, but every pass is a row scan or a verified
  transpose.

An empty matrix gives an empty table of the same shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from veriscan.device.backend import Backend, backend_for
from veriscan.errors import VeriscanError
from veriscan.library.inputs import as_array, resolve_monoid
from veriscan.library.launch import (
    KernelLaunch,
    Recorder,
    check_count,
    make_launch,
    round_up,
    run_launch,
)
from veriscan.library.numpy_ops import is_numpy_op
from veriscan.library.scan import scan_monoid
from veriscan.library.transpose import transpose_buffers, transpose_launch
from veriscan.monoids.base import Monoid

SAT_ALGORITHMS = ("auto", "direct", "transpose")
STRIP = 16
ROW_GROUP_CPU = 1
ROW_GROUP_GPU = 64


def summed_area_table(a: Any, op: str | Monoid = "add", algorithm: str = "auto",
                      device: str | None = None) -> Any:
    """The summed-area table of the 2-D array ``a`` (``a.cumsum(1).cumsum(0)`` for +)."""
    if algorithm not in SAT_ALGORITHMS:
        raise VeriscanError(f"unknown summed-area-table algorithm '{algorithm}'; choose one of "
                            + ", ".join(SAT_ALGORITHMS))
    a = as_array(a, "a", ndim=2)
    if isinstance(a, np.ndarray) and is_numpy_op(op):
        # The scan's NumPy rules, as a.cumsum(0).cumsum(1) or ufunc.accumulate twice
        # would apply them: accumulator type (int32 + widens), NaN rules; and the
        # kernels read native byte order.
        monoid, _ = scan_monoid(op, a.dtype.newbyteorder("="), None)
        a = np.ascontiguousarray(a, dtype=monoid.dtype)
    else:
        monoid = resolve_monoid(op, a.dtype, "a")
    backend = backend_for(device, [a])
    rows, cols = (int(s) for s in a.shape)
    check_count(rows * cols, "a")
    out = backend.output((rows, cols), monoid.dtype, like=a)
    if rows and cols:
        src = backend.wrap(a, "a")
        build = _sat_transposed if algorithm == "transpose" else _sat_direct
        build(backend, monoid, src, out.buffer, rows, cols)
    return out.take()


def sat_launches(backend: Backend | Recorder, rows: int, cols: int,
                 algorithm: str = "direct") -> list[KernelLaunch]:
    """The launches of one table, in order (what verification checks)."""
    if algorithm == "transpose":
        return [rows_launch(backend, rows, cols), transpose_launch(backend, rows, cols),
                rows_launch(backend, cols, rows), transpose_launch(backend, cols, rows)]
    return [rows_launch(backend, rows, cols), columns_launch(backend, rows, cols)]


def rows_launch(backend: Backend | Recorder, rows: int, cols: int) -> KernelLaunch:
    group = ROW_GROUP_CPU if backend.is_cpu else ROW_GROUP_GPU
    return make_launch("sat_direct", "sat_rows", (round_up(rows, group),), (group,),
                       {"STRIP": STRIP}, {"in": rows * cols, "out": rows * cols},
                       {"rows": rows, "cols": cols})


def columns_launch(backend: Backend | Recorder, rows: int, cols: int) -> KernelLaunch:
    strips = -(-cols // STRIP)
    group = 1 if backend.is_cpu else min(ROW_GROUP_GPU, backend.max_group)
    return make_launch("sat_direct", "sat_columns", (round_up(strips, group),), (group,),
                       {"STRIP": STRIP}, {"table": rows * cols}, {"rows": rows, "cols": cols})


def _sat_direct(backend: Backend, monoid: Monoid, src: Any, dst: Any, rows: int,
                cols: int) -> None:
    run_launch(backend, monoid.cl_source, rows_launch(backend, rows, cols), (src, dst))
    run_launch(backend, monoid.cl_source, columns_launch(backend, rows, cols), (dst,))


def _sat_transposed(backend: Backend, monoid: Monoid, src: Any, dst: Any, rows: int,
                    cols: int) -> None:
    scanned = backend.alloc(rows * cols, monoid.dtype, "row scans")
    flipped = backend.alloc(rows * cols, monoid.dtype, "transpose")
    run_launch(backend, monoid.cl_source, rows_launch(backend, rows, cols), (src, scanned))
    transpose_buffers(backend, monoid.cl_source, scanned, flipped, rows, cols)
    run_launch(backend, monoid.cl_source, rows_launch(backend, cols, rows), (flipped, scanned))
    transpose_buffers(backend, monoid.cl_source, scanned, dst, cols, rows)
