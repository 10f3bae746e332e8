"""The recorded circuit must be the algorithm's textbook circuit and replay to a scan."""

from pathlib import Path

import pytest

from corpus_format import mutant_path
from veriscan.circuit.record import EventKind, record_circuit
from veriscan.errors import VeriscanError
from veriscan.scankernel import load_scan_kernel, shipped_kernel_files

HERE = Path(__file__).resolve().parent
# Every shipped scan kernel, CUDA twins included: replaying the circuit on the
# host is how a CUDA kernel's operand order is checked on a machine without a GPU.
SHIPPED_SCANS = [p.stem for p in shipped_kernel_files("scan")]


def record(name: str, n: int):
    return record_circuit(load_scan_kernel(name), n)


@pytest.mark.parametrize(("name", "n", "size", "depth"), [
    ("kogge_stone", 8, 8 * 3 - 7, 3),           # n lg n - (n - 1), lg n
    ("kogge_stone_inplace", 16, 16 * 4 - 15, 4),
    ("sklansky", 8, 8 // 2 * 3, 3),              # (n/2) lg n, lg n
    ("brent_kung", 8, 2 * 8 - 2 - 3, 2 * 3 - 1),  # 2n - 2 - lg n, 2 lg n - 1
    ("blelloch", 16, 2 * (16 - 1), 2 * 4),       # up and down trees, 2 lg n
    ("sequential", 8, 8, 8),                     # the first step combines IDENTITY, in[0]
])
def test_size_and_depth_are_the_algorithms(name: str, n: int, size: int, depth: int) -> None:
    circuit = record(name, n)
    assert (circuit.size, circuit.depth) == (size, depth)


@pytest.mark.parametrize("name", SHIPPED_SCANS)
@pytest.mark.parametrize("n", [2, 8, 16])
def test_every_shipped_kernel_replays_to_its_scan(name: str, n: int) -> None:
    circuit = record(name, n)
    offset = 1 if circuit.inclusive else 0
    assert [circuit.final[k] for k in range(n)] == [tuple(range(k + offset)) for k in range(n)]
    assert circuit.wrong_outputs() == []


def test_kogge_stone_lines_come_from_offset_wires() -> None:
    circuit = record("kogge_stone", 8)
    levels = circuit.levels()
    for op in circuit.operators:
        level = levels.index((op.phase, op.row))
        j = circuit.x(op)
        sources = sorted(circuit.place(s) for s in op.operands)
        assert sources == [j - 2 ** level, j], (j, level)
        assert op.word == tuple(range(max(0, j - 2 ** (level + 1) + 1), j + 1))


def test_blelloch_clears_the_root_then_swaps_while_summing() -> None:
    circuit = record("blelloch", 8)
    identities = [e for e in circuit.events if e.kind is EventKind.IDENTITY]
    assert [(circuit.x(e), e.row) for e in identities] == [(7, 0)]
    moves = [e for e in circuit.events if e.kind is EventKind.MOVE]
    assert len(moves) == 7
    ops = {(e.phase, e.row, circuit.x(e)): e for e in circuit.operators}
    for move in moves:
        src, dst = circuit.place(move.operands[0]), circuit.x(move)
        # the other half of the X: an operator on the source wire, same row, from dst
        partner = ops[(move.phase, move.row, src)]
        assert dst in {circuit.place(s) for s in partner.operands}
    # the first down-sweep move carries the identity, so it comes a row after it
    assert moves[0].row == identities[0].row + 1 and moves[0].phase == identities[0].phase


def test_tree_kernel_wires_follow_the_leaves() -> None:
    circuit = record("blelloch_tree1d", 8)
    assert circuit.wire_array == "tree"
    assert {c.index: k for c, k in circuit.in_to.items()} == {8 + k: k for k in range(8)}
    assert {k: c.index for k, c in circuit.out_from.items()} == {k: 8 + k for k in range(8)}


@pytest.mark.parametrize(("mutant", "size", "wrong"), [
    ("kogge_stone__first_level_skipped", 10, list(range(1, 8))),
    ("sklansky__last_level_skipped", 8, [4, 5, 6, 7]),
    ("brent_kung__down_level_skipped", 10, [5, 6]),
    ("sequential__last_element_skipped", 7, [7]),
])
def test_mutants_change_the_circuit(mutant: str, size: int, wrong: list[int]) -> None:
    circuit = record_circuit(load_scan_kernel(str(mutant_path(mutant))), 8)
    assert (circuit.size, circuit.wrong_outputs()) == (size, wrong)


def test_swapped_operands_keep_the_shape_but_not_the_order() -> None:
    circuit = record_circuit(load_scan_kernel(
        str(mutant_path("kogge_stone__swapped_operands"))), 8)
    assert circuit.size == 17
    assert circuit.final[1] == (1, 0)


def test_racy_kernel_is_refused_with_the_lines() -> None:
    with pytest.raises(VeriscanError, match=r"race on buf\[\d\] .*lines \d+ and \d+"):
        record_circuit(load_scan_kernel(
            str(mutant_path("kogge_stone__read_barrier_removed"))), 8)


def test_divergent_barrier_is_refused() -> None:
    path = HERE.parents[0] / "corpus" / "static" / "kogge_stone_divergent.cl"
    with pytest.raises(VeriscanError, match="do not all reach the same barrier"):
        record_circuit(load_scan_kernel(str(path)), 8)


def test_unsupported_statement_is_refused() -> None:
    with pytest.raises(VeriscanError, match="switch statement is not supported"):
        record_circuit(load_scan_kernel(str(HERE / "kernels" / "switch_copy.cl")), 4)


def test_kernel_that_looks_inside_type_is_refused() -> None:
    path = HERE.parents[0] / "corpus" / "static" / "not_generic_condition.cl"
    with pytest.raises(VeriscanError, match="looks inside TYPE"):
        record_circuit(load_scan_kernel(str(path)), 8)


def test_unsigned_wrap_around_keeps_the_guard_false() -> None:
    # tid - 1 wraps for tid 0; unbounded integers would read in[-1] and fail
    circuit = record_circuit(load_scan_kernel(str(HERE / "kernels" / "wrapped_guard.cl")), 4)
    assert circuit.size == 3
    assert circuit.final == {0: (0,), 1: (0, 1), 2: (1, 2), 3: (2, 3)}


def test_private_arrays_are_per_work_item() -> None:
    # all work-items use acc[0]; shared, it would be a race
    circuit = record_circuit(load_scan_kernel(str(HERE / "kernels" / "private_prefix.cl")), 8)
    assert circuit.size == 8 * 7 // 2 and circuit.wrong_outputs() == []
    assert circuit.depth == 7 and circuit.wire_array == "out"


def test_chained_operators_in_one_interval_get_successive_rows() -> None:
    circuit = record_circuit(load_scan_kernel(str(HERE / "kernels" / "chained_private.cl")), 4)
    assert [(circuit.x(e), e.phase, e.row) for e in circuit.operators] == [
        (1, 0, 0), (2, 0, 1), (3, 0, 2)]
    assert circuit.wrong_outputs() == []
