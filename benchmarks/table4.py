"""POPL'14 Table 4 on this machine: the interval test (I) against Voigtländer's tests (V).

    python benchmarks/table4.py [--kernels blelloch,kogge_stone] [--max-n 4096]
                                [--max-n-voigtlander 1024] [--max-n-oclgrind 256]
                                [--repeat 5] [--device NAME]

For every kernel and n = 2, 4, … the script prints:

* ``#V tests``: n(n+1)/2 + n-1, the number of Voigtländer tests;
* ``I cold``: one interval test end to end in a process whose program cache
  does not yet hold this kernel at this n: build (PoCL's and pyopencl's own
  on-disk caches may still help), buffers, launch, copy back, check;
* ``I warm``: the same with the program cached (median of ``--repeat``);
* ``V``: all Voigtländer tests end to end, builds included (both operators),
  batched one test per work group — measured up to ``--max-n-voigtlander``
  (default 2^10: at 2^10 they take tens of seconds per kernel on 2 CPU
  cores, and the time grows like n³);
* ``I/V``: ``I cold`` over ``V`` — both include compilation, as in the
  paper — and, last column, ``I warm`` over ``V``;
* ``I Oclgrind``: the same interval test (program cached) under Oclgrind, the
  simulator `verify` also runs, with its race, uninitialised-value and memory
  detectors on, through veriscan's device worker — measured up to
  ``--max-n-oclgrind`` (default 256, the sizes `verify` runs there) when
  Oclgrind is installed.  A simulator: its time is reported, with no target.

I runs up to the device limit of each kernel, at most ``--max-n`` (default:
twice the device's largest work group, the most any single-group parallel
kernel can take; the sequential kernel is limited only by memory, and beyond
that size it is one work-item doing n dependent steps).  Targets: I at the
device limit ≤ 0.2 s warm; I/V ≤ 1/1000 at n = 2^10.  The last lines check
both and say which kernels meet them.  ``--plot FILE.png`` also draws the
rows (and FILE.svg): I cold, I warm and V against n, and I/V against n.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from plotting import Mark, Panel, Series, Style, line_chart, machine, plot_path
from veriscan.device.opencl import Runtime, get_runtime
from veriscan.errors import DeviceLimitError
from veriscan.functional.device_runs import OCLGRIND_MAX_N, Implementation
from veriscan.functional.dynamic import device_interval, oclgrind_implementation
from veriscan.functional.interval import interval_test
from veriscan.functional.voigtlander import count_tests, voigtlander_test
from veriscan.scankernel import KERNEL_DIR, ScanKernel, load_scan_kernel
from veriscan.verdict import Status, Verdict

I_TARGET_S = 0.2
RATIO_TARGET = 1 / 1000
RATIO_AT = 2**10


@dataclass
class Row:
    n: int
    tests: int
    i_cold: float
    i_warm: float
    v: float | None
    oclgrind: float | None = None


def _timed(run: Callable[[], Verdict], failure: str) -> float:
    """Seconds one interval test takes; a test that does not pass stops the table."""
    started = time.perf_counter()
    verdict = run()
    elapsed = time.perf_counter() - started
    if verdict.status is not Status.VERIFIED:
        raise SystemExit(f"{failure}: {verdict.summary}")
    return elapsed


def _timed_interval(kernel: ScanKernel, n: int, rt: Runtime) -> float:
    return _timed(lambda: interval_test(kernel, n, rt),
                  f"{kernel.name} fails the interval test at n={n}")


def _timed_oclgrind(kernel: ScanKernel, n: int, impl: Implementation) -> float:
    return _timed(lambda: device_interval(kernel, n, impl),
                  f"{kernel.name} fails under Oclgrind at n={n}")


def measure(kernel: ScanKernel, max_n: int, max_v: int, repeat: int,
            rt: Runtime, oclgrind: Implementation | None = None,
            max_oclgrind: int = OCLGRIND_MAX_N) -> list[Row]:
    """Rows for n = 2, 4, … until the device refuses (or ``max_n``).

    Sizes are tried upward and the first refusal ends the sweep, so every
    ``I cold`` really is this process's first build of that program.
    """
    rows, n = [], 2
    while n <= max_n:
        try:
            cold = _timed_interval(kernel, n, rt)
        except DeviceLimitError:
            break
        warm = statistics.median(_timed_interval(kernel, n, rt) for _ in range(repeat))
        v = None
        if n <= max_v:
            started = time.perf_counter()
            verdict = voigtlander_test(kernel, n, rt)
            v = time.perf_counter() - started
            if verdict.status is not Status.VERIFIED:
                raise SystemExit(f"{kernel.name} fails Voigtländer's tests at n={n}")
        og = None
        if oclgrind is not None and n <= max_oclgrind:
            _timed_oclgrind(kernel, n, oclgrind)  # builds the program in the worker
            og = statistics.median(_timed_oclgrind(kernel, n, oclgrind)
                                   for _ in range(min(repeat, 3)))
        rows.append(Row(n, count_tests(n), cold, warm, v, og))
        n *= 2
    return rows


def _fmt_ratio(row: Row, warm: bool = False) -> str:
    if row.v is None:
        return "-"
    return f"1/{row.v / (row.i_warm if warm else row.i_cold):,.0f}"


def print_table(kernel: ScanKernel, rows: list[Row]) -> None:
    mode = "inclusive" if kernel.inclusive else "exclusive"
    print(f"\n{kernel.name} ({mode}, threads={kernel.threads})")
    print(f"{'n':>6} {'#V tests':>12} {'I cold s':>9} {'I warm s':>9} {'V s':>9} "
          f"{'I/V cold':>10} {'I/V warm':>12} {'I Oclgrind s':>13}")
    for r in rows:
        v = "-" if r.v is None else f"{r.v:9.3f}"
        og = "-" if r.oclgrind is None else f"{r.oclgrind:13.4f}"
        print(f"{r.n:>6} {r.tests:>12,} {r.i_cold:9.4f} {r.i_warm:9.4f} {v:>9} "
              f"{_fmt_ratio(r):>10} {_fmt_ratio(r, warm=True):>12} {og:>13}")


COLD, WARM, VOIGTLANDER = ("I cold (build, launch, check)", "I warm (program cached)",
                           "V (all Voigtländer tests)")
OCLGRIND = "I under Oclgrind (simulator, detectors on; no target)"


def plot(path: Path, results: list[tuple[ScanKernel, list[Row]]], device: str) -> None:
    """Times and the I/V ratio on log scales: V grows like n³ while I stays flat.

    The ratio panel (cold over V, and warm over V, in the cold and warm
    styles) is left out when V was not measured at all.
    """
    times: list[Series] = []
    ratios: list[Series] = []
    for kernel, rows in results:
        ns = [r.n for r in rows]
        times += [Series(kernel.name, COLD, ns, [r.i_cold for r in rows]),
                  Series(kernel.name, WARM, ns, [r.i_warm for r in rows])]
        simulated = [r for r in rows if r.oclgrind is not None]
        if simulated:
            times.append(Series(kernel.name, OCLGRIND, [r.n for r in simulated],
                                [r.oclgrind for r in simulated]))
        with_v = [r for r in rows if r.v is not None]
        if with_v:
            vn = [r.n for r in with_v]
            times.append(Series(kernel.name, VOIGTLANDER, vn, [r.v for r in with_v]))
            ratios += [Series(kernel.name, COLD, vn, [r.i_cold / r.v for r in with_v]),
                       Series(kernel.name, WARM, vn, [r.i_warm / r.v for r in with_v])]
    xlabel = "n, elements scanned (log2 scale)"
    panels = [Panel("end-to-end time of each check", xlabel, "seconds, log scale", times,
                    marks=[Mark(f"target: I warm ≤ {I_TARGET_S} s at the device limit",
                                I_TARGET_S)])]
    if ratios:
        panels.append(Panel("I / V (lower is better)", xlabel,
                            "time of I over time of V, log scale", ratios, fractions=True,
                            marks=[Mark(f"target: I cold / V ≤ 1/{1 / RATIO_TARGET:,.0f} "
                                        f"at n = {RATIO_AT}", RATIO_TARGET, x=RATIO_AT)]))
    title = ("POPL'14 Table 4 again: one interval test (I) against Voigtländer's tests (V), "
             f"per kernel and n\ndevice: {device}\nhost: {machine()}")
    styles = {COLD: Style("-", "o", 4.0), WARM: Style(":", "^", 4.0),
              VOIGTLANDER: Style("--", "s", 4.0), OCLGRIND: Style("-.", "D", 4.0)}
    line_chart(path, title, panels, styles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", help="comma-separated shipped kernel names (default: all "
                                          "single-group scan kernels)")
    parser.add_argument("--max-n", type=int,
                        help="largest n for I (default: twice the largest work group)")
    parser.add_argument("--max-n-voigtlander", type=int, default=RATIO_AT,
                        help="largest n for V (default 1024)")
    parser.add_argument("--max-n-oclgrind", type=int, default=OCLGRIND_MAX_N,
                        help=f"largest n for I under Oclgrind (default {OCLGRIND_MAX_N}; "
                             "0: not at all)")
    parser.add_argument("--repeat", type=int, default=5, help="warm I runs per size")
    parser.add_argument("--device", help="OpenCL device name substring (default PoCL)")
    parser.add_argument("--plot", type=plot_path, metavar="FILE.png",
                        help="also draw the rows (PNG, and SVG beside it)")
    args = parser.parse_args()

    rt = get_runtime(args.device)
    names = (args.kernels.split(",") if args.kernels
             else sorted(p.stem for p in (KERNEL_DIR / "scan").glob("*.cl")))
    print(f"device: {rt.description}")
    max_n = args.max_n or 2 * rt.limits.max_work_group_size
    oclgrind = oclgrind_implementation() if args.max_n_oclgrind > 0 else None
    print(f"V measured up to n={args.max_n_voigtlander}; I up to each kernel's device limit, "
          f"at most {max_n}; I under Oclgrind "
          + (f"up to n={args.max_n_oclgrind}" if oclgrind else "not measured (not installed)"))
    verdicts = []
    results = []
    for name in names:
        kernel = load_scan_kernel(name.strip())
        rows = measure(kernel, max_n, args.max_n_voigtlander, args.repeat, rt, oclgrind,
                       args.max_n_oclgrind)
        print_table(kernel, rows)
        results.append((kernel, rows))
        last = rows[-1]
        at = next((r for r in rows if r.n == RATIO_AT and r.v is not None), None)
        i_ok = last.i_warm <= I_TARGET_S
        ratio_ok = at is not None and at.i_cold / at.v <= RATIO_TARGET  # type: ignore[operator]
        verdicts.append((name, last, i_ok, at, ratio_ok))

    print("\ntargets: I warm at the device limit <= 0.2 s; I/V <= 1/1000 at n = 2^10")
    for name, last, i_ok, at, ratio_ok in verdicts:
        ratio = "not measured" if at is None else (
            f"I/V = {_fmt_ratio(at)} cold {'ok' if ratio_ok else 'MISSED'}, "
            f"{_fmt_ratio(at, warm=True)} warm")
        print(f"  {name:<20} I(n={last.n}) warm {last.i_warm:.4f} s cold {last.i_cold:.4f} s "
              f"{'ok' if i_ok else 'MISSED'}; at n={RATIO_AT}: {ratio}")
    if args.plot:
        plot(args.plot, results, rt.description)


if __name__ == "__main__":
    main()
