"""``veriscan check``: static race / divergence / bounds verification of a kernel.

Two ways in.  A scan kernel with ``--n`` follows the scan-kernel convention
(N = n, the header's thread count, one group, ``in``/``out`` of n elements)
and adds the genericity check; ``--n all`` proves every power of two up to
2^31.  Any other kernel takes an explicit launch, in veriscan's spelling or
GPUVerify's (``--local_size=64 --num_groups=8``, ``--blockDim=[16,16]``,
``-DNAME=VALUE``), so GPUVerify command lines work unchanged.
"""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING

from veriscan.cli.common import (
    add_kernel_args,
    add_progress_arg,
    add_sarif_arg,
    add_timeout_arg,
    emit,
    macro_defines,
    quiet,
)
from veriscan.cli.gpuverify_flags import add_gpuverify_args, gpuverify_options
from veriscan.errors import VeriscanError

if TYPE_CHECKING:
    from pathlib import Path

    from veriscan.check import DistinctWhere, Launch
    from veriscan.scankernel import ScanKernel
    from veriscan.verdict import Verdict

MAX_LOG2 = 31
# Kernel files this big get a progress bar (on a terminal): about 500 statements,
# whose front end and symbolic execution take seconds.
LONG_KERNEL_BYTES = 25_000


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "check", help="prove a kernel free of data races, barrier divergence and "
                      "out-of-bounds accesses (static, SMT)",
        description="Statically verify an OpenCL C or CUDA C kernel for one launch (or, with "
                    "--n all, every power-of-two size up to 2^31): no data race, no barrier "
                    "divergence, every access in bounds. Exit 0 verified, 1 violation (with "
                    "witness), 2 unknown (with reason), 3 bad input.")
    add_kernel_args(p, n_note="for a scan kernel; without it, give a launch")
    add_sarif_arg(p)
    add_progress_arg(p)
    p.add_argument("--groups", type=int, default=None, metavar="G",
                   help="with --n: number of work groups, at least 1 (default 1)")
    p.add_argument("--local-size", "--local_size", "--block-dim", "--blockDim",
                   dest="local_size", metavar="X[,Y[,Z]]",
                   help="work-group size (CUDA: threads per block)")
    p.add_argument("--num-groups", "--num_groups", "--grid-dim", "--gridDim",
                   dest="num_groups", metavar="X[,Y[,Z]]",
                   help="number of work groups (CUDA: blocks); default 1")
    p.add_argument("--global-size", "--global_size", dest="global_size", metavar="X[,Y[,Z]]",
                   help="total work-items per dimension (a multiple of the local size)")
    p.add_argument("--array-size", dest="array_sizes", action="append", default=[],
                   metavar="ARRAY=EXPR",
                   help="extent of a global array for the bounds check; EXPR may use n")
    p.add_argument("--param", dest="params", action="append", default=[],
                   metavar="NAME=VALUE",
                   help="value of a scalar kernel parameter (default: any value)")
    p.add_argument("--assume-distinct", dest="distinct", action="append", default=[],
                   metavar="ARRAY[:GUARD]",
                   help="assume a read-only array holds distinct values (where GUARD != 0)")
    p.add_argument("--dynamic", action="store_true",
                   help="also run the kernel under Oclgrind (n <= 256, several input "
                        "patterns) with its race, uninitialised-value and bounds detectors, "
                        "and compare with the static verdict")
    p.add_argument("--dynamic-shared", dest="dynamic_shared", type=_bytes, default=None,
                   metavar="BYTES",
                   help="CUDA: bytes of dynamic shared memory the launch gives "
                        "(extern __shared__ arrays); without it they are unknown")
    add_timeout_arg(p)
    add_gpuverify_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.n is not None:
        return _run_scan(args)
    return _run_launch(args)


def _run_scan(args: argparse.Namespace) -> int:
    from veriscan.check import check_scan_kernel
    from veriscan.cli.common import parse_sizes, progress
    from veriscan.scankernel import load_scan_kernel

    if args.local_size or args.num_groups or args.global_size:
        raise VeriscanError("--n follows the scan-kernel convention; give either --n or an "
                            "explicit launch (--local-size/--num-groups), not both")
    gpuverify = gpuverify_options(args)
    if gpuverify.scope or gpuverify.kernel_args or gpuverify.unmodelled or gpuverify.assumed:
        raise VeriscanError("GPUVerify's flags that change what is checked go with an "
                            "explicit launch (--local-size/--num-groups), not with --n")
    kernel = load_scan_kernel(args.kernel, inclusive=args.inclusive, threads=args.threads,
                              entry=args.entry, defines=macro_defines(args))
    groups = 1 if args.groups is None else args.groups
    if groups < 1:
        raise VeriscanError(f"--groups must be at least 1, got {groups}")
    plain = groups == 1 and not (args.array_sizes or args.params or args.distinct)
    sizes = parse_sizes(args.n, 1 << MAX_LOG2)
    if plain and args.n.strip().lower() == "all":
        return _every_size(kernel, args)
    verdicts: list[Verdict] = []
    with progress(f"static check of {kernel.name}", len(sizes) > 4, quiet(args)) as advance:
        for done, n in enumerate(sizes, start=1):
            if plain:
                verdict = check_scan_kernel(kernel, n)
            else:
                verdict = _scan_with_launch(kernel, n, groups, args)
            verdicts.append(verdict)
            advance(done, len(sizes))
    if args.dynamic:
        from veriscan.functional.dynamic import against_static

        verdicts = against_static(kernel, verdicts, sizes, args.timeout)
    return emit(verdicts, args.json, title=f"static check of {kernel.name}",
                columns=("n", "threads"), sarif=args.sarif,
                extra={"kernel": str(kernel.path)})


