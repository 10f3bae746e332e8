"""veriscan.summed_area_table and veriscan.transpose against NumPy."""

import numpy as np
import pytest

import veriscan
from veriscan.device.opencl import get_runtime
from veriscan.monoids import get_monoid

SHAPES = [(1, 1), (3, 1), (1, 3), (17, 33), (1000, 3), (257, 1031)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("algorithm", ["direct", "transpose"])
def test_summed_area_table_matches_double_cumsum(shape, algorithm):
    a = np.random.default_rng(shape[0] * 7 + shape[1]).integers(-99, 99, shape).astype(np.int32)
    ref = a.cumsum(0, dtype=np.int32).cumsum(1, dtype=np.int32)
    assert np.array_equal(veriscan.summed_area_table(a, algorithm=algorithm), ref)


def test_summed_area_table_algorithms_agree_for_a_non_commutative_monoid():
    monoid = get_monoid("affine")
    a = monoid.sample(np.random.default_rng(9), 37 * 45).reshape(37, 45)
    direct = veriscan.summed_area_table(a, op="affine", algorithm="direct")
    flipped = veriscan.summed_area_table(a, op="affine", algorithm="transpose")
    rows = np.stack([monoid.reference_scan(r) for r in a])
    expected = np.stack([monoid.reference_scan(c) for c in rows.T]).T
    assert np.array_equal(direct, expected) and np.array_equal(flipped, expected)


def test_float_summed_area_table():
    a = np.random.default_rng(1).uniform(size=(300, 301)).astype(np.float32)
    assert np.allclose(veriscan.summed_area_table(a), a.cumsum(0).cumsum(1), rtol=1e-4)


@pytest.mark.parametrize("shape", [*SHAPES, (16, 16), (33, 16)])
@pytest.mark.parametrize("dtype", [np.uint8, np.float64, np.dtype("i4,i4,i4")])
def test_transpose_matches_numpy(shape, dtype):
    cells = np.arange(shape[0] * shape[1]).reshape(shape)
    a = np.zeros(shape, dtype)
    for name in a.dtype.names or [None]:
        if name is None:
            a[...] = cells % 251
        else:
            a[name] = cells * (len(name) + 1)
    out = veriscan.transpose(a)
    assert out.shape == shape[::-1] and out.flags.c_contiguous
    assert np.array_equal(out, a.T)


def test_device_matrices_stay_on_the_device():
    cl_array = pytest.importorskip("pyopencl.array")
    a = np.arange(35, dtype=np.float32).reshape(5, 7)
    ad = cl_array.to_device(get_runtime().queue, a)
    assert np.array_equal(veriscan.transpose(ad).get(), a.T)
    assert np.allclose(veriscan.summed_area_table(ad).get(), a.cumsum(0).cumsum(1))


def test_empty_matrices():
    assert veriscan.transpose(np.zeros((0, 4), np.int32)).shape == (4, 0)
    assert veriscan.summed_area_table(np.zeros((3, 0), np.int32)).shape == (3, 0)
