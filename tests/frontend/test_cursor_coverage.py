"""The lowering drops nothing: every cursor is lowered, refused, or read as a constant.

Every kernel in the repository (shipped, corpus, adversarial, other tests) and
the small kernels in ``kernels/coverage_*`` (one construct family each) is
lowered under :func:`audit_lowering`.  For every cursor under a lowered body
the audit must show a lowering rule that handled it, a refusal (which must
have left an ``Unsupported`` statement, so the verdict is unknown), or its
consumption as compile-time information; a cursor with none of these is
code the verifier never saw.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from veriscan.errors import KernelSourceError
from veriscan.frontend import parse_kernel
from veriscan.frontend.cursors import Outcome, audit_lowering
from veriscan.frontend.lower_calls import CallLowering
from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ENTRY = re.compile(r"(?:__kernel|\bkernel|__global__)\s+void\s+(\w+)\s*\(")
# Values for the macros that kernels in the repository expect on the command line.
DEFINES = {"N": "8", "BLOCK": "8", "STRIP": "4", "TILE": "4", "LEN": "4", "SLOTS": "4",
           "FLAG_TYPE": "int", "SCAN_EXCLUSIVE": "0"}


def corpus() -> list[Path]:
    roots = [ROOT / "src" / "veriscan" / "kernels", ROOT / "tests"]
    return sorted(p for r in roots for p in r.rglob("*") if p.suffix in (".cl", ".cu"))


def audited(path: Path, entry: str) -> tuple[ir.Kernel, Counter, list[str]]:
    """Lower one kernel; the kinds it met per outcome, and the cursors nobody covered."""
    with audit_lowering() as audit:
        kernel = parse_kernel(path, entry=entry, defines=DEFINES)
    kinds: Counter = Counter((c.kind.name, o) for c, o in audit.outcomes.items())
    missed = [f"{c.kind.name} at line {c.location.line}" for c in audit.unaccounted()]
    return kernel, kinds, missed


def kernels() -> list[tuple[Path, str]]:
    return [(path, entry) for path in corpus()
            for entry in dict.fromkeys(ENTRY.findall(path.read_text(errors="replace")))]


# The corpus in interleaved shares, so the test runner can spread the work.
SHARES = 6


def _audit_all(pairs: list[tuple[Path, str]]) -> tuple[Counter, int, int]:
    """Lower each kernel: none may leave a cursor unaccounted, and a refusal must have
    left an ``Unsupported``.  The kinds met, and how many lowered and did not parse."""
    kinds: Counter = Counter()
    lowered = failed = 0
    for path, entry in pairs:
        try:
            kernel, met, missed = audited(path, entry)
        except KernelSourceError:
            failed += 1  # deliberately broken kernels, or defines this test lacks
            continue
        lowered += 1
        assert not missed, f"{path.name}:{entry}: cursors never lowered: {missed[:5]}"
        refused = any(o is Outcome.REFUSED for _, o in met)
        unsupported = any(isinstance(s, ir.Unsupported) for s in walk(kernel.body))
        assert unsupported or not refused, f"{path.name}:{entry}: refused, yet no Unsupported"
        kinds += met
    return kinds, lowered, failed


@pytest.mark.parametrize("share", range(SHARES))
def test_every_cursor_of_every_kernel_is_lowered_refused_or_consumed(share: int) -> None:
    _, lowered, failed = _audit_all(kernels()[share::SHARES])
    print(f"\n{failed} kernels did not parse (broken on purpose, or defines unknown here)")
    assert failed <= lowered // 10, (lowered, failed)


def test_the_corpus_is_large_and_the_coverage_kernels_reach_every_refusal() -> None:
    assert len(kernels()) >= 180
    coverage = [(path, entry) for path, entry in kernels() if path.stem.startswith("coverage_")]
    kinds, lowered, _ = _audit_all(coverage)
    handled = {name for name, o in kinds if o is not Outcome.CONSUMED}
    print(f"\ncursor coverage: {lowered} coverage kernels, {len(handled)} cursor kinds "
          "lowered or refused")
    # The written coverage kernels reach well beyond what the shipped kernels use.
    assert len(handled) >= 48, sorted(handled)
    for name in ("CXX_FOR_RANGE_STMT", "StmtExpr", "GENERIC_SELECTION_EXPR", "SWITCH_STMT",
                 "CXX_NEW_EXPR", "CXX_REINTERPRET_CAST_EXPR", "ASM_STMT", "GOTO_STMT",
                 "CXX_TRY_STMT", "CXX_THROW_EXPR", "LAMBDA_EXPR", "INDIRECT_GOTO_STMT"):
        assert (name, Outcome.REFUSED) in kinds, name


def test_each_coverage_kernel_lowers_its_faithful_parts() -> None:
    """Refusals stay local: the kernels that exercise plain C lower without any."""
    for entry in ("k_operators",):
        kernel, _, missed = audited(HERE / "kernels" / "coverage_opencl.cl", entry)
        assert not missed
        assert not [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]
        stores = [s for s in walk(kernel.body) if isinstance(s, ir.Store)]
        assert len(stores) >= 4  # out[t] =, +=, ++ and both arms of the last ?:


def test_the_audit_catches_a_lowering_that_drops_a_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the old bug (the operand of a helper's final ``return`` never
    lowered), the call inside it is reported as unaccounted."""
    path = HERE / "kernels" / "coverage_opencl.cl"
    *_, missed = audited(path, "k_calls")
    assert not missed
    monkeypatch.setattr(CallLowering, "tail_return",
                        lambda self, tail, result, t: None)
    *_, missed = audited(path, "k_calls")
    assert any(m.startswith("CALL_EXPR") for m in missed), missed
