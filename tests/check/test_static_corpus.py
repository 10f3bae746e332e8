"""Every corpus kernel gets the verdict its header states, through the CLI.

The header is the test suite's one corpus format (tests/corpus_format.py): line
1 ``// expect: verified|unknown|violation PART`` (PART: race, divergence, bounds,
undefined, assertion, not-generic), line 2 ``// run: check <options>``.  Every
verdict row (one per size for scan kernels) must match, so a kernel is not
"caught" by one lucky size.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_format import FAILED_PART, check_corpus_kernel, corpus_files, parse_header

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"
KERNELS = corpus_files(CORPUS)


def test_corpus_covers_every_verdict_kind() -> None:
    kinds = {parse_header(p).expect.part or parse_header(p).expect.status for p in KERNELS}
    assert kinds >= {"verified", "unknown", *FAILED_PART}


def test_every_corpus_kernel_runs_check() -> None:
    for path in KERNELS:
        runs = parse_header(path).runs
        assert [run[0] for run in runs] == ["check"], f"{path.name}: one `check` run"
        assert parse_header(path).expect.status in ("verified", "unknown", "violation")


@pytest.mark.parametrize("path", KERNELS, ids=[p.name for p in KERNELS])
def test_corpus_kernel_gets_expected_verdict(path: Path, capsys: pytest.CaptureFixture) -> None:
    check_corpus_kernel(path, capsys)
