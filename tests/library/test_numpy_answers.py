"""NumPy's answers on the cases an audit against NumPy found wrong: each compares with NumPy
itself, on the host path and on the device (``algorithm='runs'`` / ``'blocks'``)."""

from __future__ import annotations

import numpy as np
import pytest

import veriscan

DEVICE_PATHS = ("runs", "blocks")


@pytest.mark.parametrize("algorithm", DEVICE_PATHS)
def test_bool_add_is_logical_or_past_255_trues(algorithm: str) -> None:
    b = np.ones(300, bool)
    expected = np.cumsum(b, dtype=bool)
    assert np.array_equal(veriscan.scan(b, dtype=bool, algorithm=algorithm), expected)
    got = veriscan.scan(b, out=np.empty(300, bool), algorithm=algorithm)
    assert got.dtype == np.bool_ and got.all()


@pytest.mark.parametrize("algorithm", ("auto", *DEVICE_PATHS))
@pytest.mark.parametrize(("x", "op", "out_dtype"), [
    (np.array([0.6, 0.6, 0.6]), "add", np.int64),
    (np.array([200, 100], np.uint8), "max", np.int8),
    (np.full(3, 2**24 + 1, np.int64), "add", np.float32),
])
def test_out_of_another_dtype_receives_the_default_accumulation(x, op, out_dtype,
                                                                algorithm: str) -> None:
    ufunc = {"add": np.add, "max": np.maximum}[op]
    expected = ufunc.accumulate(x, out=np.empty(x.shape, out_dtype))
    got = veriscan.scan(x, op, algorithm=algorithm, out=np.empty(x.shape, out_dtype))
    assert got.dtype == expected.dtype and np.array_equal(got, expected)


@pytest.mark.parametrize("dtype", (">i4", ">f8", "int8", "uint16", "bool", "int32"))
def test_summed_area_table_follows_double_cumsum(dtype: str) -> None:
    a = np.random.default_rng(1).integers(0 if dtype == "bool" else -50, 2, (7, 9)).astype(dtype)
    expected = a.cumsum(0).cumsum(1)
    got = veriscan.summed_area_table(a)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)


def test_summed_area_table_nan_rules_follow_scan() -> None:
    f = np.array([[1.0, np.nan], [2.0, 0.5]])
    twice = np.maximum.accumulate(np.maximum.accumulate(f, 0), 1)
    assert np.array_equal(veriscan.summed_area_table(f, "max"), twice, equal_nan=True)
    assert np.array_equal(veriscan.summed_area_table(f, "fmax"),
                          np.fmax.accumulate(np.fmax.accumulate(f, 0), 1))


def test_compact_reads_big_endian_flags_on_the_device() -> None:
    values = np.arange(10)
    flags = (values % 3 == 0).astype(">i4")
    kept, count = veriscan.compact(values, flags, algorithm="device")
    assert count == 4 and np.array_equal(kept, values[flags.astype(bool)])


@pytest.mark.parametrize("algorithm", ("host", *DEVICE_PATHS))
def test_bitwise_operator_over_a_float_accumulator_is_numpys_type_error(algorithm: str) -> None:
    k = np.arange(5, dtype=np.int64)
    with pytest.raises(TypeError):
        np.bitwise_xor.accumulate(k, dtype=np.float32)
    with pytest.raises(TypeError):
        veriscan.scan(k, "xor", dtype=np.float32, algorithm=algorithm)


@pytest.mark.parametrize("algorithm", ("auto", *DEVICE_PATHS))
def test_a_0d_input_is_one_element(algorithm: str) -> None:
    z = np.array(5)
    assert np.array_equal(veriscan.scan(z, axis=0, algorithm=algorithm), np.cumsum(z, axis=0))
    assert veriscan.exclusive_scan(z, algorithm=algorithm).tolist() == [0]


def test_bool_axis_and_bad_arrays_raise_numpys_exception_types() -> None:
    with pytest.raises(TypeError):
        veriscan.scan(np.ones((2, 2)), axis=True)
    with pytest.raises(TypeError):
        veriscan.scan(np.array(["a", "b"]))
    with pytest.raises(ValueError):
        veriscan.scan([[1, 2], [3]])
    with pytest.raises(ValueError):
        veriscan.compact(np.arange(10.0), np.ones(9, bool))
    with pytest.raises(ValueError):
        veriscan.summed_area_table(np.arange(5))
