"""Running veriscan in-process with --json and checking the contract every run must keep.

The contract (docs/guide.md, "Exit codes" and "JSON output"): exactly one JSON
document on stdout that validates against the published schema, an exit code
from the documented set that agrees with the document's status, no traceback,
and an answer within the time limit.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from veriscan.cli.document import schema
from veriscan.cli.main import main

HERE = Path(__file__).resolve().parent
KERNELS = HERE / "kernels"
REPO = HERE.parents[1]
TIME_LIMIT_S = 30.0  # per run; every case here is static-only or a tiny device run

VALIDATOR = jsonschema.Draft202012Validator(schema())


@dataclass
class Outcome:
    code: int
    doc: dict[str, Any]
    err: str
    seconds: float


def run_json(capsys: pytest.CaptureFixture, argv: list[str]) -> Outcome:
    """Run ``veriscan ARGV --json`` and check the contract; return what it printed."""
    start = time.perf_counter()
    code = main([*argv, "--json"])
    seconds = time.perf_counter() - start
    captured = capsys.readouterr()
    decoder = json.JSONDecoder()
    doc, end = decoder.raw_decode(captured.out.lstrip())
    assert not captured.out.lstrip()[end:].strip(), "more than one JSON document on stdout"
    errors = sorted(VALIDATOR.iter_errors(doc), key=str)
    assert not errors, f"{argv}: schema violations: {[e.message for e in errors[:3]]}"
    assert doc["exit_code"] == code, (argv, doc["status"], code)
    assert "Traceback" not in captured.err and "Traceback" not in captured.out
    assert seconds < TIME_LIMIT_S, f"{argv} took {seconds:.1f}s"
    return Outcome(code, doc, captured.err, seconds)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture):
    return lambda *argv: run_json(capsys, [str(a) for a in argv])
