"""Library throughput at every size against NumPy, the copy floor and pyopencl, in one run.

    python benchmarks/throughput.py [--quick | --sizes 12,16,20] [--repeat 7] [--plot F.png]
    python benchmarks/throughput.py --crossover --sizes 12,24   (where the device overtakes)

For every n = 2^12, 2^14, … 2^28 and every task (``scan`` of int32, int64 and
float32 ``+``, ``scan`` of int32 ``max``, ``exclusive_scan`` int32 ``+``,
``compact`` int32 at 50%), the contenders are timed interleaved (A B C D, B C
D A, …: a burst of load from elsewhere hits all of them alike, and the order
rotates), each measurement a batch of back-to-back calls of ~2 ms (one call
for large n), and the median of ``--repeat`` (at least 7) rounds is reported:

* ``ours``: ``veriscan.scan(x, dtype=…)`` as a user calls it, NumPy in, NumPy
  out (the host path below its limit, the verified kernels above; the ``path``
  column says which);
* ``ours out=``: the same into a preallocated ``out=`` (no allocation);
* ``numpy``: ``np.cumsum(x, dtype=…)`` / ``np.maximum.accumulate`` / ``x[flags]``;
* ``copy``: ``x.copy()``, the floor: a scan reads n elements and writes n;
* ``pyopencl``: pyopencl's scan kernels / ``copy_if`` on device arrays, against
  ``ours dev``, veriscan on the same device arrays.

Ratios: ``vs numpy`` = numpy / ours (≥ 1: we are faster), ``vs copy`` = copy /
ours (1: at the memory floor; the target from 2^22 up is ≥ 0.8, i.e. within
1.25× of the copy), ``vs pyopencl`` = pyopencl / ours dev.  Needs the bench
extra (``pip install '.[bench]'``: mako for pyopencl's scan templates).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from plotting import plot_path

SIZES = list(range(12, 29, 2))
QUICK_SIZES = [12, 16, 20, 22]
MIN_REPEAT = 7
TARGET_NUMPY = 1.0
TARGET_COPY = 0.8  # copy time / our time: within 1.25x of the copy floor
COPY_FROM_LOG_N = 22


@dataclass
class Row:
    task: str
    log_n: int
    path: str
    times: dict[str, float] = field(default_factory=dict)  # contender -> median seconds

    def ratio(self, rival: str, ours: str = "ours") -> float | None:
        if rival not in self.times or ours not in self.times:
            return None
        return self.times[rival] / self.times[ours]


def require_bench_extra() -> None:
    """A clear message instead of an ImportError traceback deep inside pyopencl."""
    missing = []
    for module in ("mako", "pyopencl", "rich"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        sys.exit(f"benchmarks/throughput.py needs {', '.join(missing)}: "
                 "pip install '.[bench]' (from the repository root)")


def interleaved(contenders: dict[str, Callable[[], object]], repeat: int,
                finish: Callable[[], None]) -> dict[str, float]:
    """Median seconds per call of each contender, all measured once per round in turn
    (ABAB…).

    Each measurement is a batch of back-to-back calls lasting about ``BATCH_SECONDS`` (one
    call for large n), so a microsecond call is not lost in the timer and every contender
    is timed as a loop calling it would see it, not in the caches its predecessor left
    behind; the order rotates every round so that no contender always follows the same one.
    """
    calls = {name: _batch_size(fn, finish) for name, fn in contenders.items()}  # also warms
    names = list(contenders)
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for round_ in range(repeat):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            fn, k = contenders[name], calls[name]
            start = time.perf_counter()
            for _ in range(k):
                fn()
            finish()
            times[name].append((time.perf_counter() - start) / k)
    return {name: statistics.median(ts) for name, ts in times.items()}


BATCH_SECONDS = 2e-3


def _batch_size(fn: Callable[[], object], finish: Callable[[], None]) -> int:
    """Calls per measurement: enough for ~BATCH_SECONDS (programs built, pages touched and
    pools filled by the first, untimed call)."""
    fn()
    finish()
    start = time.perf_counter()
    fn()
    finish()
    once = time.perf_counter() - start
    return max(1, min(1000, int(BATCH_SECONDS / max(once, 1e-7))))


def measure(log_n: int, repeat: int, runtime, rivals, rng: np.random.Generator) -> list[Row]:
    import pyopencl.algorithm as cl_algorithm
    import pyopencl.array as cl_array

    import veriscan

    queue = runtime.queue
    n = 1 << log_n
    finish = queue.finish
    rows = []
    cases = [("scan int32 +", np.int32, "add", True), ("scan int64 +", np.int64, "add", True),
             ("scan float32 +", np.float32, "add", True), ("scan int32 max", np.int32, "max", True),
             ("exclusive_scan int32 +", np.int32, "add", False)]
    for task, dtype, op, inclusive in cases:
        x = (rng.uniform(-1, 1, n) if dtype == np.float32 else
             rng.integers(-100, 100, n)).astype(dtype)
        out = np.empty(n, dtype)
        xd = cl_array.to_device(queue, x)
        reference = np.cumsum(x, dtype=dtype) if op == "add" else np.maximum.accumulate(x)
        if not inclusive:
            reference = np.concatenate([[0], reference[:-1]]).astype(dtype)
        got, info = veriscan.scan(x, op, inclusive, dtype=dtype, info=True)
        check_result(task, got, reference, x)  # a wrong answer is no benchmark result
        contenders = {
            "ours": lambda x=x, op=op, inc=inclusive, d=dtype: veriscan.scan(x, op, inc,
                                                                             dtype=d),
            "ours out=": lambda x=x, op=op, inc=inclusive, d=dtype, o=out: veriscan.scan(
                x, op, inc, dtype=d, out=o),
            "numpy": (lambda x=x, d=dtype: np.cumsum(x, dtype=d)) if op == "add" and inclusive
            else (lambda x=x: np.maximum.accumulate(x)) if inclusive
            else (lambda x=x, d=dtype: _numpy_exclusive(x, d)),
            "copy": x.copy,
            "ours dev": lambda xd=xd, op=op, inc=inclusive, d=dtype: veriscan.scan(
                xd, op, inc, dtype=d),
        }
        rival = rivals.get((np.dtype(dtype), op, inclusive))
        if rival is not None:
            contenders["pyopencl"] = lambda xd=xd, k=rival: k(xd, output_ary="new")
        rows.append(Row(task, log_n, info.path, interleaved(contenders, repeat, finish)))
        del x, out, xd, contenders

    values = rng.integers(-100, 100, n).astype(np.int32)
    flags = rng.random(n) < 0.5
    vd = cl_array.to_device(queue, values)
    fd = cl_array.to_device(queue, flags.astype(np.uint8))
    kept, count, info = veriscan.compact(values, flags, info=True)
    assert count == int(flags.sum()) and np.array_equal(kept, values[flags])
    rows.append(Row("compact int32 50%", log_n, info.path, interleaved({
        "ours": lambda: veriscan.compact(values, flags),
        "numpy": lambda: values[flags],
        "copy": values.copy,
        "ours dev": lambda: veriscan.compact(vd, fd),
        "pyopencl": lambda: cl_algorithm.copy_if(vd, "flags[i] != 0", [("flags", fd)],
                                                 queue=queue),
    }, repeat, finish)))
    return rows


def check_result(task: str, got: np.ndarray, reference: np.ndarray, x: np.ndarray) -> None:
    """Exact for integers; for float (inclusive) sums, no further from the float64 sum than
    NumPy's own float32 loop is (a parallel scan groups the terms differently)."""
    if not np.issubdtype(got.dtype, np.floating):
        assert np.array_equal(got, reference), task
        return
    exact = np.cumsum(x, dtype=np.float64)
    numpy_error = np.abs(reference - exact).max(initial=0.0)
    assert np.abs(got - exact).max(initial=0.0) <= 2 * numpy_error + 1e-3, task


