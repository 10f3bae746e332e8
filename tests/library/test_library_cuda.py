"""The CUDA backend (CuPy + NVRTC) against NumPy; needs an NVIDIA GPU and CuPy."""

import numpy as np
import pytest

import veriscan

cupy = pytest.importorskip("cupy")
pytestmark = pytest.mark.cuda
try:
    if cupy.cuda.runtime.getDeviceCount() < 1:
        pytest.skip("CuPy found no NVIDIA GPU", allow_module_level=True)
except cupy.cuda.runtime.CUDARuntimeError:
    pytest.skip("the CUDA runtime is unusable here", allow_module_level=True)


@pytest.mark.parametrize("algorithm", ["runs", "blocks"])
@pytest.mark.parametrize("n", [1, 3, 1000003])
def test_scan_on_cuda(algorithm, n):
    x = np.random.default_rng(n).integers(-1000, 1000, n).astype(np.int32)
    out = veriscan.scan(x, algorithm=algorithm, device="cuda")
    assert np.array_equal(out, np.cumsum(x, dtype=np.int32))
    ex = veriscan.exclusive_scan(x, op="max", algorithm=algorithm, device="cuda")
    ref = np.maximum.accumulate(x)
    assert np.array_equal(ex[1:], ref[:-1]) and ex[0] == np.iinfo(np.int32).min


def test_cupy_arrays_stay_on_the_gpu():
    x = cupy.arange(100003, dtype=cupy.int32) % 7
    out = veriscan.scan(x)
    assert isinstance(out, cupy.ndarray)
    assert np.array_equal(cupy.asnumpy(out), np.cumsum(cupy.asnumpy(x), dtype=np.int32))


def test_compact_transpose_and_sat_on_cuda():
    rng = np.random.default_rng(1)
    values = rng.integers(0, 100, 200003).astype(np.int32)
    flags = rng.random(200003) < 0.4
    kept, count = veriscan.compact(values, flags, device="cuda")
    assert count == int(flags.sum()) and np.array_equal(kept, values[flags])
    a = rng.integers(-9, 9, (333, 517)).astype(np.int32)
    assert np.array_equal(veriscan.transpose(a, device="cuda"), a.T)
    assert np.array_equal(veriscan.summed_area_table(a, device="cuda"),
                          a.cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32))
