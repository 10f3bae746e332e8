"""veriscan.dask on a real LocalCluster: equal to NumPy on uneven chunks, and verified.

Skipped, with the reason shown by ``-ra``, when the ``dask`` extra is not
installed.  The cluster is small (one process, two threads) to keep CI cheap.
"""

import numpy as np
import pytest

da = pytest.importorskip("dask.array", reason="needs the dask extra: pip install "
                                              "'veriscan[dask]'")
distributed = pytest.importorskip("distributed", reason="needs the dask extra: pip install "
                                                        "'veriscan[dask]'")

import veriscan.dask as vdask  # noqa: E402
from veriscan.monoids import get_monoid  # noqa: E402

UNEVEN = ((1, 0, 300, 199, 0, 500),)  # a chunk of one element and two empty chunks


@pytest.fixture(scope="module")
def client():
    # Worker processes, not threads: Z3 and libclang are not thread-safe, and the
    # proofs of verify() run in this process while tasks run on the workers.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as c:
        yield c


def test_scan_is_lazy_and_equals_numpy_on_uneven_chunks(client):
    x = np.random.default_rng(0).integers(-2**30, 2**30, 1000).astype(np.int32)
    lazy = vdask.scan(da.from_array(x, chunks=UNEVEN))
    assert isinstance(lazy, da.Array) and lazy.dtype == np.cumsum(x).dtype
    got = client.compute(lazy).result()
    assert got.dtype == np.int64 and np.array_equal(got, np.cumsum(x))
    excl = client.compute(vdask.exclusive_scan(da.from_array(x, chunks=UNEVEN),
                                               dtype=np.int32)).result()
    assert np.array_equal(excl, np.concatenate([[0], np.cumsum(x, dtype=np.int32)[:-1]]))


def test_nan_max_and_a_non_commutative_monoid(client):
    x = np.random.default_rng(1).uniform(-1, 1, 1000)
    x[[5, 400]] = np.nan
    got = client.compute(vdask.scan(da.from_array(x, chunks=UNEVEN), op="max")).result()
    assert np.array_equal(got, np.maximum.accumulate(x), equal_nan=True)
    affine = get_monoid("affine")
    a = affine.sample(np.random.default_rng(2), 1000)
    for inclusive in (True, False):
        lazy = vdask.scan(da.from_array(a, chunks=UNEVEN), "affine", inclusive)
        out = client.compute(lazy).result()
        assert len(affine.mismatches(out, affine.reference_scan(a, inclusive))) == 0


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_axis_sat_and_compact(client, axis):
    a = np.random.default_rng(3).integers(-9, 9, (7, 9)).astype(np.int16)
    chunks = ((3, 0, 1, 3), (2, 7))
    got = client.compute(vdask.scan(da.from_array(a, chunks=chunks), axis=axis)).result()
    assert got.dtype == np.cumsum(a, axis=axis).dtype
    assert np.array_equal(got, np.cumsum(a, axis=axis))
    if axis == 0:
        sat = client.compute(vdask.summed_area_table(da.from_array(a, chunks=chunks))).result()
        assert np.array_equal(sat, a.cumsum(1).cumsum(0))
        x = da.from_array(a.reshape(-1), chunks=((1, 0, 30, 32),))
        kept, count = vdask.compact(x, x % 2 == 0)
        kept, count = client.compute([kept, count], sync=True)
        flat = a.reshape(-1)
        assert np.array_equal(kept, flat[flat % 2 == 0]) and count == len(kept)


@pytest.mark.parametrize(("shape", "chunks", "axis"), [
    ((1000,), UNEVEN, 0), ((7, 9), ((3, 0, 4), (2, 7)), 0), ((7, 9), ((3, 4), (1, 0, 8)), 1)])
@pytest.mark.parametrize("inclusive", [True, False])
def test_the_distributed_pipeline_is_verified(client, shape, chunks, axis, inclusive):
    verdict = vdask.verify(shape, chunks, axis, inclusive, client=client)
    assert verdict.ok, verdict.summary
    interval = verdict.details["parts"][-1]
    assert interval["check"] == "dask interval" and interval["status"] == "verified"


def test_interval_test_catches_an_offset_on_the_wrong_side(monkeypatch):
    def swapped(offsets, scanned, monoid, axis):
        # scanned ⊕ offset: right for commutative monoids, wrong for the interval monoid
        out = scanned.copy()
        flat = np.moveaxis(out, axis, -1)
        base = np.moveaxis(offsets, axis, -1)
        flat[...] = monoid.op(flat, np.broadcast_to(base, flat.shape))
        return out

    monkeypatch.setattr(vdask, "_combine", swapped)
    verdict = vdask.interval_test((4, 10), ((4,), (3, 3, 4)), axis=1)
    assert verdict.status.value == "violation" and "out[3]" in verdict.summary


def test_interval_test_catches_a_chunk_starting_from_the_wrong_offsets(monkeypatch):
    real = vdask._run_offsets

    def stale(parts, op, dtype):
        # every chunk after the first starts from the previous chunk's run offsets
        offsets = real(parts, op, dtype)
        return offsets[:1] + offsets[:-1]

    monkeypatch.setattr(vdask, "_run_offsets", stale)
    verdict = vdask.interval_test((40,), ((10, 10, 20),))
    assert verdict.status.value == "violation" and "out[10]" in verdict.summary
