"""The CUDA backend's source translation, checked without a GPU by clang's CUDA front end.

No NVIDIA GPU is needed: the library kernels plus the OpenCL-on-CUDA prelude
must parse as CUDA C++ with no error.  A stub stands in for the few CUDA
runtime declarations NVRTC provides (dim3 built-ins, __syncthreads, max/min).
"""

import clang.cindex as ci
import numpy as np
import pytest

from veriscan.device.cuda import OPENCL_ON_CUDA
from veriscan.library.launch import copy_type_prelude, program_source
from veriscan.monoids import get_monoid
from veriscan.monoids.arithmetic import arithmetic_monoid

CUDA_RUNTIME_STUB = r"""
struct dim3 { unsigned int x, y, z; };
extern const dim3 threadIdx, blockIdx, blockDim, gridDim;
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __forceinline__ inline
void __syncthreads();
template <class T> __device__ T max(T a, T b) { return a < b ? b : a; }
template <class T> __device__ T min(T a, T b) { return b < a ? b : a; }
struct uint4 { unsigned int x, y, z, w; };
"""

KERNELS = [("runs_scan", {"SCAN_EXCLUSIVE": 0}), ("runs_scan", {"SCAN_EXCLUSIVE": 1}),
           ("block_scan", {"SCAN_EXCLUSIVE": 0, "BLOCK": 512}),
           ("sat_direct", {"STRIP": 16})]


def errors(source: str) -> list[str]:
    unit = ci.Index.create().parse(
        "library.cu", args=["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                            "-std=c++14", "-fsyntax-only"],
        unsaved_files=[("library.cu", CUDA_RUNTIME_STUB + OPENCL_ON_CUDA + source)])
    return [str(d) for d in unit.diagnostics if d.severity >= ci.Diagnostic.Error]


@pytest.mark.parametrize(("stem", "defines"), KERNELS)
@pytest.mark.parametrize("op", ["add", "max"])
def test_scan_kernels_parse_as_cuda(stem, defines, op):
    assert errors(program_source(stem, get_monoid(op).cl_source, defines)) == []


@pytest.mark.parametrize("itemsize", [4, 16, 12])
def test_copy_kernels_parse_as_cuda(itemsize):
    prelude = copy_type_prelude(np.dtype(f"V{itemsize}"))
    for stem, defines in [("transpose_tiled", {"TILE": 16}), ("compact", {"FLAG_TYPE": "uchar"})]:
        assert errors(program_source(stem, prelude, defines)) == []


@pytest.mark.parametrize(("op", "dtype"), [("max", np.int32), ("min", np.int64),
                                           ("max", np.uint32)])
def test_monoids_with_helper_functions_parse_as_cuda(op, dtype):
    # Integer max/min call an inline function of the monoid's text: it must be a device
    # function under NVRTC (the prelude makes every `inline` function one).
    source = arithmetic_monoid(op, np.dtype(dtype)).cl_source
    assert "inline" in source
    assert errors(program_source("runs_scan", source, {"SCAN_EXCLUSIVE": 0})) == []


def test_the_check_can_fail():
    # An OpenCL built-in the prelude does not map must be reported.
    assert errors("__kernel void k(__global uint *o) { o[0] = get_global_size(0); }")
