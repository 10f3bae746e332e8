"""veriscan.dask.scan against dask.array's own scans on a two-worker LocalCluster.

    python benchmarks/dask_scan.py [--quick] [--log-n 28] [--log-chunk 24] [--repeat 5]

Two tasks, contenders interleaved (A B C, A B C, …), medians of ``--repeat``:

* ``+`` over int32: ``veriscan.dask.scan`` against ``dask.array.cumsum`` with
  ``method="sequential"`` and ``method="blelloch"`` (n = 2^28 in 2^24-element
  chunks by default); target ≥ 1.25× dask's best;
* affine maps x → a·x + b under composition (not commutative): against
  ``dask.array.reductions.cumreduction`` with a Python ``binop`` (the monoid's
  NumPy operator) and, per chunk, the fastest NumPy scan there is (Hillis-Steele
  doubling, lg n whole-chunk passes); target ≥ 10×.  Smaller (``--affine-log-n``),
  since the NumPy side needs lg n passes per chunk.

Inputs are generated and persisted on the workers first; each timed run
persists the result on the cluster and waits for it (nothing is sent back to
this process), then drops it.  Results are checked against each other first.
Needs the dask extra (``pip install '.[dask]'``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def require_dask() -> None:
    try:
        import dask.array  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        sys.exit("benchmarks/dask_scan.py needs Dask: pip install '.[dask]' (from the "
                 "repository root)")


def numpy_doubling(x: np.ndarray, op: Callable, axis: int = 0, dtype: Any = None) -> np.ndarray:
    """A vectorised NumPy scan of one chunk (Hillis-Steele): lg n whole-array passes."""
    out = np.array(x, copy=True)
    shift = 1
    while shift < len(out):
        out[shift:] = op(out[:-shift], out[shift:])
        shift *= 2
    return out


def timed(client: Any, build: Callable[[], Any]) -> float:
    from distributed import wait

    start = time.perf_counter()
    result = client.persist(build())
    wait(result)
    seconds = time.perf_counter() - start
    del result
    return seconds


def interleaved(client: Any, contenders: dict[str, Callable[[], Any]],
                repeat: int) -> dict[str, float]:
    for build in contenders.values():  # warm: programs built on every worker
        timed(client, build)
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(repeat):
        for name, build in contenders.items():
            times[name].append(timed(client, build))
    return {name: statistics.median(ts) for name, ts in times.items()}


def report(title: str, times: dict[str, float], target: float) -> None:
    ours = times["veriscan.dask.scan"]
    best_rival = min(v for k, v in times.items() if k != "veriscan.dask.scan")
    print(f"\n{title}")
    for name, seconds in times.items():
        ratio = "" if name == "veriscan.dask.scan" else f"  ({seconds / ours:.2f}x ours)"
        print(f"  {name:<40} {seconds * 1e3:10.1f} ms{ratio}")
    verdict = "met" if best_rival / ours >= target else "missed"
    print(f"  speed-up over dask's best: {best_rival / ours:.2f}x (target {target}x: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log-n", type=int, default=28)
    parser.add_argument("--log-chunk", type=int, default=24)
    parser.add_argument("--affine-log-n", type=int, default=24)
    parser.add_argument("--affine-log-chunk", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true",
                        help="a short run: 2^22 in 2^19 chunks, affine 2^20 in 2^17, 3 rounds")
    args = parser.parse_args()
    if args.quick:
        args.log_n, args.log_chunk, args.repeat = 22, 19, 3
        args.affine_log_n, args.affine_log_chunk = 20, 17
    require_dask()
    import dask.array as da
    import distributed
    from dask.array.reductions import cumreduction

    import veriscan.dask as vdask
    from veriscan.monoids import get_monoid

    # One core per worker for both sides: NumPy's loops are single-threaded, and each
    # worker's PoCL gets one thread instead of a pool the size of the machine per worker.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None,
                                  env=vdask.ONE_CORE_DEVICE) as cluster, \
            distributed.Client(cluster) as client:
        n, chunk = 1 << args.log_n, 1 << args.log_chunk
        x = client.persist(da.random.randint(-100, 100, size=n, chunks=chunk, dtype=np.int32))
        distributed.wait(x)
        probe = slice(n - 1000, n)
        ours = vdask.scan(x)[probe].compute()
        assert np.array_equal(ours, da.cumsum(x)[probe].compute()), "results differ"
        contenders = {"veriscan.dask.scan": lambda: vdask.scan(x),
                      "dask.array.cumsum sequential": lambda: da.cumsum(x, method="sequential")}
        # Probed on 2^14 elements in as many chunks: with dask 2026.8 the blelloch method
        # cut 2^22 elements in 8 chunks into 2^19 chunks of 8 (2^14 in 16: 1024), and at
        # 2^28 merely building that graph takes minutes and gigabytes.
        probe_blocks = da.ones(1 << 14, chunks=-(-(1 << 14) // x.npartitions), dtype=x.dtype)
        split = da.cumsum(probe_blocks, method="blelloch").npartitions
        if split <= 4 * probe_blocks.npartitions:
            contenders["dask.array.cumsum blelloch"] = lambda: da.cumsum(x, method="blelloch")
        else:
            print(f"dask.array.cumsum blelloch not timed: it cuts 2^14 elements in "
                  f"{probe_blocks.npartitions} chunks into {split} chunks")
        report(f"int32 + : n = 2^{args.log_n} in 2^{args.log_chunk}-element chunks, "
               f"2 workers, median of {args.repeat}", interleaved(client, contenders,
                                                                  args.repeat), 1.25)
        client.cancel(x)

        affine = get_monoid("affine")
        a_n, a_chunk = 1 << args.affine_log_n, 1 << args.affine_log_chunk
        a = client.persist(da.from_array(affine.sample(np.random.default_rng(0), a_n),
                                         chunks=a_chunk))

        def rival() -> Any:
            return cumreduction(lambda b, axis, dtype: numpy_doubling(b, affine.op), affine.op,
                                affine.identity, a, axis=0, dtype=affine.dtype)

        got = vdask.scan(a, "affine")[:4096].compute()
        assert len(affine.mismatches(got, rival()[:4096].compute())) == 0, "results differ"
        report(f"affine maps: n = 2^{args.affine_log_n} in 2^{args.affine_log_chunk}-element "
               f"chunks, 2 workers, median of {args.repeat}", interleaved(client, {
                   "veriscan.dask.scan": lambda: vdask.scan(a, "affine"),
                   "dask cumreduction, Python binop": rival,
               }, args.repeat), 10.0)


if __name__ == "__main__":
    main()