def _every_size(kernel: ScanKernel, args: argparse.Namespace) -> int:
    """One verdict for every n = 2^1 .. 2^31: a parametric proof, else one per n."""
    from veriscan.check import check_scan_kernel
    from veriscan.cli.common import progress

    with progress(f"static check of {kernel.name}, every n", True, quiet(args)) as advance:
        done: list[int] = []

        def step(n: int) -> None:
            done.append(n)
            advance(len(done), MAX_LOG2)
        verdict = check_scan_kernel(kernel, None, progress=step)
    verdicts = [verdict]
    if args.dynamic:
        from veriscan.cli.common import parse_sizes
        from veriscan.functional.dynamic import against_static

        verdicts = against_static(kernel, verdicts, parse_sizes("all", 1 << MAX_LOG2),
                                  args.timeout)
    return emit(verdicts, args.json, title=f"static check of {kernel.name}, every n",
                sarif=args.sarif, extra={"kernel": str(kernel.path)})


def _scan_with_launch(kernel: ScanKernel, n: int, groups: int,
                      args: argparse.Namespace) -> Verdict:
    from veriscan.check import Launch, check_ir
    from veriscan.frontend import parse_kernel

    ir_kernel = parse_kernel(kernel.path, source=kernel.source, entry=kernel.entry,
                             defines=kernel.macros(n), dialect=kernel.dialect)
    launch = Launch((kernel.thread_count(n),), (groups,))
    verdict = check_ir(ir_kernel, launch=launch, array_sizes=_sizes(args.array_sizes, n),
                       assumptions=_assumptions(args.distinct),
                       scalar_values=_ints(args.params, "--param"))
    verdict.details.update({"n": n, "threads": launch.local_size[0]})
    return verdict


def _run_launch(args: argparse.Namespace) -> int:
    from veriscan.budget import OutOfBudget, check_budget
    from veriscan.check import CheckScope, check_ir, out_of_budget
    from veriscan.cli.common import err_console, progress
    from veriscan.cli.gpuverify_flags import (
        check_array_names,
        grant_assumptions,
        scalar_values,
        strip_annotations,
    )
    from veriscan.frontend import parse_kernel
    from veriscan.scankernel import resolve_kernel_path
    from veriscan.verdict import unknown

    gpuverify = gpuverify_options(args)
    path = resolve_kernel_path(args.kernel)
    unmodelled = _unmodelled_launch(args, gpuverify.unmodelled)
    launch = None if unmodelled else _launch(args)
    # A big file gets its bar from the start: its front end alone takes a while.
    long_run = path.stat().st_size >= LONG_KERNEL_BYTES and err_console.is_terminal
    notes: list[str] = []
    values: dict[str, int] = {}
    verdict: Verdict | None = None
    with progress(f"static check of {path.name}", long_run, quiet(args)) as advance, \
            check_budget():
        try:
            kernel = parse_kernel(path, entry=args.entry, defines=macro_defines(args),
                                  dynamic_shared=args.dynamic_shared, progress=advance)
            check_array_names(kernel, gpuverify)
            strip_annotations(kernel, gpuverify)
            grant_assumptions(kernel, gpuverify)
            values, notes = scalar_values(kernel, gpuverify)
            values.update(_ints(args.params, "--param"))
            if launch is not None:
                verdict = check_ir(kernel, launch=launch,
                                   array_sizes=_sizes(args.array_sizes, None),
                                   assumptions=_assumptions(args.distinct),
                                   scalar_values=values,
                                   scope=CheckScope(
                                       races=gpuverify.races,
                                       inter_group=gpuverify.inter_group,
                                       benign_writes=gpuverify.benign_writes,
                                       initialisation=gpuverify.initialisation,
                                       warp=gpuverify.warp,
                                       overflow=gpuverify.overflow,
                                       notes=tuple(gpuverify.scope)),
                                   progress=advance)
        except OutOfBudget as out:
            verdict = out_of_budget(out)
    if launch is None or verdict is None:
        return emit([verdict or unknown("static", f"not modelled: {unmodelled}; veriscan "
                                        "checks one concrete launch with global offset 0 "
                                        "on a 64-bit device", error="execution",
                                        reason="unsupported_construct")],
                    args.json, title=f"static check of {path.name}", sarif=args.sarif,
                    extra={"kernel": str(path)})
    if gpuverify.ignored or notes:
        verdict.details["ignored"] = gpuverify.ignored + notes
    verdicts = [verdict]
    if args.dynamic:
        verdicts.append(_dynamic_launch(path, launch, verdict, values, args))
    return emit(verdicts, args.json, title=f"static check of {path.name} "
                f"({launch.describe()})", sarif=args.sarif, extra={"kernel": str(path)})


