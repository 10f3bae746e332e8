"""veriscan.scan as a drop-in for np.cumsum / ufunc.accumulate: axis, dtype, out, NaN, errors.

Every comparison is with NumPy itself, dtype included, on the host path
(small inputs, NumPy's loop) and on the device paths (algorithm="runs" forces
the verified kernels: the multi-group pipeline for one line, axis_scan.cl for
many).
"""

import numpy as np
import pytest

import veriscan
from veriscan.device.backend import backend_for
from veriscan.library.axis import AxisShape
from veriscan.verification import interval as interval_module
from veriscan.verification.interval import axis_interval_test

NUMPY = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum,
         "fmax": np.fmax, "fmin": np.fmin, "or": np.bitwise_or, "and": np.bitwise_and,
         "xor": np.bitwise_xor}
PATHS = ["auto", "runs"]


def numpy_scan(a, op, axis=None, dtype=None, inclusive=True):
    """What NumPy gives: np.cumsum / np.cumprod for + and *, ufunc.accumulate otherwise."""
    if axis is None:
        a, axis = a.reshape(-1), 0
    if op == "add":
        out = np.cumsum(a, axis=axis, dtype=dtype)
    elif op == "mul":
        out = np.cumprod(a, axis=axis, dtype=dtype)
    else:
        out = NUMPY[op].accumulate(a, axis=axis, dtype=dtype)
    if inclusive or out.shape[axis] == 0:
        return out
    first = np.full_like(np.take(out, [0], axis=axis), identity(op, out.dtype))
    return np.concatenate([first, np.delete(out, -1, axis=axis)], axis=axis)


def identity(op, dtype):
    """The identities, written out independently of the library."""
    floating = np.issubdtype(dtype, np.floating)
    if dtype == np.bool_:
        return op in ("min", "fmin", "and", "mul")
    low, high = (-np.inf, np.inf) if floating else (np.iinfo(dtype).min, np.iinfo(dtype).max)
    if op in ("fmax", "fmin") and floating:
        return np.nan
    return {"add": 0, "mul": 1, "max": low, "fmax": low, "min": high, "fmin": high, "or": 0,
            "xor": 0, "and": np.array(-1).astype(dtype)}[op]


def same(got, want):
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape
    if np.issubdtype(want.dtype, np.floating):
        np.testing.assert_allclose(got, want, rtol=1e-3, equal_nan=True)
    else:
        assert np.array_equal(got, want)


@pytest.mark.parametrize("algorithm", PATHS)
@pytest.mark.parametrize("shape", [(3, 4, 5), (6, 1), (1, 9), (2, 0, 3)])
def test_every_axis_matches_cumsum(shape, algorithm):
    a = np.random.default_rng(sum(shape)).integers(-50, 50, shape).astype(np.int32)
    for axis in [None, *range(-len(shape), len(shape))]:
        for inclusive in (True, False):
            got = veriscan.scan(a, axis=axis, inclusive=inclusive, algorithm=algorithm)
            same(got, numpy_scan(a, "add", axis, inclusive=inclusive))


def small_ints(dtype, shape):
    rng = np.random.default_rng(5)
    return rng.integers(0, 2 if dtype == np.bool_ else 7, shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32,
                                   np.uint32, np.int64, np.uint64, np.float16, np.float32])
def test_default_accumulators_follow_numpy(dtype):
    a = small_ints(dtype, (4, 33))
    ops = ["add", "mul", "max", "min", "fmax", "fmin"]
    if not np.issubdtype(np.dtype(dtype), np.floating):
        ops += ["or", "and", "xor"]
    for op in ops:
        for axis in (None, 1):
            for inclusive in (True, False):
                same(veriscan.scan(a, op=op, axis=axis, inclusive=inclusive),
                     numpy_scan(a, op, axis, inclusive=inclusive))


# The device operators of the new dtypes (each case builds its own programs: kept few).
@pytest.mark.parametrize(("dtype", "op", "axis"), [
    (np.bool_, "add", None), (np.bool_, "and", 1), (np.int8, "max", 0), (np.uint8, "mul", None),
    (np.int16, "min", None), (np.uint16, "and", 1), (np.uint64, "xor", None),
    (np.float16, "add", None), (np.float16, "max", 1), (np.int8, "add", 1)])
