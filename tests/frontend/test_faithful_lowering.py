"""Constructs the lowering used to drop or duplicate, checked by running the IR.

The IR interpreter executes one work-group in lock-step; every expected value
below is what the C/C++ semantics give (and what a device computes).
"""

from __future__ import annotations

from pathlib import Path

from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.interpret import GroupInterpreter, WorkItem
from veriscan.ir.visit import walk

KERNELS = Path(__file__).resolve().parent / "kernels"


def run(file: str, entry: str, threads: int) -> dict[str, dict[int, object]]:
    kernel = parse_kernel(KERNELS / file, entry=entry)
    assert not [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]
    interpreter = GroupInterpreter(kernel, (threads, 1, 1), {})
    for _ in interpreter.lockstep([WorkItem((t, 0, 0)) for t in range(threads)]):
        pass
    return interpreter.memory


def test_calls_in_void_returns_and_void_casts_run() -> None:
    out = run("faithful.cl", "k_void_returns", 2)["out"]
    assert out == {0: 10, 1: 11, 4: 20, 5: 21, 8: 30, 9: 31}


def test_barriers_in_void_returns_are_kept() -> None:
    kernel = parse_kernel(KERNELS / "faithful.cl", entry="k_void_returns")
    assert len([s for s in walk(kernel.body) if isinstance(s, ir.Barrier)]) == 3


def test_side_effects_in_constant_operands_happen() -> None:
    """clang folds ``(out[0] = 7, 0)`` to 0; the store must still be there."""
    out = run("faithful.cl", "k_constant_operands", 1)["out"]
    assert out == {0: 7, 1: 8, 2: 9, 3: 1, 5: 11}
    kernel = parse_kernel(KERNELS / "faithful.cl", entry="k_constant_operands")
    (barrier,) = [s for s in walk(kernel.body) if isinstance(s, ir.Barrier)]
    assert barrier.fences == ir.Fence.GLOBAL


def test_postfix_operands_are_evaluated_once() -> None:
    out = run("faithful.cl", "k_postfix", 2)["out"]
    assert out == {0: 1, 1: 5, 2: 1, 3: 5, 8: 2, 9: 4}


def test_do_while_reading_memory_in_its_test_is_refused() -> None:
    kernel = parse_kernel(KERNELS / "faithful.cl", entry="k_do_while_reads_memory")
    (refused,) = [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]
    assert "do-while" in refused.construct


def test_cuda_references_alias_what_they_are_bound_to() -> None:
    memory = run("faithful.cu", "k_references", 2)
    # read_late writes out[0] = 40 and then reads its reference to out[0]: a copy
    # taken at the call would have returned 10.
    assert memory["out"] == {0: 40, 1: 20, 4: 3, 5: 4, 8: 106, 9: 107, 12: 40}
    assert memory["total"] == {0: 6}


def test_code_run_by_attributes_or_static_locals_is_refused() -> None:
    kernel = parse_kernel(KERNELS / "faithful.cu", entry="k_hidden_code")
    refused = [s.construct for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]
    assert refused[0] == "attribute on local variable 'held'"
    assert refused[1].startswith("static local variable 'ticket'")


def test_a_kernel_returning_a_void_call_makes_the_call() -> None:
    kernel = parse_kernel(KERNELS / "faithful.cl", entry="k_kernel_return")
    kinds = [type(s).__name__ for s in walk(kernel.body)]
    assert "Unsupported" not in kinds
    assert kinds.index("Store") < kinds.index("Barrier") < kinds.index("Return")
