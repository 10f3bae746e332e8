"""The verify corpus (tests/corpus/verify): each kernel gets the verdict its header states.

The header is the test suite's one corpus format (tests/corpus_format.py); the
kernels' step-by-step checks are in test_verify_command.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_format import check_corpus_kernel, corpus_files

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "verify"
KERNELS = corpus_files(CORPUS)


@pytest.mark.parametrize("path", KERNELS, ids=[p.name for p in KERNELS])
def test_verify_corpus_kernel_gets_expected_verdict(path: Path, capsys) -> None:
    check_corpus_kernel(path, capsys)
