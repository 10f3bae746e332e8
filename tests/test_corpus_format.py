"""The test suite's one corpus format (tests/corpus_format.py): its grammar, its edits,
and every corpus kernel's header.

The verdicts themselves are checked by the driver, per folder:
tests/check/test_static_corpus.py, tests/verify/test_verify_corpus.py,
tests/adversarial/test_adversarial.py and the spec corpus's test; the mutants by
tests/functional/test_mutants.py and the spec checker's mutation test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_format import (
    TESTS,
    EditDrift,
    Expectation,
    HeaderError,
    apply_edit,
    corpus_files,
    parse_expectation,
    parse_header,
)
from veriscan.errors import VeriscanError
from veriscan.scankernel import parse_header as product_header

# Every folder of test kernels with an expectation header.
CORPORA = [TESTS / "corpus" / "static", TESTS / "corpus" / "verify",
           TESTS / "corpus" / "spec_broken",
           *sorted((TESTS / "adversarial").glob("class*"))]
KERNELS = [p for folder in CORPORA for p in corpus_files(folder)]


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(TESTS)) for p in paths]


@pytest.mark.parametrize("path", KERNELS, ids=_ids(KERNELS))
def test_corpus_kernel_has_a_header_in_the_grammar(path: Path) -> None:
    header = parse_header(path)
    assert header.runs and header.expect.status
    # A scan kernel's own header (if any) holds only the product's keys: a test key there
    # would be bad input to veriscan.
    try:
        product_header(path.read_text(), str(path))
    except VeriscanError as exc:
        pytest.fail(f"{path.name}: the '// veriscan:' line is bad input: {exc}")


def test_every_test_kernel_with_an_expectation_is_in_a_corpus() -> None:
    """No folder of test kernels is left out of the driver (or keeps an old format)."""
    corpus = set(KERNELS)
    stray = sorted(str(p.relative_to(TESTS)) for p in TESTS.rglob("*")
                   if p.suffix in (".cl", ".cu") and p not in corpus
                   and "// expect" in p.read_text(errors="replace")[:2000])
    assert not stray, f"test kernels with an expectation outside the corpora: {stray}"


@pytest.mark.parametrize(("text", "want"), [
    ("verified", Expectation("verified")),
    ("violation race", Expectation("violation", "race")),
    ("violation: data race on out[0]", Expectation("violation", None, "data race on out[0]")),
    ("violation not-generic: TYPE value", Expectation("violation", "not-generic", "TYPE value")),
    ("unknown: over-approximates (int_of_float)",
     Expectation("unknown", None, "over-approximates (int_of_float)")),
    ("violation-or-unknown", Expectation("violation-or-unknown")),
    ("bad-input: not found", Expectation("bad-input", None, "not found")),
])
def test_expectations(text: str, want: Expectation) -> None:
    assert parse_expectation(text) == want


@pytest.mark.parametrize("text", ["race", "verified race", "unknown bounds", "violation races",
                                  "pass", ""])
def test_bad_expectations(text: str) -> None:
    with pytest.raises(HeaderError):
        parse_expectation(text)


def test_header_keys_runs_and_continuations() -> None:
    text = ("// expect: violation\n// run: verify --n 4,16\n// run: check --n 4\n"
            "// veriscan: inclusive threads=n\n// truth: a race\n//        on out[0]\n"
            "// A comment that is not part of the header: reason: none.\n__kernel void k() {}\n")
    header = parse_header(Path("k.cl"), text)
    assert header.runs == (("verify", "--n", "4,16"), ("check", "--n", "4"))
    assert header.keys == {"truth": "a race on out[0]"} and header.lines == 6
    assert header.options("check") == ["--n", "4"] and header.options("spec") == []


@pytest.mark.parametrize(("text", "complaint"), [
    ("// run: check --n 4\n// expect: verified\n", "line 1"),
    ("// expect: verified\n__kernel void k() {}\n", "no '// run:"),
    ("// expect: verified\n// run: --n 4\n", "needs a command"),
    ("// expect: verified\n// run: check\n// truth: a\n// truth: b\n", "twice"),
    ("// expect: verified\n// run: check\n\n// run: verify\n", "after the header"),
    ("// expect: verified\n// run: spec\n// process: shared\n", "takes only 'own'"),
    ("// expect: verified\n// run: check\n// run: check\n// run: check\n// run: check\n"
     "// veriscan: inclusive\n", "first 5 lines"),
])
def test_bad_headers(text: str, complaint: str) -> None:
    with pytest.raises(HeaderError, match=complaint):
        parse_header(Path("k.cl"), text)


def test_edits_apply_once_or_fail_loudly() -> None:
    source = "a = 1;\nb = 1;\n"
    assert apply_edit(source, {"find": "a = 1", "replace": "a = 2"}) == "a = 2;\nb = 1;\n"
    assert apply_edit(source, {"find": "= 1", "replace": "= 3", "occurrence": 2}) == (
        "a = 1;\nb = 3;\n")
    assert apply_edit(source, {"find": "= 1", "replace": "= 0", "all": True}) == (
        "a = 0;\nb = 0;\n")
    for entry in ({"find": "c = 1", "replace": "c = 2"},       # no longer there: drift
                  {"find": "= 1", "replace": "= 2"},           # ambiguous
                  {"find": "= 1", "replace": "= 2", "occurrence": 3},
                  {"find": "a = 1", "replace": "a = 1"}):      # no change
        with pytest.raises(EditDrift):
            apply_edit(source, entry)
