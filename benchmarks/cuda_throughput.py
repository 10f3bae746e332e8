"""The library's CUDA backend against CuPy and the device copy floor, on an NVIDIA GPU.

    python benchmarks/cuda_throughput.py [--sizes 16,20,24,28] [--repeat 7]

Everything lives on the GPU (CuPy arrays in, CuPy arrays out), so what is timed
is the device work and the launches, not PCIe transfers.  For each n and task
the contenders are timed interleaved with rotating order and the median of
``--repeat`` rounds is reported (the same :func:`throughput.interleaved` as the
OpenCL benchmark, with a device synchronise closing every batch):

* ``ours``: ``veriscan.scan(x_gpu, …)`` (the verified kernels compiled by NVRTC; the
  default algorithm on a GPU, ``blocks``);
* ``runs``: the same with ``algorithm="runs"`` (the CPU's default), for comparison;
* ``cupy``: ``cupy.cumsum`` (CuPy has no scan for ``max``);
* ``copy``: ``x_gpu.copy()``, the floor: a scan reads n elements and writes n.

Ratios: ``vs cupy`` = cupy / ours, ``vs copy`` = copy / ours (1: at the memory
floor).  Needs CuPy and an NVIDIA GPU; each result is checked against NumPy first.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from throughput import MIN_REPEAT, interleaved

SIZES = [16, 20, 24, 26, 28]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="log2 of the sizes, e.g. 16,20,24")
    parser.add_argument("--repeat", type=int, default=MIN_REPEAT)
    args = parser.parse_args()
    if args.repeat < MIN_REPEAT:
        parser.error(f"--repeat must be at least {MIN_REPEAT}")
    try:
        import cupy
    except ImportError:
        sys.exit("benchmarks/cuda_throughput.py needs CuPy and an NVIDIA GPU")
    import veriscan
    from veriscan.device.cuda import cuda_backend

    finish = cupy.cuda.Device().synchronize
    print(f"device: {cuda_backend().name}; median of {args.repeat} interleaved rounds, "
          "ms; vs X = X's time / ours")
    print(f"{'task':<22}{'n':>6}{'ours':>10}{'runs':>10}{'cupy':>10}{'copy':>10}"
          f"{'vs cupy':>9}{'vs copy':>9}")
    rng = np.random.default_rng(0)
    for log_n in (int(s) for s in args.sizes.split(",")):
        n = 1 << log_n
        # CuPy has no scan for max (`cupy.maximum.accumulate` is not implemented).
        for task, dtype in (("scan int32 +", np.int32), ("scan int64 +", np.int64),
                            ("scan float32 +", np.float32)):
            host = (rng.uniform(-1, 1, n) if dtype == np.float32
                    else rng.integers(-100, 100, n)).astype(dtype)
            x = cupy.asarray(host)
            want = np.cumsum(host, dtype=np.float64 if dtype == np.float32 else dtype)
            for algorithm in ("auto", "runs"):
                got = cupy.asnumpy(veriscan.scan(x, dtype=dtype, algorithm=algorithm))
                if dtype == np.float32:  # each algorithm associates, and rounds, its own way
                    assert np.abs(got - want).max() <= 1e-6 * n + 1e-3, task
                else:
                    assert np.array_equal(got, want), task
            times = interleaved({
                "ours": lambda x=x, d=dtype: veriscan.scan(x, dtype=d),
                "runs": lambda x=x, d=dtype: veriscan.scan(x, dtype=d, algorithm="runs"),
                "cupy": lambda x=x, d=dtype: cupy.cumsum(x, dtype=d),
                "copy": x.copy,
            }, args.repeat, finish)
            print(f"{task:<22}{'2^' + str(log_n):>6}" + "".join(
                f"{times[c] * 1e3:>10.3f}" for c in ("ours", "runs", "cupy", "copy"))
                + f"{times['cupy'] / times['ours']:>8.2f}x{times['copy'] / times['ours']:>8.2f}x",
                flush=True)
            del x


if __name__ == "__main__":
    main()
