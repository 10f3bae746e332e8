"""The CI examples in the repository work: the pre-commit hook and the GitHub Actions job.

Both are run the way their tools run them (pre-commit: the entry, split like a
shell line, then the file names; Actions: each `run:` step in bash with the
job's environment), on a verified kernel and on a racy one.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
GOOD = REPO / "src" / "veriscan" / "kernels" / "scan" / "kogge_stone.cl"
RACY = HERE / "kernels" / "race_on_line_9.cl"


def _env() -> dict[str, str]:
    """The test's Python environment, with its `veriscan` script first on PATH."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def test_pre_commit_hook_passes_good_kernels_and_stops_a_race() -> None:
    if shutil.which("veriscan", path=_env()["PATH"]) is None:
        pytest.skip("the veriscan script is not installed in this environment")
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert {"id", "name", "entry", "language", "files"} <= hook.keys()
    assert hook["pass_filenames"] is True
    command = shlex.split(hook["entry"])

    ok = subprocess.run([*command, str(GOOD)], env=_env(), capture_output=True, text=True,
                        timeout=120)
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run([*command, str(GOOD), str(RACY)], env=_env(), capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 1
    assert "race_on_line_9.cl:9" in bad.stdout


def test_github_actions_job_runs_and_writes_valid_sarif(tmp_path: Path) -> None:
    if shutil.which("veriscan", path=_env()["PATH"]) is None:
        pytest.skip("the veriscan script is not installed in this environment")
    workflow = yaml.safe_load((REPO / "examples" / "github-actions" / "veriscan.yml").read_text())
    (job,) = workflow["jobs"].values()
    runs = [step["run"] for step in job["steps"] if "veriscan " in step.get("run", "")]
    assert len(runs) == 2
    env = {**_env(), **job["env"], "KERNEL": str(GOOD)}
    for script in runs:
        done = subprocess.run(["bash", "-ec", script], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (script, done.stderr[-500:])
    sarif_schema = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.Draft7Validator(sarif_schema).validate(
        json.loads((tmp_path / "veriscan.sarif").read_text()))
    assert json.loads((tmp_path / "veriscan.json").read_text())["status"] == "verified"
    assert json.loads((tmp_path / "veriscan-certificate.json").read_text())["results"]
