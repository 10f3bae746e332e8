"""SARIF 2.1.0 output (``--sarif FILE``), so code-scanning tools show findings on source lines.

Each verdict that is not *verified* becomes one SARIF result: a violation is
an ``error``, an unknown a ``warning`` (nothing was proven, which a CI gate
should see).  Verified verdicts are listed as rules with no results, the SARIF
way of saying "checked, nothing found".  Locations come from the witness: every
``file:line[:col]`` position veriscan records (``at`` of each access, the
barrier, the loop) is a location; the first access is the primary one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from veriscan.outputs import write_text_atomically
from veriscan.verdict import Status, Verdict

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_POSITION = re.compile(r"^(?P<file>.+?):(?P<line>[1-9]\d*)(?::(?P<col>[1-9]\d*))?$")
_LEVEL = {Status.VIOLATION: "error", Status.UNKNOWN: "warning"}


def sarif_log(verdicts: list[Verdict]) -> dict[str, Any]:
    """The SARIF log of one run: one tool, its rules (the checks), one result per finding."""
    from veriscan import __version__

    rules = sorted({_rule(v) for v in verdicts})
    results = [_result(v, rules.index(_rule(v))) for v in verdicts if v.status in _LEVEL]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "veriscan",
                "version": __version__,
                "rules": [{"id": rule, "name": rule,
                           "shortDescription": {"text": f"veriscan {rule} check"}}
                          for rule in rules],
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def write_sarif(path: Path, verdicts: list[Verdict]) -> None:
    write_text_atomically(path, json.dumps(sarif_log(verdicts), indent=2) + "\n", "--sarif")


def _rule(verdict: Verdict) -> str:
    """The check that failed (``races``, ``divergence``, ``bounds``, ...), else the verdict's."""
    return str(verdict.details.get("failed_part") or verdict.check)


def _result(verdict: Verdict, rule_index: int) -> dict[str, Any]:
    positions = list(dict.fromkeys(_positions(verdict.witness, primary_first=True)))
    if not positions:
        file = verdict.details.get("file") or verdict.details.get("kernel_file")
        positions = [(str(file), None, None)] if file else []
    locations = [_location(*p) for p in positions]
    result: dict[str, Any] = {
        "ruleId": _rule(verdict),
        "ruleIndex": rule_index,
        "level": _LEVEL[verdict.status],
        "kind": "fail" if verdict.status is Status.VIOLATION else "review",
        "message": {"text": verdict.summary},
        "properties": {"error_id": verdict.error_id, "reason_id": verdict.reason_id},
    }
    if locations:
        result["locations"] = locations[:1]
        if len(locations) > 1:
            result["relatedLocations"] = [{**loc, "id": i}
                                          for i, loc in enumerate(locations[1:], start=1)]
    return result


def _positions(value: Any, primary_first: bool = False) -> Iterator[tuple[str, int, int | None]]:
    """Every ``file:line[:col]`` string in a witness, accesses (``at``) first."""
    if isinstance(value, dict):
        if primary_first:
            for key in ("at", "thread_a", "thread_b"):
                if key in value:
                    yield from _positions(value[key])
        for item in value.values():
            yield from _positions(item)
    elif isinstance(value, list):
        for item in value:
            yield from _positions(item)
    elif isinstance(value, str):
        match = _POSITION.match(value)
        if match and Path(match["file"]).suffix:
            yield match["file"], int(match["line"]), int(match["col"]) if match["col"] else None


def _location(file: str, line: int | None, col: int | None) -> dict[str, Any]:
    path = Path(file)
    uri = path.as_uri() if path.is_absolute() else path.as_posix()
    physical: dict[str, Any] = {"artifactLocation": {"uri": uri}}
    if line is not None:
        physical["region"] = {"startLine": line, **({"startColumn": col} if col else {})}
    return {"physicalLocation": physical}
