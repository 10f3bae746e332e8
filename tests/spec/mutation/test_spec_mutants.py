"""Mutation test of the spec checker: find-and-replace mutants of the shipped kernels.

The manifests (``manifest_*.toml`` beside this file) describe each mutant as
an edit of a shipped annotated kernel, never as a copied file, so a change
to a kernel is tested against all its mutants at once.  A "wrong" mutant
must not verify (a violation, an unknown, or bad input naming the problem);
a "correct" one must verify.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from veriscan.errors import VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.seplogic import annotated_kernels
from veriscan.seplogic.checker import check_spec
from veriscan.verdict import Status

tomllib = pytest.importorskip("tomllib", reason="the manifests are TOML (Python 3.11+)")

HERE = Path(__file__).resolve().parent
MUTANTS = [m for path in sorted(HERE.glob("manifest_*.toml"))
           for m in tomllib.loads(path.read_text())["m"]]
# Classes every kernel family must be attacked with somewhere in the manifest.
REQUIRED_CLASSES = {"read handed back counts as write", "fence flags", "reassigned parameter",
                    "contract of another kernel", "C arithmetic", "vacuous precondition",
                    "fraction over 1", "off-by-one index", "wrong value", "missing barrier",
                    "write before barrier", "false invariant", "quantifier range too large"}


def mutate(mutant: dict) -> str:
    source = annotated_kernels()[mutant["kernel"]].read_text()
    find, replace = mutant["find"], mutant["replace"]
    count = source.count(find)
    if mutant.get("all"):
        assert count >= 1, f"'{find}' does not occur"
        return source.replace(find, replace)
    which = mutant.get("occurrence")
    if which is None:
        assert count == 1, f"'{find}' occurs {count} times; give occurrence"
        which = 1
    assert 1 <= which <= count, f"'{find}' has no occurrence {which}"
    start = -1
    for _ in range(which):
        start = source.index(find, start + 1)
    return source[:start] + replace + source[start + len(find):]


def _id(mutant: dict) -> str:
    return f"{mutant['kernel']}-{mutant['kind']}-{mutant['class']}"


def test_manifest_covers_every_kernel_and_class():
    wrong = Counter(m["kernel"] for m in MUTANTS if m["kind"] == "wrong")
    correct = Counter(m["kernel"] for m in MUTANTS if m["kind"] == "correct")
    for name in annotated_kernels():
        assert wrong[name] >= 10, f"{name}: {wrong[name]} wrong mutants"
        assert correct[name] >= 3, f"{name}: {correct[name]} correct mutants"
    assert {m["class"] for m in MUTANTS if m["kind"] == "wrong"} >= REQUIRED_CLASSES
    assert all(m.get("reason") and m["kind"] in ("wrong", "correct") for m in MUTANTS)


@pytest.mark.parametrize("mutant", MUTANTS, ids=_id)
def test_mutant(mutant, tmp_path):
    suffix = annotated_kernels()[mutant["kernel"]].suffix
    path = tmp_path / f"{mutant['kernel']}{suffix}"
    path.write_text(mutate(mutant))
    if mutant["kind"] == "correct":
        # As a user runs it, one process per check: Z3 keeps state across contexts in
        # one process, so a proof near its resource budget can depend on what ran
        # before it in the test process (the command line never shares one).
        entry = ["--kernel", mutant["entry"]] if mutant.get("entry") else []
        run = subprocess.run([sys.executable, "-m", "veriscan", "spec", str(path), *entry,
                              "--json"], capture_output=True, text=True, timeout=600)
        document = json.loads(run.stdout)
        assert run.returncode == 0 and document["status"] == "verified", (
            document.get("error") or document["verdicts"][0]["summary"])
        return
    try:
        verdict = check_spec(parse_kernel(path, entry=mutant.get("entry"))).verdict
    except VeriscanError:
        return  # bad input naming the problem: not verified
    assert verdict.status is not Status.VERIFIED, mutant["reason"]
