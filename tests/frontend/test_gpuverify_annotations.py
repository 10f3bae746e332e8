"""What each GPUVerify annotation lowers to (frontend/gpuverify.py).

The verdicts these lead to are in the corpus (tests/corpus/static/gv_*.cl);
here, the IR itself: what is assumed, what is checked, what is set aside and
named, so a change that turns a check into an assumption fails here first.
"""

from __future__ import annotations

from pathlib import Path

from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"


def _lines(kernel: ir.Kernel, kind: type) -> list[int]:
    return [s.pos.line for s in walk(kernel.body) if isinstance(s, kind)]


def test_kernel_preconditions_are_assumed_and_ignored_annotations_named() -> None:
    k = parse_kernel(CORPUS / "gv_ignored_annotations.cl")
    assert _lines(k, ir.Assume) == [11, 12]  # the kernel's two __requires
    assert _lines(k, ir.Assert) == []  # nothing of the rest is checked ...
    named = " ".join(k.ignored_annotations)
    for what in ("__ensures", "__function_wide_invariant", "__barrier_invariant",
                 "__candidate_invariant"):
        assert what in named  # ... and each is named for the verdict
    assert k.unexpressed_assumptions == []


def test_a_called_functions_precondition_is_checked_not_assumed() -> None:
    k = parse_kernel(CORPUS / "gv_callee_requires.cl")
    assert _lines(k, ir.Assume) == []
    assert 8 in [s.pos.line for s in walk(k.body)
                 if isinstance(s, ir.Assert) and not s.what and not s.invariant]


def test_loop_invariants_are_checked_and_marked() -> None:
    k = parse_kernel(CORPUS / "gv_invariant_false.cl")
    invariants = [s for s in walk(k.body) if isinstance(s, ir.Assert) and s.invariant]
    assert invariants and all(s.pos.line == 8 for s in invariants)


def test_an_inexpressible_precondition_is_dropped_and_recorded() -> None:
    k = parse_kernel(CORPUS / "gv_requires_inexpressible.cl")
    assert _lines(k, ir.Assume) == []
    assert not any(isinstance(s, ir.Unsupported) for s in walk(k.body))
    assert len(k.unexpressed_assumptions) == 1
    assert "__requires" in k.unexpressed_assumptions[0]
