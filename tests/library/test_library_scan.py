"""veriscan.scan / exclusive_scan against NumPy and the monoids' sequential references."""

import dataclasses

import numpy as np
import pytest

import veriscan
from veriscan.device.backend import OpenCLBackend, backend_for
from veriscan.device.opencl import get_runtime
from veriscan.library.pipeline import ScanPipeline
from veriscan.monoids import get_monoid, user_monoid
from veriscan.verification.interval import pipeline_interval_test

AWKWARD = [1, 3, 1000, 4097, 1000003]


def _exclusive_reference(inclusive: np.ndarray, identity) -> np.ndarray:
    return np.concatenate([np.asarray([identity], inclusive.dtype), inclusive[:-1]])


@pytest.mark.parametrize("algorithm", ["runs", "runs8", "blocks"])
@pytest.mark.parametrize("n", AWKWARD)
def test_add_int32_matches_cumsum(algorithm, n):
    x = np.random.default_rng(n).integers(-1000, 1000, n).astype(np.int32)
    ref = np.cumsum(x, dtype=np.int32)
    assert np.array_equal(veriscan.scan(x, algorithm=algorithm), ref)
    assert np.array_equal(veriscan.exclusive_scan(x, algorithm=algorithm),
                          _exclusive_reference(ref, 0))


@pytest.mark.parametrize("algorithm", ["auto", "runs", "blocks"])
def test_int32_sums_widen_like_cumsum_and_wrap_when_asked(algorithm):
    x = np.full(5000, 2**30, np.int32)
    widened = veriscan.scan(x, algorithm=algorithm)
    assert widened.dtype == np.cumsum(x).dtype and np.array_equal(widened, np.cumsum(x))
    assert int(widened[-1]) == 5000 * 2**30  # the 4587520000-style sum, not wrapped
    wrapped = veriscan.scan(x, algorithm=algorithm, dtype=np.int32)
    assert wrapped.dtype == np.int32
    assert np.array_equal(wrapped, np.cumsum(x, dtype=np.int32))


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32])
def test_max_matches_maximum_accumulate(dtype):
    x = np.random.default_rng(7).integers(-10**6, 10**6, 70001).astype(dtype)
    out = veriscan.scan(x, op="max")
    assert out.dtype == dtype
    assert np.array_equal(out, np.maximum.accumulate(x))


