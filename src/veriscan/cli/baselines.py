"""``veriscan voigtlander-test`` and ``sheeran-test``: the methods the interval test replaces.

Same interface as ``interval-test``, so the three can be compared on the same
kernel and sizes (benchmarks/table4.py does so systematically).
"""

from __future__ import annotations

import argparse

from veriscan.cli.common import add_device_arg, add_kernel_args, add_progress_arg, progress, quiet
from veriscan.cli.interval import load, report, run_per_size, sizes_for


def register(subparsers: argparse._SubParsersAction) -> None:
    v = subparsers.add_parser(
        "voigtlander-test", help="run Voigtländer's n(n+1)/2 + n-1 tests of a scan kernel",
        description="Run Voigtländer's 0-1-2 tests (f1 and f2 on {0,1,2}) on a device, "
                    "batched one test per work group. --n is required ('all' may take hours).")
    add_kernel_args(v, n_note="required")
    add_device_arg(v)
    add_progress_arg(v)
    v.set_defaults(func=run_voigtlander)
    s = subparsers.add_parser(
        "sheeran-test", help="run Sheeran's list-concatenation test of a scan kernel",
        description="Run the kernel once with the free monoid (lists of indices under "
                    "concatenation): exact, but every element is a list of up to n indices.")
    add_kernel_args(s, n_note="required")
    add_device_arg(s)
    add_progress_arg(s)
    s.set_defaults(func=run_sheeran)


def run_voigtlander(args: argparse.Namespace) -> int:
    from veriscan.functional.dynamic import device_test, implementations
    from veriscan.functional.voigtlander import count_tests, voigtlander_test
    from veriscan.monoids.baselines import f1_monoid

    kernel, runtime = load(args)
    sizes = sizes_for(args.n, kernel, lambda n: f1_monoid(), runtime)
    total = sum(count_tests(n) for n in sizes)
    device = implementations(args.device)[0]
    verdicts = []
    with progress(f"Voigtländer tests of {kernel.name}", total > 10_000, quiet(args)) as advance:
        before = 0
        for n in sizes:
            # In a worker with a time limit (--timeout: all tests of one size), so an
            # endless kernel cannot hang the command; the bar moves once per size.
            verdicts.append(device_test(voigtlander_test, kernel, n, device, args.timeout))
            before += count_tests(n)
            advance(before, total)
    return report(verdicts, args, kernel, runtime, "Voigtländer tests")


def run_sheeran(args: argparse.Namespace) -> int:
    from veriscan.functional.sheeran import sheeran_test
    from veriscan.monoids.baselines import list_monoid

    return run_per_size(args, "Sheeran test", list_monoid, sheeran_test)
