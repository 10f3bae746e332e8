"""``veriscan interval-test``: the single interval-of-summations test on a device.

Also home of what the functional-test commands share (kernel loading, size
lists, the per-size loop), which ``baselines`` reuses.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from veriscan.cli.common import (
    add_device_arg,
    add_kernel_args,
    add_progress_arg,
    emit,
    macro_defines,
    parse_sizes,
    progress,
    quiet,
)

if TYPE_CHECKING:
    from veriscan.device.opencl import Runtime
    from veriscan.monoids.base import Monoid
    from veriscan.scankernel import ScanKernel
    from veriscan.verdict import Verdict

PROGRESS_AFTER = 4  # show a progress bar for more sizes than this


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "interval-test", help="run the interval-of-summations test of a scan kernel",
        description="Run a generic scan kernel once on the interval monoid with in[k] = (k,k) "
                    "and check out[k] = (0,k) (exclusive: 1, then (0,k-1)). A pass is a test "
                    "result; `veriscan verify` adds the race-freedom and genericity proofs "
                    "that make it a proof of correctness for every monoid.")
    add_kernel_args(p, n_note="default: all, every power of two up to the device limit")
    add_device_arg(p)
    add_progress_arg(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from veriscan.functional.interval import interval_test
    from veriscan.monoids.interval import interval_monoid

    if args.n is None:
        args.n = "all"
    return run_per_size(args, "interval test", interval_monoid, interval_test)


# ------------------------------------------------------------------ shared helpers
def run_per_size(args: argparse.Namespace, label: str, monoid: Callable[[int], Monoid],
                 test: Callable[[ScanKernel, int, Runtime], Verdict]) -> int:
    """Run a one-launch-per-size functional test over ``--n``, with progress and a report."""
    from veriscan.functional.dynamic import device_test, implementations

    kernel, runtime = load(args)
    sizes = sizes_for(args.n, kernel, monoid, runtime)
    device = implementations(args.device)[0]
    verdicts = []
    with progress(f"{label} of {kernel.name}", len(sizes) > PROGRESS_AFTER,
                  quiet(args)) as advance:
        for done, n in enumerate(sizes, start=1):
            # In a worker with a time limit: an endless kernel cannot hang the command.
            verdicts.append(device_test(test, kernel, n, device, args.timeout))
            advance(done, len(sizes))
    return report(verdicts, args, kernel, runtime, label)


def load(args: argparse.Namespace) -> tuple[ScanKernel, Runtime]:
    from veriscan.device.opencl import get_runtime
    from veriscan.scankernel import load_scan_kernel

    parse_sizes(args.n, 0)  # bad sizes are bad input before the device is opened
    kernel = load_scan_kernel(args.kernel, inclusive=args.inclusive, threads=args.threads,
                              entry=args.entry, defines=macro_defines(args))
    return kernel, get_runtime(args.device)


def sizes_for(text: str | None, kernel: ScanKernel, monoid: Callable[[int], Monoid],
              runtime: Runtime) -> list[int]:
    """``--n`` as sizes; 'all' means every power of two this kernel fits on the device."""
    from veriscan.functional.scan_runner import max_scan_size

    if text is not None and text.strip().lower() == "all":
        return parse_sizes(text, max_scan_size(kernel, monoid, runtime))
    return parse_sizes(text, 0)


def report(verdicts: list[Verdict], args: argparse.Namespace, kernel: ScanKernel,
           runtime: Runtime, what: str) -> int:
    mode = "inclusive" if kernel.inclusive else "exclusive"
    return emit(verdicts, args.json,
                title=f"{what}: {kernel.name} ({mode}, threads={kernel.threads}) on "
                      f"{runtime.name}",
                extra={"kernel": str(kernel.path), "mode": mode, "threads": kernel.threads,
                       "device": runtime.description},
                columns=("n", "threads"))
