"""Options and output shared by the verdict commands.

Every command that takes a kernel takes it the same way (path, ``--kernel``,
``--n``, ``--threads``, ``--inclusive/--exclusive``, ``--device``, ``--json``),
and every command prints verdicts the same way: a rich table for people, a
JSON document for machines, and the exit code of the worst verdict.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from veriscan.errors import VeriscanError
from veriscan.verdict import EXIT_OK, Status, Verdict

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

STATUS_STYLE = {Status.VERIFIED: "green", Status.VIOLATION: "red", Status.UNKNOWN: "yellow"}


def add_kernel_args(p: argparse.ArgumentParser, sizes: bool = True) -> None:
    p.add_argument("kernel", help="OpenCL C (.cl) or CUDA C (.cu) file, or a shipped "
                                  "kernel's name (see `veriscan kernels`)")
    p.add_argument("--kernel", dest="entry", metavar="NAME",
                   help="entry point when the file has several kernels")
    if sizes:
        p.add_argument("--n", default=None, metavar="N|all",
                       help="element count (a power of two for single-group kernels), "
                            "or 'all' for every power of two up to the limit")
        p.add_argument("--threads", metavar="EXPR",
                       help="work-items as an expression in n, e.g. 'n' or 'n/2' "
                            "(default: the kernel header)")
        mode = p.add_mutually_exclusive_group()
        mode.add_argument("--inclusive", dest="inclusive", action="store_true", default=None)
        mode.add_argument("--exclusive", dest="inclusive", action="store_false")
    p.add_argument("--json", action="store_true", help="print a machine-readable record")


def add_device_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--device", metavar="NAME",
                   help="OpenCL device or platform name substring (default: PoCL CPU; "
                        "also $VERISCAN_DEVICE)")


def parse_sizes(text: str | None, limit: int, default: int | None = None) -> list[int]:
    """``--n`` as a list: one size, a comma list, or every power of two up to ``limit``."""
    if text is None:
        if default is None:
            raise VeriscanError("--n is required (a size such as 1024, or 'all')")
        return [default]
    if text.strip().lower() == "all":
        sizes, n = [], 2
        while n <= limit:
            sizes.append(n)
            n *= 2
        return sizes
    out = []
    for part in text.split(","):
        try:
            value = int(part.strip(), 0)
        except ValueError:
            raise VeriscanError(f"--n expects a whole number or 'all', got '{part}'") from None
        if value < 1:
            raise VeriscanError(f"--n must be at least 1, got {value}")
        out.append(value)
    return out


def emit(verdicts: Iterable[Verdict], as_json: bool, title: str = "",
         extra: dict[str, Any] | None = None,
         columns: tuple[str, ...] = ()) -> int:
    """Print verdicts as a table (or JSON) and return the exit code of the worst one.

    ``columns`` names keys of ``Verdict.details`` to show as extra columns.
    """
    items = list(verdicts)
    if as_json:
        payload: dict[str, Any] = {"verdicts": [v.to_json() for v in items]}
        if extra:
            payload.update(extra)
        payload["status"] = worst(items).value if items else Status.UNKNOWN.value
        json.dump(payload, sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
    else:
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


@contextmanager
def progress(label: str, show: bool, quiet: bool = False) -> Iterator[Advance]:
    """A rich progress bar on stderr, so stdout stays clean for --json.

    The callback takes the work done so far, the total and, optionally, a
    label for what is running now (it replaces ``label`` on the bar).
    """
    if not show or quiet:
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


def worst(items: list[Verdict]) -> Status:
    for status in (Status.VIOLATION, Status.UNKNOWN):
        if any(v.status is status for v in items):
            return status
    return Status.VERIFIED


def exit_code(items: list[Verdict]) -> int:
    return worst(items).exit_code if items else Status.UNKNOWN.exit_code


__all__ = ["EXIT_OK", "add_device_arg", "add_kernel_args", "console", "emit", "err_console",
           "exit_code", "parse_sizes", "progress", "worst"]
