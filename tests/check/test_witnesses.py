"""Witnesses name a real conflict: recomputing it from the kernel's own arithmetic agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.check import DistinctWhere, Launch, check_kernel, check_scan_kernel
from veriscan.errors import VeriscanError
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"


def test_kogge_stone_race_witness_is_a_real_conflict() -> None:
    kernel = load_scan_kernel(str(CORPUS / "kogge_stone_no_second_barrier.cl"))
    v = check_scan_kernel(kernel, 1024)
    assert v.status is Status.VIOLATION
    w = v.witness
    reader = w["thread_a"] if w["thread_a"]["access"] == "read" else w["thread_b"]
    writer = w["thread_b"] if reader is w["thread_a"] else w["thread_a"]
    (iteration,) = reader["interval"]["loop_iterations"]
    offset = iteration["values"]["offset"]
    assert offset == 1 << iteration["iteration"]
    # The reader reads buf[t - offset] (line 13), the writer writes buf[t] (line 15).
    assert reader["at"].endswith(":14:11") and writer["at"].endswith(":16:5")
    assert reader["local_id"][0] - offset == w["element"] == writer["local_id"][0]
    assert reader["local_id"][0] >= offset  # the read is guarded by t >= offset
    assert w["array"] == "buf" and w["memory"] == "local"


def test_divergence_witness_names_a_thread_on_each_side() -> None:
    kernel = load_scan_kernel(str(CORPUS / "kogge_stone_divergent.cl"))
    v = check_scan_kernel(kernel, 32)
    assert v.status is Status.VIOLATION and v.details["failed_part"] == "divergence"
    w = v.witness
    offset = w["loop_iterations"][0]["values"]["offset"]
    assert w["barrier"].endswith(":16:7")
    assert w["reaching_thread"]["local_id"][0] >= offset > w["skipping_thread"]["local_id"][0]
    assert w["reaching_thread"]["group_id"] == w["skipping_thread"]["group_id"]


def test_bounds_witness_names_the_element_past_the_end() -> None:
    v = check_kernel(CORPUS / "local_out_of_bounds.cl", launch=Launch((64,)))
    assert v.status is Status.VIOLATION and v.details["failed_part"] == "bounds"
    assert (v.witness["array"], v.witness["element"], v.witness["size"]) == ("tile", 64, 64)
    assert v.witness["thread"]["local_id"] == [63]


def test_cross_group_race_names_two_groups() -> None:
    v = check_kernel(CORPUS / "cross_group_race.cl", launch=Launch((64,), (4,)))
    w = v.witness
    assert v.status is Status.VIOLATION
    assert w["thread_a"]["local_id"] == w["thread_b"]["local_id"] == [w["element"]]
    assert w["thread_a"]["group_id"] != w["thread_b"]["group_id"]
    single = check_kernel(CORPUS / "cross_group_race.cl", launch=Launch((64,), (1,)))
    assert single.status is Status.VERIFIED


def test_distinct_indices_assumption_makes_scatter_race_free() -> None:
    launch = Launch((256,), (4,))
    plain = check_kernel(CORPUS / "scatter.cl", launch=launch)
    assert plain.status is Status.VIOLATION
    w = plain.witness
    assert w["array"] == "out" and w["thread_a"]["access"] == w["thread_b"]["access"] == "write"
    assumed = check_kernel(CORPUS / "scatter.cl", launch=launch,
                           assumptions=(DistinctWhere("idx", "flag"),))
    assert assumed.status is Status.VERIFIED
    assert "idx[i] != idx[j]" in assumed.summary and "flag" in assumed.summary
    # Distinct indices alone do not help when the guard is on another array.
    wrong = check_kernel(CORPUS / "scatter.cl", launch=launch,
                         assumptions=(DistinctWhere("idx", "in"),))
    assert wrong.status is Status.VIOLATION


def test_assumption_must_name_a_read_only_input() -> None:
    with pytest.raises(VeriscanError, match="not a read-only pointer"):
        check_kernel(CORPUS / "scatter.cl", launch=Launch((4,)),
                     assumptions=(DistinctWhere("out"),))


def test_scalar_values_and_requires() -> None:
    launch = Launch((64,))
    sizes = {"out": 64}
    assert check_kernel(CORPUS / "requires_param.cl", launch=launch,
                        array_sizes=sizes).status is Status.VERIFIED
    small = check_kernel(CORPUS / "requires_param.cl", launch=launch, array_sizes={"out": 16})
    assert small.status is Status.VIOLATION and small.witness["element"] >= 16
