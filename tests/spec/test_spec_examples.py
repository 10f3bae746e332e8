"""Every shipped annotated kernel verifies for all sizes; every broken variant is caught."""

import re
from pathlib import Path

import pytest

from veriscan.frontend import parse_kernel
from veriscan.spec import annotated_kernels
from veriscan.spec.checker import check_spec
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
    assert any("does not overflow" in a for a in result.verdict.details["assumptions"])
    assert any("2^13 work-items" in a for a in result.verdict.details["assumptions"])
    assert result.verdict.details["solver"]["rlimit_per_obligation"] > 0


def _expectation(path: Path) -> tuple[str, str]:
    match = re.match(r"// expect: (\w+): (.*)", path.read_text().splitlines()[0])
    assert match, f"{path.name} lacks its '// expect:' header"
    return match.group(1), match.group(2).strip()


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.c[lu]")), ids=lambda p: p.stem)
def test_broken_variant_is_rejected_with_its_reason(path):
    status, words = _expectation(path)
    entry = re.search(r"^// entry: (\w+)", path.read_text(), re.MULTILINE)
    verdict = check_spec(parse_kernel(path, entry=entry and entry.group(1))).verdict
    assert verdict.status.value == status, verdict.summary
    assert words in verdict.summary
    where = verdict.witness if verdict.status is Status.VIOLATION else verdict.details
    assert isinstance(where.get("line"), int) and where["line"] > 2


def test_every_example_has_two_broken_variants():
    bases = [p.read_text().splitlines()[1] for p in BROKEN.glob("*.c[lu]")]
    for name in EXPECTED_EXAMPLES:
        suffix = ".cu" if name in {"left_rotation_cuda", "kogge_stone_perms", "blelloch_perms",
                                   "compaction"} else ".cl"
        assert sum(f"of {name}{suffix}:" in b for b in bases) >= 2, name


def test_two_writers_witness_names_both_threads():
    verdict = check_spec(parse_kernel(BROKEN / "left_rotation_two_writers.cl")).verdict
    w = verdict.witness
    (a,), (b,) = w["thread_a"], w["thread_b"]
    assert a != b and a // 2 == b // 2 == w["location"]
