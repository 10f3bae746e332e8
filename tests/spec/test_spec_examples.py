"""Every shipped annotated kernel verifies for all sizes; every broken variant is caught."""

from pathlib import Path

import pytest

from corpus_format import check_corpus_kernel, corpus_files, parse_header
from veriscan.frontend import parse_kernel
from veriscan.seplogic import annotated_kernels
from veriscan.seplogic.checker import check_spec
from veriscan.verdict import Status

BROKEN = Path(__file__).resolve().parent.parent / "corpus" / "spec_broken"
EXPECTED_EXAMPLES = {"left_rotation", "left_rotation_cuda", "demo", "binomial",
                     "kogge_stone_perms", "blelloch_perms", "blelloch_tree2d_up",
                     "blelloch_tree2d_down", "compaction", "transpose"}


def test_all_paper_examples_are_shipped():
    assert set(annotated_kernels()) >= EXPECTED_EXAMPLES


@pytest.mark.parametrize("name", sorted(EXPECTED_EXAMPLES))
def test_example_verifies_for_all_sizes(name):
    result = check_spec(parse_kernel(annotated_kernels()[name]))
    assert result.verdict.status is Status.VERIFIED, result.verdict.summary
    assert result.obligations >= 10
    # C's arithmetic is followed, not assumed: no assumption excuses an overflow
    assert not any("overflow" in a for a in result.verdict.details["assumptions"])
    assert any("2^13 work-items" in a for a in result.verdict.details["assumptions"])
    assert result.verdict.details["solver"]["rlimit_per_obligation"] > 0


@pytest.mark.parametrize("path", corpus_files(BROKEN), ids=lambda p: p.stem)
def test_broken_variant_is_rejected_with_its_reason(path, capsys):
    # the one corpus driver: `veriscan spec FILE [--kernel NAME] --json`, as a user runs it
    (document,) = check_corpus_kernel(path, capsys)
    (row,) = document["verdicts"]
    where = row["witness"] if row["status"] == "violation" else row["details"]
    header_lines = parse_header(path).lines
    assert isinstance(where.get("line"), int) and where["line"] > header_lines, (
        "the verdict must point into the kernel, below its header")


def test_every_example_has_two_broken_variants():
    reasons = [parse_header(p).get("reason") for p in corpus_files(BROKEN)]
    for name in EXPECTED_EXAMPLES:
        suffix = ".cu" if name in {"left_rotation_cuda", "kogge_stone_perms", "blelloch_perms",
                                   "compaction"} else ".cl"
        assert sum(f"of {name}{suffix}:" in r for r in reasons) >= 2, name


def test_two_writers_witness_names_both_threads():
    verdict = check_spec(parse_kernel(BROKEN / "left_rotation_two_writers.cl")).verdict
    w = verdict.witness
    (a,), (b,) = w["thread_a"], w["thread_b"]
    assert a != b and a // 2 == b // 2 == w["location"]