def test_float_add_is_close_to_cumsum():
    x = np.random.default_rng(3).uniform(-1, 1, 100003).astype(np.float64)
    assert np.allclose(veriscan.scan(x), np.cumsum(x), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("name", ["affine", "carry", "fsm"])
@pytest.mark.parametrize("algorithm", ["runs", "runs8", "blocks"])
def test_non_commutative_monoids_keep_operand_order(name, algorithm):
    monoid = get_monoid(name)
    x = monoid.sample(np.random.default_rng(11), 9001)
    for inclusive in (True, False):
        out = veriscan.scan(x, op=name, inclusive=inclusive, algorithm=algorithm)
        assert len(monoid.mismatches(out, monoid.reference_scan(x, inclusive))) == 0


def test_user_monoid_on_a_structured_dtype():
    # Affine maps x -> m*x + c composed left to right: not commutative.
    dt = np.dtype([("m", np.int32), ("c", np.int32)], align=True)
    monoid = user_monoid("(TYPE){(a).m * (b).m, (b).m * (a).c + (b).c}", "(TYPE){1, 0}", dt,
                         name="affine_pair")
    x = np.zeros(5003, dt)
    rng = np.random.default_rng(5)
    x["m"] = rng.choice([-1, 1, 2], 5003)
    x["c"] = rng.integers(-5, 5, 5003)
    out = veriscan.scan(x, op=monoid)
    assert len(monoid.mismatches(out, monoid.reference_scan(x))) == 0


def test_pyopencl_arrays_stay_on_the_device():
    cl_array = pytest.importorskip("pyopencl.array")
    queue = get_runtime().queue
    x = np.random.default_rng(2).integers(0, 9, 123457).astype(np.int32)
    xd = cl_array.to_device(queue, x)
    out = veriscan.scan(xd)
    assert isinstance(out, cl_array.Array) and out.queue is queue
    assert np.array_equal(out.get(), np.cumsum(x, dtype=np.int32))


@pytest.mark.parametrize("algorithm", ["auto", "runs"])
def test_empty_input_gives_empty_result(algorithm):
    x = np.zeros(0, np.int32)
    out = veriscan.scan(x, algorithm=algorithm)
    assert out.shape == (0,) and out.dtype == np.cumsum(x).dtype
    assert veriscan.scan(x, algorithm=algorithm, dtype=np.int32).dtype == np.int32


@pytest.mark.parametrize("algorithm", ["runs", "runs8", "blocks"])
@pytest.mark.parametrize("n", [5, 4097, 1000003, 3 * 2**20 + 7])
def test_pipeline_passes_the_interval_test(algorithm, n):
    backend = backend_for(None, [])
    for inclusive in (True, False):
        verdict = pipeline_interval_test(backend, algorithm, n, inclusive)
        assert verdict.ok, verdict.summary


def test_deep_recursion_layout_passes_the_interval_test():
    # The GPU layout (64-wide groups, runs of 32) recurses three levels deep at this n;
    # PoCL runs it as well, which exercises the copy (non-USE_HOST_PTR) path too.
    backend = OpenCLBackend(get_runtime())
    backend.is_cpu = False
    pipeline = ScanPipeline(backend, get_monoid("add"), "runs")
    assert len([launch for launch in pipeline.launches(300007, True)
                if launch.entry in ("runs_scan", "runs_scan_totals")]) >= 3
    verdict = pipeline_interval_test(backend, "runs", 300007, inclusive=True)
    assert verdict.ok, verdict.summary


def test_interval_test_catches_a_pipeline_that_skips_elements(monkeypatch):
    backend = backend_for(None, [])
    real = ScanPipeline.runs_layout

    def too_short(self, n):
        layout = real(self, n)  # the last element of each run is never written
        return dataclasses.replace(layout, run=max(1, layout.run - 1))

    monkeypatch.setattr(ScanPipeline, "runs_layout", too_short)
    verdict = pipeline_interval_test(backend, "runs", 50001, inclusive=True)
    assert verdict.status.value == "violation"
    assert verdict.witness["wrong_count"] > 0


@pytest.mark.parametrize(("find", "replace"), [
    ("out[i + 3] = OPERATOR(acc, p3);", "out[i + 3] = OPERATOR(acc, p2);"),   # inclusive
    ("out[i + 5] = OPERATOR(acc, p4);", "out[i + 5] = OPERATOR(p4, acc);"),   # exclusive
    ("k < steps_end; k += 8)", "k < steps_end; k += 16)"),                  # a step skipped
])
def test_interval_test_catches_a_wrong_step_of_runs8(monkeypatch, find, replace):
    from veriscan.library import launch

    text = launch.library_kernel_source("runs_scan")
    assert text.count(find) == 1
    real = launch.library_kernel_source
    monkeypatch.setattr(launch, "library_kernel_source",
                        lambda stem: text.replace(find, replace) if stem == "runs_scan"
                        else real(stem))
    backend = backend_for(None, [])
    verdicts = [pipeline_interval_test(backend, "runs8", 1000, inclusive)
                for inclusive in (True, False)]
    # swapped operands show only in a non-commutative monoid: the interval monoid is one
    assert "violation" in [v.status.value for v in verdicts]
    assert all(v.ok for v in (pipeline_interval_test(backend, "runs", 1000, inclusive)
                              for inclusive in (True, False)))


def test_auto_takes_eight_elements_a_step_only_for_sums_and_products():
    x = np.ones(5000, np.float32)
    assert veriscan.explain(x, algorithm="device").path == "runs8"
    assert veriscan.explain(x.astype(np.int32), algorithm="device").path == "runs8"
    assert veriscan.explain(x.astype(np.int32), op="min", algorithm="device").path == "runs"
    assert veriscan.explain(x, op="mul", algorithm="device").path == "runs8"
    assert veriscan.explain(x, op="max", algorithm="device").path == "runs"
    covered = veriscan.explain(x, algorithm="device")
    assert covered.verdict.ok, covered.verdict.summary


@pytest.mark.slow
def test_pipeline_passes_the_interval_test_at_2_26():
    verdict = pipeline_interval_test(backend_for(None, []), "runs", 2**26, inclusive=True)
    assert verdict.ok, verdict.summary


def test_arrays_from_the_callers_own_context():
    cl = pytest.importorskip("pyopencl")
    cl_array = pytest.importorskip("pyopencl.array")
    queue = cl.CommandQueue(cl.Context([get_runtime().device]))  # not veriscan's context
    x = np.arange(70001, dtype=np.int64) % 13
    out = veriscan.scan(cl_array.to_device(queue, x), op="max")
    assert out.queue is queue
    assert np.array_equal(out.get(), np.maximum.accumulate(x))
