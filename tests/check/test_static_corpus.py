"""Every corpus kernel gets the verdict its header states, through the CLI.

Header lines: ``// expect: verified|race|divergence|bounds|undefined|assertion|not-generic|unknown``
and ``// launch: <veriscan check options>``.  Every verdict row (one per size
for scan kernels) must match, so a kernel is not "caught" by one lucky size.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from veriscan.cli.main import main

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"
KERNELS = sorted(p for p in CORPUS.iterdir() if p.suffix in (".cl", ".cu"))
FAILED_PART = {"race": "races", "divergence": "divergence", "bounds": "bounds",
               "undefined": "undefined",
               "assertion": "assertions", "not-generic": "generic"}


def header(path: Path, key: str) -> str:
    match = re.search(rf"^// {key}: (.*)$", path.read_text(), re.M)
    assert match, f"{path.name} lacks a '// {key}:' line"
    return match.group(1).strip()


def test_corpus_covers_every_verdict_kind() -> None:
    kinds = {header(p, "expect") for p in KERNELS}
    assert kinds >= {"verified", "unknown", *FAILED_PART}


@pytest.mark.parametrize("path", KERNELS, ids=[p.name for p in KERNELS])
def test_corpus_kernel_gets_expected_verdict(path: Path, capsys: pytest.CaptureFixture) -> None:
    expect = header(path, "expect")
    code = main(["check", str(path), *shlex.split(header(path, "launch")), "--json"])
    rows = json.loads(capsys.readouterr().out)["verdicts"]
    assert rows
    if expect == "verified":
        assert code == 0
        assert all(r["status"] == "verified" for r in rows)
    elif expect == "unknown":
        assert code == 2
        assert all(r["status"] == "unknown" for r in rows)
    else:
        assert code == 1
        for r in rows:
            assert r["status"] == "violation", r["summary"]
            assert r["details"]["failed_part"] == FAILED_PART[expect]
            assert r["witness"], "a violation must carry a witness"
