"""Shipped scan kernels: proved for sample sizes up to 2^31; mutants caught; twins agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_format import mutant_path, scan_mutants
from veriscan.check import check_scan_kernel
from veriscan.scankernel import KERNEL_DIR, load_scan_kernel, shipped_kernel_files
from veriscan.verdict import Status

SCAN_KERNELS = [p for p in shipped_kernel_files("scan")]
# 2^27 and 2^30 are where int-sized arithmetic in a kernel first overflows (N * rows, 2 * N).
SIZES = (2, 256, 1 << 27, 1 << 30, 1 << 31)


@pytest.mark.parametrize("path", SCAN_KERNELS, ids=[p.stem for p in SCAN_KERNELS])
def test_shipped_scan_kernel_is_verified(path: Path) -> None:
    kernel = load_scan_kernel(str(path))
    for n in SIZES:
        verdict = check_scan_kernel(kernel, n)
        assert verdict.status is Status.VERIFIED, f"n={n}: {verdict.summary}"
        parts = {p["check"] for p in verdict.details["parts"]}
        assert parts == {"generic", "static"}
        assert verdict.details["threads"] == kernel.thread_count(n)


@pytest.mark.parametrize("mutant", sorted(scan_mutants()))
def test_barrier_mutants_are_races_and_others_race_free(mutant: str) -> None:
    kernel = load_scan_kernel(str(mutant_path(mutant)))
    verdict = check_scan_kernel(kernel, 64)
    if "barrier_removed" in mutant:
        assert verdict.status is Status.VIOLATION, verdict.summary
    else:
        # Most functional mutants stay race-free (the interval test catches
        # them); some, like a shifted read index, also race.  Never unknown.
        assert verdict.status in (Status.VERIFIED, Status.VIOLATION), verdict.summary
    if verdict.status is Status.VIOLATION:
        assert verdict.details["failed_part"] == "races"
        witness = verdict.witness
        assert witness["thread_a"]["local_id"] != witness["thread_b"]["local_id"]
        assert "write" in (witness["thread_a"]["access"], witness["thread_b"]["access"])


@pytest.mark.parametrize(("cuda", "opencl"), [("blelloch_cuda", "blelloch_inplace"),
                                              ("kogge_stone_cuda", "kogge_stone_inplace")])
def test_cuda_twins_get_the_same_verdicts(cuda: str, opencl: str) -> None:
    twin = load_scan_kernel(cuda)
    original = load_scan_kernel(opencl)
    assert twin.path.parent == KERNEL_DIR / "scan" / "cuda"
    assert (twin.inclusive, twin.threads) == (original.inclusive, original.threads)
    for n in (2, 64, 1 << 31):
        a, b = check_scan_kernel(twin, n), check_scan_kernel(original, n)
        assert a.status is b.status is Status.VERIFIED, (a.summary, b.summary)


def test_every_size_mode_proves_each_power_of_two() -> None:
    seen: list[int] = []
    verdict = check_scan_kernel(load_scan_kernel("sequential"), None, progress=seen.append)
    assert verdict.status is Status.VERIFIED
    assert seen == [1 << k for k in range(1, 32)]
    assert verdict.details["sizes"] == seen
