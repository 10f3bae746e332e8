"""Kernels written to deceive the verifier: none may ever be called verified.

Each file under ``class1`` … ``class7`` is one attack, with its truth in its
header (GPUVerify's testsuite is the model: expectation first, command after)::

    // expect: violation | unknown | violation-or-unknown
    // run: verify --n 4,16        (one or more: sub-command and options)
    // truth: what is wrong, and the evidence

Every ``run:`` line is executed as ``veriscan CMD KERNEL OPTIONS --json`` and
must end with the exit code the expectation names; exit 0 (verified) fails
the test whatever the header says.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from veriscan.cli.main import main

HERE = Path(__file__).resolve().parent
KERNELS = sorted(p for p in HERE.glob("class*/*") if p.suffix in (".cl", ".cu"))
EXIT_CODES = {"violation": {1}, "unknown": {2}, "violation-or-unknown": {1, 2}}
# The issue asks for at least six attacks on each of classes 1-6, sixty in all.
MIN_PER_CLASS = 6
MIN_TOTAL = 60


def header(path: Path) -> tuple[str, list[list[str]], str]:
    text = path.read_text()
    expect = re.search(r"^// expect: *(\S+)", text, re.M)
    runs = re.findall(r"^// run: *(.+)$", text, re.M)
    truth = re.search(r"^// truth: *(.+)$", text, re.M)
    assert expect and expect.group(1) in EXIT_CODES, f"{path.name}: bad '// expect:' line"
    assert runs, f"{path.name}: no '// run:' line"
    assert truth, f"{path.name}: no '// truth:' line saying what is wrong"
    return expect.group(1), [shlex.split(r) for r in runs], truth.group(1)


def test_every_class_has_its_attacks() -> None:
    per_class = {f"class{k}": 0 for k in range(1, 7)}
    for path in KERNELS:
        per_class[path.parent.name] = per_class.get(path.parent.name, 0) + 1
    thin = {name: count for name, count in per_class.items() if count < MIN_PER_CLASS}
    assert not thin, f"classes with fewer than {MIN_PER_CLASS} attacks: {thin}"
    assert len(KERNELS) >= MIN_TOTAL


@pytest.mark.parametrize("path", KERNELS, ids=[f"{p.parent.name}/{p.name}" for p in KERNELS])
def test_attack_is_never_verified(path: Path, capsys: pytest.CaptureFixture) -> None:
    expect, runs, truth = header(path)
    for command, *options in runs:
        code = main([command, str(path), *options, "--json"])
        out = capsys.readouterr().out
        assert code != 0, f"{path.name} was verified by `{command}` but: {truth}\n{out}"
        assert code in EXIT_CODES[expect], (
            f"{path.name}: `{command}` exited {code}, expected {expect}\n{out}")
