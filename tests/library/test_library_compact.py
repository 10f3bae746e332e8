"""veriscan.compact against NumPy boolean indexing."""

import numpy as np
import pytest

import veriscan
from veriscan.device.opencl import get_runtime


@pytest.mark.parametrize("algorithm", ["auto", "device"])
@pytest.mark.parametrize("n", [1, 3, 1000, 1000003])
@pytest.mark.parametrize("density", [0.0, 0.3, 1.0])
def test_keeps_exactly_the_flagged_elements_in_order(n, density, algorithm):
    rng = np.random.default_rng(n)
    values = rng.integers(-10**6, 10**6, n).astype(np.int32)
    flags = rng.random(n) < density
    kept, count, info = veriscan.compact(values, flags, algorithm=algorithm, info=True)
    assert count == int(flags.sum())
    assert np.array_equal(kept, values[flags])
    assert info.path == ("host" if algorithm == "auto" and n < 2**18 else "device")


@pytest.mark.parametrize("algorithm", ["host", "device"])
@pytest.mark.parametrize("flag_dtype", [np.int8, np.uint16, np.int32, np.int64])
def test_integer_flags(flag_dtype, algorithm):
    rng = np.random.default_rng(4)
    values = rng.uniform(size=20011)
    flags = rng.integers(0, 2, 20011).astype(flag_dtype)
    kept, count = veriscan.compact(values, flags, algorithm=algorithm)
    assert count == int(flags.sum()) and np.array_equal(kept, values[flags.astype(bool)])


@pytest.mark.parametrize("algorithm", ["host", "device"])
def test_structured_values_are_moved_whole(algorithm):
    dt = np.dtype([("a", np.int16), ("b", np.float32), ("c", np.uint8)], align=True)
    values = np.zeros(777, dt)
    values["a"] = np.arange(777)
    values["b"] = np.arange(777) * 0.5
    flags = np.arange(777) % 5 == 2
    kept, count = veriscan.compact(values, flags, algorithm=algorithm)
    assert count == 155 and np.array_equal(kept, values[flags])


def test_device_arrays_in_device_array_out():
    cl_array = pytest.importorskip("pyopencl.array")
    queue = get_runtime().queue
    values = np.arange(10007, dtype=np.int64)
    flags = (values % 3 == 0).astype(np.uint8)
    kept, count = veriscan.compact(cl_array.to_device(queue, values),
                                   cl_array.to_device(queue, flags))
    assert isinstance(kept, cl_array.Array)
    assert count == 3336 and np.array_equal(kept.get(), values[flags == 1])


def test_empty_input():
    kept, count = veriscan.compact(np.zeros(0, np.float32), np.zeros(0, bool))
    assert count == 0 and kept.shape == (0,) and kept.dtype == np.float32


def test_explain_compact_gives_the_verdict_of_each_path():
    values = np.arange(100, dtype=np.int32)
    flags = values % 7 == 0
    host = veriscan.explain_compact(values, flags)
    assert host.path == "host" and host.verdict.status.value == "unknown"
    assert "no veriscan proof" in host.verdict.summary
    device = veriscan.explain_compact(values, flags, algorithm="device")
    assert device.path == "device" and device.verdict.ok
    assert "compact.cl" in " ".join(device.kernels)
    assert "discharged" in str(device.verdict.to_json())