def test_device_operators_follow_numpy(dtype, op, axis):
    a = small_ints(dtype, (4, 33))
    for inclusive in (True, False):
        same(veriscan.scan(a, op=op, axis=axis, inclusive=inclusive, algorithm="runs"),
             numpy_scan(a, op, axis, inclusive=inclusive))


@pytest.mark.parametrize("algorithm", PATHS)
def test_dtype_argument_chooses_the_accumulator(algorithm):
    a = np.full((2, 3000), 2**30, np.int32)
    for dtype in (np.int32, np.int64, np.float64, np.uint8):
        same(veriscan.scan(a, axis=1, dtype=dtype, algorithm=algorithm),
             np.cumsum(a, axis=1, dtype=dtype))
    x = np.arange(1, 21, dtype=np.int16)
    same(veriscan.scan(x, op="mul", algorithm=algorithm), np.cumprod(x))


@pytest.mark.parametrize("algorithm", PATHS)
def test_out_receives_the_result(algorithm):
    a = np.random.default_rng(1).integers(-9, 9, (5, 70)).astype(np.int64)
    out = np.zeros((5, 70), np.int64)
    got = veriscan.scan(a, axis=0, out=out, algorithm=algorithm)
    assert got is out and np.array_equal(out, np.cumsum(a, axis=0))
    x = a[0].astype(np.float64)
    narrow = np.zeros(70, np.int32)  # as ufunc.accumulate: out's dtype is the accumulator
    assert veriscan.scan(x, out=narrow, algorithm=algorithm) is narrow
    assert np.array_equal(narrow, np.cumsum(x, out=np.zeros(70, np.int32)))
    strided = np.zeros((70, 2), np.int64)[:, 0]  # not contiguous: filled from a result
    veriscan.exclusive_scan(a[1], out=strided, algorithm=algorithm)
    assert np.array_equal(strided, numpy_scan(a[1], "add", inclusive=False))


@pytest.mark.parametrize("algorithm", PATHS)
def test_in_place_out_is_the_input(algorithm):
    a = np.random.default_rng(6).integers(-9, 9, (3, 50)).astype(np.int64)
    for axis in (None, 0, 1):
        for inclusive in (True, False):
            x = a.copy()
            view = x.reshape(-1) if axis is None else x
            got = veriscan.scan(view, axis=axis, inclusive=inclusive, out=view,
                                algorithm=algorithm)
            assert got is view
            assert np.array_equal(view, numpy_scan(a, "add", axis, inclusive=inclusive))


@pytest.mark.parametrize("algorithm", PATHS)
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_nan_rules_of_max_min_fmax_fmin(dtype, algorithm):
    x = np.array([3.0, np.nan, 1.0, 5.0, np.nan, -2.0], dtype)
    lead = np.array([np.nan, 2.0, np.nan, 1.0, 4.0], dtype)
    for data in (x, lead):
        for op in ("max", "min", "fmax", "fmin"):
            for inclusive in (True, False):
                got = veriscan.scan(data, op=op, inclusive=inclusive, algorithm=algorithm)
                want = numpy_scan(data, op, inclusive=inclusive)
                assert np.array_equal(got, want, equal_nan=True), (op, inclusive, got, want)
    # the case: the running max must not go down after a NaN
    assert np.isnan(veriscan.scan(x, op="max", algorithm=algorithm)[1:]).all()


def test_numpy_errors():
    a = np.zeros((2, 3), np.int32)
    with pytest.raises(np.exceptions.AxisError):
        veriscan.scan(a, axis=2)
    with pytest.raises(np.exceptions.AxisError):
        veriscan.scan(a, axis=-3, algorithm="runs")
    with pytest.raises(TypeError):
        veriscan.scan(a, axis=1.5)
    with pytest.raises(TypeError):
        veriscan.scan(a, dtype="no-such-type")
    with pytest.raises(TypeError):
        veriscan.scan(np.zeros(3, np.float32), op="or")
    with pytest.raises(ValueError, match="wrong size"):
        veriscan.scan(a, axis=1, out=np.zeros((3, 2), np.int64))


