"""Bad input to the library: one VeriscanError naming the argument and the problem."""

import numpy as np
import pytest

import veriscan
from veriscan.errors import VeriscanError
from veriscan.monoids import get_monoid, user_monoid
from veriscan.monoids.base import Monoid


@pytest.mark.parametrize(("call", "needle"), [
    (lambda: veriscan.compact(np.zeros((2, 2), np.int32), np.ones((2, 2), bool)), "must be 1-D"),
    (lambda: veriscan.scan(np.array(["a", "b"], dtype=object)), "dtype object"),
    (lambda: veriscan.scan(np.zeros(4, np.complex64)), "complex64"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), op="median"), "unknown monoid 'median'"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), op="affine"), "convert x"),
    (lambda: veriscan.scan(np.zeros(4, np.int64), op=get_monoid("add")), "int32"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), algorithm="magic"), "unknown scan algorithm"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), op="affine", algorithm="host"), "convert x"),
    (lambda: veriscan.scan(get_monoid("affine").sample(np.random.default_rng(0), 3),
                           op="affine", algorithm="host"), "algorithm='host' needs"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), op=get_monoid("add"), dtype=np.int64),
     "dtype=int64 is only"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), op=3), "op must be"),
    (lambda: veriscan.scan(None), "None"),
    (lambda: veriscan.compact(np.zeros(4), np.zeros(5, bool)), "same length"),
    (lambda: veriscan.compact(np.zeros(4), np.zeros(4, np.float32)), "bool or integer"),
    (lambda: veriscan.compact(np.zeros(4), np.array([0, 1, 2, 1])), "1 of the 4 flags"),
    (lambda: veriscan.compact(np.zeros(4), np.array([0, -1, 1, 1], np.int8)), "0 or 1"),
    (lambda: veriscan.compact(np.zeros(4), np.array([0, 1, 2, 1]), algorithm="device"),
     "1 of the 4 flags"),
    (lambda: veriscan.compact(np.zeros(4), np.array([0, 1, 1, 1]), algorithm="gpu"),
     "unknown compaction algorithm"),
    (lambda: veriscan.summed_area_table(np.zeros(4)), "must be 2-D"),
    (lambda: veriscan.summed_area_table(np.zeros((2, 2)), algorithm="fast"), "algorithm"),
    (lambda: veriscan.transpose(np.zeros((2, 2, 2))), "must be 2-D"),
    (lambda: veriscan.scan(np.zeros(4, np.int32), device="no-such-device"), "no OpenCL device"),
])
def test_bad_input_is_a_veriscan_error(call, needle):
    with pytest.raises(VeriscanError) as info:
        call()
    assert needle in str(info.value)


def test_non_associative_user_operator_is_rejected():
    minus = user_monoid("(a) - (b)", "0", np.int32, name="minus")
    with pytest.raises(VeriscanError) as info:
        veriscan.scan(np.arange(10, dtype=np.int32), op=minus)
    assert "associativity" in str(info.value) and "minus" in str(info.value)


def test_wrong_identity_is_rejected():
    plus_one = user_monoid("(a) + (b)", "1", np.int32, name="plus_one")
    with pytest.raises(VeriscanError) as info:
        veriscan.scan(np.arange(10, dtype=np.int32), op=plus_one)
    assert "identity" in str(info.value)


def test_cuda_without_cupy_or_gpu_is_a_clear_error():
    try:
        import cupy  # noqa: F401
        pytest.skip("CuPy is installed; the error path is for machines without it")
    except ImportError:
        pass
    with pytest.raises(VeriscanError) as info:
        veriscan.scan(np.arange(4, dtype=np.int32), device="cuda")
    assert "CuPy" in str(info.value)


def test_monoid_without_samples_cannot_be_spot_checked():
    dt = np.dtype([("a", np.int32), ("b", np.int32)])
    bare = Monoid(name="bare", dtype=dt, cl_source="", op=lambda a, b: a,
                  identity=np.zeros((), dt))
    with pytest.raises(VeriscanError) as info:
        veriscan.scan(np.zeros(3, dt), op=bare)
    assert "random_input" in str(info.value)
