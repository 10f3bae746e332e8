"""OpenCL runtime: device choice, one context/queue per device, building programs.

PoCL from PyPI (``pocl-binary-distribution``) is the default device, so
everything runs on a CPU-only machine; a GPU is used only when asked for by
name (``--device nvidia``) or via ``VERISCAN_DEVICE``.  Building OpenCL
programs is the slowest part of a short check (hundreds of ms on PoCL), so
built programs are kept per (device, source, options) in the one program
cache of :mod:`veriscan.device.programs` (releasable), and pyopencl's own
on-disk cache keeps them across processes.
"""

from __future__ import annotations

import functools
import os
import re
import threading
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pyopencl as cl

from veriscan.device import OPENCL_C_STD
from veriscan.device.icd import configure_icd
from veriscan.device.oclgrind import is_oclgrind
from veriscan.device.programs import PROGRAMS
from veriscan.errors import DeviceLimitError, KernelSourceError, VeriscanError

DEVICE_ENV = "VERISCAN_DEVICE"


@dataclass(frozen=True)
class DeviceLimits:
    max_work_group_size: int
    local_mem_bytes: int
    global_mem_bytes: int
    max_alloc_bytes: int
    compute_units: int


class Built:
    """A built program and, made on first use, its kernel objects (one per ``__kernel``).

    A ``cl.Kernel`` is made once per program: making one per launch is slow and
    pyopencl warns about it.  Its arguments are state of that shared object, so
    whoever sets them and enqueues holds :attr:`lock` meanwhile.
    """

    def __init__(self, program: cl.Program):
        self.program = program
        self.lock = threading.Lock()
        self._kernels: dict[str, cl.Kernel] | None = None

    @property
    def kernels(self) -> dict[str, cl.Kernel]:
        with self.lock:
            if self._kernels is None:
                self._kernels = {k.function_name: k for k in self.program.all_kernels()}
            return self._kernels


