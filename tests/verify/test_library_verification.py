"""`veriscan verify library`: static proofs of every launch, interval tests of the pipelines."""

import pytest

from veriscan.check import DistinctWhere, Launch, check_kernel
from veriscan.cli.main import main
from veriscan.device.backend import opencl_backend
from veriscan.device.opencl import get_runtime
from veriscan.library.compact import compaction_plan
from veriscan.library.launch import library_kernel_path
from veriscan.library.pipeline import ScanPipeline
from veriscan.verdict import Status
from veriscan.verification.library import LibraryVerifier, library_sizes, verify_library


@pytest.fixture(scope="module")
def report():
    return verify_library(get_runtime(), "5,4097,1000003", shapes=[(17, 33), (3, 1000)])


def test_every_piece_is_verified(report):
    checks = {v.check for v in report.verdicts}
    assert {"scan runs inclusive", "scan runs exclusive", "scan blocks inclusive",
            "scan blocks exclusive", "compact", "transpose", "sat direct",
            "sat transpose"} <= checks
    bad = [(v.check, v.details.get("n"), v.summary) for v in report.verdicts if not v.ok]
    assert not bad


def test_pipeline_verdict_states_its_meaning_and_launches(report):
    v = next(v for v in report.verdicts if v.check == "scan runs inclusive"
             and v.details["n"] == 1000003)
    assert "correct inclusive prefix sum of length 1000003 for every associative operator" \
        in v.summary
    parts = [p["check"] for p in v.details["parts"]]
    assert parts[-1] == "interval"
    assert any(p.startswith("static runs_reduce") for p in parts)
    assert any(p.startswith("generic runs_scan") for p in parts)


def test_compaction_states_and_discharges_its_assumption(report):
    v = next(v for v in report.verdicts if v.check == "compact")
    assert "index[i] != index[j]" in v.summary
    parts = {p["check"]: p for p in v.details["parts"]}
    assert parts["assumption"]["status"] == "verified"
    assert "discharged" in parts["assumption"]["summary"]


def test_the_scatter_needs_the_assumption():
    spec = compaction_plan(opencl_backend(get_runtime()), 1000).scatter
    args = dict(path=library_kernel_path("compact"), entry="compact_scatter",
                launch=Launch(spec.local_size, spec.num_groups), defines={"FLAG_TYPE": "uchar"},
                array_sizes=dict(spec.arrays), scalar_values=dict(spec.scalars))
    assert check_kernel(**args).status is Status.VIOLATION
    with_assumption = check_kernel(**args, assumptions=(DistinctWhere("index", "flags"),))
    assert with_assumption.ok
    assert "index[i] != index[j]" in with_assumption.details["assumptions"][0]


def test_a_racy_launch_is_a_violation_and_never_reaches_the_device(monkeypatch):
    real = ScanPipeline._defines

    def half_block(self, exclusive):
        # The kernel is told blocks of BLOCK/2 but launched with BLOCK/2 work-items,
        # so each work-item's second element is another work-item's first.
        return {**real(self, exclusive), "BLOCK": self.block // 2}

    monkeypatch.setattr(ScanPipeline, "_defines", half_block)
    import veriscan.verification.library as verification

    monkeypatch.setattr(verification, "pipeline_interval_test",
                        lambda *a, **k: pytest.fail("ran on the device before the proof"))
    verdict = LibraryVerifier(opencl_backend(get_runtime())).pipeline("blocks", True, 100003)
    assert verdict.status is Status.VIOLATION
    assert "race" in verdict.summary


def test_library_sizes():
    assert library_sizes("3, 1000") == [3, 1000]
    assert max(library_sizes("all")) == 2**26
    from veriscan.errors import VeriscanError

    with pytest.raises(VeriscanError):
        library_sizes("0")


def test_cli_library_json(capsys, tmp_path):
    cert = tmp_path / "lib.json"
    code = main(["verify", "library", "--n", "77", "--json", "--certificate", str(cert)])
    import json

    payload = json.loads(capsys.readouterr().out)
    assert code == 0 and payload["status"] == "verified"
    assert json.loads(cert.read_text())["target"] == "library"


def test_gpu_shaped_launches_are_proved_and_pass_on_pocl():
    # The launches a GPU with 1024-thread groups and 48 KB of shared memory would get
    # (64-wide groups of short runs, 512-element blocks): proved, then run here.
    from veriscan.device.backend import OpenCLBackend

    backend = OpenCLBackend(get_runtime())
    backend.is_cpu, backend.max_group, backend.local_mem_bytes = False, 1024, 48 * 1024
    checker = LibraryVerifier(backend)
    for algorithm in ("runs", "blocks"):
        verdict = checker.pipeline(algorithm, False, 300007)
        assert verdict.ok, verdict.summary
    assert checker.compaction(300007).ok
