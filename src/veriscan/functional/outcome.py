"""Shared plumbing of the functional tests: what a wrong output looks like.

Every test compares a device result with what the scan must produce and, on
a mismatch, shows the first wrong elements in the monoid's own notation
(``out[5] = ⊤, expected (0,5)``) — the witness a person can act on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from veriscan.device.opencl import Runtime
from veriscan.functional.cuda_native import NativeTarget
from veriscan.functional.cuda_to_opencl import LABEL
from veriscan.monoids.base import Monoid
from veriscan.scankernel import ScanKernel

SHOWN = 5  # wrong elements listed in a witness


def wrong_elements(monoid: Monoid, actual: np.ndarray, expected: np.ndarray,
                   limit: int = SHOWN) -> list[dict[str, Any]]:
    """The first ``limit`` wrong elements as {index, got, expected, text}."""
    out = []
    for k in monoid.mismatches(actual, expected)[:limit]:
        got, want = monoid.format(actual[k]), monoid.format(expected[k])
        out.append({"index": int(k), "got": got, "expected": want,
                    "text": f"out[{k}] = {got}, expected {want}"})
    return out


def run_details(kernel: ScanKernel, n: int, threads: int, runtime: Runtime | NativeTarget,
                **extra: Any) -> dict[str, Any]:
    """The facts every functional verdict records (a CUDA kernel's on an OpenCL device:
    that it ran as its OpenCL C translation)."""
    translated = kernel.dialect != "opencl" and not isinstance(runtime, NativeTarget)
    ran = {"translation": LABEL} if translated else {}
    return {"kernel": kernel.name, "file": str(Path(kernel.path)), "n": n, "threads": threads,
            "mode": "inclusive" if kernel.inclusive else "exclusive",
            "device": runtime.description, **ran, **extra}
