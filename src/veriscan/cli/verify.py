"""``veriscan verify KERNEL|all|library --n N|all [--certificate FILE] [--device D] [--json]``.

``KERNEL`` is a file or a shipped kernel's name; ``all`` is every shipped
scan kernel (the README's main job, one table with a progress bar);
``library`` verifies the library's pipelines and primitives.  Exit code: the
worst verdict (0 verified, 1 violation, 2 unknown, 3 bad input).
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

from veriscan.cli.common import (
    STATUS_STYLE,
    add_device_arg,
    add_kernel_args,
    add_progress_arg,
    add_sarif_arg,
    console,
    emit,
    exit_code,
    macro_defines,
    parse_sizes,
    quiet,
)
from veriscan.cli.document import print_document, verdict_document
from veriscan.errors import VeriscanError
from veriscan.verdict import Verdict, unknown

EVERY = "all"
LIBRARY = "library"


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "verify", help="the full method: genericity, static proof, interval test",
        description="Verify generic scan kernels: (1) genericity, (2) no data race, no "
                    "barrier divergence, every access in bounds, (3) the interval test on the "
                    "device; in that order, stopping at the first failure. KERNEL may be "
                    "'all' (every shipped scan kernel) or 'library' (the library's pipelines "
                    "and primitives).")
    add_kernel_args(p, n_note="required, except for 'library', which takes any n")
    add_device_arg(p)
    p.add_argument("--certificate", metavar="FILE", type=Path,
                   help="write a JSON record of every step (written atomically; a regular "
                        "file only)")
    add_sarif_arg(p)
    add_progress_arg(p)
    p.add_argument("--scheduler", metavar="ADDRESS|local",
                   help="fan the kernels' proofs out over a Dask cluster (a scheduler address, "
                        "or 'local' for a two-worker cluster here); same verdicts as a serial "
                        "run (needs the dask extra)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from veriscan.device.opencl import get_runtime
    from veriscan.verify import write_atomically

    if args.kernel == LIBRARY:
        if args.scheduler is not None:
            raise VeriscanError("--scheduler fans out scan kernels (`verify all` or a kernel); "
                                "`verify library` runs here")
        return _run_library(args)
    # The same --n rules for one kernel and for `all`: a bad size is bad input, before any work.
    parse_sizes(args.n, 0)
    every_size = args.n.strip().lower() == EVERY
    kernels = _kernels(args)
    runtime = get_runtime(args.device)
    results = _verify_all(kernels, args, runtime, every_size)
    if args.certificate is not None:
        from veriscan.verify import certificate

        options = {"n": args.n, "threads": args.threads, "inclusive": args.inclusive,
                   "entry": args.entry, "device": args.device}
        write_atomically(args.certificate, certificate(results, runtime, options))
    verdicts = [r.verdict for r in results]
    if args.sarif is not None:
        from veriscan.cli.sarif import write_sarif

        write_sarif(args.sarif, [s for r in results for s in r.steps if not s.ok] or verdicts)
    if args.json:
        return print_document(verdict_document(
            verdicts, device=runtime.description,
            results=[{"kernel": r.kernel.name, "path": str(r.kernel.path), "mode": r.mode,
                      "n": r.sizes, "verdict": r.verdict.to_json(),
                      "steps": [s.to_json() for s in r.steps]} for r in results]))
    if len(results) == 1:
        r = results[0]
        # The failed step's row already shows the witness; the final row restates the verdict.
        final = dataclasses.replace(r.verdict, witness=None)
        emit([*r.steps, final], as_json=False, title=f"veriscan verify {r.kernel.name} "
             f"({r.mode}) on {runtime.description}")
        return exit_code(verdicts)
    _print_table(results, runtime.description)
    return exit_code(verdicts)


def _kernels(args: argparse.Namespace) -> list[Any]:
    from veriscan.scankernel import load_scan_kernel
    from veriscan.verify import shipped_scan_kernels

    overrides = {"inclusive": args.inclusive, "threads": args.threads, "entry": args.entry,
                 "defines": macro_defines(args)}
    if args.kernel == EVERY:
        return [k.with_overrides(**overrides) for k in shipped_scan_kernels()]
    return [load_scan_kernel(args.kernel, **overrides)]


def _verify_all(kernels: list[Any], args: argparse.Namespace, runtime: Any,
                every_size: bool) -> list[Any]:
    from veriscan.cli.common import err_console, progress
    from veriscan.functional.dynamic import implementations
    from veriscan.verify import power_of_two_sizes

    limits = runtime.limits
    plans = [(k, power_of_two_sizes(k, limits.max_work_group_size, limits.max_alloc_bytes)
              if every_size else parse_sizes(args.n, limits.max_work_group_size))
             for k in kernels]
    total = sum(steps_of(sizes) for _, sizes in plans)
    devices = implementations(args.device)
    show = not quiet(args) and err_console.is_terminal
    if args.scheduler is not None:
        import functools

        from veriscan.dask import verify_on_cluster

        with progress("verifying on Dask", show) as advance:
            finished: list[str] = []

            def kernel_done(name: str) -> None:
                finished.append(name)
                advance(len(finished), len(plans), name)

            return verify_on_cluster(functools.partial(_one, devices=devices,
                                                       timeout=args.timeout),
                                     plans, every_size, args.device, args.scheduler,
                                     kernel_done)
    results = []
    done = 0
    with progress("verifying", show) as advance:
        for kernel, sizes in plans:
            done_before = done

            def tick(what: str) -> None:
                nonlocal done
                done += 1
                advance(done, total, what)

            results.append(_one(kernel, sizes, every_size, runtime, tick, len(plans) > 1,
                                devices=devices, timeout=args.timeout))
            # Steps skipped after a failure still count towards the bar.
            done = done_before + steps_of(sizes)
            advance(done, total)
    return results


def steps_of(sizes: list[int]) -> int:
    return 1 + 2 * len(sizes)  # genericity, then a static proof and a device run per size


def _one(kernel: Any, sizes: list[int], every_size: bool, runtime: Any, tick: Any,
         among_many: bool, *, devices: list[Any], timeout: float) -> Any:
    """One kernel's result; with several kernels, bad input in one (a source that does
    not build at some size, a launch the device refuses) is that kernel's ``unknown``."""
    from veriscan.verify import KernelResult, verify_kernel

    try:
        return verify_kernel(kernel, sizes, every_size=every_size, runtime=runtime,
                             progress=tick, devices=devices, timeout=timeout)
    except VeriscanError as exc:
        if not among_many:
            raise
        return KernelResult(kernel, [], verdict=unknown("verify", f"not verified: {exc}",
                                                        error="verification", reason="not_run"))


