"""Paper 001 Table 3 again: seconds to prove a scan kernel race-free, per kernel and n.

    python benchmarks/table3.py [--sizes 1,2,3,8,...,31] [--kernels kogge_stone,...] [--json]

For each kernel and n = 2^k, ``veriscan``'s static check runs end to end
(libclang parse, genericity, symbolic execution, every race / divergence /
bounds query) with n threads for Kogge-Stone and n/2 for the others, exactly
the launches of 001 §7.  GPUVerify's published times (2013 hardware, with 1-6
hand-written loop invariants per kernel) stand beside ours where the paper
has a column; veriscan needs no invariants.  The summary checks the targets:
median <= 0.5 s per (kernel, n), every one <= 2 s, and the every-size verdict
(``check_scan_kernel(k, None)``: one parametric proof for n <= 2^30 plus
n = 2^31, or one proof per n when the parametric one fails) <= 5 s per kernel.
``--plot FILE.png`` also draws the table (and FILE.svg): seconds against n per
kernel, ours as lines, GPUVerify's published times as markers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from plotting import Mark, Panel, Series, Style, line_chart, machine, plot_path
from veriscan.check import check_scan_kernel
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status

# 001 Table 3: GPUVerify seconds, by kernel and lg n (columns the paper prints).
GPUVERIFY = {
    "kogge_stone": {1: 5.7, 2: 5.8, 3: 5.9, 8: 5.8, 9: 5.8, 10: 6.0, 11: 5.6, 12: 5.8, 13: 5.7,
                    14: 5.6, 29: 6.4, 30: 6.4, 31: 6.6},
    "sklansky": {1: 5.6, 2: 6.1, 3: 6.5, 8: 6.8, 9: 6.6, 10: 6.7, 11: 6.8, 12: 6.7, 13: 6.5,
                 14: 6.4, 29: 7.3, 30: 8.1, 31: 7.9},
    "brent_kung": {1: 5.9, 2: 6.7, 3: 7.4, 8: 12.3, 9: 11.4, 10: 12.9, 11: 10.2, 12: 10.3,
                   13: 10.7, 14: 12.6, 29: 14.9, 30: 11.1, 31: 16.4},
    "blelloch": {1: 6.0, 2: 7.4, 3: 9.0, 8: 12.4, 9: 12.6, 10: 13.8, 11: 12.0, 12: 14.1,
                 13: 11.6, 14: 12.3, 29: 15.5, 30: 13.0, 31: 14.8},
}
MEDIAN_TARGET, MAX_TARGET, EVERY_SIZE_TARGET = 0.5, 2.0, 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1-31",
                        help="lg n values: a range like 1-31 or a list like 1,8,31")
    parser.add_argument("--kernels", default=",".join(GPUVERIFY),
                        help="shipped scan kernel names (default: the four of Table 3)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--plot", type=plot_path, metavar="FILE.png",
                        help="also draw the times (PNG, and SVG beside it)")
    args = parser.parse_args(argv)
    logs = _lg_sizes(args.sizes)
    rows: list[dict[str, object]] = []
    every_size: dict[str, tuple[float, str, str]] = {}
    failures = 0
    for name in args.kernels.split(","):
        kernel = load_scan_kernel(name.strip())
        for lg in logs:
            t0 = time.perf_counter()
            verdict = check_scan_kernel(kernel, 1 << lg)
            ours = time.perf_counter() - t0
            theirs = GPUVERIFY.get(kernel.name, {}).get(lg)
            failures += verdict.status is not Status.VERIFIED
            rows.append({"kernel": kernel.name, "lg_n": lg, "threads": kernel.thread_count(1 << lg),
                         "verdict": verdict.status.value, "veriscan_s": round(ours, 3),
                         "gpuverify_s": theirs,
                         "speedup": round(theirs / ours, 1) if theirs else None})
            if not args.json:
                print(_line(rows[-1]), flush=True)
        t0 = time.perf_counter()
        every = check_scan_kernel(kernel, None)
        every_size[kernel.name] = (time.perf_counter() - t0, every.details.get("mode", "?"),
                                   every.status.value)
        failures += every.status is not Status.VERIFIED
    times = [float(r["veriscan_s"]) for r in rows]  # type: ignore[arg-type]
    summary = {
        "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
        "median_target_met": statistics.median(times) <= MEDIAN_TARGET,
        "max_target_met": max(times) <= MAX_TARGET,
        "every_size": {k: {"seconds": round(t, 2), "mode": mode, "verdict": verdict}
                       for k, (t, mode, verdict) in every_size.items()},
        "every_size_target_met": all(t <= EVERY_SIZE_TARGET for t, _, _ in every_size.values()),
        "not_verified": failures,
    }
    if args.json:
        json.dump({"rows": rows, "summary": summary}, sys.stdout, indent=2)
        print()
    else:
        print(_summary(summary))
    if args.plot:
        plot(args.plot, rows, summary)
    return 0 if failures == 0 else 1


def plot(path: Path, rows: list[dict[str, object]], summary: dict[str, object]) -> None:
    """Ours against GPUVerify's published times on one log scale, where 100x shows at a glance.

    GPUVerify's points are those the paper prints for the sizes measured here;
    each kernel's legend entry also gives its every-size (parametric) proof time.
    """
    every: dict[str, dict[str, object]] = summary["every_size"]  # type: ignore[assignment]
    ours, theirs = "veriscan (measured here)", "GPUVerify (001 Table 3, 2013)"
    series: list[Series] = []
    for name in dict.fromkeys(str(r["kernel"]) for r in rows):
        label = f"{name} (every n in one proof: {every[name]['seconds']:.2f} s)"
        mine = [r for r in rows if r["kernel"] == name]
        series.append(Series(label, ours, *_points(mine, "veriscan_s")))
        if any(r["gpuverify_s"] is not None for r in mine):
            series.append(Series(label, theirs, *_points(mine, "gpuverify_s")))
    panel = Panel("seconds to prove race, divergence and bounds freedom",
                  "n, elements scanned (log2 scale; n threads for Kogge-Stone, n/2 otherwise)",
                  "seconds per (kernel, n), log scale", series,
                  marks=[Mark(f"target: median ≤ {MEDIAN_TARGET} s", MEDIAN_TARGET),
                         Mark(f"target: each ≤ {MAX_TARGET} s", MAX_TARGET)])
    title = (f"POPL'14 Table 3 again: static proof time per kernel and n "
             f"(median {summary['median_s']} s, max {summary['max_s']} s)\n"
             f"veriscan on {machine()}; GPUVerify times as published (2013 hardware, "
             f"hand-written loop invariants)")
    styles = {ours: Style("-", "."), theirs: Style("none", "s", 6.0)}
    line_chart(path, title, [panel], styles)


def _points(rows: list[dict[str, object]], key: str) -> tuple[list[float], list[float]]:
    """(n, seconds) for the rows that have a ``key`` time; --json keeps n as lg n."""
    kept = [r for r in rows if r[key] is not None]
    return ([2.0 ** int(r["lg_n"]) for r in kept],  # type: ignore[call-overload]
            [float(r[key]) for r in kept])  # type: ignore[arg-type]


def _lg_sizes(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    if not all(1 <= k <= 31 for k in out):
        raise SystemExit("--sizes: lg n must be within 1..31")
    return out


def _line(row: dict[str, object]) -> str:
    theirs = "" if row["gpuverify_s"] is None else f"{row['gpuverify_s']:>6.1f}s"
    ratio = "" if row["speedup"] is None else f"{row['speedup']:>6.1f}x"
    return (f"{row['kernel']:<12} n=2^{row['lg_n']:<3} threads={row['threads']:<11} "
            f"{row['verdict']:<9} veriscan {row['veriscan_s']:>6.3f}s   "
            f"GPUVerify {theirs:>7} {ratio:>7}")


def _summary(s: dict[str, object]) -> str:
    every = "; ".join(f"{k} {v['seconds']:.2f}s ({v['mode']}, {v['verdict']})"
                      for k, v in s["every_size"].items())  # type: ignore[attr-defined]
    every_met = "met" if s["every_size_target_met"] else "MISSED"
    return (f"\nmedian {s['median_s']}s per (kernel, n) (target <= {MEDIAN_TARGET}s: "
            f"{'met' if s['median_target_met'] else 'MISSED'}); max {s['max_s']}s "
            f"(target <= {MAX_TARGET}s: {'met' if s['max_target_met'] else 'MISSED'})\n"
            f"every n = 2^1..2^31 in one verdict: {every} "
            f"(target <= {EVERY_SIZE_TARGET}s each: {every_met})\n"
            f"not verified: {s['not_verified']}")


if __name__ == "__main__":
    sys.exit(main())
