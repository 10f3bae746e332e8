"""The CUDA backend: the library's same ``.cl`` kernels, compiled by NVRTC through CuPy.

The library kernels use a small, fixed part of OpenCL C (``__kernel``,
``__global``, ``__local`` arrays, ``barrier``, the work-item functions,
``uint``/``uchar``/``ulong``), so a prelude of macros and inline functions
maps them onto CUDA C++ and the kernels the static checker proved are the
kernels that run; nothing is rewritten by hand.  Chosen with
``device="cuda"`` (or by passing CuPy arrays).

Limits, stated plainly: the development machine has no GPU, so CI never runs
this path (its tests skip without CuPy and a GPU); it was run on an H200 with
``benchmarks/gpu_check.sh`` (the README gives what passed and how fast).  Monoids
whose OpenCL C uses C99 compound literals (``(TYPE){...}``) do not compile as C++;
NVRTC then reports the error as a
:class:`~veriscan.errors.KernelSourceError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from veriscan.device.backend import Output
from veriscan.device.programs import PROGRAMS
from veriscan.errors import DeviceLimitError, KernelSourceError, VeriscanError

# OpenCL C spelled in CUDA C++ (only what the library kernels use).
OPENCL_ON_CUDA = r"""
#define __kernel extern "C" __global__
#define __global
#define __local __shared__
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define barrier(flags) __syncthreads()
#define inline __device__ inline
#pragma nv_diag_suppress 177
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long long ulong;
static __device__ __forceinline__ uint vs_pick(const dim3 v, uint d)
{ return d == 0 ? v.x : (d == 1 ? v.y : v.z); }
static __device__ __forceinline__ uint get_local_id(uint d) { return vs_pick(threadIdx, d); }
static __device__ __forceinline__ uint get_group_id(uint d) { return vs_pick(blockIdx, d); }
static __device__ __forceinline__ uint get_local_size(uint d) { return vs_pick(blockDim, d); }
static __device__ __forceinline__ uint get_num_groups(uint d) { return vs_pick(gridDim, d); }
static __device__ __forceinline__ uint get_global_id(uint d)
{ return get_group_id(d) * get_local_size(d) + get_local_id(d); }
"""

_OPTIONS = ("--std=c++14",)


class CudaBackend:
    """A :class:`~veriscan.device.backend.Backend` on the current CUDA device."""

    is_cpu = False

    def __init__(self) -> None:
        import cupy

        self._cp = cupy
        device = cupy.cuda.Device()
        attrs = device.attributes
        props = cupy.cuda.runtime.getDeviceProperties(device.id)
        name = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
        self.name = f"{name} [CUDA {cupy.cuda.runtime.runtimeGetVersion()}, NVRTC via CuPy]"
        self.max_group = int(attrs["MaxThreadsPerBlock"])
        self.compute_units = int(attrs["MultiProcessorCount"])
        self.local_mem_bytes = int(attrs["MaxSharedMemoryPerBlock"])
        self.key = f"cuda {device.id}"  # its entries in the program cache

    @property
    def cupy(self) -> Any:
        """The CuPy module, for callers that build their own programs on this device."""
        return self._cp

    def kernels(self, source: str, origin: str) -> Any:
        """The module NVRTC builds from ``source`` (program cache); an error names ``origin``."""
        cuda_source = OPENCL_ON_CUDA + source
        return PROGRAMS.get(self.key, cuda_source, _OPTIONS,
                            lambda: self._compile(cuda_source, origin))

    def _compile(self, source: str, origin: str) -> Any:
        module = self._cp.RawModule(code=source, options=_OPTIONS)
        try:
            module.compile()
        except self._cp.cuda.compiler.CompileException as exc:
            raise KernelSourceError(f"NVRTC build of {origin} failed",
                                    detail=str(exc)) from None
        return module

    def launch(self, kernels: Any, entry: str, global_size: Sequence[int],
               local_size: Sequence[int], args: Sequence[Any]) -> None:
        grid = tuple(g // b for g, b in zip(global_size, local_size, strict=True))
        if int(np.prod(local_size)) > self.max_group:
            raise DeviceLimitError(f"{entry} needs {int(np.prod(local_size))} threads per "
                                   f"block; {self.name} allows {self.max_group}")
        kernels.get_function(entry)(grid, tuple(local_size), tuple(args))

    def alloc(self, count: int, dtype: np.dtype, what: str) -> Any:
        nbytes = max(count, 1) * np.dtype(dtype).itemsize
        try:
            return self._cp.empty(nbytes, dtype=self._cp.uint8)
        except self._cp.cuda.memory.OutOfMemoryError:
            raise DeviceLimitError(f"{what} needs {nbytes} bytes of GPU memory, which "
                                   f"{self.name} cannot allocate now") from None

    def wrap(self, array: Any, what: str) -> Any:
        if isinstance(array, np.ndarray):
            raw = np.ascontiguousarray(array).view(np.uint8).reshape(-1)
            return self._cp.asarray(raw) if raw.size else self.alloc(1, np.uint8, what)
        if not array.flags.c_contiguous:
            raise VeriscanError(f"{what} must be a contiguous CuPy array")
        return array

    def output(self, shape: tuple[int, ...], dtype: np.dtype, like: Any) -> Output:
        dtype = np.dtype(dtype)
        count = int(np.prod(shape))
        buffer = self.alloc(count, dtype, "output")
        on_device = not isinstance(like, np.ndarray)

        def deliver(k: int | None) -> Any:
            used = count if k is None else k
            raw = buffer[:used * dtype.itemsize]
            if on_device:
                flat = raw.view(dtype)
                return flat.reshape(shape) if k is None else flat
            host = self._cp.asnumpy(raw).view(dtype)
            return host.reshape(shape) if k is None else host

        return Output(buffer, shape, dtype, deliver)

    def read(self, buf: Any, index: int, dtype: np.dtype) -> Any:
        return self.read_all(buf[index * np.dtype(dtype).itemsize:], 1, dtype)[0]

    def read_all(self, buf: Any, count: int, dtype: np.dtype) -> np.ndarray:
        size = np.dtype(dtype).itemsize
        return self._cp.asnumpy(buf[:count * size]).view(dtype)

    def finish(self) -> None:
        self._cp.cuda.Device().synchronize()


@cache
def cuda_backend() -> CudaBackend:
    """The CUDA backend, or a clear error when CuPy or an NVIDIA GPU is missing."""
    try:
        import cupy
    except ImportError:
        raise VeriscanError("device='cuda' needs CuPy (pip install 'veriscan[cuda]') and an "
                            "NVIDIA GPU") from None
    try:
        if cupy.cuda.runtime.getDeviceCount() < 1:
            raise VeriscanError("device='cuda': CuPy found no NVIDIA GPU")
    except cupy.cuda.runtime.CUDARuntimeError as exc:
        raise VeriscanError(f"device='cuda': the CUDA runtime is unusable ({exc})") from None
    return CudaBackend()
