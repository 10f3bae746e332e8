"""Time the separation-logic checker on every shipped annotated kernel.

Prints, per kernel, the verdict, the number of proof obligations, the wall time
and its ratio to the 10 s per-kernel target (a ratio below 1 meets it).  For
scale: paper 001 reports 5.6-16.4 s per kernel and size for GPUVerify's race
proofs, and paper 000 reports VerCors runs that did not terminate on larger
files; here every proof covers all sizes at once.

    python benchmarks/spec_times.py [--repeat R] [--timeout SECONDS] [NAME ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from veriscan.frontend import parse_kernel
from veriscan.spec import annotated_kernels
from veriscan.spec.checker import check_spec

TARGET_S = 10.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="kernel stems (default: all shipped)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=8.0, help="per obligation, seconds")
    args = parser.parse_args(argv)
    shipped = annotated_kernels()
    names = args.names or sorted(shipped)
    print(f"{'kernel':24} {'verdict':9} {'oblig.':>6} {'time s':>8} {'/ target':>9}")
    worst = 0.0
    failed = False
    for name in names:
        kernel = parse_kernel(shipped[name])
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = check_spec(kernel, timeout_ms=int(args.timeout * 1000))
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        worst = max(worst, median)
        failed |= not result.verdict.ok
        print(f"{name:24} {result.verdict.status.value:9} {result.obligations:6d} "
              f"{median:8.2f} {median / TARGET_S:9.2f}")
    print(f"{'slowest':24} {'':9} {'':6} {worst:8.2f} {worst / TARGET_S:9.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
