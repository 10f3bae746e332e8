"""One proof for every n = 2^1 .. 2^30 with N symbolic; refusals fall back to per-n."""

from __future__ import annotations

from pathlib import Path

from veriscan.check import _check_scan_parametric
from veriscan.scankernel import load_scan_kernel
from veriscan.smt import parametric
from veriscan.verdict import Status

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = ROOT / "tests" / "corpus" / "mutants"
CORPUS = ROOT / "tests" / "corpus" / "static"


def test_kogge_stone_is_proved_for_all_sizes_at_once() -> None:
    verdict = _check_scan_parametric(load_scan_kernel("kogge_stone"))
    assert verdict.status is Status.VERIFIED, verdict.summary
    static = next(p for p in verdict.details["parts"] if p["check"] == "static")
    assert "1 <= m <= 30" in static["details"]["launch"]


def test_parametric_proof_catches_a_removed_barrier() -> None:
    verdict = _check_scan_parametric(load_scan_kernel(str(CORPUS /
                                                          "kogge_stone_no_second_barrier.cl")))
    assert verdict.status is Status.VIOLATION
    w = verdict.witness
    assert w["array"] == "buf"
    assert {w["thread_a"]["access"], w["thread_b"]["access"]} == {"read", "write"}


def test_parametric_divergence_is_found() -> None:
    verdict = _check_scan_parametric(load_scan_kernel(str(CORPUS / "kogge_stone_divergent.cl")))
    assert verdict.status is Status.VIOLATION
    assert verdict.details["failed_part"] == "divergence"


def test_arrays_sized_by_expressions_of_n_are_refused() -> None:
    verdict = _check_scan_parametric(load_scan_kernel("blelloch_tree1d"))
    assert verdict.status is Status.UNKNOWN
    assert "sized by an expression of N" in verdict.summary


def test_conditional_compilation_and_sentinels_are_refused() -> None:
    assert parametric.refusal("#if N > 4\n#endif\n") is not None
    assert parametric.refusal(f"int x = {parametric.SENTINELS[0]};") is not None
    assert parametric.refusal(load_scan_kernel("kogge_stone").source) is None
