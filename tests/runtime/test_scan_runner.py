"""The scan runner: single and batched launches, device limits, bad kernels."""

import numpy as np
import pytest

from veriscan.errors import DeviceLimitError, KernelSourceError, VeriscanError
from veriscan.functional.scan_runner import (
    SWEEP_CAP,
    max_scan_size,
    prepare_scan,
    run_scan,
    run_scan_batch,
)
from veriscan.monoids import get_monoid, interval_monoid, list_monoid
from veriscan.scankernel import load_scan_kernel

GOOD_HEADER = "// veriscan: inclusive threads=n\n"


def _kernel_file(tmp_path, body: str, name: str = "k.cl"):
    path = tmp_path / name
    path.write_text(GOOD_HEADER + body)
    return load_scan_kernel(str(path))


@pytest.mark.parametrize("name", ["kogge_stone", "blelloch", "blelloch_tree2d",
                                  "blelloch_inplace", "sequential"])
def test_batched_rows_equal_single_runs(runtime, name):
    kernel = load_scan_kernel(name)
    monoid = get_monoid("affine")
    rows = np.stack([monoid.sample(np.random.default_rng(r), 32) for r in range(40)])
    batched = run_scan_batch(kernel, monoid, rows, runtime)
    for r in (0, 17, 39):
        assert np.array_equal(batched[r], run_scan(kernel, monoid, rows[r], runtime))
        assert np.array_equal(batched[r], monoid.reference_scan(rows[r], kernel.inclusive))


def test_batching_gives_global_id_kernels_a_single_group_view(runtime, tmp_path):
    """A kernel indexing with get_global_id still sees its own slice in a batch."""
    kernel = _kernel_file(tmp_path, """
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
    __local TYPE buf[N];
    uint g = (uint)get_global_id(0);
    buf[g] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g == 0) {
        TYPE acc = IDENTITY;
        for (uint k = 0; k < N; k++) { acc = OPERATOR(acc, buf[k]); out[k] = acc; }
    }
}
""")
    monoid = get_monoid("add")
    rows = np.arange(5 * 8, dtype=np.int32).reshape(5, 8)
    assert np.array_equal(run_scan_batch(kernel, monoid, rows, runtime),
                          np.cumsum(rows, axis=1, dtype=np.int32))


def test_program_is_cached(runtime):
    kernel = load_scan_kernel("brent_kung")
    first = prepare_scan(kernel, get_monoid("max"), 64, runtime)
    assert prepare_scan(kernel, get_monoid("max"), 64, runtime) is first


def test_n_must_be_a_power_of_two(runtime):
    with pytest.raises(VeriscanError, match="not a power of two"):
        run_scan(load_scan_kernel("kogge_stone"), get_monoid("add"),
                 np.zeros(12, np.int32), runtime)


def test_work_group_limit_names_the_limit_and_the_largest_n(runtime):
    limit = runtime.limits.max_work_group_size
    with pytest.raises(DeviceLimitError) as info:
        prepare_scan(load_scan_kernel("kogge_stone"), get_monoid("add"), 2 * limit, runtime)
    assert "CL_DEVICE_MAX_WORK_GROUP_SIZE" in str(info.value)
    assert f"largest n that fits is {limit}" in str(info.value)


def test_local_memory_limit_names_the_limit_and_the_largest_n(runtime):
    """Sheeran lists take ~2n bytes each: blelloch's buffer of n lists outgrows local memory."""
    kernel = load_scan_kernel("blelloch")
    local = runtime.limits.local_mem_bytes
    n = 2
    while n * (2 * n + 2) <= local:
        n *= 2
    with pytest.raises(DeviceLimitError) as info:
        prepare_scan(kernel, list_monoid(n), n, runtime)
    message = str(info.value)
    assert "CL_DEVICE_LOCAL_MEM_SIZE" in message
    assert f"largest n that fits is {n // 2}" in message


def test_cpu_stack_budget_is_a_device_limit_not_a_crash(runtime):
    """Kogge-Stone in place keeps one list per work-item across barriers: PoCL would
    put them all on one thread stack and crash; the runner refuses instead."""
    if not runtime.is_cpu:
        pytest.skip("the stack budget applies to CPU devices")
    kernel = load_scan_kernel("kogge_stone_inplace")
    with pytest.raises(DeviceLimitError, match="largest n that fits is 1024"):
        prepare_scan(kernel, list_monoid(2048), 2048, runtime)
    assert max_scan_size(kernel, list_monoid(8), runtime) == 1024


