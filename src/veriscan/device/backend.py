"""Where kernels run: one small interface over OpenCL (default) and CUDA.

The library's pipelines (:mod:`veriscan.library`) are written once against
:class:`Backend`: build a program, allocate, launch, move arrays in and
out.  OpenCL is the implementation here; :mod:`veriscan.device.cuda`
provides the same interface through CuPy, so the very same ``.cl`` files
(the ones the static checker proves) run on NVIDIA GPUs.  Built programs
live in the one program cache (:mod:`veriscan.device.programs`).

Arrays cross the boundary in two ways.  A NumPy array is wrapped (on a CPU
device with ``CL_MEM_USE_HOST_PTR``, so PoCL reads and writes the host memory
itself and nothing is copied) and the result comes back as NumPy.  A device
array (``pyopencl.array.Array``) stays on the device: its buffer is used as is
and the result is a device array on the same queue.  Temporaries and device
results come from a memory pool, so repeated calls do not pay for fresh pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from veriscan.errors import VeriscanError


class Backend(Protocol):
    """What a pipeline needs from a device (buffers are backend-specific objects)."""

    name: str
    is_cpu: bool
    max_group: int
    compute_units: int
    local_mem_bytes: int

    def kernels(self, source: str, origin: str) -> Any: ...

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
    """A :class:`Backend` on one :class:`~veriscan.device.opencl.Runtime`."""

    def __init__(self, runtime: Any):
        import pyopencl as cl

        self._cl = cl
        self.runtime = runtime
        self.name = runtime.description
        self.is_cpu = runtime.is_cpu
        self.max_group = runtime.limits.max_work_group_size
        self.compute_units = runtime.limits.compute_units
        self.local_mem_bytes = runtime.limits.local_mem_bytes
        # Temporaries (run totals, scan offsets, compaction positions) and device results
        # come from a pool: a fresh 64 MB buffer costs more in first-touch page faults
        # on PoCL than the scan that fills it.
        from pyopencl import tools as cl_tools

        self.pool = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(runtime.queue))

    def kernels(self, source: str, origin: str) -> Any:
        """The program built from ``source`` with its kernel objects (program cache)."""
        return self.runtime.built(source, origin=origin)

    def launch(self, kernels: Any, entry: str, global_size: Sequence[int],
               local_size: Sequence[int], args: Sequence[Any]) -> None:
        kernel = kernels.kernels[entry]
        with kernels.lock:  # arguments are state of the shared kernel object
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
# One backend per OpenCL queue (and so one memory pool), keyed by the queue; the programs
# its kernels come from live in the program cache.
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
    from veriscan.device.opencl import Runtime, get_runtime

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
        from veriscan.device.cuda import cuda_backend

        return cuda_backend()
    return opencl_backend(get_runtime(device))
