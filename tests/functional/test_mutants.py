"""Mutated kernels must fail the interval test, except the listed races PoCL hides.

Each file under tests/corpus/mutants/<kernel>/ carries one mutation and says in
its header what the interval test must do: ``expect=interval-fails``, or
``expect=undetected-by-interval`` with a ``// reason:`` line and an
``// invisible on: DEVICE`` line naming the device that hides it.  The second
kind is asserted to really pass on that device, so the list cannot go stale: if
the device starts exposing the race, this test says so.  `verify` must still
catch each of them twice: by the static proof, and by Oclgrind's race detector.
"""

from pathlib import Path

import pytest

from veriscan.functional.interval import interval_test
from veriscan.functional.scan_runner import max_scan_size
from veriscan.monoids import interval_monoid
from veriscan.scankernel import KERNEL_DIR, load_scan_kernel
from veriscan.verdict import Status

MUTANTS = Path(__file__).resolve().parents[1] / "corpus" / "mutants"
FILES = sorted(MUTANTS.glob("*/*.cl"))
SHIPPED = sorted(p.stem for p in (KERNEL_DIR / "scan").glob("*.cl"))
DETECTED, HIDDEN = "interval-fails", "undetected-by-interval"

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


def _expectation(path: Path) -> tuple[str, str]:
    lines = path.read_text().splitlines()
    words = dict(w.partition("=")[::2] for w in lines[0].split() if "=" in w)
    return words.get("expect", ""), _line(path, "reason")


def _line(path: Path, key: str) -> str:
    """The text after ``// key:`` in the first lines of the header, or ''."""
    return next((line.split(":", 1)[1].strip() for line in path.read_text().splitlines()[1:6]
                 if line.startswith(f"// {key}:")), "")


def test_every_shipped_kernel_has_four_detected_mutants():
    for name in SHIPPED:
        detected = [p for p in FILES if p.parent.name == name and _expectation(p)[0] == DETECTED]
        assert len(detected) >= 4, name


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_mutant(runtime, path):
    expect, reason = _expectation(path)
    assert expect in (DETECTED, HIDDEN), f"{path.name}: header needs expect=..."
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
    if expect == HIDDEN:
        assert reason, f"{path.name}: an undetected mutant must say why"
        device = _line(path, "invisible on").split()[0]
        assert device, f"{path.name}: an undetected mutant must name the device hiding it"
        if device not in runtime.description.lower():
            pytest.skip(f"hidden on {device} only; this run uses {runtime.name}")
        assert all(v.status is Status.VERIFIED for v in verdicts), (
            f"{path.name} is listed as undetected but fails: {last.summary}; "
            "update its header to expect=interval-fails")
        assert n > runtime.limits.max_work_group_size
        return
    assert last.status is Status.VIOLATION, f"{path.name} passed up to n={top}"
    assert last.witness["wrong"], "a violation must show the wrong elements"
    want = DIAGNOSIS.get(path.stem)
    if want:
        assert last.witness["diagnosis"].startswith(want), last.witness["diagnosis"]


@pytest.mark.parametrize("path", [p for p in FILES if _expectation(p)[0] == HIDDEN],
                         ids=lambda p: p.stem)
def test_races_the_interval_test_cannot_see_are_found_statically(path):
    """What the device run misses, the race checker must catch (the verify premise)."""
    from veriscan.check import check_scan_kernel

    verdict = check_scan_kernel(load_scan_kernel(str(path)), 64)
    assert verdict.status is Status.VIOLATION
    assert "race" in verdict.summary


@pytest.mark.parametrize("path", [p for p in FILES if _expectation(p)[0] == HIDDEN],
                         ids=lambda p: p.stem)
def test_races_the_interval_test_cannot_see_are_caught_by_verify_through_oclgrind(
        runtime, path):
    """verify stops at the static race and still runs the interval step under Oclgrind,
    whose race detector reports the same race in a real run."""
    from veriscan.functional.dynamic import detector_kinds, implementations
    from veriscan.verify import verify_kernel

    devices = implementations()
    if not any(d.oclgrind for d in devices):
        pytest.skip("Oclgrind is not installed (apt-get install oclgrind)")
    result = verify_kernel(load_scan_kernel(str(path)), [4, 16], every_size=False,
                           runtime=runtime, devices=devices)
    assert result.verdict.status is Status.VIOLATION
    assert result.step("static").status is Status.VIOLATION
    interval = result.step("interval")
    assert interval.status is Status.VIOLATION and "race" in detector_kinds(interval)
    witness = interval.witness["shown"][0]
    assert witness["array"] and len(witness["accesses"]) == 2
