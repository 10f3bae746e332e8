"""The undefined-arithmetic and initialisation parts of the static check (issue 8,
classes 4 and 5): violations carry a witness, defined kernels stay verified."""

from pathlib import Path

from veriscan.check import check_kernel
from veriscan.smt.threads import Launch
from veriscan.verdict import Status

KERNELS = Path(__file__).parent / "kernels"
ADVERSARIAL = Path(__file__).parents[1] / "adversarial"


def _failed(verdict, part: str):
    """The verdict is a violation found by ``part``; its witness."""
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert verdict.details["failed_part"] == part, verdict.summary
    return verdict.witness


def _proved(verdict, part: str) -> None:
    assert verdict.status is Status.VERIFIED, verdict.summary
    assert part in [p["check"] for p in verdict.details["parts"]]


def test_reads_of_written_memory_are_initialised():
    v = check_kernel(KERNELS / "init_covered.cl", launch=Launch((8,)),
                     array_sizes={"in": 8, "out": 8})
    _proved(v, "initialisation")


def test_uninitialised_local_read_has_a_witness():
    v = check_kernel(ADVERSARIAL / "class5" / "last_slot_unwritten.cl", launch=Launch((4,)),
                     array_sizes={"in": 4, "out": 4})
    w = _failed(v, "initialisation")
    assert (w["array"], w["element"]) == ("buf", 3)
    assert w["thread"]["local_id"] == [2]
    assert w["at"].endswith("last_slot_unwritten.cl:12:14")


def test_uninitialised_private_read_is_reported():
    v = check_kernel(ADVERSARIAL / "class5" / "private_array_gap.cl", launch=Launch((2,)),
                     array_sizes={"out": 2})
    w = _failed(v, "initialisation")
    assert (w["array"], w["element"]) == ("acc", 1)


def test_opencl_shift_counts_are_masked():
    v = check_kernel(KERNELS / "shift_masked_ok.cl", launch=Launch((8,)),
                     array_sizes={"out": 8})
    _proved(v, "undefined")


def test_overflow_on_thread_ids_is_a_violation_data_overflow_is_assumed_away():
    path = KERNELS / "data_overflow_assumed.cl"
    quiet = check_kernel(path, launch=Launch((4,)), array_sizes={"data": 4},
                         scalar_values={"big": 0})
    _proved(quiet, "undefined")
    loud = check_kernel(path, launch=Launch((4,)), array_sizes={"data": 4},
                        scalar_values={"big": 1})
    w = _failed(loud, "undefined")
    assert "signed overflow in '*'" in loud.summary
    assert w["thread"]["local_id"][0] >= 2


def test_division_by_zero_names_the_thread():
    v = check_kernel(ADVERSARIAL / "class4" / "division_by_zero.cl", launch=Launch((8,)),
                     array_sizes={"out": 8})
    w = _failed(v, "undefined")
    assert w["thread"]["local_id"] == [2]
    assert w["operation"] == "'/' by zero"
