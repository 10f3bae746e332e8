"""The kernel's own ``__assume``/``__requires``: named in the verdict, never vacuous.

Every query takes them as facts, and the device does not honour them, so a
verdict that rests on them must say so; and facts that no thread (or no two
distinct threads) of the launch satisfy would prove anything, so they give
unknown instead of a vacuous "verified".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.check import Launch, check_kernel
from veriscan.verdict import Status

TESTS = Path(__file__).resolve().parents[1]
CORPUS = TESTS / "corpus" / "static"
ATTACKS = TESTS / "adversarial" / "class3"


def test_a_satisfiable_precondition_is_named_in_the_verdict() -> None:
    v = check_kernel(CORPUS / "requires_param.cl", launch=Launch((64,)),
                     array_sizes={"out": 64})
    assert v.status is Status.VERIFIED
    (assumed,) = v.details["assumptions"]
    assert assumed.endswith("requires_param.cl:5:3") and "assuming" in v.summary


@pytest.mark.parametrize(("file", "launch", "who"), [
    ("assume_single_thread.cl", Launch((4,)), "two distinct threads"),
    ("assume_false_in_branch.cl", Launch((4,)), "two distinct threads"),
    ("vacuous_assume_all_threads.cl", Launch((8,)), "thread"),
])
def test_assumptions_no_launch_satisfies_give_unknown(file: str, launch: Launch,
                                                      who: str) -> None:
    v = check_kernel(ATTACKS / file, launch=launch, defines={"N": "8"})
    assert v.status is Status.UNKNOWN
    assert f"hold for no {who} of the launch" in v.summary


@pytest.mark.parametrize("file", ["assume_leaves_out_threads.cl",
                                  "assume_guarded_by_parameter.cl",
                                  "assume_in_loop_beyond_entry.cl",
                                  "assume_excludes_one_late_thread.cl"])
def test_assumptions_about_the_work_item_give_unknown(file: str) -> None:
    # Which work-items such a fact leaves out is not searched for (a search by
    # samples missed one among 64): any fact beyond the launch's inputs is refused.
    v = check_kernel(ATTACKS / file, launch=Launch((64,)), array_sizes={"out": 64})
    assert v.status is Status.UNKNOWN
    assert "depend on the work-item" in v.summary
