"""Where library kernels run: one small interface over OpenCL (default) and CUDA.

The pipelines in this package (scan, compaction, summed-area table,
transpose) are written once against :class:`Backend`: build a library kernel
file with a prelude, allocate, launch, move arrays in and out.  OpenCL is the
implementation here; :mod:`veriscan.runtime.cuda` provides the same interface
through CuPy, so the very same ``.cl`` files (the ones the static checker
proves) run on NVIDIA GPUs.

Arrays cross the boundary in two ways.  A NumPy array is wrapped (on a CPU
device with ``CL_MEM_USE_HOST_PTR``, so PoCL reads and writes the host memory
itself and nothing is copied) and the result comes back as NumPy.  A device
array (``pyopencl.array.Array``) stays on the device: its buffer is used as is
and the result is a device array on the same queue.  Temporaries and device
results come from a memory pool, so repeated calls do not pay for fresh pages.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from veriscan.errors import VeriscanError
from veriscan.scankernel import KERNEL_DIR

LIBRARY_KERNELS = KERNEL_DIR / "library"

# Counts are passed to the kernels as uint and offsets g*run must not wrap.
MAX_ELEMENTS = 2**31 - 1


def library_kernel_path(stem: str) -> Path:
    return LIBRARY_KERNELS / f"{stem}.cl"


@cache
def library_kernel_source(stem: str) -> str:
    return library_kernel_path(stem).read_text()


def program_source(stem: str, prelude: str, defines: Mapping[str, object]) -> str:
    """Prelude (the monoid's TYPE/OPERATOR/IDENTITY), then defines, then the file."""
    lines = [prelude.rstrip(), *(f"#define {k} {v}" for k, v in sorted(defines.items()))]
    return "\n".join(lines) + "\n" + library_kernel_source(stem)


@dataclass(frozen=True)
class KernelLaunch:
    """One launch of a library kernel, complete enough to run it or to prove it.

    ``arrays`` names the kernel's pointer parameters in argument order with
    their element counts, ``scalars`` its uint parameters (after the pointers)
    with their values: the static checker gets exactly what the device gets.
    """

    kernel: str                              # file stem under kernels/library
    entry: str
    global_size: tuple[int, ...]
    local_size: tuple[int, ...]
    defines: tuple[tuple[str, str], ...] = ()
    arrays: tuple[tuple[str, int], ...] = ()
    scalars: tuple[tuple[str, int], ...] = ()

    @property
    def num_groups(self) -> tuple[int, ...]:
        return tuple(g // k for g, k in zip(self.global_size, self.local_size, strict=True))

    def describe(self) -> str:
        groups = "x".join(map(str, self.num_groups))
        local = "x".join(map(str, self.local_size))
        values = ", ".join(f"{k}={v}" for k, v in self.scalars)
        return f"{self.entry} [{groups} groups of {local}; {values}]"


def make_launch(kernel: str, entry: str, global_size: Sequence[int], local_size: Sequence[int],
                defines: Mapping[str, object] | None = None,
                arrays: Mapping[str, int] | None = None,
                scalars: Mapping[str, int] | None = None) -> KernelLaunch:
    return KernelLaunch(kernel, entry, tuple(global_size), tuple(local_size),
                        tuple((k, str(v)) for k, v in sorted((defines or {}).items())),
                        tuple((arrays or {}).items()), tuple((scalars or {}).items()))


def run_launch(backend: Backend, prelude: str, spec: KernelLaunch, buffers: Sequence[Any]) -> None:
    """Run ``spec`` with ``buffers`` bound to its pointer parameters (a recorder keeps it)."""
    if len(buffers) != len(spec.arrays):
        raise ValueError(f"{spec.entry} takes {len(spec.arrays)} buffers, got {len(buffers)}")
    if isinstance(backend, Recorder):
        backend.launches.append(spec)
        return
    kernels = backend.kernels(spec.kernel, prelude, dict(spec.defines))
    args = [*buffers, *(np.uint32(v) for _, v in spec.scalars)]
    backend.launch(kernels, spec.entry, spec.global_size, spec.local_size, args)


class Recorder:
    """A stand-in backend that records launches instead of running them.

    It has the device's shape (CPU or not, limits), so a pipeline run against
    it makes exactly the launches it would make on that device; that list is
    what ``veriscan verify library`` hands to the static checker.
    """

    def __init__(self, like: Backend):
        self.name = like.name
        self.is_cpu = like.is_cpu
        self.max_group = like.max_group
        self.compute_units = like.compute_units
        self.local_mem_bytes = like.local_mem_bytes
        self.launches: list[KernelLaunch] = []

    def alloc(self, count: int, dtype: np.dtype, what: str) -> None:
        return None


class Backend(Protocol):
    """What a pipeline needs from a device (buffers are backend-specific objects)."""

    name: str
    is_cpu: bool
    max_group: int
    compute_units: int
    local_mem_bytes: int

    def kernels(self, stem: str, prelude: str, defines: Mapping[str, object]) -> Any: ...

    def launch(self, kernels: Any, entry: str, global_size: Sequence[int],
               local_size: Sequence[int], args: Sequence[Any]) -> None: ...

    def alloc(self, count: int, dtype: np.dtype, what: str) -> Any: ...

    def wrap(self, array: Any, what: str) -> Any: ...

    def output(self, shape: tuple[int, ...], dtype: np.dtype, like: Any) -> Output: ...

    def read(self, buf: Any, index: int, dtype: np.dtype) -> Any: ...

    def read_all(self, buf: Any, count: int, dtype: np.dtype) -> np.ndarray: ...

    def finish(self) -> None: ...


@dataclass
class Output:
    """A result being produced: the device buffer kernels write and how to hand it back.

    ``take(count)`` returns the first ``count`` elements (all when None) as the
    caller's kind of array, after the device has finished writing them.
    """

    buffer: Any
    shape: tuple[int, ...]
    dtype: np.dtype
    _deliver: Any = field(repr=False)

    def take(self, count: int | None = None) -> Any:
        return self._deliver(count)


# ---------------------------------------------------------------------- OpenCL
class OpenCLBackend:
    """A :class:`Backend` on one :class:`~veriscan.runtime.opencl.Runtime`."""

    def __init__(self, runtime: Any):
        import pyopencl as cl

        self._cl = cl
        self.runtime = runtime
        self.name = runtime.description
        self.is_cpu = runtime.is_cpu
        self.max_group = runtime.limits.max_work_group_size
        self.compute_units = runtime.limits.compute_units
        self.local_mem_bytes = runtime.limits.local_mem_bytes
        self._kernels: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        # Temporaries (run totals, scan offsets, compaction positions) and device results
        # come from a pool: a fresh 64 MB buffer costs more in first-touch page faults
        # on PoCL than the scan that fills it.
        from pyopencl import tools as cl_tools

        self.pool = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(runtime.queue))

    # A cl.Kernel is built once per program; building one per launch is slow and
    # pyopencl warns about it.
    def kernels(self, stem: str, prelude: str, defines: Mapping[str, object]) -> dict[str, Any]:
        source = program_source(stem, prelude, defines)
        with self._lock:
            found = self._kernels.get(source)
            if found is None:
                program = self.runtime.build(source, origin=f"kernels/library/{stem}.cl")
                found = {k.function_name: k for k in program.all_kernels()}
                self._kernels[source] = found
            return found

    def launch(self, kernels: dict[str, Any], entry: str, global_size: Sequence[int],
               local_size: Sequence[int], args: Sequence[Any]) -> None:
        kernel = kernels[entry]
        with self._lock:  # arguments are state of the shared kernel object
            kernel.set_args(*args)
            self._cl.enqueue_nd_range_kernel(self.runtime.queue, kernel, tuple(global_size),
                                             tuple(local_size))

    def alloc(self, count: int, dtype: np.dtype, what: str) -> Any:
        nbytes = max(count, 1) * np.dtype(dtype).itemsize
        self.runtime.check_buffer(nbytes, what)
        return self.pool.allocate(nbytes)

    def wrap(self, array: Any, what: str) -> Any:
        if isinstance(array, np.ndarray):
            return self._host_buffer(array, read_only=True, what=what)
        return device_buffer(array)

    def _host_buffer(self, array: np.ndarray, read_only: bool, what: str) -> Any:
        mf = self._cl.mem_flags
        if array.nbytes == 0:
            return self.alloc(1, np.uint8, what)
        self.runtime.check_buffer(array.nbytes, what)
        access = mf.READ_ONLY if read_only else mf.READ_WRITE
        # On a CPU device the kernels can work on host memory directly.
        where = mf.USE_HOST_PTR if self.is_cpu else mf.COPY_HOST_PTR
        return self._cl.Buffer(self.runtime.context, access | where, hostbuf=array)

    def output(self, shape: tuple[int, ...], dtype: np.dtype, like: Any) -> Output:
        dtype = np.dtype(dtype)
        count = int(np.prod(shape))
        if is_device_array(like):
            from pyopencl import array as cl_array

            result = cl_array.empty(self.runtime.queue, shape, dtype, allocator=self.pool)
            buffer = result.base_data if result.nbytes else self.alloc(1, np.uint8, "output")

            def deliver(k: int | None) -> Any:
                return result if k is None else result[:k]

            return Output(buffer, shape, dtype, deliver)
        host = np.empty(shape, dtype)
        if self.is_cpu and count:
            buffer = self._host_buffer(host, read_only=False, what="output")
        else:
            buffer = self.alloc(count, dtype, "output")
        return Output(buffer, shape, dtype, self._deliver_host(host, buffer,
                                                               self.is_cpu and count > 0))

    def output_into(self, host: np.ndarray) -> Output:
        """An :class:`Output` whose result lands in the caller's ``host`` array (``out=``).

        ``host`` must be C-contiguous, writeable and non-empty.  On a CPU device the
        kernels write it in place (no allocation, no copy); elsewhere it is filled
        from a pooled device buffer.
        """
        if self.is_cpu:
            buffer = self._host_buffer(host, read_only=False, what="out")
        else:
            buffer = self.alloc(host.size, host.dtype, "output")
        return Output(buffer, host.shape, host.dtype,
                      self._deliver_host(host, buffer, self.is_cpu))

    def _deliver_host(self, host: np.ndarray, buffer: Any, in_place: bool) -> Any:
        """How a host result written by kernels into ``buffer`` reaches ``host``
        (``in_place``: ``buffer`` wraps ``host`` itself)."""
        if in_place:
            def deliver(k: int | None) -> Any:
                # Mapping is what makes the device's writes visible to the host;
                # with USE_HOST_PTR on PoCL it returns the same memory, no copy.
                mapped, _ = self._cl.enqueue_map_buffer(
                    self.runtime.queue, buffer, self._cl.map_flags.READ, 0, host.shape,
                    host.dtype, is_blocking=True)
                mapped.base.release(self.runtime.queue)
                return host if k is None else host[:k]
        else:
            def deliver(k: int | None) -> Any:
                part = host if k is None else host[:k]
                if part.nbytes:
                    self._cl.enqueue_copy(self.runtime.queue, part, buffer)
                return part
        return deliver

    def read(self, buf: Any, index: int, dtype: np.dtype) -> Any:
        value = np.empty(1, dtype)
        self._cl.enqueue_copy(self.runtime.queue, value, buf,
                              src_offset=index * value.itemsize)
        return value[0]

    def read_all(self, buf: Any, count: int, dtype: np.dtype) -> np.ndarray:
        return self.runtime.to_host(buf, count, np.dtype(dtype))

    def finish(self) -> None:
        self.runtime.queue.finish()


# ---------------------------------------------------------------------- choosing
# One backend per OpenCL runtime (and so one kernel cache), keyed by its queue.
_OPENCL_BACKENDS: dict[int, OpenCLBackend] = {}


def opencl_backend(runtime: Any) -> OpenCLBackend:
    key = runtime.queue.int_ptr
    if key not in _OPENCL_BACKENDS:
        _OPENCL_BACKENDS[key] = OpenCLBackend(runtime)
    return _OPENCL_BACKENDS[key]


def is_device_array(array: Any) -> bool:
    try:
        from pyopencl import array as cl_array
    except ImportError:  # pragma: no cover - pyopencl is a dependency
        return False
    return isinstance(array, cl_array.Array)


def is_cupy_array(array: Any) -> bool:
    return type(array).__module__.startswith("cupy")


def device_buffer(array: Any) -> Any:
    """The buffer behind a contiguous pyopencl array (offset views are refused)."""
    if not (array.flags.c_contiguous and array.offset == 0):
        raise VeriscanError("device arrays must be contiguous and start at their buffer's "
                            "beginning; pass array.copy() for a view")
    return array.base_data


def backend_for(device: str | None, arrays: Sequence[Any]) -> Backend:
    """The backend that must run a call on ``arrays``.

    Device arrays bring their own queue (buffers cannot cross contexts), so
    they decide; otherwise ``device`` does: ``"cuda"`` for CuPy, anything else
    names an OpenCL device (None: PoCL).
    """
    from veriscan.runtime.opencl import Runtime, get_runtime

    on_device = [a for a in arrays if is_device_array(a)]
    if on_device:
        queue = on_device[0].queue
        if any(a.context != queue.context for a in on_device):
            raise VeriscanError("the device arrays belong to different OpenCL contexts")
        if device is not None:
            raise VeriscanError("device= must be left unset for pyopencl arrays: "
                                "they already live on a device")
        if queue.int_ptr not in _OPENCL_BACKENDS:
            _OPENCL_BACKENDS[queue.int_ptr] = OpenCLBackend(Runtime(queue.device, queue))
        return _OPENCL_BACKENDS[queue.int_ptr]
    wants_cuda = device is not None and device.strip().lower() == "cuda"
    if wants_cuda or any(is_cupy_array(a) for a in arrays):
        from veriscan.runtime.cuda import cuda_backend

        return cuda_backend()
    return opencl_backend(get_runtime(device))


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def round_up(a: int, b: int) -> int:
    return ceil_div(a, b) * b


def check_count(n: int, what: str) -> None:
    if n > MAX_ELEMENTS:
        raise VeriscanError(f"{what} has {n} elements; the library handles at most "
                            f"{MAX_ELEMENTS} (counts are 32-bit on the device)")


def copy_type_prelude(dtype: np.dtype) -> str:
    """``TYPE`` for kernels that only move elements: an OpenCL type of the same size.

    Moving bytes needs no arithmetic, so any dtype (structured ones included)
    maps to an unsigned scalar, a vector or a byte struct of its size.
    """
    size = np.dtype(dtype).itemsize
    named = {1: "uchar", 2: "ushort", 4: "uint", 8: "ulong", 16: "uint4"}
    if size in named:
        return f"#define TYPE {named[size]}\n"
    return (f"typedef struct {{ uchar bytes[{size}]; }} vs_bytes{size}_t;\n"
            f"#define TYPE vs_bytes{size}_t\n")
