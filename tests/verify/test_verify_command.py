"""`veriscan verify`: the three steps in order, their verdicts, witnesses and certificates."""

import hashlib
import json
from pathlib import Path

import pytest
import z3

import veriscan.functional.dynamic as device_module
from veriscan.cli.main import main
from veriscan.device.opencl import get_runtime
from veriscan.functional.interval import interval_test
from veriscan.functional.oclgrind_reports import detector_kinds
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status
from veriscan.verify import STEPS, check_certificate_path, verify_kernel

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "verify"


def corpus(name: str):
    return load_scan_kernel(str(CORPUS / f"{name}.cl"))


def verify(kernel, sizes):
    return verify_kernel(kernel, sizes, every_size=False, runtime=get_runtime())


@pytest.mark.parametrize(("name", "sizes"), [("kogge_stone", [8, 64]), ("blelloch", [16]),
                                             ("sequential", [32])])
def test_shipped_kernels_are_verified_with_the_statement(name, sizes):
    result = verify(load_scan_kernel(name), sizes)
    assert tuple(s.check for s in result.steps) == STEPS
    assert result.verdict.status is Status.VERIFIED
    assert "for every associative operator and every input" in result.verdict.summary
    assert "on this device and compiler" in result.verdict.summary


def test_racy_kernel_that_passes_the_interval_test_is_not_verified():
    kernel = corpus("racy_benign_passes_interval")
    assert interval_test(kernel, 16).ok  # the premise: PoCL happens to give the right answer
    result = verify(kernel, [16])
    assert result.verdict.status is Status.VIOLATION
    assert result.verdict.details["failed_step"] == "static"
    # After a static race only Oclgrind runs the interval step (when installed), and its
    # race detector sees the race the test's output hides.
    interval = result.step("interval")
    assert interval is None or "race" in detector_kinds(interval)
    assert result.verdict.witness["array"] == "out"


def test_non_generic_kernel_is_not_verified_even_though_the_test_passes():
    kernel = corpus("not_generic_skips_identity")
    assert interval_test(kernel, 16).ok
    result = verify(kernel, [16])
    assert result.verdict.status is Status.VIOLATION
    assert result.verdict.details["failed_step"] == "generic"
    assert [s.check for s in result.steps] == ["generic"]


def test_divergent_kernel_is_never_run_on_the_device(monkeypatch):
    def must_not_run(*args, **kwargs):
        raise AssertionError("a kernel with divergent barriers was launched")

    # Every device run of verify goes through device_test (in a worker process).
    monkeypatch.setattr(device_module, "device_test", must_not_run)
    result = verify(corpus("divergent_barrier"), [16])
    assert result.verdict.status is not Status.VERIFIED
    assert result.verdict.details["failed_step"] == "static"
    assert "divergen" in result.verdict.summary


def test_wrong_operand_order_is_caught_by_the_interval_step():
    result = verify(corpus("wrong_order"), [16])
    assert result.verdict.status is Status.VIOLATION
    assert result.verdict.details["failed_step"] == "interval"
    assert result.step("generic").ok and result.step("static").ok
    assert result.verdict.witness["wrong"][0]["index"] >= 1


def run_cli(capsys, *argv):
    code = main(list(argv))
    return code, capsys.readouterr()


def test_cli_verified_exit_code_and_certificate(tmp_path, capsys):
    cert = tmp_path / "kogge.json"
    code, _ = run_cli(capsys, "verify", "kogge_stone", "--n", "32", "--certificate", str(cert))
    assert code == 0
    record = json.loads(cert.read_text())
    entry = record["results"][0]
    kernel = load_scan_kernel("kogge_stone")
    assert entry["source_sha256"] == hashlib.sha256(kernel.source.encode()).hexdigest()
    assert entry["n"] == [32] and entry["status"] == "verified"
    assert [s["check"] for s in entry["steps"]] == ["generic", "static", "interval"]
    assert all(s["seconds"] is not None for s in entry["steps"])
    assert record["z3"] == z3.get_version_string()
    assert record["device"] == get_runtime().description
    assert list(tmp_path.iterdir()) == [cert]  # no temporary file left behind


def test_cli_violation_exit_code_and_json(capsys):
    code, out = run_cli(capsys, "verify", str(CORPUS / "racy_benign_passes_interval.cl"),
                        "--n", "8", "--json")
    assert code == 1
    payload = json.loads(out.out)
    assert payload["status"] == "violation"
    assert payload["results"][0]["verdict"]["details"]["failed_step"] == "static"
    assert payload["verdicts"][0]["details"]["failed_step"] == "static"


def test_failed_run_writes_no_certificate(tmp_path, capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("device lost")

    monkeypatch.setattr(device_module, "device_test", broken)
    cert = tmp_path / "c.json"
    # A bug (here a simulated one) is an internal error, exit 4: never 1, "violation".
    assert main(["verify", "kogge_stone", "--n", "8", "--certificate", str(cert)]) == 4
    assert "internal error" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("argv", "needle"), [
    (["verify", "kogge_stone"], "--n is required"),
    (["verify", "kogge_stone", "--n", "8", "--certificate", "/no/such/dir/c.json"],
     "does not exist"),
    (["verify", "no_such_kernel", "--n", "8"], "not found"),
    (["verify", "kogge_stone", "--n", "zero"], "whole number"),
    (["verify", "kogge_stone", "--n", "12"], "powers of two"),
])
def test_cli_bad_input_exits_3(capsys, argv, needle):
    code, out = run_cli(capsys, *argv)
    assert code == 3
    assert needle in out.err


def test_certificate_path_must_not_be_a_directory(tmp_path):
    from veriscan.errors import VeriscanError

    with pytest.raises(VeriscanError):
        check_certificate_path(tmp_path)


def test_verify_all_prints_one_row_per_shipped_kernel(capsys):
    code, out = run_cli(capsys, "verify", "all", "--n", "8", "--no-progress")
    from veriscan.verify import shipped_scan_kernels

    names = [k.name for k in shipped_scan_kernels()]
    assert len(names) >= 9
    assert code == 0, out.out
    for name in names:
        assert name in out.out


def test_cuda_kernel_is_verified_through_its_opencl_translation():
    result = verify(load_scan_kernel("blelloch_cuda"), [16])
    assert tuple(s.check for s in result.steps) == STEPS
    assert result.verdict.status is Status.VERIFIED
    assert result.step("interval").summary.startswith("translated to OpenCL C, ")
    assert "(translated to OpenCL C, " in result.verdict.summary
