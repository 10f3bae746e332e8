"""Kernels written to deceive the verifier: none may ever be called verified.

Each file under ``class1`` … ``class7`` is one attack, with its truth in its
header, in the test suite's one corpus format (tests/corpus_format.py;
GPUVerify's testsuite is the model: expectation first, command after)::

    // expect: violation | unknown | violation-or-unknown
    // run: verify --n 4,16        (one or more: sub-command and options)
    // veriscan: inclusive threads=n   (a scan kernel's own header, if any)
    // truth: what is wrong, and the evidence

Every ``run:`` line is executed as ``veriscan CMD KERNEL OPTIONS --json`` and
must end with the exit code the expectation names, every verdict row with its
status; exit 0 (verified) fails the test whatever the header says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_format import check_corpus_kernel, parse_header

HERE = Path(__file__).resolve().parent
KERNELS = sorted(p for p in HERE.glob("class*/*") if p.suffix in (".cl", ".cu"))
# What an attack may expect: never verified, never refused as bad input.
EXPECTATIONS = ("violation", "unknown", "violation-or-unknown")
# The issue asks for at least six attacks on each of classes 1-6, sixty in all.
MIN_PER_CLASS = 6
MIN_TOTAL = 60


def test_every_class_has_its_attacks() -> None:
    per_class = {f"class{k}": 0 for k in range(1, 7)}
    for path in KERNELS:
        per_class[path.parent.name] = per_class.get(path.parent.name, 0) + 1
    thin = {name: count for name, count in per_class.items() if count < MIN_PER_CLASS}
    assert not thin, f"classes with fewer than {MIN_PER_CLASS} attacks: {thin}"
    assert len(KERNELS) >= MIN_TOTAL


@pytest.mark.parametrize("path", KERNELS, ids=[f"{p.parent.name}/{p.name}" for p in KERNELS])
def test_attack_is_never_verified(path: Path, capsys: pytest.CaptureFixture) -> None:
    header = parse_header(path)
    truth = header.get("truth")
    assert truth, f"{path.name}: no '// truth:' line saying what is wrong"
    assert header.expect.status in EXPECTATIONS and not header.expect.part, (
        f"{path.name}: an attack expects one of {', '.join(EXPECTATIONS)}")
    # A run that says verified fails here, with the truth it missed in the message.
    check_corpus_kernel(path, capsys, header)
