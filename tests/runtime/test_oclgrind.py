"""Oclgrind beside PoCL: found with no set-up, its detectors turned into witnesses.

What must hold under Oclgrind (n <= 256): every shipped scan kernel, library
launch and correct corpus kernel runs with no detector report; every racy
corpus kernel is reported (or listed with the reason it cannot be); an
uninitialised local read is caught.  A detector report on a kernel the static
proof calls race-free is an "internal disagreement": unknown, and these tests
fail on it.  Skipped, with the reason shown, where Oclgrind is not installed.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_format import corpus_files, parse_header
from veriscan.cli.main import main
from veriscan.frontend import parse_kernel
from veriscan.functional.dynamic import (
    device_interval,
    dynamic_launch,
    library_on,
    oclgrind_implementation,
)
from veriscan.functional.oclgrind_reports import detector_kinds
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status
from veriscan.verify import shipped_scan_kernels

OCLGRIND = oclgrind_implementation()
pytestmark = pytest.mark.skipif(
    OCLGRIND is None, reason="Oclgrind is not installed (apt-get install oclgrind; .ci/run "
                             "installs it when it runs as root)")

TESTS = Path(__file__).resolve().parents[1]
CORPUS = TESTS / "corpus" / "static"
HERE = Path(__file__).parent / "kernels"


def _launch(path: Path) -> str:
    """The options of the kernel's `// run: check` line (tests/corpus_format.py)."""
    return shlex.join(parse_header(path).options("check"))


def _corpus(expect: str) -> list[Path]:
    """The corpus kernels expected ``verified``, or a violation of the part ``expect``."""
    return [p for p in corpus_files(CORPUS)
            if (parse_header(p).expect.part or parse_header(p).expect.status) == expect]


# Launches too large to simulate, run at a smaller size of the same kernel, and
# kernels that read past the global size of an unsized argument (the run would
# guess the argument one element too short), run with the sizes stated.
SMALLER = {"global_index_nonnegative_ok.cl": "--local-size 64 --num-groups 2 --array-size in=129 "
                                          "--array-size out=128 --array-size a=1",
           "strided_copy_ok.cl": "--local-size 256 -DLEN=512 --array-size in=512 "
                                 "--array-size out=512",
           "strided_copy_overlap.cl": "--local-size 256 -DLEN=512 --array-size in=512 "
                                      "--array-size out=512"}
# Corpus kernels Oclgrind cannot run, with the reason (besides CUDA C: Oclgrind runs
# OpenCL C only).
NOT_DYNAMIC = {name: "struct parameters: the dynamic harness builds no struct buffers"
               for name in ("struct_fields_ok.cl", "struct_helper_race.cl",
                            "struct_member_race.cl", "struct_pointer_field_race.cl",
                            "struct_select_race.cl")}
NOT_DYNAMIC.update({name: "a call to a function without a body: the device build cannot "
                         "link it" for name in ("pure_call_argument_read_races.cl",
                                                "pure_call_race_kept.cl")})
NOT_DYNAMIC["async_strided_ok.cl"] = ("Oclgrind's uninitialised-value detector reports the "
                                      "values async_work_group_strided_copy brings in as "
                                      "uninitialised (plain async copies are tracked)")
NOT_DYNAMIC["gv_ignored_annotations.cl"] = ("GPUVerify's postconditions and barrier "
                                            "invariants: the device build defines none")
# Racy kernels whose race Oclgrind's optimised build does not make, with the reason.
UNSEEN_RACE = {"vec_lanes_one_location_race.cl": "the build stores lane x alone, without "
                                                 "the read and write-back of the whole "
                                                 "vector that unoptimised clang emits"}
# Racy kernels whose defect Oclgrind reports through another detector.
OTHER_DETECTOR = {"async_two_events_race.cl": "the work-items finish without waiting for "
                                              "the second copy's event"}
# Flags that narrow what the static check claims (GPUVerify's --only-*, benign-write
# tolerance, no initialisation or overflow check, warp lock-step, bodiless calls
# assumed pure): Oclgrind may rightly see what such a verdict leaves out, or not
# run the kernel at all.
NARROWING = ("--only-", "--allow-benign-writes", "--skip-initialisation-check",
             "--skip-overflow-check", "--warp-sync", "--assume-pure-calls")


def _runs_dynamically(path: Path) -> bool:
    return path.suffix == ".cl" and path.name not in NOT_DYNAMIC


def _check_dynamic(path: Path, capsys: pytest.CaptureFixture) -> tuple[int, list[dict]]:
    launch = SMALLER.get(path.name, _launch(path))
    # Scan kernels: the sizes Oclgrind runs (the static proof at 2^31 is tested elsewhere).
    launch = re.sub(r"--n \S+", "--n 2,64", launch)
    code = main(["check", str(path), *shlex.split(launch), "--dynamic", "--json"])
    rows = json.loads(capsys.readouterr().out)["verdicts"]
    return code, [r for r in rows if r["check"] == "dynamic"]


