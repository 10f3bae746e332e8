"""One proof for every n = 2^1 .. 2^30 with N symbolic; refusals fall back to per-n."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from veriscan import check
from veriscan.check import _check_scan_parametric, check_scan_kernel
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.scankernel import ScanKernel, load_scan_kernel
from veriscan.smt import parametric
from veriscan.verdict import Status, verified, violation

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus" / "static"
ATTACKS = ROOT / "tests" / "adversarial" / "class6"


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
    assert "array bound" in verdict.summary


def setup_of(kernel: ScanKernel) -> parametric.ParametricSetup | str:
    return parametric.setup(parametric.KernelSource(
        str(kernel.path), kernel.source, kernel.dialect, kernel.entry, dict(kernel.defines)),
        kernel.thread_count)


@pytest.mark.parametrize(("name", "reason"), [
    ("spaced_if.cl", "directive at"),         # `#  if`: the preprocessor's record, not text
    ("comment_if.cl", "directive at"),
    ("continued_if.cl", "directive at"),
    ("stringify_n.cl", "depends on N"),       # the tokens differ beyond the sentinel
    ("enum_power_of_two.cl", "inside enum constant decl"),
    ("enum_right_at_sentinels.cl", "inside enum constant decl"),
    ("sizeof_low_bit.cl", "inside cxx unary expr"),
    ("builtin_dimension.cl", "inside call expr"),
    ("const_bound.cl", "constant or static variable"),
])
def test_every_way_to_fold_n_is_refused(name: str, reason: str) -> None:
    made = setup_of(load_scan_kernel(str(ATTACKS / name)))
    assert isinstance(made, str) and reason in made, made


def test_a_sentinel_in_the_source_is_refused(tmp_path: Path) -> None:
    source = load_scan_kernel("sequential").source.replace(
        "TYPE acc = IDENTITY;", f"TYPE acc = IDENTITY;\n    uint s = {parametric.SENTINELS[0]};")
    path = tmp_path / "sentinel.cl"
    path.write_text(source)
    made = setup_of(load_scan_kernel(str(path)))
    assert isinstance(made, str) and "contains a sentinel value" in made


def test_sentinels_differ_in_their_low_bits() -> None:
    odd, even = parametric.SENTINELS
    assert odd % 2 == 1 and even % 2**16 == 0 and even & (even - 1) != 0
    assert all(s < 2**31 for s in parametric.SENTINELS)


def test_ir_difference_other_than_the_sentinels_is_refused() -> None:
    path = ROOT / "src" / "veriscan" / "kernels" / "scan" / "sequential.cl"
    first, second = (parse_kernel(path, defines={"N": str(s)}) for s in parametric.SENTINELS)
    assert parametric._ir_difference(first, second) is None
    # A variable's type (or any other field) must match exactly ...
    changed = dataclasses.replace(second, var_types={**second.var_types, "k": ir.INT})
    assert "structure depends on N" in (parametric._ir_difference(first, changed) or "")
    # ... and an array bound may differ only by being exactly the sentinels.
    sized, resized = (dataclasses.replace(k, arrays=[ir.ArrayDecl(
        "buf", ir.INT, ir.MemSpace.LOCAL, (s // 2,), None)])
        for k, s in zip((first, second), parametric.SENTINELS, strict=True))
    assert "computed from N" in (parametric._ir_difference(sized, resized) or "")


def test_a_disagreeing_per_n_proof_gives_unknown_to_report(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = load_scan_kernel("sequential")
    real = check._check_scan_size

    def size(k: ScanKernel, n: int) -> object:
        if n == 1 << 16:
            return violation("scan-static", "data race (planted)", {"array": "out"},
                             error="race", reason="write_write")
        return real(k, n)

    monkeypatch.setattr(check, "_check_scan_parametric",
                        lambda k: verified("scan-static", "planted parametric proof"))
    monkeypatch.setattr(check, "_check_scan_size", size)
    verdict = check_scan_kernel(kernel, None)
    assert verdict.status is Status.UNKNOWN
    assert "internal disagreement, please report" in verdict.summary
    assert "n = 2^16" in verdict.summary and verdict.witness == {"array": "out"}


def test_a_parametric_verdict_is_confirmed_per_n() -> None:
    verdict = check_scan_kernel(load_scan_kernel("sequential"), None)
    assert verdict.status is Status.VERIFIED, verdict.summary
    assert verdict.details["mode"] == "parametric"
    assert verdict.details["confirmed_at"] == [2**k for k in check.CROSS_CHECK_LOG2]
