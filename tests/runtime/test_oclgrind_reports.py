"""Oclgrind's printed reports become structured findings; none is dropped.

The sample (kernels/oclgrind_reports.txt) is Oclgrind 21.10's own output for a
race, an uninitialised value, an out-of-bounds read, barrier divergence, a host
API probe and the error-limit notice, so these tests need no Oclgrind.
"""

from pathlib import Path

from veriscan.device.oclgrind import parse_reports
from veriscan.functional.cross_check import DISAGREEMENT, cross_check
from veriscan.functional.oclgrind_reports import Resolver, with_reports
from veriscan.verdict import Status, unknown, verified, violation

SAMPLE = (Path(__file__).parent / "kernels" / "oclgrind_reports.txt").read_text()


def test_every_block_is_parsed_with_work_items_lines_and_addresses() -> None:
    reports, rest = parse_reports(SAMPLE)
    assert [r.kind for r in reports] == ["api", "race", "uninitialized", "memory", "divergence",
                                         "suppressed"]
    race = reports[1]
    assert race.kernel == "kogge_stone_scan" and race.space == "local"
    assert race.buffer_offset == 4
    first, second = race.accesses
    assert (first.local_id, first.line, first.column, first.op) == ((3, 0, 0), 59, 20, "load")
    assert (second.local_id, second.line, second.is_write) == ((1, 0, 0), 62, True)
    assert second.source == "buf[tid] = OPERATOR(left, buf[tid]);"
    assert reports[3].size == 4 and reports[3].buffer_offset == 0x100
    assert reports[4].accesses[0].group == (0, 0, 0) and reports[4].accesses[0].line == 14
    assert rest == "something else printed by the host"


def test_a_passing_run_with_a_report_is_a_violation_and_notes_are_kept() -> None:
    passed = verified("interval", "interval test passed", n=8)
    out = with_reports(passed, SAMPLE, Resolver(None, {}))
    assert out.status is Status.VIOLATION
    # Findings about the kernel, race first; the error limit marks the count as a floor.
    assert out.witness["detector"] == ["divergence", "memory", "race", "uninitialized"]
    assert out.witness["reports"] == "4+"
    assert out.witness["shown"][0]["kind"] == "race"
    assert out.summary.startswith("Oclgrind's")
    notes = out.details["device_notes"]
    assert any("suppressing further errors" in n for n in notes)
    # pyopencl's own device queries are not about the kernel, and their count varies.
    assert not any("clGetDeviceInfo" in n for n in notes)


def test_a_silent_run_stays_as_it_was() -> None:
    passed = verified("interval", "interval test passed", n=8)
    assert with_reports(passed, "", Resolver(None, {})) is passed


def test_a_dynamic_race_against_a_static_proof_is_an_internal_disagreement() -> None:
    dynamic = with_reports(verified("dynamic", "silent", n=8), SAMPLE, Resolver(None, {}))
    proof = verified("static", "race-free, divergence-free and in bounds")
    out = cross_check(dynamic, proof)
    assert out.status is Status.UNKNOWN
    assert DISAGREEMENT in out.summary and out.witness == dynamic.witness
    # every detector the static proof answers: races, bounds, divergence, initialisation
    assert set(out.details["disagreement"]) == {"race", "memory", "divergence",
                                                "uninitialized"}
    # A static violation the run did not show is no disagreement: one schedule was seen.
    race = violation("static", "data race", {"pair": []}, error="race",
                     reason="write_write")
    silent = cross_check(verified("dynamic", "silent"), race)
    assert silent.status is Status.VERIFIED and "one schedule" in silent.summary
    assert cross_check(dynamic, unknown("static", "solver timeout", error="race",
                                                reason="solver_gave_up")).status is Status.VIOLATION


def test_an_oclgrind_message_veriscan_cannot_read_makes_the_run_unknown() -> None:
    passed = verified("interval", "interval test passed", n=8)
    # A new kind of report is still a finding; stray Oclgrind text makes the run unknown.
    new = with_reports(passed, "Oclgrind: something new\n", Resolver(None, {}))
    assert new.status is Status.VIOLATION and new.witness["detector"] == ["other"]
    out = with_reports(passed, "\tfrom Oclgrind, out of any block\n", Resolver(None, {}))
    assert out.status is Status.UNKNOWN and "cannot read" in out.summary
    # Compiler chatter is not a report.
    assert with_reports(passed, "2 warnings generated.\n", Resolver(None, {})).ok