def _numpy_exclusive(x: np.ndarray, dtype: type) -> np.ndarray:
    """NumPy has no exclusive scan: the usual two-liner, into one output."""
    out = np.empty(len(x), dtype)
    out[0] = 0
    np.cumsum(x[:-1], dtype=dtype, out=out[1:])
    return out


def pyopencl_rivals(context) -> dict:
    import pyopencl.scan as cl_scan

    rivals = {}
    for dtype in (np.int32, np.int64, np.float32):
        rivals[(np.dtype(dtype), "add", True)] = cl_scan.InclusiveScanKernel(
            context, dtype, "a+b", neutral="0")
    rivals[(np.dtype(np.int32), "add", False)] = cl_scan.ExclusiveScanKernel(
        context, np.int32, "a+b", neutral="0")
    rivals[(np.dtype(np.int32), "max", True)] = cl_scan.InclusiveScanKernel(
        context, np.int32, "max(a,b)", neutral="INT_MIN")
    return rivals


COLUMNS = ("ours", "ours out=", "numpy", "copy", "ours dev", "pyopencl")


def render(rows: list[Row], device: str, repeat: int) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"veriscan throughput on {device}; median of {repeat} interleaved "
                        "rounds, ms; vs X = X's time / ours (higher: veriscan faster)")
    for col in ("task", "n", "path", *COLUMNS, "vs numpy", "vs copy", "vs pyopencl"):
        table.add_column(col, justify="left" if col in ("task", "path") else "right")
    for row in rows:
        cells = [f"{row.times[c] * 1e3:.3f}" if c in row.times else "-" for c in COLUMNS]
        ratios = [row.ratio("numpy"), row.ratio("copy"), row.ratio("pyopencl", "ours dev")]
        table.add_row(row.task, f"2^{row.log_n}", row.path, *cells,
                      *("-" if r is None else f"{r:.2f}x" for r in ratios))
    Console(width=170).print(table)
    misses = [f"{r.task} 2^{r.log_n} ({r.ratio('numpy'):.2f}x numpy)" for r in rows
              if r.ratio("numpy") is not None and r.ratio("numpy") < TARGET_NUMPY]
    misses += [f"{r.task} 2^{r.log_n} ({r.ratio('copy'):.2f}x copy)" for r in rows
               if r.log_n >= COPY_FROM_LOG_N and r.task.startswith(("scan", "exclusive"))
               and r.ratio("copy") < TARGET_COPY]
    print("targets: ours >= numpy at every n; copy/ours >= 0.8 for scans from 2^22 up")
    print("missed: " + ("; ".join(misses) if misses else "none"))


