"""Verdicts shared by every check: verified, violation (with witness) or unknown.

One record type for all engines keeps the soundness rule in one place: a
:class:`Verdict` can only be ``VERIFIED`` when the engine says so explicitly,
and :func:`combine` lets any ``UNKNOWN`` or ``VIOLATION`` among the parts win.
Exit codes are fixed here so that every CLI command agrees on them.
"""

from __future__ import annotations

import enum
import json
from dataclasses import asdict, dataclass, field, is_dataclass, replace
from typing import Any

from veriscan.diagnostics import require
from veriscan.errors import SourcePos


class Status(enum.Enum):
    VERIFIED = "verified"
    VIOLATION = "violation"
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        return {Status.VERIFIED: EXIT_OK, Status.VIOLATION: EXIT_VIOLATION,
                Status.UNKNOWN: EXIT_UNKNOWN}[self]


EXIT_OK = 0
EXIT_VIOLATION = 1
EXIT_UNKNOWN = 2
EXIT_BAD_INPUT = 3
# A bug in veriscan itself: never 1, which a CI job would read as "the kernel is wrong".
EXIT_INTERNAL = 4
# Stopped by Ctrl-C (SIGINT), the shell's convention 128 + 2.
EXIT_INTERRUPTED = 130


@dataclass
class Verdict:
    """The outcome of one check.

    ``summary`` is one human sentence (what was proven, what broke, or why we
    do not know).  ``witness`` is engine-specific structured evidence (thread
    ids, accesses with source lines, wrong output elements...), kept as plain
    JSON-able data so ``--json`` and certificates need no per-engine code.
    A violation or unknown also names, by stable ids (:mod:`veriscan.diagnostics`),
    what was not established (``error_id``) and why (``reason_id``), and where in
    the source when the failure has a place (``pos``): the summary's wording may
    change, those may not.
    """

    check: str
    status: Status
    summary: str
    witness: dict[str, Any] | None = None
    details: dict[str, Any] = field(default_factory=dict)
    seconds: float | None = None
    error_id: str | None = None
    reason_id: str | None = None
    pos: SourcePos | None = None

    def __post_init__(self) -> None:
        if self.status is not Status.VERIFIED or self.error_id is not None:
            require(str(self.error_id), str(self.reason_id))
        if self.pos is not None and self.pos.line < 1:
            self.pos = None  # a place outside the file (the command line, a built-in)

    @property
    def ok(self) -> bool:
        return self.status is Status.VERIFIED

    def to_json(self) -> dict[str, Any]:
        return {
            "check": self.check,
            "status": self.status.value,
            "summary": self.summary,
            "witness": _plain(self.witness),
            "details": _plain(self.details),
            "seconds": self.seconds,
            "error_id": self.error_id,
            "reason_id": self.reason_id,
            "position": None if self.pos is None else {
                "file": self.pos.file, "line": self.pos.line, "column": self.pos.col or None},
        }


def verified(check: str, summary: str, **details: Any) -> Verdict:
    return Verdict(check, Status.VERIFIED, summary, details=details)


def violation(check: str, summary: str, witness: dict[str, Any], *, error: str, reason: str,
              pos: SourcePos | None = None, **details: Any) -> Verdict:
    return Verdict(check, Status.VIOLATION, summary, witness=witness, details=details,
                   error_id=error, reason_id=reason, pos=pos)


def unknown(check: str, summary: str, *, error: str, reason: str,
            pos: SourcePos | None = None, **details: Any) -> Verdict:
    return Verdict(check, Status.UNKNOWN, summary, details=details, error_id=error,
                   reason_id=reason, pos=pos)


def combine(check: str, parts: list[Verdict], summary_if_verified: str) -> Verdict:
    """Join sub-verdicts: the first violation wins, then the first unknown.

    An empty list is ``UNKNOWN``: nothing was analysed, so nothing was proven.
    """
    if not parts:
        return unknown(check, "nothing was analysed", error="verification",
                       reason="nothing_analysed")
    for wanted in (Status.VIOLATION, Status.UNKNOWN):
        for part in parts:
            if part.status is wanted:
                return replace(part, check=check,
                               details={"failed_part": part.check, **part.details},
                               seconds=_total_seconds(parts))
    return Verdict(check, Status.VERIFIED, summary_if_verified,
                   details={"parts": [p.to_json() for p in parts]},
                   seconds=_total_seconds(parts))


def _total_seconds(parts: list[Verdict]) -> float | None:
    times = [p.seconds for p in parts if p.seconds is not None]
    return sum(times) if times else None


def _plain(value: Any) -> Any:
    """Make witnesses JSON-able (dataclasses, enums, tuples, numpy scalars)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_plain(v) for v in value]
    if hasattr(value, "item"):  # numpy scalar
        return value.item()
    return str(value)


def dumps(verdicts: Verdict | list[Verdict]) -> str:
    items = verdicts if isinstance(verdicts, list) else [verdicts]
    payload: Any = [v.to_json() for v in items]
    return json.dumps(payload[0] if not isinstance(verdicts, list) else payload, indent=2)
