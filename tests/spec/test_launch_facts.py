"""``veriscan spec --assume``: facts the host guarantees about the launch.

Such a fact is a context_everywhere clause in all but where it is written: it
may exclude launches (and must then be listed in the verdict), it never makes a
proof vacuous, and it can state nothing but the launch.
"""

from pathlib import Path

import pytest

from corpus_format import run_cli

HERE = Path(__file__).resolve().parent
ONE_WRITER = HERE / "syntax" / "one_writer.cu"


def spec(capsys, *facts: str) -> tuple[int, dict]:
    argv = ["spec", str(ONE_WRITER)]
    for fact in facts:
        argv += ["--assume", fact]
    return run_cli(argv, capsys)


def test_a_fact_that_excludes_the_racing_launches_verifies_and_is_listed(capsys):
    # Every thread asks for the write on out[0]: right for one thread only.
    code, document = spec(capsys)
    verdict = document["verdicts"][0]
    assert (code, verdict["status"]) == (1, "violation")
    assert "two threads both receive write permission" in verdict["summary"]
    code, document = spec(capsys, "blockDim.x == 1")
    verdict = document["verdicts"][0]
    assert (code, verdict["status"]) == (0, "verified"), verdict["summary"]
    assert ("the host launches the kernel so that blockDim.x == 1 (given with --assume)"
            in verdict["details"]["assumptions"])


def test_a_fact_that_does_not_exclude_them_changes_nothing(capsys):
    code, document = spec(capsys, "blockDim.x >= 1 && v > 0")
    assert (code, document["verdicts"][0]["status"]) == (1, "violation")


@pytest.mark.parametrize("facts", [("blockDim.x == 0",), ("v > 0", "v < 0"),
                                   ("blockDim.x == 1 && gridDim.x == 1 && 1 > 2",)])
def test_a_fact_no_launch_meets_is_a_vacuity_violation(capsys, facts):
    code, document = spec(capsys, *facts)
    verdict = document["verdicts"][0]
    assert (code, verdict["status"]) == (1, "violation"), verdict["summary"]
    assert verdict["witness"]["obligation"] == "vacuity"
    assert "no launch satisfies it" in verdict["summary"]


@pytest.mark.parametrize(("fact", "words"), [
    ("threadIdx.x == 0", "'threadIdx.x' is not a fact about the launch"),
    ("blockIdx.x == 0", "'blockIdx.x' is not a fact about the launch"),
    ("out[0] == 1", "a memory cell is not a fact about the launch"),
    ("\\old(v) == 1", "\\old(...) is not a fact about the launch"),
    ("Perm(out[0], write)", "a permission is not a fact about the launch"),
    ("out == 1", "'out' (not a scalar parameter of one_writer)"),
    ("w == 1", "'w' (not a scalar parameter of one_writer)"),
    ("get_local_id(0) == 0", "'get_local_id(...)' is not a fact about the launch"),
    ("(\\forall int i; 0 <= i && i < 2; out[i] == 0)", "a memory cell"),
    ("v ==", "unexpected 'end of annotation'"),
    ("  ", "--assume needs an expression"),
])
def test_anything_but_the_launch_is_bad_input(capsys, fact, words):
    code, document = spec(capsys, fact)
    assert code == 3
    assert words in document["error"]["message"]
    assert "Traceback" not in document["error"]["message"]


def test_a_quantified_fact_about_parameters_is_a_launch_fact(capsys):
    code, document = spec(capsys, "(\\forall int i; 0 <= i && i < v; i < blockDim.x)",
                          "blockDim.x == 1")
    assert (code, document["verdicts"][0]["status"]) == (0, "verified")