def test_info_and_explain_name_the_path_and_its_proof():
    small = np.arange(10, dtype=np.int32)
    _, info = veriscan.scan(small, info=True)
    assert info.path == "host" and "no veriscan proof" in info.covered_by
    assert "add:int64" in info.operation
    host = veriscan.explain(small)
    assert host.verdict.status.value == "unknown" and "numpy.add.accumulate" in str(host)

    device = veriscan.explain(small, algorithm="runs", op="max")
    assert device.path == "runs" and device.verdict.ok
    assert "runs_scan.cl" in device.kernels[0] and device.launches
    lines = veriscan.explain(np.zeros((3, 5, 2), np.float32), axis=1, algorithm="runs",
                             inclusive=False)
    assert lines.path == "axis" and lines.verdict.ok
    assert "6 lines of length 5" in lines.verdict.summary
    assert any("not associative" in note for note in
               veriscan.explain(np.zeros(9, np.float32), algorithm="runs").notes)


def test_axis_interval_test_catches_lines_mixed_or_misread(monkeypatch):
    backend = backend_for(None, [])
    shape = AxisShape(3, 6, 4)
    assert axis_interval_test(backend, shape).ok
    real = interval_module.axis_scan

    def one_long_line(backend, monoid, src, dst, lines, inclusive):
        # every line continues from the previous one: right within the first line only
        real(backend, monoid, src, dst, AxisShape(1, lines.size, 1), inclusive)

    def wrong_axis(backend, monoid, src, dst, lines, inclusive):
        real(backend, monoid, src, dst, AxisShape(lines.outer * lines.length, lines.inner, 1),
             inclusive)

    for broken in (one_long_line, wrong_axis):
        monkeypatch.setattr(interval_module, "axis_scan", broken)
        for inclusive in (True, False):
            verdict = axis_interval_test(backend, shape, inclusive)
            assert verdict.status.value == "violation", broken.__name__


@pytest.mark.parametrize(("op", "dtype"), [
    (op, dtype) for op in ("add", "max", "xor", "fmin")
    for dtype in (np.int8, np.int32, np.float32) if not (op == "xor" and dtype == np.float32)])
def test_repeated_small_scans_take_the_cached_rule_and_agree_with_numpy(op, dtype):
    rng = np.random.default_rng(7)
    for n in (0, 1, 5, 333):
        x = rng.integers(-50, 50, n).astype(dtype)
        for inclusive in (True, False):
            for _ in range(2):  # the second call finds the rule the first one cached
                got = veriscan.scan(x, op, inclusive)
                want = numpy_scan(x, op, inclusive=inclusive)
                assert got.dtype == want.dtype and np.array_equal(got, want, equal_nan=True)
                out = np.full(n, 99, want.dtype)
                assert veriscan.scan(x, op, inclusive, out=out) is out
                assert np.array_equal(out, want, equal_nan=True)


def test_the_cached_rule_leaves_odd_out_arguments_to_the_full_checks():
    x = np.arange(1, 9, dtype=np.int64)
    veriscan.scan(x)  # the rule for (add, int64, None) is cached now
    veriscan.exclusive_scan(x, out=x)  # out=x: the input is read before it is overwritten
    assert np.array_equal(x, [0, 1, 3, 6, 10, 15, 21, 28])
    narrow = np.zeros(8, np.int8)
    veriscan.scan(np.arange(8, dtype=np.int64), out=narrow)  # out's dtype is the accumulator
    assert np.array_equal(narrow, np.cumsum(np.arange(8)).astype(np.int8))
    with pytest.raises(ValueError, match="wrong size"):
        veriscan.scan(x, out=np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="read-only"):
        veriscan.scan(x, out=_read_only(8))


def _read_only(n):
    a = np.zeros(n, np.int64)
    a.setflags(write=False)
    return a


@pytest.mark.parametrize(("op", "dtype", "host_below"), [
    ("add", np.int32, 2**23), ("add", np.float32, 2**17), ("max", np.int32, 2**21),
    ("max", np.float32, 2**18)])
def test_the_host_limit_depends_on_how_fast_numpys_loop_is(runtime, op, dtype, host_below):
    from veriscan.library.scan import host_limit

    assert host_limit(op, np.dtype(dtype)) == host_below
    below = np.zeros(host_below - 1, dtype)
    assert veriscan.scan(below, op, dtype=dtype, info=True)[1].path == "host"
    if host_below < 2**22:  # the device's side of the limit, cheaply
        at = np.zeros(host_below, dtype)
        # The device's own form: coarsened runs on a CPU device (eight elements a step for
        # a sum), blocks on a GPU.
        cpu_form = "runs8" if op == "add" else "runs"
        device_form = cpu_form if runtime.is_cpu else "blocks"
        assert veriscan.scan(at, op, dtype=dtype, info=True)[1].path == device_form
