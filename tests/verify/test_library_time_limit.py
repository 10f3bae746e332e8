"""`verify library` runs its interval tests under the device-run time limit (--timeout)."""

import pytest

pytest.importorskip("pyopencl")

from veriscan.device.backend import opencl_backend
from veriscan.device.opencl import get_runtime
from veriscan.functional.device_runs import worker_for
from veriscan.verdict import Status
from veriscan.verification.library import DeviceLimit, LibraryVerifier


def test_interval_test_runs_in_the_worker_and_passes():
    checker = LibraryVerifier(opencl_backend(get_runtime()), DeviceLimit("", 120.0))
    verdict = checker.pipeline("runs", True, 1000)
    assert verdict.ok, verdict.summary
    last = verdict.details["parts"][-1]
    assert (last["check"], last["status"]) == ("interval", "verified")


def test_a_run_past_the_limit_is_unknown_with_the_reason():
    # The limit is shorter than a fresh worker's start-up (a Python process importing
    # PyOpenCL): the run is stopped, and the verdict is unknown, never verified.
    worker_for("").close()
    checker = LibraryVerifier(opencl_backend(get_runtime()), DeviceLimit("", 0.001))
    verdict = checker.pipeline("runs", True, 1000)
    assert verdict.status is Status.UNKNOWN
    assert verdict.details["failed_part"] == "interval"
    assert "time limit" in verdict.summary and "--timeout" in verdict.summary
