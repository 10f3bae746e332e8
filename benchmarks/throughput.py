"""Library throughput against NumPy and pyopencl, side by side, in one run.

    python benchmarks/throughput.py [--sizes 20,24] [--sat 4096] [--repeat 5] [--device NAME]

Every row is the best of ``--repeat`` warm runs (programs built beforehand;
build times are printed separately).  Two veriscan columns:

* ``host``: NumPy array in, NumPy array out, everything included (wrapping,
  launches, the device's work, handing the result back).  On PoCL the CPU
  device works on the host arrays themselves (CL_MEM_USE_HOST_PTR), so no
  copy is made; on a GPU this column includes both copies.
* ``device``: pyopencl arrays in and out, from first launch to
  ``queue.finish()`` (output allocation included), no host transfer.

NumPy is timed as a user calls it (allocating its output) and compared with
the ``host`` column; pyopencl's ``InclusiveScanKernel`` (into a freshly
allocated output) and ``copy_if`` are device-resident and compared with the
``device`` column.  Needs ``mako`` for pyopencl's scan templates.

Targets on a 2-core PoCL machine: scan >= 1.0x NumPy and >= 5x pyopencl at
2^24; compaction >= 1.0x NumPy; SAT >= 1.0x NumPy.  ``--plot FILE.png`` also
draws every ratio as a bar (and FILE.svg), with 1.0x and these targets marked.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyopencl as cl
import pyopencl.algorithm as cl_algorithm
import pyopencl.array as cl_array
import pyopencl.scan as cl_scan
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import veriscan
from plotting import Bar, machine, plot_path, ratio_bars
from veriscan.monoids import get_monoid
from veriscan.runtime.opencl import get_runtime

# The targets above as (task, rival family, n or None for every n) -> least ratio.
TARGETS: dict[tuple[str, str, str | None], float] = {
    ("scan int32 +", "numpy", "2^24"): 1.0,
    ("scan int32 +", "pyopencl", "2^24"): 5.0,
    ("compact (50% kept)", "numpy", None): 1.0,
    ("summed-area table", "numpy", None): 1.0,
}


@dataclass
class Row:
    task: str
    n: str
    ours_host: float
    ours_device: float | None
    rivals: dict[str, float]


def best(fn: Callable[[], object], repeat: int, queue: cl.CommandQueue) -> float:
    fn()  # warm: programs built, caches primed
    queue.finish()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        queue.finish()
        times.append(time.perf_counter() - start)
    return min(times)


def numpy_affine_doubling(x: np.ndarray, op: Callable) -> np.ndarray:
    """A vectorised NumPy scan (Hillis-Steele doubling): lg n whole-array passes."""
    out = x.copy()
    shift = 1
    while shift < len(out):
        out[shift:] = op(out[:-shift], out[shift:])
        shift *= 2
    return out


def one_size(log_n: int, repeat: int, queue: cl.CommandQueue,
             pyopencl_scan: cl_scan.InclusiveScanKernel, rng: np.random.Generator) -> list[Row]:
    n = 1 << log_n
    x = rng.integers(-100, 100, n).astype(np.int32)
    xd = cl_array.to_device(queue, x)
    assert np.array_equal(veriscan.scan(x), np.cumsum(x, dtype=np.int32))
    scan_row = Row("scan int32 +", f"2^{log_n}", best(lambda: veriscan.scan(x), repeat, queue),
                   best(lambda: veriscan.scan(xd), repeat, queue), {
                       "numpy.cumsum": best(lambda: np.cumsum(x, dtype=np.int32), repeat, queue),
                       "pyopencl scan": best(lambda: pyopencl_scan(xd, output_ary="new"),
                                             repeat, queue)})

    flags = rng.random(n) < 0.5
    fd = cl_array.to_device(queue, flags.astype(np.uint8))
    kept, count = veriscan.compact(x, flags)
    assert count == int(flags.sum()) and np.array_equal(kept, x[flags])
    compact_row = Row(
        "compact (50% kept)", f"2^{log_n}", best(lambda: veriscan.compact(x, flags), repeat, queue),
        best(lambda: veriscan.compact(xd, fd), repeat, queue), {
            "numpy x[flags]": best(lambda: x[flags], repeat, queue),
            "pyopencl copy_if": best(lambda: cl_algorithm.copy_if(
                xd, "flags[i] != 0", [("flags", fd)], queue=queue), repeat, queue)})

    affine = get_monoid("affine")
    a = affine.sample(rng, n)
    ad = cl_array.to_device(queue, a)
    assert len(affine.mismatches(veriscan.scan(a, op="affine"),
                                 numpy_affine_doubling(a, affine.op))) == 0
    rivals = {"numpy doubling": best(lambda: numpy_affine_doubling(a, affine.op), 1, queue)}
    if log_n <= 20:  # the sequential loop takes seconds per million elements
        rivals["numpy loop"] = best(lambda: affine.reference_scan(a), 1, queue)
    affine_row = Row("scan affine maps", f"2^{log_n}",
                     best(lambda: veriscan.scan(a, op="affine"), repeat, queue),
                     best(lambda: veriscan.scan(ad, op="affine"), repeat, queue), rivals)
    return [scan_row, compact_row, affine_row]


def matrices(side: int, repeat: int, queue: cl.CommandQueue,
             rng: np.random.Generator) -> list[Row]:
    m = rng.integers(-100, 100, (side, side)).astype(np.int32)
    md = cl_array.to_device(queue, m)
    assert np.array_equal(veriscan.summed_area_table(m),
                          m.cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32))
    numpy_sat = best(lambda: m.cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32), repeat,
                     queue)
    return [
        Row("summed-area table", f"{side}^2", best(lambda: veriscan.summed_area_table(m),
                                                    repeat, queue),
            best(lambda: veriscan.summed_area_table(md), repeat, queue),
            {"numpy cumsum x2": numpy_sat}),
        Row("SAT via transposes", f"{side}^2",
            best(lambda: veriscan.summed_area_table(m, algorithm="transpose"), repeat, queue),
            None, {"numpy cumsum x2": numpy_sat}),
        Row("transpose int32", f"{side}^2", best(lambda: veriscan.transpose(m), repeat, queue),
            best(lambda: veriscan.transpose(md), repeat, queue),
            {"numpy .T copy": best(lambda: np.ascontiguousarray(m.T), repeat, queue)}),
    ]


def run(sizes: list[int], sat_side: int, repeat: int, device: str | None) -> list[Row]:
    runtime = get_runtime(device)
    rng = np.random.default_rng(0)
    pyopencl_scan = cl_scan.InclusiveScanKernel(runtime.context, np.int32, "a+b", neutral="0")
    rows = [row for log_n in sizes
            for row in one_size(log_n, repeat, runtime.queue, pyopencl_scan, rng)]
    return rows + matrices(sat_side, repeat, runtime.queue, rng)


def render(rows: list[Row], device: str) -> None:
    table = Table(title=f"veriscan throughput on {device} (best of warm runs, ms; ratio = "
                        "rival time / veriscan time, device column for pyopencl rivals, host "
                        "column for NumPy)")
    for col in ("task", "n", "veriscan host", "veriscan device", "rival", "rival ms", "ratio"):
        table.add_column(col, justify="left" if col in ("task", "rival") else "right")
    for row in rows:
        for k, (name, secs) in enumerate(row.rivals.items()):
            table.add_row(
                row.task if k == 0 else "", row.n if k == 0 else "",
                f"{row.ours_host * 1e3:.2f}" if k == 0 else "",
                ("-" if row.ours_device is None else f"{row.ours_device * 1e3:.2f}")
                if k == 0 else "",
                escape(name), f"{secs * 1e3:.2f}", f"{secs / _ours(row, name):.2f}x")
    Console(width=150).print(table)


def _family(rival: str) -> str:
    return "pyopencl" if rival.startswith("pyopencl") else "numpy"


def _ours(row: Row, rival: str) -> float:
    """The veriscan time a rival is compared with: like for like."""
    if _family(rival) == "pyopencl" and row.ours_device is not None:
        return row.ours_device
    return row.ours_host


def plot(path: Path, rows: list[Row], device: str, repeat: int) -> None:
    """Every ratio of the table as one bar, so misses against 1.0x or a target stand out."""
    legend = {"numpy": "NumPy (vs veriscan's host column)",
              "pyopencl": "pyopencl (vs veriscan's device column)"}
    bars = []
    for row in rows:
        for rival, secs in row.rivals.items():
            family = _family(rival)
            target = TARGETS.get((row.task, family, row.n), TARGETS.get((row.task, family, None)))
            bars.append(Bar(f"{row.task}, n = {row.n}", rival, legend[family],
                            secs / _ours(row, rival), target))
    title = (f"veriscan library throughput: speed-up over NumPy and pyopencl "
             f"(best of {repeat} warm runs; the slow NumPy affine scans once)\n"
             f"device: {device}\nhost: {machine()}")
    ratio_bars(path, title, bars,
               "speed-up = rival time / veriscan time (log scale; right of 1× = veriscan faster)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="20,24", help="log2 of the 1-D sizes")
    parser.add_argument("--sat", type=int, default=4096, help="side of the square SAT input")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--device", default=None)
    parser.add_argument("--plot", type=plot_path, metavar="FILE.png",
                        help="also draw the ratios (PNG, and SVG beside it)")
    args = parser.parse_args()
    start = time.perf_counter()
    veriscan.scan(np.arange(3, dtype=np.int32), device=args.device)  # first build
    print(f"first call (program builds, cached afterwards): {time.perf_counter() - start:.2f} s")
    rows = run([int(s) for s in args.sizes.split(",")], args.sat, args.repeat, args.device)
    device = get_runtime(args.device).description
    render(rows, device)
    if args.plot:
        plot(args.plot, rows, device, args.repeat)


if __name__ == "__main__":
    main()
