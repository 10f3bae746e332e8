"""Mutated kernels must fail the interval test, except the listed races PoCL hides.

The mutants are edits of the shipped scan kernels listed in
tests/corpus/mutants/manifest.toml (the format: tests/corpus_format.py), made
from their originals when the tests run, so they cannot drift: an edit whose
``find`` no longer occurs in its original fails ``test_edit_still_applies``.
Every mutant is a violation (``expect``); by default the interval test must
fail on it.  An entry with ``invisible-on = DEVICE`` and an ``invisible-reason``
is a race that device hides; it is asserted to really pass there, so the list
cannot go stale: if the device starts exposing the race, this test says so.
`verify` must still catch each of them twice: by the static proof, and by
Oclgrind's race detector.
"""

import pytest

from corpus_format import (
    MUTANT_MANIFEST,
    apply_edit,
    mutant_path,
    parse_expectation,
    scan_mutants,
)
from veriscan.functional.interval import interval_test
from veriscan.functional.scan_runner import max_scan_size
from veriscan.monoids import interval_monoid
from veriscan.scankernel import KERNEL_DIR, load_scan_kernel
from veriscan.verdict import Status

MUTANTS = scan_mutants()
IDS = sorted(MUTANTS)
HIDDEN = [m for m in IDS if MUTANTS[m].get("invisible-on")]
SHIPPED = sorted(p.stem for p in (KERNEL_DIR / "scan").glob("*.cl"))

# The one-line diagnosis expected for some characteristic mutations.
DIAGNOSIS = {
    "kogge_stone__swapped_operands": "wrong order",
    "blelloch_tree2d__swapped_operands": "wrong order",
    "blelloch__identity_not_set": "identity problem",
    "blelloch__identity_set_twice": "identity problem",
    "kogge_stone__first_level_skipped": "missing prefix",
    "sequential__store_before_combine": "wrong mode",
    "sequential__last_element_skipped": "garbage",
    "kogge_stone__read_barrier_removed": "non-contiguous sum",
    "blelloch_tree2d__up_barrier_removed": "wrong extent",
}


def test_every_shipped_kernel_has_four_detected_mutants():
    for name in SHIPPED:
        detected = [m for m in IDS
                    if MUTANTS[m]["kernel"] == name and not MUTANTS[m].get("invisible-on")]
        assert len(detected) >= 4, name


@pytest.mark.parametrize("mutant", IDS)
def test_edit_still_applies(mutant):
    """Drift is caught, not silent: each edit's `find` still occurs (once) in its original,
    and the edit changes it."""
    entry = MUTANTS[mutant]
    original = KERNEL_DIR / "scan" / f"{entry['kernel']}.cl"
    assert original.is_file(), f"{MUTANT_MANIFEST.name}: {mutant}: no kernel {original}"
    source = original.read_text()
    assert apply_edit(source, entry, str(original)) != source
    assert parse_expectation(entry["expect"]).status == "violation", (
        f"{mutant}: a mutant of a correct kernel is a violation")
    assert entry["reason"], f"{mutant}: say what the edit breaks"


@pytest.mark.parametrize("mutant", IDS)
def test_mutant(runtime, mutant):
    entry = MUTANTS[mutant]
    path = mutant_path(mutant)
    kernel = load_scan_kernel(str(path))
    top = min(max_scan_size(kernel, interval_monoid, runtime),
              2 * runtime.limits.max_work_group_size)
    verdicts = []
    n = 2
    while n <= top:
        verdicts.append(interval_test(kernel, n, runtime))
        if verdicts[-1].status is not Status.VERIFIED:
            break
        n *= 2
    last = verdicts[-1]
    device = entry.get("invisible-on", "")
    if device:
        assert entry.get("invisible-reason"), f"{mutant}: an undetected mutant must say why"
        if device not in runtime.description.lower():
            pytest.skip(f"hidden on {device} only; this run uses {runtime.name}")
        assert all(v.status is Status.VERIFIED for v in verdicts), (
            f"{mutant} is listed as invisible on {device} but fails: {last.summary}; "
            "remove its invisible-on")
        assert n > top  # it passed at every size the device runs
        return
    assert last.status is Status.VIOLATION, f"{mutant} passed up to n={top}"
    assert last.witness["wrong"], "a violation must show the wrong elements"
    want = DIAGNOSIS.get(mutant)
    if want:
        assert last.witness["diagnosis"].startswith(want), last.witness["diagnosis"]


@pytest.mark.parametrize("mutant", HIDDEN)
def test_races_the_interval_test_cannot_see_are_found_statically(mutant):
    """What the device run misses, the race checker must catch (the verify premise)."""
    from veriscan.check import check_scan_kernel

    verdict = check_scan_kernel(load_scan_kernel(str(mutant_path(mutant))), 64)
    assert verdict.status is Status.VIOLATION
    assert "race" in verdict.summary


@pytest.mark.parametrize("mutant", HIDDEN)
def test_races_the_interval_test_cannot_see_are_caught_by_verify_through_oclgrind(
        runtime, mutant):
    """verify stops at the static race and still runs the interval step under Oclgrind,
    whose race detector reports the same race in a real run."""
    from veriscan.functional.device_runs import implementations
    from veriscan.functional.oclgrind_reports import detector_kinds
    from veriscan.verify import verify_kernel

    devices = implementations()
    if not any(d.oclgrind for d in devices):
        pytest.skip("Oclgrind is not installed (apt-get install oclgrind)")
    result = verify_kernel(load_scan_kernel(str(mutant_path(mutant))), [4, 16], every_size=False,
                           runtime=runtime, devices=devices)
    assert result.verdict.status is Status.VIOLATION
    assert result.step("static").status is Status.VIOLATION
    interval = result.step("interval")
    assert interval.status is Status.VIOLATION and "race" in detector_kinds(interval)
    witness = interval.witness["shown"][0]
    assert witness["array"] and len(witness["accesses"]) == 2