STEP_MARK = {"verified": "[green]✓[/green]", "violation": "[red]✗[/red]",
             "unknown": "[yellow]?[/yellow]"}


def _print_table(results: list[Any], device: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    from veriscan.verify import STEPS

    table = Table(title=f"veriscan verify on {device}")
    table.add_column("kernel", no_wrap=True)
    table.add_column("mode", no_wrap=True)
    table.add_column("n", no_wrap=True)
    table.add_column("steps", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    table.add_column("time", justify="right", no_wrap=True)
    for r in results:
        marks = []
        for name in STEPS:
            step = r.step(name)
            marks.append("·" if step is None else STEP_MARK[step.status.value])
        table.add_row(r.kernel.name, r.mode, _short_sizes(r.sizes), " ".join(marks),
                      _styled(r.verdict), f"{r.verdict.seconds or 0.0:.1f}s")
    console.print(table)
    console.print("steps: genericity, static proof, interval test "
                  "(✓ holds, ✗ violation, ? unknown, · not run)")
    for r in results:
        style = STATUS_STYLE[r.verdict.status]
        # The title names the device once; every sentence repeating it would drown the table.
        summary = r.verdict.summary.replace(f" ({device})", "")
        console.print(f"[{style}]{r.kernel.name}[/{style}]: {escape(summary)}")


def _short_sizes(sizes: list[int]) -> str:
    if not sizes:
        return "-"
    if len(sizes) == 1:
        return str(sizes[0])
    low, high = sizes[0].bit_length() - 1, sizes[-1].bit_length() - 1
    if sizes == [1 << k for k in range(low, high + 1)]:
        return f"2^{low}..2^{high}"
    return ",".join(map(str, sizes))


def _styled(v: Verdict) -> str:
    style = STATUS_STYLE[v.status]
    return f"[{style}]{v.status.value}[/{style}]"


def _run_library(args: argparse.Namespace) -> int:
    from veriscan.device.opencl import get_runtime
    from veriscan.verification.library import DeviceLimit, verify_library
    from veriscan.verify import write_atomically

    if args.n is not None:
        parse_sizes(args.n, 0, power_of_two=False)
    runtime = get_runtime(args.device)
    # Interval tests run in a worker child, stopped after --timeout like every device run.
    report = verify_library(runtime, args.n, limit=DeviceLimit(args.device or "", args.timeout))
    if args.certificate is not None:
        write_atomically(args.certificate, report.certificate())
    return emit(report.verdicts, args.json, title=f"veriscan verify library on "
                f"{runtime.description}", columns=("n",), sarif=args.sarif,
                extra={"device": runtime.description})
