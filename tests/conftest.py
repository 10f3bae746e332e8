"""Shared fixtures: one OpenCL runtime per session, so built programs are reused; and how
many workers `-n auto` starts."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from veriscan.device.opencl import Runtime, get_runtime

# Each worker holds its own PoCL, Z3 and libclang (a few hundred MB): enough workers to
# fill a machine's cores, not one per core of a large host.
MAX_WORKERS = 8


def usable_cores() -> int:
    """The cores this process may run on: its affinity, capped by a cgroup CPU quota
    (a container's `cpu.max`), which `os.cpu_count()` does not see."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            cores = min(cores, math.ceil(int(quota) / int(period)))
    except (OSError, ValueError):
        pass
    return max(1, cores)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    return min(usable_cores(), MAX_WORKERS)


@pytest.fixture(scope="session")
def runtime() -> Runtime:
    return get_runtime()
