"""Operands C evaluates in no fixed order: effects one operand has on another are refused.

The lowering emits operands' effects one after the other and reads variables
afterwards, one order among those C allows (``i + (i = 1)`` is undefined; in
C++ ``i + bump(i)`` may read ``i`` before or after ``bump`` changes it through
a reference).  Analysing that one order verified kernels that race under
another, so such expressions become ``Unsupported``; expressions whose
operands do not interfere still lower and compute what C says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.interpret import GroupInterpreter, WorkItem
from veriscan.ir.visit import walk

KERNELS = Path(__file__).resolve().parent / "kernels"


def refusals(file: str, entry: str) -> list[str]:
    kernel = parse_kernel(KERNELS / file, entry=entry)
    return [s.construct for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]


@pytest.mark.parametrize(("file", "entry", "what"), [
    ("unsequenced.cl", "k_refused_assignment", "variable 'i' is assigned"),
    ("unsequenced.cl", "k_refused_increment", "variable 'i' is assigned"),
    ("unsequenced.cl", "k_refused_store", "array 'buf' is written"),
    ("unsequenced.cl", "k_refused_barrier", "a barrier is reached"),
    ("unsequenced.cu", "k_refused_operand", "variable 'i' is assigned"),
    ("unsequenced.cu", "k_refused_argument", "variable 'i' is assigned"),
])
def test_interfering_operands_are_refused(file: str, entry: str, what: str) -> None:
    (refused,) = refusals(file, entry)
    assert refused.startswith(what) and "no fixed order" in refused


@pytest.mark.parametrize(("file", "expected"), [
    ("unsequenced.cl", {"out": {t: 10 * t + 1 for t in range(4)}
                        | {4 + t: 11 * t + 1 for t in range(4)}
                        | {8 + t: 3 * t + 2 for t in range(4)},
                        "copy": {t: 11 * t + 1 for t in range(4)}}),
    ("unsequenced.cu", {"out": {t: 2 * t + 1 for t in range(4)}
                        | {4 + t: 2 * t + 1 for t in range(4)}
                        | {8 + t: t + 1 for t in range(4)}}),
])
def test_operands_that_do_not_interfere_lower_and_compute_what_c_says(
        file: str, expected: dict[str, dict[int, int]]) -> None:
    kernel = parse_kernel(KERNELS / file, entry="k_kept")
    assert not refusals(file, "k_kept")
    assert run(kernel) == expected


def run(kernel: ir.Kernel) -> dict[str, dict[int, object]]:
    """The memory one group of four work-items leaves."""
    interpreter = GroupInterpreter(kernel, (4, 1, 1), {})
    for _ in interpreter.lockstep([WorkItem((t, 0, 0)) for t in range(4)]):
        pass
    return interpreter.memory


@pytest.mark.parametrize(("file", "entry"), [
    ("unsequenced.cl", "k_refused_store_increment"),
    ("unsequenced.cl", "k_refused_store_compound"),
    ("unsequenced.cu", "k_refused_store_postfix"),
])
def test_an_operand_writing_the_assigned_variable_is_refused(file: str, entry: str) -> None:
    """``i = i++ + 1``, ``i += (i = 2)``: the store and the operand's write are unsequenced."""
    (refused,) = refusals(file, entry)
    assert refused.startswith("variable 'i' is assigned by the store of an assignment")


def test_an_operand_writing_the_assigned_array_asserts_another_element() -> None:
    """``out[t] += out[t ^ 1]++`` is defined exactly when the two elements differ."""
    kernel = parse_kernel(KERNELS / "unsequenced.cl", entry="k_assert_store")
    assert not refusals("unsequenced.cl", "k_assert_store")
    (check,) = [s for s in walk(kernel.body) if isinstance(s, ir.Assert)]
    assert "same element of 'out'" in check.what
    assert isinstance(check.cond, ir.BinOp) and check.cond.op == "!="


@pytest.mark.parametrize(("file", "expected"), [
    ("unsequenced.cl", {"out": {t: t + 11 for t in range(4)} | {4 + t: 2 * t for t in range(4)}
                        | {8 + t: t + 1 if t else 7 for t in range(4)}
                        | {12 + t: t + 21 for t in range(4)}}),
    ("unsequenced.cu", {"out": {t: t + 7 for t in range(4)}}),
])
def test_writes_complete_before_the_store_are_kept(
        file: str, expected: dict[str, dict[int, int]]) -> None:
    """A comma, a call, the condition of ``?:`` (and in C++ an assignment's own value)
    finish their writes before the store: defined, lowered, computed as C says."""
    assert not refusals(file, "k_kept_store")
    assert run(parse_kernel(KERNELS / file, entry="k_kept_store")) == expected
