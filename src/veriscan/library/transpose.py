"""``veriscan.transpose``: a rows x cols matrix to cols x rows, through local-memory tiles.

Used on its own and by the transpose form of the summed-area table (paper 002
Alg. 2).  Elements are only moved, so any dtype works.  A matrix with no rows
or no columns gives the empty transposed shape.
"""

from __future__ import annotations

from typing import Any

from veriscan.device.backend import Backend, backend_for
from veriscan.library.inputs import as_array
from veriscan.library.launch import (
    KernelLaunch,
    Recorder,
    check_count,
    copy_type_prelude,
    make_launch,
    round_up,
    run_launch,
)

TILE = 16


def transpose(a: Any, device: str | None = None) -> Any:
    """``a.T`` as a new contiguous array (NumPy in, NumPy out; device arrays stay there)."""
    a = as_array(a, "a", ndim=2)
    backend = backend_for(device, [a])
    rows, cols = (int(s) for s in a.shape)
    check_count(rows * cols, "a")
    out = backend.output((cols, rows), a.dtype, like=a)
    if rows and cols:
        transpose_buffers(backend, copy_type_prelude(a.dtype), backend.wrap(a, "a"),
                          out.buffer, rows, cols)
    return out.take()


def transpose_buffers(backend: Backend, prelude: str, src: Any, dst: Any, rows: int,
                      cols: int) -> None:
    """dst (cols x rows) = transpose of src (rows x cols), both row-major device buffers."""
    run_launch(backend, prelude, transpose_launch(backend, rows, cols), (src, dst))


def transpose_launch(backend: Backend | Recorder, rows: int, cols: int) -> KernelLaunch:
    tile = TILE
    while tile * tile > backend.max_group:
        tile //= 2
    return make_launch("transpose_tiled", "transpose_tiled",
                       (round_up(cols, tile), round_up(rows, tile)), (tile, tile),
                       {"TILE": tile}, {"in": rows * cols, "out": rows * cols},
                       {"rows": rows, "cols": cols})