def _dynamic_launch(path: Path, launch: Launch, static: Verdict, values: dict[str, int],
                    args: argparse.Namespace) -> Verdict:
    """The explicit launch under Oclgrind, compared with the static verdict."""
    from veriscan.frontend import parse_kernel
    from veriscan.frontend.preprocess import line_marker, preprocess
    from veriscan.functional.dynamic import cross_check, dynamic_launch

    defines = macro_defines(args)
    ir_kernel = parse_kernel(path, entry=args.entry, defines=defines,
                             dynamic_shared=args.dynamic_shared)
    # The run compiles the one preprocessing the proof parsed, not the raw file.
    text = line_marker(str(path)) + preprocess(path.read_text(), str(path), defines).text
    run = dynamic_launch(ir_kernel, text, [], launch.local_size,
                         launch.num_groups, _sizes(args.array_sizes, None), values,
                         args.timeout)
    return cross_check(run, static)


def _unmodelled_launch(args: argparse.Namespace, unmodelled: str | None) -> str | None:
    """Why GPUVerify's launch is one veriscan does not model: sizes given as ``*``
    (any size), or what the other flags ask (a nonzero ``--global_offset``, 32-bit
    pointers); None when it is modelled."""
    for option in ("local_size", "num_groups", "global_size"):
        if "*" in (getattr(args, option) or ""):
            return f"--{option}={getattr(args, option)} leaves the size unconstrained"
    return unmodelled


def _launch(args: argparse.Namespace) -> Launch:
    from veriscan.check import Launch

    if args.groups is not None:
        raise VeriscanError("--groups goes with --n; give --num-groups for an explicit launch")
    if args.local_size is None:
        raise VeriscanError("no launch given: use --n N for a scan kernel, or --local-size "
                            "(--blockDim) with --num-groups (--gridDim) or --global-size")
    local = _dims(args.local_size, "--local-size")
    if args.global_size is not None:
        if args.num_groups is not None:
            raise VeriscanError("give either --num-groups or --global-size, not both")
        total = _dims(args.global_size, "--global-size")
        if len(total) != len(local):
            raise VeriscanError("--global-size and --local-size need the same dimensions")
        for g, size in zip(total, local, strict=True):
            if g % size:
                raise VeriscanError(f"global size {g} is not a multiple of local size {size}")
        groups = tuple(g // size for g, size in zip(total, local, strict=True))
    else:
        groups = _dims(args.num_groups, "--num-groups") if args.num_groups else (1,)
    return Launch(local, groups)


def _bytes(text: str) -> int:
    """A byte count for --dynamic-shared (argparse reports a ValueError as a usage error)."""
    value = int(text, 0)
    if value < 0:
        raise ValueError(text)
    return value


_DIMS = re.compile(r"^\[?\s*(\d+)(\s*,\s*\d+){0,2}\s*\]?$")


def _dims(text: str, option: str) -> tuple[int, ...]:
    if not _DIMS.match(text.strip()):
        raise VeriscanError(f"{option} expects one to three sizes like 64 or 16,16 "
                            f"(or GPUVerify's [16,16]), got '{text}'")
    return tuple(int(x) for x in text.strip().strip("[]").split(","))


def _pairs(items: list[str], option: str) -> dict[str, str]:
    """NAME=VALUE items with NAME an identifier, or identifiers joined by dots: a struct
    parameter's fields are arrays of their own (``p.x`` of a ``uint2 *p``), which the
    verdict names so (macros go through ``macro_defines``)."""
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not all(part.isidentifier() for part in name.split(".")) or not sep:
            raise VeriscanError(f"{option} expects NAME=VALUE, got '{item}'")
        out[name] = value.strip()
    return out


def _ints(items: list[str], option: str) -> dict[str, int]:
    out = {}
    for name, value in _pairs(items, option).items():
        try:
            out[name] = int(value, 0)
        except ValueError:
            raise VeriscanError(f"{option} {name}={value}: not a whole number") from None
    return out


def _sizes(items: list[str], n: int | None) -> dict[str, int]:
    from veriscan.scankernel import eval_size_expr

    out = {}
    for name, text in _pairs(items, "--array-size").items():
        if n is None and "n" in text:
            raise VeriscanError(f"--array-size {name}={text}: 'n' is only defined with --n")
        out[name] = eval_size_expr(text, n or 0, where=f"--array-size {name}")
        if out[name] < 0:
            raise VeriscanError(f"--array-size {name}={text} is negative")
    return out


def _assumptions(items: list[str]) -> tuple[DistinctWhere, ...]:
    from veriscan.check import DistinctWhere

    out = []
    for item in items:
        array, _, guard = item.partition(":")
        if not array.isidentifier() or (guard and not guard.isidentifier()):
            raise VeriscanError(f"--assume-distinct expects ARRAY or ARRAY:GUARD, got '{item}'")
        out.append(DistinctWhere(array, guard or None))
    return tuple(out)