class Runtime:
    """One OpenCL device with its context and in-order queue; it builds programs."""

    def __init__(self, device: cl.Device, queue: cl.CommandQueue | None = None):
        # ``queue``: adopt a caller's context and queue (pyopencl arrays handed to the
        # library live there, and buffers cannot cross contexts).
        self.device = device
        self.context = queue.context if queue is not None else cl.Context([device])
        self.queue = queue if queue is not None else cl.CommandQueue(self.context)
        self._compiling = threading.Lock()  # one build at a time on this runtime

    # ------------------------------------------------------------------ identity
    @property
    def name(self) -> str:
        return self.device.name.strip()

    @property
    def platform(self) -> str:
        return self.device.platform.name.strip()

    @property
    def description(self) -> str:
        """Device, platform and driver: what a certificate must record."""
        return (f"{self.name} [{self.platform} {self.device.platform.version.strip()}, "
                f"driver {self.device.driver_version.strip()}]")

    @cached_property
    def key(self) -> str:
        """This runtime in the program cache: a program belongs to one context."""
        return f"opencl {self.name} context {self.context.int_ptr:#x}"

    @property
    def is_cpu(self) -> bool:
        return bool(self.device.type & cl.device_type.CPU)

    @cached_property
    def limits(self) -> DeviceLimits:
        d = self.device
        return DeviceLimits(
            max_work_group_size=int(d.max_work_group_size),
            local_mem_bytes=int(d.local_mem_size),
            global_mem_bytes=int(d.global_mem_size),
            max_alloc_bytes=int(d.max_mem_alloc_size),
            compute_units=int(d.max_compute_units),
        )

    # ------------------------------------------------------------------ programs
    def build(self, source: str, options: list[str] | tuple[str, ...] = (),
              origin: str = "<kernel>") -> cl.Program:
        """Build (or fetch from the program cache) a program; a build error names ``origin``.

        The compiler log is attached to the error so the user sees exactly
        what the device compiler said, without a Python traceback.
        """
        return self.built(source, options, origin).program

    def built(self, source: str, options: list[str] | tuple[str, ...] = (),
              origin: str = "<kernel>") -> Built:
        """:meth:`build`'s program with its kernel objects, as the program cache keeps it;
        the language version is the proofs' (:data:`OPENCL_C_STD`) unless ``options``
        name one."""
        if not any(o.startswith("-cl-std=") for o in options):
            options = (OPENCL_C_STD, *options)
        return PROGRAMS.get(self.key, source, (" ".join(options),),
                            lambda: Built(self._compile(source, options, origin)))

    def _compile(self, source: str, options: list[str] | tuple[str, ...],
                 origin: str) -> cl.Program:
        program = cl.Program(self.context, source)
        try:
            with self._compiling, warnings.catch_warnings():
                warnings.simplefilter("ignore")  # pyopencl's "non-empty build log"
                program.build(options=list(options))
        except cl.RuntimeError as exc:
            try:
                log = program.get_build_info(self.device, cl.program_build_info.LOG)
            except cl.Error:
                log = str(exc)
            raise KernelSourceError(
                f"OpenCL build of {origin} failed on {self.name}",
                detail=_trim_log(_TEMPFILE.sub(origin, log)),
            ) from None
        return program

    def check_work_group(self, threads: int, local_bytes: int = 0, what: str = "kernel",
                         largest_n: int | None = None) -> None:
        """Raise a :class:`DeviceLimitError` naming the limit a launch exceeds."""
        lim = self.limits
        hint = f"; the largest n that fits is {largest_n}" if largest_n else ""
        if threads > lim.max_work_group_size:
            raise DeviceLimitError(
                f"{what} needs a work group of {threads} work-items, but {self.name} "
                f"allows at most {lim.max_work_group_size} (CL_DEVICE_MAX_WORK_GROUP_SIZE){hint}")
        if local_bytes > lim.local_mem_bytes:
            raise DeviceLimitError(
                f"{what} needs {local_bytes} bytes of local memory, but {self.name} has "
                f"{lim.local_mem_bytes} (CL_DEVICE_LOCAL_MEM_SIZE){hint}")

    def check_buffer(self, nbytes: int, what: str) -> None:
        lim = self.limits
        if nbytes > lim.max_alloc_bytes:
            raise DeviceLimitError(
                f"{what} needs a buffer of {nbytes} bytes, but {self.name} allows at most "
                f"{lim.max_alloc_bytes} per allocation (CL_DEVICE_MAX_MEM_ALLOC_SIZE)")

    def macros_among(self, names: Iterable[str]) -> frozenset[str]:
        """Which of ``names`` this device's compiler defines as macros (from its own
        headers, its version, its extensions): the compiler itself is asked, because
        no list written down elsewhere is certain to be this compiler's."""
        ordered = sorted(set(names))
        if not ordered:
            return frozenset()
        source = "__kernel void vs_probe(__global uchar *o) {\n" + "".join(
            f"#ifdef {name}\n  o[{i}] = 1;\n#endif\n" for i, name in enumerate(ordered)) + "}\n"
        found = self._probe(source, len(ordered), "the macro probe")
        return frozenset(name for name, flag in zip(ordered, found, strict=True) if flag)

    def declared_among(self, names: Iterable[str]) -> frozenset[str]:
        """Which of ``names`` this device's compiler already declares before any code of
        ours (a built-in function of its headers, a type, a variable): each is declared
        once more as a program-scope constant, which builds only where the name is
        free.  One build for all of them; one per name only when that one fails."""
        ordered = sorted(set(names))

        def free(group: list[str]) -> bool:
            source = "".join(f"__constant int {name} = 0;\n" for name in group)
            try:
                self.build(source + "__kernel void vs_probe(__global uchar *o) { }\n",
                           origin="the declaration probe")
            except KernelSourceError:
                return False
            return True

        if not ordered or free(ordered):
            return frozenset()
        return frozenset(name for name in ordered if not free([name]))

    def macro_expansions(self, names: Iterable[str]) -> dict[str, str]:
        """What each of ``names`` (macros of this compiler) expands to when used alone,
        as the compiler's own preprocessor writes it (stringified).  A function-like
        macro, not invoked, comes back as its own name.

        The name goes to the stringifying macro in parentheses, which keep the commas
        of an expansion inside one argument: OpenCL C 1.2 compilers (NVIDIA's) have no
        variadic macros, and the parentheses are taken off again after the read."""
        ordered = sorted(set(names))
        if not ordered:
            return {}
        width = _EXPANSION_BYTES
        strings = "".join(f"__constant char vs_e{i}[] = VS_STR(({name}));\n"
                          for i, name in enumerate(ordered))
        copies = "".join(f"  for (int k = 0; k < {width - 1} && k < (int)sizeof(vs_e{i}); "
                         f"k++) o[{i * width} + k] = (uchar)vs_e{i}[k];\n"
                         for i in range(len(ordered)))
        source = ("#define VS_STR2(x) #x\n#define VS_STR(x) VS_STR2(x)\n" + strings
                  + "__kernel void vs_probe(__global uchar *o) {\n" + copies + "}\n")
        raw = self._probe(source, len(ordered) * width, "the macro expansion probe").tobytes()
        return {name: _unparenthesised(raw[i * width:(i + 1) * width].split(b"\0", 1)[0]
                                       .decode(errors="replace"))
                for i, name in enumerate(ordered)}

    def _probe(self, source: str, nbytes: int, origin: str) -> np.ndarray:
        """The ``nbytes`` bytes (zeroed first) that ``source``'s ``vs_probe`` kernel,
        run by one work-item, writes: how the compiler is asked about itself."""
        program = self.build(source, origin=origin)
        out = self.to_device(np.zeros(nbytes, np.uint8))
        # A kernel object of its own: the program is cached, and pyopencl warns when
        # one program's kernel is fetched by attribute more than once.
        cl.Kernel(program, "vs_probe")(self.queue, (1,), (1,), out)
        return self.to_host(out, nbytes, np.dtype(np.uint8))

    # ------------------------------------------------------------------ buffers
    def to_device(self, array: np.ndarray) -> cl.Buffer:
        array = np.ascontiguousarray(array)
        self.check_buffer(array.nbytes, "input")
        flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
        return cl.Buffer(self.context, flags, size=max(array.nbytes, 1), hostbuf=array
                         if array.nbytes else np.zeros(1, np.uint8))

    def empty(self, nbytes: int, what: str = "output") -> cl.Buffer:
        self.check_buffer(nbytes, what)
        return cl.Buffer(self.context, cl.mem_flags.READ_WRITE, size=max(nbytes, 1))

    def to_host(self, buffer: cl.Buffer, shape: tuple[int, ...] | int,
                dtype: np.dtype) -> np.ndarray:
        out = np.empty(shape, dtype=dtype)
        if out.nbytes:
            cl.enqueue_copy(self.queue, out, buffer)
        return out


