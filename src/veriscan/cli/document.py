"""The one JSON document every ``--json`` run prints, whatever the outcome.

CI jobs parse stdout; they must get exactly one document that follows one
published schema (``veriscan/schema/output-v1.json``), whether the kernel was
verified, the input was bad, veriscan had a bug or the user pressed Ctrl-C.
So the document is built in one place and printed at most once per run: the
command prints it on success, and ``main`` prints an error document only if
nothing was printed before.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from veriscan.errors import VeriscanError
from veriscan.verdict import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    Status,
    Verdict,
)

SCHEMA_VERSION = 1
SCHEMA_FILE = f"output-v{SCHEMA_VERSION}.json"

# Run-level statuses next to the three verdict statuses, with their exit codes.
OK = "ok"  # a command that lists or draws and has nothing to prove (`kernels`)
RUN_STATUS_EXIT = {
    Status.VERIFIED.value: Status.VERIFIED.exit_code,
    Status.VIOLATION.value: Status.VIOLATION.exit_code,
    Status.UNKNOWN.value: Status.UNKNOWN.exit_code,
    OK: EXIT_OK,
    "bad_input": EXIT_BAD_INPUT,
    "internal_error": EXIT_INTERNAL,
    "interrupted": EXIT_INTERRUPTED,
}


@dataclass
class Run:
    """What ``main`` knows about the running command before and after parsing."""

    command: str
    as_json: bool
    printed: bool = False


_RUN: ContextVar[Run | None] = ContextVar("veriscan_run", default=None)


def start_run(command: str, as_json: bool) -> Run:
    run = Run(command, as_json)
    _RUN.set(run)
    return run


def current_run() -> Run:
    """The running command (a library caller of ``emit`` outside ``main`` gets a fresh one)."""
    run = _RUN.get()
    return run if run is not None else start_run("", False)


def worst(items: Iterable[Verdict]) -> Status:
    """Violation beats unknown beats verified; no verdict at all is unknown."""
    statuses = {v.status for v in items}
    for status in (Status.VIOLATION, Status.UNKNOWN, Status.VERIFIED):
        if status in statuses:
            return status
    return Status.UNKNOWN


def document(status: str, verdicts: Iterable[Verdict] = (),
             error: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """The versioned record; ``extra`` holds the command's own keys (see the schema)."""
    from veriscan import __version__

    return {
        "schema_version": SCHEMA_VERSION,
        "tool": "veriscan",
        "version": __version__,
        "command": current_run().command,
        "status": status,
        "exit_code": RUN_STATUS_EXIT[status],
        "verdicts": [v.to_json() for v in verdicts],
        "error": error,
        **extra,
    }


def verdict_document(verdicts: list[Verdict], **extra: Any) -> dict[str, Any]:
    return document(worst(verdicts).value, verdicts, **extra)


def error_document(status: str, message: str, exc: BaseException | None = None
                   ) -> dict[str, Any]:
    pos = exc.pos if isinstance(exc, VeriscanError) else None
    detail = exc.detail if isinstance(exc, VeriscanError) else None
    return document(status, error={
        "kind": status, "message": message,
        "file": pos.file if pos else None, "line": pos.line if pos else None,
        "column": (pos.col or None) if pos else None, "detail": detail,
    })


def schema() -> dict[str, Any]:
    """The published JSON Schema of the document (shipped in the package)."""
    from importlib.resources import files

    return json.loads((files("veriscan") / "schema" / SCHEMA_FILE).read_text(encoding="utf-8"))


def print_document(payload: dict[str, Any]) -> int:
    """Print the run's one document (later calls are ignored); return its exit code."""
    run = current_run()
    if not run.printed:
        run.printed = True
        json.dump(payload, sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
        sys.stdout.flush()
    return int(payload["exit_code"])
