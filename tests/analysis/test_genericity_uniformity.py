"""Genericity and uniformity over real kernels."""

from __future__ import annotations

from pathlib import Path

from veriscan.analysis.genericity import genericity_issues, uses_generic_type
from veriscan.analysis.uniformity import barrier_control, uniform_variables
from veriscan.check import check_generic
from veriscan.frontend import parse_kernel
from veriscan.scankernel import shipped_kernel_files
from veriscan.verdict import Status

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"


def test_shipped_scan_kernels_are_generic() -> None:
    for path in shipped_kernel_files("scan"):
        kernel = parse_kernel(path, defines={"N": "16"})
        assert uses_generic_type(kernel), path.name
        assert genericity_issues(kernel) == [], path.name
        assert check_generic(kernel).status is Status.VERIFIED


def test_type_in_a_condition_is_not_generic_with_position() -> None:
    kernel = parse_kernel(CORPUS / "not_generic_condition.cl", defines={"N": "8"})
    issues = genericity_issues(kernel)
    assert [(i.pos.line, i.message) for i in issues] == [
        (14, "a TYPE value is used with operator '!='")]
    verdict = check_generic(kernel)
    assert verdict.status is Status.VIOLATION
    assert verdict.witness["issues"][0]["at"].endswith(":14:24")
    assert (verdict.error_id, verdict.reason_id) == ("genericity", "type_inspected")
    assert verdict.pos is not None and (verdict.pos.line, verdict.pos.col) == (14, 24)


def test_concrete_type_cannot_be_judged() -> None:
    kernel = parse_kernel(CORPUS / "kogge_stone_ok.cl", defines={"N": "8", "TYPE": "int"})
    assert check_generic(kernel).status is Status.UNKNOWN


def test_unsupported_kernel_is_never_generic_verified() -> None:
    kernel = parse_kernel(CORPUS / "goto_loop.cl")
    assert check_generic(kernel).status is Status.UNKNOWN


def test_uniform_variables_follow_lock_step_rules() -> None:
    kernel = parse_kernel(CORPUS / "blelloch_ok.cl", defines={"N": "16"})
    uniform = uniform_variables(kernel)
    assert {"offset", "d", "d#2"} <= uniform
    assert "t" not in uniform
    assert not {"ai", "bi"} & uniform  # thread-dependent arithmetic
    assert all(b.uniform for b in barrier_control(kernel))


def test_barrier_under_thread_dependent_branch_is_flagged() -> None:
    kernel = parse_kernel(CORPUS / "kogge_stone_divergent.cl", defines={"N": "8"})
    flags = [(b.pos.line, b.uniform) for b in barrier_control(kernel)]
    assert flags == [(12, True), (16, False), (20, True)]


def test_early_return_makes_later_barriers_non_uniform() -> None:
    kernel = parse_kernel(CORPUS / "early_return_divergence.cl")
    assert [(b.pos.line, b.uniform) for b in barrier_control(kernel)] == [(10, False)]
