"""float16 in the library's operators: NumPy's rounding, on the device, for every value.

The operators compute float16 in float and round back after every operation,
as NumPy's float16 loops do.  The two conversions are written in integer
arithmetic (numpy_ops.cl explains why); the interval test never runs them, so
they are compared here with NumPy's own conversions: every one of the 65,536
half bit patterns to float and back, and floats spread over every exponent,
the halfway cases and the overflow and underflow edges, to half.
"""

import numpy as np

import veriscan
from veriscan.device.opencl import Runtime
from veriscan.library.numpy_ops import OPERATORS_FILE

SOURCE = "#define TYPE ushort\n#define VS_HALF 1\n#define VS_FLOAT 0\n#define VS_INT 0\n" + \
    OPERATORS_FILE.read_text() + """
__kernel void to_float(__global const ushort *h, __global float *f)
{ size_t i = get_global_id(0); f[i] = vs_load(h[i]); }
__kernel void to_half(__global const float *f, __global ushort *h)
{
    size_t i = get_global_id(0);
    barrier(CLK_GLOBAL_MEM_FENCE);  // the miscompilation the integer forms avoid needs one
    h[i] = vs_store(f[i]);
}
"""


def _floats() -> np.ndarray:
    rng = np.random.default_rng(16)
    every_half = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)
    bits = every_half[np.isfinite(every_half)].view(np.uint32)
    # each half, its neighbours in float, and the exact midpoints to the next half
    near = np.concatenate([bits - 1, bits + 1, bits + (1 << 12), bits + (1 << 12) + 1])
    wide = rng.integers(0, 1 << 32, 200_000, dtype=np.uint64).astype(np.uint32)
    edges = np.array([65504, 65519.99, 65520, 65536, 1e9, 2.0**-24, 2.0**-25,
                      2.0**-25 * 1.0001, 1.5 * 2.0**-24, 2.0**-26, 0.0, -0.0,
                      np.inf, -np.inf], dtype=np.float32).view(np.uint32)
    return np.concatenate([bits, near, wide, edges]).view(np.float32)


def test_every_half_converts_to_float_exactly(runtime: Runtime) -> None:
    program = runtime.build(SOURCE, origin="numpy_ops.cl")
    halves = np.arange(1 << 16, dtype=np.uint16)
    out = runtime.empty(halves.size * 4)
    program.to_float(runtime.queue, (halves.size,), None, runtime.to_device(halves), out)
    got = runtime.to_host(out, halves.size, np.dtype(np.float32))
    want = halves.view(np.float16).astype(np.float32)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan)
    assert np.array_equal(got[~nan].view(np.uint32), want[~nan].view(np.uint32))


def test_floats_round_to_half_as_numpy_rounds(runtime: Runtime) -> None:
    program = runtime.build(SOURCE, origin="numpy_ops.cl")
    floats = _floats()
    out = runtime.empty(floats.size * 2)
    program.to_half(runtime.queue, (floats.size,), None, runtime.to_device(floats), out)
    got = runtime.to_host(out, floats.size, np.dtype(np.uint16))
    with np.errstate(over="ignore"):
        want = floats.astype(np.float16).view(np.uint16)
    nan = np.isnan(floats)
    assert np.array_equal(np.isnan(got.view(np.float16)), nan)
    wrong = np.flatnonzero(got[~nan] != want[~nan])
    assert wrong.size == 0, [(float(floats[~nan][i]), hex(int(got[~nan][i])),
                              hex(int(want[~nan][i]))) for i in wrong[:5]]


def test_float16_pipelines_with_barriers_match_numpy() -> None:
    # Sums of small integers are exact in float16, so any order of the additions
    # gives NumPy's answer; the blocks pipeline is where PoCL miscompiled the old form.
    x = np.tile(np.array([1, 2, 0, 1], np.float16), 300)[:1111]
    for algorithm in ("blocks", "runs"):
        got = veriscan.scan(x, algorithm=algorithm)
        assert got.dtype == np.float16
        assert np.array_equal(got, np.cumsum(x, dtype=np.float16)), algorithm
