"""`--sarif FILE` on check, verify and spec: valid SARIF 2.1.0, findings on the right lines."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from veriscan.cli.main import main

HERE = Path(__file__).resolve().parent
RACE = HERE / "kernels" / "race_on_line_9.cl"
SARIF = jsonschema.Draft7Validator(
    json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text()))
REPO = HERE.parents[1]


def sarif_of(tmp_path: Path, capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, dict]:
    out = tmp_path / "out.sarif"
    code = main([*argv, "--sarif", str(out)])
    capsys.readouterr()
    log = json.loads(out.read_text())
    errors = [e.message for e in SARIF.iter_errors(log)]
    assert not errors, errors[:3]
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"
    return code, log


def test_race_from_check_is_an_error_on_its_line(tmp_path, capsys) -> None:
    code, log = sarif_of(tmp_path, capsys, "check", str(RACE), "--n", "4")
    assert code == 1
    (run,) = log["runs"]
    assert run["tool"]["driver"]["name"] == "veriscan"
    (result,) = run["results"]
    assert result["level"] == "error" and result["ruleId"] == "races"
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "races"
    region = result["locations"][0]["physicalLocation"]
    assert region["artifactLocation"]["uri"].endswith("race_on_line_9.cl")
    assert region["region"]["startLine"] == 9  # out[0] = in[0];
    assert "data race" in result["message"]["text"]


def test_verified_kernel_gives_rules_and_no_results(tmp_path, capsys) -> None:
    code, log = sarif_of(tmp_path, capsys, "check", "kogge_stone", "--n", "4")
    assert code == 0
    assert log["runs"][0]["results"] == []
    assert log["runs"][0]["tool"]["driver"]["rules"]


def test_verify_reports_the_failed_step(tmp_path, capsys) -> None:
    code, log = sarif_of(tmp_path, capsys, "verify",
                         str(REPO / "tests" / "corpus" / "verify" /
                             "racy_benign_passes_interval.cl"), "--n", "8")
    assert code == 1
    # The static race, and (where Oclgrind is installed) its race detector's report.
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] in (["races"], ["races", "interval"])
    for result in results:
        assert result["level"] == "error"
        # out[0] = in[0]; (line 13, below the five header lines)
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 13


def test_spec_violation_is_reported(tmp_path, capsys) -> None:
    broken = REPO / "tests" / "corpus" / "spec_broken" / "demo_wrong_barrier_post.cl"
    code, log = sarif_of(tmp_path, capsys, "spec", str(broken))
    assert code == 1
    (result,) = log["runs"][0]["results"]
    assert result["level"] == "error" and result["message"]["text"]