def test_max_scan_size_per_kernel(runtime):
    limit = runtime.limits.max_work_group_size
    kogge = max_scan_size(load_scan_kernel("kogge_stone"), interval_monoid, runtime)
    blelloch = max_scan_size(load_scan_kernel("blelloch"), interval_monoid, runtime)
    if runtime.is_cpu:
        assert (kogge, blelloch) == (limit, 2 * limit)
    else:  # a GPU compiler may allow a kernel fewer work-items (registers)
        assert kogge <= limit and blelloch <= 2 * limit
    assert max_scan_size(load_scan_kernel("sequential"), interval_monoid, runtime) == SWEEP_CAP
    # lists of n indices need n < 2^16: the monoid's own limit (or the largest buffer)
    # ends the search
    fits = 2**15
    while fits * (2 * fits + 2) > runtime.limits.max_alloc_bytes:
        fits //= 2
    assert max_scan_size(load_scan_kernel("sequential"), list_monoid(4), runtime) == fits


def test_file_without_kernel(runtime, tmp_path):
    kernel = _kernel_file(tmp_path, "static TYPE twice(TYPE a) { return OPERATOR(a, a); }\n")
    with pytest.raises(KernelSourceError, match="no __kernel"):
        prepare_scan(kernel, get_monoid("add"), 4, runtime)


def test_build_error_carries_the_compiler_log(runtime, tmp_path):
    kernel = _kernel_file(tmp_path, """
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
    out[0] = OPERATOR(in[0], undeclared_thing);
}
""")
    with pytest.raises(KernelSourceError) as info:
        prepare_scan(kernel, get_monoid("add"), 4, runtime)
    assert "undeclared_thing" in (info.value.detail or "")
    assert str(kernel.path) in info.value.message


def test_kernel_not_using_operator_is_rejected(runtime, tmp_path):
    kernel = _kernel_file(tmp_path, """
/* OPERATOR(a, b) is only mentioned in this comment */
__kernel void copy(__global const TYPE *in, __global TYPE *out) {
    out[get_local_id(0)] = in[get_local_id(0)];
}
""")
    with pytest.raises(KernelSourceError, match="never uses OPERATOR"):
        prepare_scan(kernel, get_monoid("add"), 4, runtime)


def test_several_kernels_need_an_entry(runtime, tmp_path):
    body = """
__kernel void first(__global const TYPE *in, __global TYPE *out) {
    uint t = get_local_id(0); out[t] = OPERATOR(IDENTITY, in[t]);
}
__kernel void second(__global const TYPE *in, __global TYPE *out) {
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) { acc = OPERATOR(acc, in[k]); out[k] = acc; }
}
"""
    kernel = _kernel_file(tmp_path, body)
    with pytest.raises(KernelSourceError, match="several kernels"):
        prepare_scan(kernel, get_monoid("add"), 4, runtime)
    chosen = kernel.with_overrides(entry="second", threads="1")
    x = np.arange(4, dtype=np.int32)
    assert np.array_equal(run_scan(chosen, get_monoid("add"), x, runtime), np.cumsum(x))
    with pytest.raises(KernelSourceError, match="no kernel named 'third'"):
        prepare_scan(kernel.with_overrides(entry="third"), get_monoid("add"), 4, runtime)


def test_unwritten_output_is_poison_not_stale(runtime, tmp_path):
    """An element the kernel never writes must not inherit an earlier run's value."""
    skip_last = _kernel_file(tmp_path, """
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
    TYPE acc = IDENTITY;
    for (uint k = 0; k + 1 < N; k++) { acc = OPERATOR(acc, in[k]); out[k] = acc; }
}
""").with_overrides(threads="1")
    x = np.ones(8, np.int32)
    full = run_scan(load_scan_kernel("sequential"), get_monoid("add"), x, runtime)
    assert full[-1] == 8
    assert run_scan(skip_last, get_monoid("add"), x, runtime)[-1] != 8


def test_the_same_text_as_cuda_and_as_opencl_is_two_programs(runtime, tmp_path):
    """The cache key holds the whole kernel but its text: CUDA text built once from a
    .cu path (translated) is not handed out again for a .cl path, where it is no
    OpenCL C at all."""
    cuda = load_scan_kernel("kogge_stone_cuda")
    assert prepare_scan(cuda, get_monoid("add"), 16, runtime) is not None
    same_text = tmp_path / "kogge_stone_cuda.cl"
    same_text.write_text(cuda.source)
    with pytest.raises(VeriscanError):
        prepare_scan(load_scan_kernel(str(same_text)), get_monoid("add"), 16, runtime)
