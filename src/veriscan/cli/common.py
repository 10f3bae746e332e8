"""Options and output shared by the verdict commands.

Every command that takes a kernel takes it the same way (path, ``--kernel``,
``--n``, ``--threads``, ``--inclusive/--exclusive``, ``-D``, ``--generic``,
``--device``, ``--json``),
and every command prints verdicts the same way: a rich table for people, a
JSON document for machines, and the exit code of the worst verdict.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from veriscan.cli.document import print_document, verdict_document, worst
from veriscan.errors import VeriscanError
from veriscan.verdict import EXIT_OK, Status, Verdict

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

STATUS_STYLE = {Status.VERIFIED: "green", Status.VIOLATION: "red", Status.UNKNOWN: "yellow"}


# Every size a scan command takes is at most this: N is an OpenCL C int, and the static
# proofs cover n up to 2^31.
MAX_N = 1 << 31


def add_kernel_args(p: argparse.ArgumentParser, sizes: bool = True,
                    n_note: str = "optional") -> None:
    """The kernel, its entry point, sizes, scan mode, macros and ``--json``.

    ``n_note`` ("required", "default: 16", ...) only changes the help text:
    the value is checked by :func:`parse_sizes`, so that a missing ``--n`` is
    bad input with the same message on every command.
    """
    p.add_argument("kernel", help="OpenCL C (.cl) or CUDA C (.cu) file, or a shipped "
                                  "kernel's name (see `veriscan kernels`)")
    p.add_argument("--kernel", dest="entry", metavar="NAME",
                   help="entry point when the file has several kernels")
    if sizes:
        p.add_argument("--n", default=None, metavar="N|all",
                       help=f"element count, a power of two (2, 4, 8, ...), a comma list of "
                            f"them, or 'all' for every power of two up to the limit ({n_note})")
        p.add_argument("--threads", metavar="EXPR",
                       help="work-items as an expression in n, e.g. 'n' or 'n/2' "
                            "(default: the kernel header's threads=, else n)")
        mode = p.add_mutually_exclusive_group()
        mode.add_argument("--inclusive", dest="inclusive", action="store_true", default=None,
                          help="treat the kernel as an inclusive scan, out[k] = in[0] + ... + "
                               "in[k] (default: the kernel header, else inclusive)")
        mode.add_argument("--exclusive", dest="inclusive", action="store_false",
                          help="treat the kernel as an exclusive scan, out[k] = in[0] + ... + "
                               "in[k-1], out[0] = IDENTITY")
    add_macro_args(p)
    add_json_arg(p)


def add_macro_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("-D", "--define", dest="defines", action="append", default=[],
                   metavar="NAME=VALUE",
                   help="preprocessor definition, as for a C compiler (repeatable)")
    p.add_argument("--generic", metavar="ROLE=NAME,...",
                   help="the kernel's own names for the generic placeholders, e.g. "
                        "'TYPE=T,OPERATOR=add,IDENTITY=zero' (same as -D T=TYPE -D add=OPERATOR "
                        "-D zero=IDENTITY)")


def add_json_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true",
                   help="print one JSON document on stdout, on every outcome (schema: "
                        "veriscan/schema/output-v1.json)")


def add_progress_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar on stderr (default: shown on a terminal for long runs)")


def add_sarif_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--sarif", metavar="FILE", type=Path,
                   help="also write the verdicts as SARIF 2.1.0 for code-scanning tools "
                        "(written atomically; a regular file only)")


def add_device_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--device", metavar="NAME",
                   help="OpenCL device or platform name substring, e.g. 'pocl' or 'oclgrind' "
                        "(default: PoCL CPU; also $VERISCAN_DEVICE; `veriscan devices` lists "
                        "them)")
    add_timeout_arg(p)


def add_timeout_arg(p: argparse.ArgumentParser) -> None:
    from veriscan.functional.dynamic import DEFAULT_TIMEOUT_S

    p.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT_S, metavar="SECONDS",
                   help="time limit of each device run; a run past it is stopped and its "
                        f"verdict is unknown (default: {DEFAULT_TIMEOUT_S:g})")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got '{text}'") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got '{text}'")
    return value


def parse_sizes(text: str | None, limit: int, default: int | None = None, *,
                power_of_two: bool = True, allow_all: bool = True) -> list[int]:
    """``--n`` as a list, with one set of rules for every command.

    One size, a comma list, or ``all`` (every power of two from 2 up to
    ``limit``).  Single-group scan kernels are defined for powers of two, so
    with ``power_of_two`` anything else is bad input here, before any work,
    on every command alike.
    """
    if text is None:
        if default is None:
            raise VeriscanError("--n is required (a size such as 1024, a comma list, or 'all')")
        return [default]
    if not text.strip():
        raise VeriscanError("--n is empty; give a size such as 1024, a comma list, or 'all'")
    if text.strip().lower() == "all":
        if not allow_all:
            raise VeriscanError("--n all is not accepted here; give one size")
        sizes, n = [], 2
        while n <= min(limit, MAX_N):
            sizes.append(n)
            n *= 2
        return sizes
    out = []
    for part in text.split(","):
        try:
            value = int(part.strip(), 0)
        except ValueError:
            raise VeriscanError(f"--n expects a whole number, a comma list of them or 'all', "
                                f"got '{part.strip()}'") from None
        if value < 1:
            raise VeriscanError(f"--n must be at least 1, got {value}")
        if value > MAX_N:
            raise VeriscanError(f"--n {value} is too large; the largest size is 2^31")
        if power_of_two and (value < 2 or value & (value - 1)):
            raise VeriscanError(f"--n {value} is not a power of two; single-group scan kernels "
                                "are defined for powers of two (2, 4, 8, ...)")
        out.append(value)
    if not allow_all and len(out) != 1:
        raise VeriscanError(f"--n expects one size here, got {len(out)}")
    return out


def macro_defines(args: argparse.Namespace) -> dict[str, str]:
    """``-D`` and ``--generic`` as one NAME -> VALUE mapping (NAME may be function-like)."""
    from veriscan.frontend.clang_parse import MACRO_NAME

    out: dict[str, str] = {}
    for item in getattr(args, "defines", None) or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not MACRO_NAME.match(name):
            raise VeriscanError(f"-D expects NAME=VALUE, got '{item}'")
        out[name] = value.strip() if sep else "1"
    generic = getattr(args, "generic", None)
    if generic is not None:
        for item in generic.split(","):
            role, sep, name = (x.strip() for x in item.partition("="))
            if role not in GENERIC_ROLES or not sep or not name.isidentifier():
                raise VeriscanError(f"--generic expects ROLE=NAME pairs with ROLE one of "
                                    f"{', '.join(GENERIC_ROLES)}, got '{item.strip()}'")
            if name in GENERIC_ROLES:
                raise VeriscanError(f"--generic {item.strip()}: '{name}' is itself a "
                                    "placeholder name")
            out[name] = role
    return out


GENERIC_ROLES = ("TYPE", "OPERATOR", "IDENTITY")


def emit(verdicts: Iterable[Verdict], as_json: bool, title: str = "",
         extra: dict[str, Any] | None = None,
         columns: tuple[str, ...] = (), sarif: Path | None = None) -> int:
    """Print verdicts as a table (or the JSON document) and return the run's exit code.

    ``columns`` names keys of ``Verdict.details`` to show as extra columns;
    ``sarif`` is the ``--sarif`` file, written before anything is printed.
    """
    items = list(verdicts)
    if sarif is not None:
        from veriscan.cli.sarif import write_sarif

        write_sarif(sarif, items)
    if as_json:
        return print_document(verdict_document(items, **(extra or {})))
    table = Table(title=title or None, show_lines=False)
    table.add_column("check")
    for col in columns:
        table.add_column(col, justify="right")
    table.add_column("verdict")
    table.add_column("time", justify="right")
    table.add_column("summary", overflow="fold")
    for v in items:
        style = STATUS_STYLE[v.status]
        table.add_row(v.check, *(str(v.details.get(c, "")) for c in columns),
                      f"[{style}]{v.status.value}[/{style}]",
                      "" if v.seconds is None else f"{v.seconds:.3f}s", escape(v.summary))
    console.print(table)
    for v in items:
        if v.witness and v.status is not Status.VERIFIED:
            console.print(f"[bold]{v.check}[/bold] witness:")
            console.print_json(data=v.to_json()["witness"])
    return exit_code(items)


Advance = Callable[..., None]  # advance(done, total, what=None)


def quiet(args: argparse.Namespace) -> bool:
    """No progress bar with --json (machines read the run) or --no-progress."""
    return bool(getattr(args, "json", False) or getattr(args, "no_progress", False))


@contextmanager
def progress(label: str, show: bool, hidden: bool = False) -> Iterator[Advance]:
    """A rich progress bar on stderr, so stdout stays clean for --json.

    The callback takes the work done so far, the total and, optionally, a
    label for what is running now (it replaces ``label`` on the bar).
    """
    if not show or hidden:
        yield lambda done, total, what=None: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                  transient=True) as bar:
        task = bar.add_task(label, total=None)

        def advance(done: int, total: int, what: str | None = None) -> None:
            bar.update(task, completed=done, total=total,
                       **({"description": what} if what else {}))

        yield advance


def exit_code(items: list[Verdict]) -> int:
    return worst(items).exit_code


__all__ = ["EXIT_OK", "add_device_arg", "add_json_arg", "add_kernel_args", "add_macro_args",
           "add_progress_arg", "add_sarif_arg", "console", "emit", "err_console", "exit_code",
           "macro_defines", "parse_sizes", "progress", "quiet", "worst"]