def plot(path: Path, rows: list[Row], device: str, repeat: int) -> None:
    """Ratio against n, one panel per rival, one line per task, with the targets marked."""
    from plotting import Mark, Panel, Series, Style, line_chart, machine

    panels = []
    for rival, ours, target in (("numpy", "ours", TARGET_NUMPY), ("copy", "ours", TARGET_COPY),
                                ("pyopencl", "ours dev", None)):
        series = []
        for task in dict.fromkeys(r.task for r in rows):
            points = [(1 << r.log_n, r.ratio(rival, ours)) for r in rows if r.task == task
                      and r.ratio(rival, ours) is not None]
            if points:
                series.append(Series(task, "measured", [p[0] for p in points],
                                     [p[1] for p in points]))
        marks = [Mark("target", target)] if target is not None else [Mark("parity", 1.0)]
        panels.append(Panel(f"{rival} time / veriscan time", "n (elements)", "ratio",
                            series, marks))
    line_chart(path, f"veriscan library throughput (median of {repeat} interleaved rounds)\n"
               f"device: {device}\nhost: {machine()}", panels,
               {"measured": Style("-", "o")})


def crossover(log_sizes: range, repeat: int, finish: Callable[[], None]) -> None:
    """Host (NumPy's loop) against device (the verified kernels) for each case of the
    library's host limits: the first size from which the device wins at every larger size
    measured, beside the limit ``veriscan.scan`` uses."""
    import veriscan
    from veriscan.library.scan import host_limit

    rng = np.random.default_rng(0)
    cases = [("add", np.int32), ("add", np.int64), ("add", np.float32), ("max", np.int32),
             ("max", np.float32)]
    for op, dtype in cases:
        ratios = {}
        for log_n in log_sizes:
            x = rng.integers(-100, 100, 1 << log_n).astype(dtype)
            times = interleaved({path: lambda x=x, p=path, o=op, d=dtype: veriscan.scan(
                x, o, dtype=d, algorithm=p) for path in ("host", "device")}, repeat, finish)
            ratios[log_n] = times["host"] / times["device"]
        wins = [k for k in ratios if all(ratios[j] >= 1 for j in ratios if j >= k)]
        measured = f"2^{wins[0]}" if wins else f"above 2^{max(ratios)}"
        limit = host_limit(op, np.dtype(dtype)).bit_length() - 1
        print(f"{op} {np.dtype(dtype)}: host/device " + " ".join(
            f"2^{k}:{r:.2f}" for k, r in ratios.items()) + f"; device wins from {measured}, "
            f"the library hands over at 2^{limit}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--sizes", help="log2 of the sizes, e.g. 12,16,20 (default 12..28 step 2)")
    group.add_argument("--quick", action="store_true",
                       help=f"a short run: sizes 2^{', 2^'.join(map(str, QUICK_SIZES))}")
    parser.add_argument("--repeat", type=int, default=MIN_REPEAT,
                        help=f"interleaved rounds per contender (at least {MIN_REPEAT})")
    parser.add_argument("--device", default=None)
    parser.add_argument("--plot", metavar="FILE.png", type=plot_path,
                        help="also draw the ratios (and FILE.svg)")
    parser.add_argument("--crossover", action="store_true",
                        help="instead: time the host path against the device path per "
                             "operator and dtype at every size in range, and compare the "
                             "measured crossover with the library's host limits")
    args = parser.parse_args()
    if args.repeat < MIN_REPEAT:
        parser.error(f"--repeat must be at least {MIN_REPEAT} (medians of fewer runs are noise)")
    require_bench_extra()
    try:
        sizes = QUICK_SIZES if args.quick else (
            [int(s) for s in args.sizes.split(",")] if args.sizes else SIZES)
    except ValueError:
        parser.error(f"--sizes takes whole numbers such as 12,16,20; got {args.sizes!r}")
    if any(not 1 <= s <= 30 for s in sizes):
        parser.error("--sizes are log2 sizes between 1 and 30")

    from veriscan.device.opencl import get_runtime

    runtime = get_runtime(args.device)
    if args.crossover:
        crossover(range(min(sizes), max(sizes) + 1), args.repeat, runtime.queue.finish)
        return
    rivals = pyopencl_rivals(runtime.context)
    rng = np.random.default_rng(0)
    rows: list[Row] = []
    for log_n in sizes:
        rows += measure(log_n, args.repeat, runtime, rivals, rng)
        print(f"2^{log_n} measured", file=sys.stderr, flush=True)
    render(rows, runtime.description, args.repeat)
    if args.plot is not None:
        plot(args.plot, rows, runtime.description, args.repeat)


if __name__ == "__main__":
    main()