def test_oclgrind_is_found_without_system_configuration(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("OCL_ICD_VENDORS",
                                                            "VERISCAN_DEVICE")}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-m", "veriscan", "devices", "--json"], env=env,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    rows = {r["select"]: r for r in json.loads(out)["devices"]}
    assert rows["oclgrind"]["detectors"] and not rows["oclgrind"]["default"]
    assert rows["pocl"]["default"]
    [icd] = tmp_path.glob("veriscan/icd-*/veriscan-oclgrind.icd")
    assert Path(icd.read_text().strip()).is_file()


@pytest.mark.parametrize("kernel", shipped_scan_kernels(), ids=lambda k: k.name)
def test_shipped_scan_kernel_passes_under_oclgrind(kernel) -> None:
    for n in (2, 16, 256):
        verdict = device_interval(kernel, n, OCLGRIND)
        assert verdict.status is Status.VERIFIED, verdict.summary
        assert not detector_kinds(verdict)


def test_library_launches_pass_under_oclgrind() -> None:
    verdict = library_on(OCLGRIND, [5, 256], (5, 7))
    assert verdict.status is Status.VERIFIED, verdict.summary
    # runs, runs8 and blocks, inclusive and exclusive, at both sizes; five other pieces
    assert "17 library launches" in verdict.summary
    assert "scan runs8 exclusive n=256" in verdict.summary


@pytest.mark.parametrize("path", [p for p in _corpus("verified") if _runs_dynamically(p)
                                  and not any(f in _launch(p) for f in NARROWING)],
                         ids=lambda p: p.name)
def test_correct_corpus_kernel_passes_under_oclgrind(path: Path, capsys) -> None:
    code, dynamic = _check_dynamic(path, capsys)
    assert dynamic, "check --dynamic ran nothing"
    for row in dynamic:
        assert row["status"] == "verified", row["summary"]
    assert code != 1


@pytest.mark.parametrize("path", _corpus("race"), ids=lambda p: p.name)
def test_racy_corpus_kernel_is_reported_by_oclgrind(path: Path, capsys) -> None:
    code, dynamic = _check_dynamic(path, capsys)
    assert code == 1
    if not _runs_dynamically(path):
        assert all(r["status"] == "unknown" for r in dynamic)
        return
    detector = "other" if path.name in OTHER_DETECTOR else "race"
    if path.name in UNSEEN_RACE:
        assert all(r["status"] == "verified" for r in dynamic), dynamic
        return
    assert any(r["status"] == "violation" and detector in r["witness"]["detector"]
               for r in dynamic), [r["summary"] for r in dynamic]


def test_race_that_passes_the_interval_test_is_reported() -> None:
    kernel = load_scan_kernel(str(TESTS / "corpus" / "verify" /
                                  "racy_benign_passes_interval.cl"))
    verdict = device_interval(kernel, 16, OCLGRIND)
    assert verdict.status is Status.VIOLATION and "race" in detector_kinds(verdict)
    first = verdict.witness["shown"][0]
    assert first["array"] == "out" and first["index"] == 0


def test_uninitialised_local_read_is_caught() -> None:
    path = HERE / "uninitialised_local.cl"
    verdict = dynamic_launch(parse_kernel(path), path.read_text(), [], (64,), (1,),
                             {"in": 64, "out": 64}, {})
    assert verdict.status is Status.VIOLATION
    assert detector_kinds(verdict) == ["uninitialized"]
    shown = verdict.witness["shown"][0]
    # Work-item 63 reads buf[0], which nobody wrote, and stores it to out[63].
    assert shown["array"] == "out" and shown["index"] == 63
    assert shown["accesses"][0]["work_item"][0] == 63 and shown["accesses"][0]["line"] == 10


def test_verify_runs_each_implementation_and_the_certificate_lists_each_run(
        tmp_path: Path, capsys) -> None:
    cert = tmp_path / "cert.json"
    assert main(["verify", "kogge_stone", "--n", "4,512", "--certificate", str(cert),
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["verdicts"][0]["summary"]
    assert "the interval test also passed on Oclgrind Simulator at n = 4" in summary
    [result] = json.loads(cert.read_text())["results"]
    interval = next(s for s in result["steps"] if s["check"] == "interval")
    runs = [(r["device"], r["n"]) for r in interval["details"]["runs"]]
    assert [n for d, n in runs if "Oclgrind" in d] == [4]
    assert [n for d, n in runs if "Oclgrind" not in d] == [4, 512]
    assert main(["verify", "kogge_stone", "--n", "4", "--device", "pocl", "--json"]) == 0
    only = json.loads(capsys.readouterr().out)["verdicts"][0]["summary"]
    assert "Oclgrind" not in only
