"""Every shipped scan kernel: the interval test at every size, and numpy agreement."""

import numpy as np
import pytest

from veriscan.functional.interval import interval_test
from veriscan.functional.scan_runner import max_scan_size, run_scan
from veriscan.monoids import get_monoid, interval_monoid
from veriscan.scankernel import KERNEL_DIR, load_scan_kernel
from veriscan.verdict import Status

SHIPPED = sorted(p.stem for p in (KERNEL_DIR / "scan").glob("*.cl"))


def test_all_agreed_kernels_are_shipped():
    assert set(SHIPPED) >= {"sequential", "kogge_stone", "sklansky", "brent_kung", "blelloch",
                            "kogge_stone_inplace", "blelloch_inplace", "blelloch_tree2d",
                            "blelloch_tree1d"}


def _sizes(kernel, runtime):
    """Every power of two up to the device limit (sequential: up to twice the group size)."""
    top = min(max_scan_size(kernel, interval_monoid, runtime),
              2 * runtime.limits.max_work_group_size)
    return [2**e for e in range(1, top.bit_length())]


@pytest.mark.parametrize("name", SHIPPED)
def test_interval_test_passes_at_every_size(runtime, name):
    kernel = load_scan_kernel(name)
    sizes = _sizes(kernel, runtime)
    if runtime.is_cpu:  # a GPU compiler may allow a kernel fewer work-items (registers)
        assert sizes[-1] >= runtime.limits.max_work_group_size
    for n in sizes:
        verdict = interval_test(kernel, n, runtime)
        assert verdict.status is Status.VERIFIED, verdict.summary
        assert verdict.details["n"] == n
        assert verdict.details["threads"] == kernel.thread_count(n)
        # a passed test is not a correctness claim on its own
        assert "race freedom" in verdict.summary


@pytest.mark.parametrize("name", SHIPPED)
def test_matches_numpy_for_practical_monoids(runtime, name):
    kernel = load_scan_kernel(name)
    top = _sizes(kernel, runtime)[-1]
    rng = np.random.default_rng(len(name))
    # one build per case; the non-commutative reference is a Python loop, so it
    # runs at a moderate size (it is there to catch swapped operands)
    cases = [("add", top), ("max", top), ("affine", 512)]
    for op, n in cases:
        monoid = get_monoid(op)
        # Each monoid's own limit: on a GPU, a kernel's registers depend on TYPE.
        x = monoid.sample(rng, min(n, max_scan_size(kernel, monoid, runtime)))
        got = run_scan(kernel, monoid, x, runtime)
        if op == "add" and kernel.inclusive:
            expected = np.cumsum(x, dtype=np.int32)
        elif op == "max" and kernel.inclusive:
            expected = np.maximum.accumulate(x)
        else:
            expected = monoid.reference_scan(x, kernel.inclusive)
        assert monoid.mismatches(got, expected).size == 0, (op, n)


def test_float_sum_within_tolerance(runtime):
    monoid = get_monoid("add", "float32")
    kernel = load_scan_kernel("kogge_stone")
    x = monoid.sample(np.random.default_rng(0), min(4096, max_scan_size(kernel, monoid,
                                                                          runtime)))
    got = run_scan(kernel, monoid, x, runtime)
    assert monoid.mismatches(got, np.cumsum(x.astype(np.float64))).size == 0
    assert monoid.mismatches(got + 1.0, np.cumsum(x.astype(np.float64))).size > 0


def test_wrong_mode_is_diagnosed(runtime):
    verdict = interval_test(load_scan_kernel("blelloch", inclusive=True), 16, runtime)
    assert verdict.status is Status.VIOLATION
    assert verdict.witness["diagnosis"].startswith("wrong mode")
    assert verdict.witness["wrong"][0]["text"] == "out[0] = 1, expected (0,0)"


def test_cuda_kernel_runs_its_opencl_translation_in_device_tests(runtime, tmp_path):
    from veriscan.errors import VeriscanError

    assert interval_test(load_scan_kernel("kogge_stone_cuda"), 8, runtime).ok
    path = tmp_path / "scan.cu"
    path.write_text("// veriscan: inclusive threads=n\n"
                    "__global__ void scan(const TYPE *in, TYPE *out) {}\n")
    with pytest.raises(VeriscanError, match="never uses OPERATOR"):
        interval_test(load_scan_kernel(str(path)), 8, runtime)
