"""Shared fixtures: one OpenCL runtime per session, so built programs are reused."""

import pytest

from veriscan.device.opencl import Runtime, get_runtime


@pytest.fixture(scope="session")
def runtime() -> Runtime:
    return get_runtime()
