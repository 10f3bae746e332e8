"""``veriscan spec KERNEL``: check a kernel's VerCors-style annotations for all sizes."""

from __future__ import annotations

import argparse
from pathlib import Path

from veriscan.cli.common import add_json_arg, add_macro_args, add_sarif_arg

MAX_DRAW_N = 64
MAX_RLIMIT_M = 100_000


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "spec", help="check permission-based separation-logic annotations (VerCors style)",
        description="Verify one arbitrary thread of the kernel against its /*@ ... @*/ "
                    "annotations and discharge the barrier obligations for every thread "
                    "count and array size the specification allows.")
    p.add_argument("kernel", help="annotated OpenCL C (.cl) or CUDA C (.cu) file, or the name "
                                  "of a shipped annotated kernel")
    p.add_argument("--kernel", dest="entry", metavar="NAME",
                   help="entry point when the file has several kernels")
    p.add_argument("--rlimit", type=int, default=12, metavar="MILLIONS",
                   help="Z3 resource budget per proof obligation, in millions of Z3's "
                        "deterministic resource units (default 12); not a time limit, so "
                        "the verdict does not depend on machine load")
    p.add_argument("--assume", action="append", default=[], metavar="EXPR",
                   help="a fact the host guarantees about the launch, in annotation syntax "
                        "over scalar parameters, buffer lengths and launch sizes, e.g. "
                        "'blockDim.x == size' (repeatable); taken as a context_everywhere "
                        "clause, checked for vacuity and listed in the verdict")
    add_macro_args(p)
    add_json_arg(p)
    add_sarif_arg(p)
    p.add_argument("--draw", action="store_true",
                   help="also render the permission table at every barrier for one concrete "
                        "size (PNG and SVG)")
    p.add_argument("--n", metavar="N",
                   help="work-items per used dimension for --draw, 1 to 64 (scalar parameters "
                        "default to N too; required with --draw)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="value of a scalar kernel parameter for --draw (repeatable)")
    p.add_argument("--out", default="spec_pictures", metavar="DIR",
                   help="directory for --draw pictures (default: ./spec_pictures)")
    p.set_defaults(func=run)


def resolve(name: str) -> Path:
    """A path as given, or a shipped annotated kernel by file stem."""
    from veriscan.errors import VeriscanError
    from veriscan.scankernel import read_kernel_source
    from veriscan.seplogic import annotated_kernels

    path = Path(name)
    if path.is_dir():
        raise VeriscanError(f"'{name}' is a directory, not a kernel file")
    if path.exists():
        read_kernel_source(path)
        return path
    shipped = annotated_kernels()
    if name in shipped:
        return shipped[name]
    raise VeriscanError(f"no kernel file '{name}' and no shipped annotated kernel of that name "
                        f"(shipped: {', '.join(sorted(shipped))})")


def run(args: argparse.Namespace) -> int:
    from veriscan.cli.common import console, emit, macro_defines
    from veriscan.errors import VeriscanError
    from veriscan.seplogic.checker import check_spec
    from veriscan.seplogic.headers import parse_spec_kernel
    from veriscan.seplogic.parser import annotation_spans

    if not 0 < args.rlimit <= MAX_RLIMIT_M:
        raise VeriscanError(f"--rlimit must be between 1 and {MAX_RLIMIT_M} (millions), "
                            f"got {args.rlimit}")
    path = resolve(args.kernel)
    kernel = parse_spec_kernel(path, entry=args.entry, defines=macro_defines(args))
    if next(annotation_spans(kernel.source, kernel.dialect), None) is None:
        raise VeriscanError(f"{path}: no /*@ ... @*/ annotations, so there is no "
                            "specification to check (`veriscan check` needs none)")
    pictures = draw(kernel, args) if args.draw else []
    result = check_spec(kernel, rlimit=args.rlimit * 1_000_000, launch=args.assume)
    result.verdict.details.setdefault("kernel", str(path))
    if pictures:
        result.verdict.details["pictures"] = [str(p) for p in pictures]
    code = emit([result.verdict], args.json, title=f"veriscan spec {path.name}",
                extra={"kernel": str(path), "entry": kernel.name,
                       "pictures": [str(p) for p in pictures]}, sarif=args.sarif)
    if pictures and not args.json:
        console.print(f"{len(pictures)} pictures written to {Path(args.out).resolve()}",
                      soft_wrap=True)
    return code


def draw(kernel, args: argparse.Namespace) -> list[Path]:
    """Render the permission tables of ``kernel`` for the size given by ``--n``."""
    from veriscan.cli.common import parse_sizes
    from veriscan.errors import VeriscanError
    from veriscan.seplogic.concrete import permission_tables
    from veriscan.seplogic.context import used_dimensions
    from veriscan.seplogic.draw import draw_tables

    if args.n is None:
        raise VeriscanError("--draw needs --n, a positive number of work-items")
    n = parse_sizes(args.n, 0, power_of_two=False, allow_all=False)[0]
    if n > MAX_DRAW_N:
        raise VeriscanError(f"--n {n} is too large to draw; use at most {MAX_DRAW_N}")
    dims, _ = used_dimensions(kernel)
    sizes = tuple(n if d in dims else 1 for d in range(3))
    params = {p.name: n for p in kernel.params if not p.is_pointer}
    for item in args.param:
        name, sep, value = item.partition("=")
        if not sep or name not in params:
            raise VeriscanError(f"--param expects NAME=VALUE for a scalar parameter of "
                                f"{kernel.name} ({', '.join(params) or 'none'}), got '{item}'")
        try:
            params[name] = int(value, 0)
        except ValueError:
            raise VeriscanError(f"--param {name}: '{value}' is not a whole number") from None
    tables = permission_tables(kernel, sizes, params)  # type: ignore[arg-type]
    return draw_tables(tables, Path(args.out), Path(kernel.file).stem, len(dims), n)
