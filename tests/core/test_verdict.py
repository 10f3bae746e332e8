"""The soundness rule lives in verdict.combine: any unknown or violation must win."""

import json

import pytest

from veriscan.errors import SourcePos
from veriscan.verdict import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    EXIT_UNKNOWN,
    EXIT_VIOLATION,
    Status,
    combine,
    dumps,
    unknown,
    verified,
    violation,
)


def test_combine_of_nothing_is_unknown():
    assert combine("all", [], "fine").status is Status.UNKNOWN


def test_violation_beats_unknown_beats_verified():
    ok = verified("races", "no races")
    maybe = unknown("bounds", "solver timeout", error="bounds", reason="solver_gave_up")
    bad = violation("divergence", "barrier diverges", {"threads": [0, 1]},
                    error="divergence", reason="not_all_threads")
    assert combine("k", [ok, maybe], "x").status is Status.UNKNOWN
    assert combine("k", [ok, maybe, bad], "x").status is Status.VIOLATION
    joined = combine("k", [maybe, bad], "x")
    assert joined.witness == {"threads": [0, 1]}
    assert (joined.error_id, joined.reason_id) == ("divergence", "not_all_threads")
    assert joined.details["failed_part"] == "divergence"
    assert combine("k", [ok, ok], "both hold").status is Status.VERIFIED


def test_exit_codes_are_distinct_and_fixed():
    assert Status.VERIFIED.exit_code == EXIT_OK == 0
    assert Status.VIOLATION.exit_code == EXIT_VIOLATION == 1
    assert Status.UNKNOWN.exit_code == EXIT_UNKNOWN == 2
    assert EXIT_BAD_INPUT == 3


def test_json_is_plain_data():
    np = pytest.importorskip("numpy")
    v = violation("interval", "wrong", {"index": np.int64(5), "pair": (1, 2)},
                  error="output", reason="wrong_output")
    v.seconds = 0.5
    data = json.loads(dumps(v))
    assert data["status"] == "violation"
    assert data["witness"] == {"index": 5, "pair": [1, 2]}
    assert data["seconds"] == 0.5


def test_a_verdict_that_is_not_verified_needs_known_ids():
    from veriscan.verdict import Verdict

    with pytest.raises(ValueError, match="error id 'races'"):
        unknown("races", "x", error="races", reason="solver_gave_up")
    with pytest.raises(ValueError, match="reason id 'timeout'"):
        unknown("races", "x", error="race", reason="timeout")
    with pytest.raises(ValueError, match="error id 'None'"):
        Verdict("races", Status.VIOLATION, "a race")
    data = json.loads(dumps(violation("races", "r", {}, error="race", reason="read_write",
                                      pos=SourcePos("k.cl", 4, 9))))
    assert (data["error_id"], data["reason_id"]) == ("race", "read_write")
    assert data["position"] == {"file": "k.cl", "line": 4, "column": 9}