# Bytes read back per macro expansion (longer ones are cut, which can only add names).
_EXPANSION_BYTES = 256


# Compilers name the program after a temporary file (PoCL: ~/.cache/pocl/kcache/tempfile_X.cl);
# the user wants to see their own file name in the log instead.
_TEMPFILE = re.compile(r"(?:\S*/)?tempfile_\w+\.cl|<source>")


def _unparenthesised(text: str) -> str:
    """The probe's stringified ``(expansion)`` without the parentheses it added (the
    closing one is missing when the expansion filled the probe's width)."""
    text = text[1:] if text.startswith("(") else text
    return text[:-1] if text.endswith(")") else text


def _trim_log(log: str, limit: int = 4000) -> str:
    log = log.strip()
    return log if len(log) <= limit else log[:limit] + "\n... (log truncated)"


# ---------------------------------------------------------------------- choosing
_RUNTIMES: dict[str, Runtime] = {}


def list_devices() -> list[cl.Device]:
    """Every device of every OpenCL implementation found (Oclgrind too, when installed)."""
    _configure_once()
    try:
        platforms = cl.get_platforms()
    except cl.LogicError:
        return []
    devices: list[cl.Device] = []
    for platform in platforms:
        try:
            devices.extend(platform.get_devices())
        except cl.RuntimeError:
            continue
    return devices


@functools.cache
def _configure_once() -> None:
    # Before the loader's first platform query: it reads its configuration only then.
    configure_icd()


def get_runtime(device: str | None = None) -> Runtime:
    """The runtime for ``device``: a case-insensitive substring of the device or
    platform name (``"pocl"``, ``"nvidia"``, ``"gpu"``), or None for the default.

    The default is ``$VERISCAN_DEVICE`` if set, else PoCL's CPU device, else the
    first device found: PoCL is what every machine of this project has, so
    results do not silently depend on which vendor driver happens to be there.
    """
    wanted = (device or os.environ.get(DEVICE_ENV) or "").strip().lower()
    key = wanted or "<default>"
    if key in _RUNTIMES:
        return _RUNTIMES[key]
    devices = list_devices()
    if not devices:
        raise VeriscanError("no OpenCL device found; install pocl-binary-distribution "
                            "(pip install pocl-binary-distribution)")
    chosen = _pick(devices, wanted)
    if chosen is None:
        names = ", ".join(f"'{d.name.strip()}' ({d.platform.name.strip()})" for d in devices)
        raise VeriscanError(f"no OpenCL device matches '{device or wanted}'; available: {names}")
    runtime = _RUNTIMES.get(chosen.int_ptr and str(chosen.int_ptr))
    if runtime is None:
        runtime = Runtime(chosen)
        _RUNTIMES[str(chosen.int_ptr)] = runtime
    _RUNTIMES[key] = runtime
    return runtime


def _pick(devices: list[cl.Device], wanted: str) -> cl.Device | None:
    def text(d: cl.Device) -> str:
        # The platform version names PoCL ("OpenCL 3.0 PoCL 3.0 ..."), its name does not.
        return f"{d.name} {d.platform.name} {d.platform.version} {d.vendor}".lower()

    if not wanted:
        pocl = [d for d in devices if "portable computing language" in text(d)
                or "pocl" in text(d)]
        return (pocl or devices)[0]
    if wanted in ("gpu", "cpu"):
        kind = cl.device_type.GPU if wanted == "gpu" else cl.device_type.CPU
        # A simulator (Oclgrind calls itself a CPU) only when it is the only one of its kind.
        typed = sorted((d for d in devices if d.type & kind),
                       key=lambda d: is_oclgrind(d.platform.name))
        return typed[0] if typed else None
    matches = [d for d in devices if wanted in text(d)]
    return matches[0] if matches else None
