"""Compile and run generic scan kernels with any monoid on any OpenCL device.

A program is the monoid's definitions followed by the kernel's one
preprocessing (:mod:`veriscan.frontend.preprocess`, with ``N`` = n and the
user's defines), exactly the text the static proof parsed; the monoid reaches
it only through ``TYPE``, ``OPERATOR`` and ``IDENTITY``, and a kernel naming
anything else the monoid or launcher defines is refused before any build.  A
CUDA kernel runs as the OpenCL C translation of that same text
(:mod:`veriscan.functional.cuda_to_opencl`).  Built programs
and their launch data are kept in the device's program cache
(:mod:`veriscan.device.programs`) per (kernel, monoid, n, device), so a
repeated test costs one launch.

Two launch shapes:

* :func:`run_scan` — one work group of ``threads(n)`` work-items, the launch
  every theorem about the kernel talks about.
* :func:`run_scan_batch` — many independent inputs of the same n in one
  launch, one work group each (Voigtländer's tests).  The kernel's body is
  re-hosted in a launcher that points ``in``/``out`` at the group's slice, so
  kernels need no batching support of their own.

Every launch fits the device or raises :class:`DeviceLimitError` naming the
limit and the largest n that would fit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pyopencl as cl

from veriscan.device.opencl import Runtime, get_runtime
from veriscan.device.programs import PROGRAMS
from veriscan.errors import DeviceLimitError, KernelSourceError, SourcePos, VeriscanError
from veriscan.frontend.preprocess import (
    Preprocessed,
    environment_names,
    genericity_problems,
    line_marker,
    preprocess,
)
from veriscan.functional.cuda_to_opencl import translate_file
from veriscan.functional.cuda_to_opencl_tokens import NotTranslated
from veriscan.functional.source_tools import defined_functions, split_entry
from veriscan.ir.nodes import Dialect
from veriscan.monoids.base import Monoid
from veriscan.scankernel import ScanKernel

BATCH_PRELUDE = (Path(__file__).resolve().parent / "cl" / "batched_prelude.cl").read_text()
BATCH_ENTRY = "vs_batched"
REQUIRED_NAMES = ("TYPE", "OPERATOR")
# Byte written over every output buffer before a launch, so a kernel that
# skips an output element cannot inherit a right answer from an earlier run.
POISON = 0xA5
# CPU devices (PoCL) keep the private values a work-item holds across a barrier
# for the whole group in one frame on a worker thread's stack (8 MiB by default);
# a group whose TYPE values alone exceed this budget would crash the process.
CPU_PRIVATE_BUDGET = 4 * 2**20
# `--n all` stops here for kernels no device limit stops earlier (a single
# work-item kernel fits any n the memory allows): keeps sweeps finite.
SWEEP_CAP = 2**24


def is_power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


@dataclass
class ScanProgram:
    """A kernel built for one monoid, one n and one device, ready to launch."""

    kernel: ScanKernel
    monoid: Monoid
    n: int
    threads: int
    runtime: Runtime
    cl_kernel: cl.Kernel
    local_bytes: int
    batched: bool

    def run(self, values: np.ndarray) -> np.ndarray:
        """Scan one input of length n in one work group."""
        values = self._as_input(values, (self.n,))
        return self._launch(values, groups=1)

    def run_batch(self, values: np.ndarray) -> np.ndarray:
        """Scan every row of a (batch, n) array, one work group per row."""
        if not self.batched:
            raise VeriscanError("this program was built for single launches")
        values = self._as_input(values, (values.shape[0] if np.ndim(values) == 2 else -1,
                                         self.n))
        return self._launch(values, groups=values.shape[0])

    def _as_input(self, values: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
        values = np.ascontiguousarray(values, dtype=self.monoid.dtype)
        if values.shape != shape:
            raise VeriscanError(f"{self.kernel.name}: input of shape {values.shape}, expected "
                                f"{tuple('batch' if s < 0 else s for s in shape)}")
        return values

    def _launch(self, values: np.ndarray, groups: int) -> np.ndarray:
        rt = self.runtime
        if groups == 0:
            return values.copy()
        in_buf = rt.to_device(values)
        out_buf = rt.empty(values.nbytes)
        cl.enqueue_fill_buffer(rt.queue, out_buf, np.uint8(POISON), 0, values.nbytes)
        try:
            self.cl_kernel(rt.queue, (groups * self.threads,), (self.threads,), in_buf, out_buf)
            return rt.to_host(out_buf, values.shape, self.monoid.dtype)
        except cl.Error as exc:
            raise DeviceLimitError(f"launching {self.kernel.name} with n={self.n} "
                                   f"({self.threads} work-items) on {rt.name} failed: {exc}"
                                   ) from None


def prepare_scan(kernel: ScanKernel, monoid: Monoid, n: int, runtime: Runtime | None = None,
                 batched: bool = False) -> ScanProgram:
    """Build (or fetch) ``kernel`` for ``monoid`` and ``n`` and check it fits the device."""
    rt = runtime or get_runtime()
    # In the program cache beside the programs themselves: made from the monoid's and the
    # kernel's text (the monoid's is the first `monoid` characters), with everything else
    # that changes the program or its launch.  The kernel enters whole but for its text
    # (already in the key), so a field added later cannot be left out: the same text
    # from a .cu path is translated CUDA, from a .cl path OpenCL C.
    options = ("scan program", f"monoid={len(monoid.cl_source)}",
               f"kernel={replace(kernel, source='')!r}", f"dtype={monoid.dtype.str}",
               f"n={n}", f"batched={batched}")
    return PROGRAMS.get(rt.key, monoid.cl_source + kernel.source, options,
                        lambda: _prepare(kernel, monoid, n, rt, batched))


def _prepare(kernel: ScanKernel, monoid: Monoid, n: int, rt: Runtime,
             batched: bool) -> ScanProgram:
    if not is_power_of_two(n):
        raise VeriscanError(f"n={n} is not a power of two; single-group scan kernels are "
                            "defined for n = 2, 4, 8, …")
    threads = kernel.thread_count(n)
    limit = rt.limits.max_work_group_size
    if threads > limit:
        raise DeviceLimitError(
            f"{kernel.name} needs a work group of {threads} work-items for n={n}, but {rt.name} "
            f"allows at most {limit} (CL_DEVICE_MAX_WORK_GROUP_SIZE); the largest n that fits "
            f"is {_largest_n_for_threads(kernel, limit)}")
    rt.check_buffer(n * monoid.dtype.itemsize, f"{kernel.name} with n={n}")
    if rt.is_cpu and threads * monoid.dtype.itemsize > CPU_PRIVATE_BUDGET:
        raise DeviceLimitError(
            f"{kernel.name} with n={n} gives {threads} work-items one {monoid.dtype.itemsize}-"
            f"byte {monoid.name} value each; a CPU device keeps such values for the whole "
            f"group on one thread stack, and over {CPU_PRIVATE_BUDGET // 2**20} MiB that "
            f"crashes; {_fitting_hint(kernel, monoid, n, rt)}")
    text = _kernel_text(kernel, monoid, n)
    if kernel.dialect == "opencl" and not any(t.spelling in ("__kernel", "kernel")
                                              for t in text.tokens):
        # Known before any build; no driver is asked about a program without kernels.
        raise KernelSourceError(f"{_origin(kernel)}: no __kernel function")
    _refuse_device_macros(text, rt)
    _refuse_device_declared_functions(kernel, monoid, text, rt)
    # The plain program for this n both names the entry point and, unbatched,
    # is the program to launch: one build per size, not a probe build as well.
    try:
        plain = rt.build(monoid.cl_source + _from_line_one(kernel) + text.text,
                         _build_options(n), origin=_origin(kernel))
    except KernelSourceError as exc:
        if kernel.dialect == "opencl":
            raise
        # The CUDA kernel parsed; a translation the device refuses is the translation's fault.
        raise NotTranslated(f"the OpenCL C translation of {_origin(kernel)} did not build on "
                            f"{rt.name}", detail=exc.detail) from None
    entry = _entry_name(kernel, plain)
    program = _build_batched(kernel, monoid, n, rt, entry, text) if batched else plain
    cl_kernel = cl.Kernel(program, BATCH_ENTRY if batched else entry)
    if int(cl_kernel.get_info(cl.kernel_info.NUM_ARGS)) != 2:
        raise KernelSourceError(f"{_origin(kernel)}: kernel '{entry}' takes "
                                f"{cl_kernel.get_info(cl.kernel_info.NUM_ARGS)} parameters; a "
                                "scan kernel takes exactly (in, out)")
    local_bytes = int(cl_kernel.get_work_group_info(
        cl.kernel_work_group_info.LOCAL_MEM_SIZE, rt.device))
    kernel_limit = int(cl_kernel.get_work_group_info(
        cl.kernel_work_group_info.WORK_GROUP_SIZE, rt.device))
    if threads > kernel_limit or local_bytes > rt.limits.local_mem_bytes:
        raise DeviceLimitError(_limit_message(kernel, monoid, n, rt, threads, kernel_limit,
                                              local_bytes))
    return ScanProgram(kernel, monoid, n, threads, rt, cl_kernel, local_bytes, batched)


def run_scan(kernel: ScanKernel, monoid: Monoid, values: np.ndarray,
             runtime: Runtime | None = None) -> np.ndarray:
    """``kernel`` on ``values`` (length n, a power of two) in one work group."""
    n = int(np.shape(values)[0]) if np.ndim(values) == 1 else -1
    if n < 0:
        raise VeriscanError(f"run_scan takes a 1-D input, got shape {np.shape(values)}")
    return prepare_scan(kernel, monoid, n, runtime).run(values)


def run_scan_batch(kernel: ScanKernel, monoid: Monoid, values: np.ndarray,
                   runtime: Runtime | None = None) -> np.ndarray:
    """``kernel`` on every row of a (batch, n) input, one work group per row."""
    if np.ndim(values) != 2:
        raise VeriscanError(f"run_scan_batch takes a (batch, n) input, got shape "
                            f"{np.shape(values)}")
    return prepare_scan(kernel, monoid, int(np.shape(values)[1]), runtime,
                        batched=True).run_batch(values)


def max_scan_size(kernel: ScanKernel, monoid: Monoid | Callable[[int], Monoid],
                  runtime: Runtime | None = None, cap: int = SWEEP_CAP) -> int:
    """The largest power of two n (≤ ``cap``) this kernel and monoid can run with here.

    ``monoid`` may be a function of n; a monoid whose element size grows with
    n (interval, lists) is resized through its ``for_size``.
    """
    rt = runtime or get_runtime()
    if callable(monoid):
        sized = monoid
    else:
        fixed = monoid
        sized = fixed.for_size or (lambda _n: fixed)
    n = min(_largest_n_for_threads(kernel, rt.limits.max_work_group_size), cap)
    while n >= 2:
        try:
            resized = sized(n)
        except VeriscanError:  # the monoid itself has no encoding for this n
            n //= 2
            continue
        try:
            prepare_scan(kernel, resized, n, rt)
            return n
        except DeviceLimitError:
            n //= 2
    raise DeviceLimitError(f"{kernel.name} does not fit {rt.name} even for n=2")


# ---------------------------------------------------------------------------- helpers
def _build_options(n: int) -> list[str]:
    """``N`` for the launcher prelude only: the kernel text has its defines expanded.

    The user's own defines went into the kernel's preprocessing (as in the
    proof) and are not given to the monoid, which they could otherwise change.
    """
    return [f"-DN={n}"]


def _kernel_text(kernel: ScanKernel, monoid: Monoid, n: int) -> Preprocessed:
    """The kernel as the proof parsed it (a CUDA kernel: that text translated to OpenCL C,
    token for token on the same lines), refused if it names what the monoid defines."""
    if kernel.dialect == "opencl":
        text = preprocess(kernel.source, _origin(kernel), kernel.macros(n))
    else:
        text = preprocess(translate_file(_origin(kernel), kernel.source, kernel.macros(n)),
                          _origin(kernel))
    problems = genericity_problems(text, Dialect.OPENCL, (monoid.cl_source, BATCH_PRELUDE))
    if problems:
        pos, problem = problems[0]
        raise KernelSourceError(f"not generic: {problem} (with the {monoid.name} monoid)", pos)
    missing = [name for name in REQUIRED_NAMES if name not in text.identifiers]
    if missing:
        raise KernelSourceError(
            f"{_origin(kernel)}: never uses {' or '.join(missing)}; a generic scan kernel "
            "works on TYPE values combined with OPERATOR(a, b)")
    return text


class DiffersFromProof(VeriscanError):
    """The device would compile other code than the proof read: the run proves nothing."""


def _refuse_device_macros(text: Preprocessed, rt: Runtime) -> None:
    """The device compiler preprocesses the kernel's text once more, with its own
    headers: a name of the kernel that is a macro there (PoCL's ``__IF_INT64(x)``,
    say) but that the proof read as the kernel's own would make the run differ
    from the proof.  Names of the OpenCL environment the proof declares too
    (``CLK_LOCAL_MEM_FENCE``, ``NULL``, built-ins a device writes as macros) mean
    the same on both sides; ``tests/frontend/test_prelude_matches_device`` checks
    their types against the device."""
    def at(name: str) -> SourcePos:
        return next((SourcePos(text.file, t.line, t.col) for t in text.tokens
                     if t.identifier and t.spelling == name), SourcePos(text.file, 0))

    macros = rt.macros_among(text.identifiers)
    foreign = macros - environment_names(Dialect.OPENCL)
    if foreign:
        name = min(foreign)
        raise DiffersFromProof(f"'{name}' is a macro of the device compiler "
                               f"({rt.name}), not of the proof's OpenCL C, so the device "
                               "would compile other code than the proof read", at(name))
    # A built-in the device writes as a macro is renamed wherever the kernel names it
    # (PoCL: ``abs`` becomes ``_cl_abs``, the kernel's own variable ``abs`` included).
    # That is harmless only if the new name is one the kernel never uses itself, and
    # only a macro used alone shows what it becomes.
    for name, expansion in sorted(rt.macro_expansions(macros).items()):
        if expansion.strip() == name:
            raise DiffersFromProof(f"'{name}' is a function-like macro of the device "
                                   f"compiler ({rt.name}): what it expands to is not what the "
                                   "proof read", at(name))
        clash = sorted(_identifiers(expansion) & (text.identifiers - {name}))
        if clash:
            raise DiffersFromProof(f"the device compiler ({rt.name}) renames '{name}' to "
                                   f"'{expansion.strip()}', and the kernel uses '{clash[0]}' "
                                   "itself, so on the device the two may be one name: it "
                                   "would compile other code than the proof read", at(clash[0]))


def _refuse_device_declared_functions(kernel: ScanKernel, monoid: Monoid, text: Preprocessed,
                                      rt: Runtime) -> None:
    """A function the kernel defines under a name the device's headers already declare
    (``uint clamp(uint, uint, uint)``) becomes the definition of the built-in for the
    whole program: the monoid's ``OPERATOR`` calling ``clamp`` would run the kernel's
    code.  The interval monoid calls no such built-in, so its test cannot tell, and
    the proof sees an unused function; the device's compiler is asked which of the
    kernel's function names it declares (no list written here could be every
    device's)."""
    defined = defined_functions(monoid.cl_source, text.text)
    taken = rt.declared_among(defined)
    if taken:
        name = min(taken, key=lambda f: (defined[f], f))
        raise DiffersFromProof(
            f"the kernel defines '{name}', a function the device compiler ({rt.name}) "
            "already declares: its definition would replace the built-in for every caller, "
            "a monoid's OPERATOR included, so the device would run other code than the "
            "proof read", SourcePos(text.file, defined[name]))


# The names in a macro expansion the device compiler wrote out (pp-numbers skipped).
_EXPANSION_TOKEN = re.compile(r"\.?\d(?:[eEpP][+-]|[\w.])*|([A-Za-z_]\w*)")


def _identifiers(expansion: str) -> set[str]:
    return {m.group(1) for m in _EXPANSION_TOKEN.finditer(expansion) if m.group(1)}


def _from_line_one(kernel: ScanKernel) -> str:
    """Compiler messages about the kernel text name the user's file and lines."""
    return line_marker(_origin(kernel))


def _origin(kernel: ScanKernel) -> str:
    return str(kernel.path)


def _entry_name(kernel: ScanKernel, program: cl.Program) -> str:
    """The kernel to launch, as the device compiler lists the ``__kernel`` functions.

    Asking the built program is the one reliable parser of OpenCL C the device
    offers, and it sees exactly what will run.
    """
    # NVIDIA's OpenCL driver (580, on an H200) crashes the process when asked for the
    # names in a program that has no kernels: the count is asked first.
    if int(program.get_info(cl.program_info.NUM_KERNELS)) == 0:
        raise KernelSourceError(f"{_origin(kernel)}: no __kernel function")
    names = [n for n in program.get_info(cl.program_info.KERNEL_NAMES).split(";") if n]
    if kernel.entry:
        if kernel.entry not in names:
            raise KernelSourceError(f"{_origin(kernel)}: no kernel named '{kernel.entry}'; "
                                    f"kernels: {', '.join(names)}")
        return kernel.entry
    if len(names) > 1:
        raise KernelSourceError(f"{_origin(kernel)} has several kernels ({', '.join(names)}); "
                                "choose one with --kernel")
    return names[0]


def _build_batched(kernel: ScanKernel, monoid: Monoid, n: int, rt: Runtime,
                   entry: str, text: Preprocessed) -> cl.Program:
    """The kernel body moved into a launcher that points in/out at its group's slice."""
    parts = split_entry(monoid.cl_source, text.text, entry, _origin(kernel))
    if len(parts.params) != 2:
        raise KernelSourceError(f"{_origin(kernel)}: kernel '{entry}' must take exactly "
                                "(in, out) to be batched")
    source = (monoid.cl_source + BATCH_PRELUDE + parts.before
              + f"__kernel void {BATCH_ENTRY}(__global TYPE *vs_in_all, "
                "__global TYPE *vs_out_all)\n{\n"
              + f"    {parts.params[0]} = vs_in_all + vs_batch_offset();\n"
              + f"    {parts.params[1]} = vs_out_all + vs_batch_offset();"
              + parts.body[1:-1] + "}\n" + parts.after)
    return rt.build(source, _build_options(n), origin=_origin(kernel))


def _largest_n_for_threads(kernel: ScanKernel, limit: int) -> int:
    n, best = 2, 0
    while n <= SWEEP_CAP and kernel.thread_count(n) <= limit:
        best, n = n, n * 2
    return best


def _limit_message(kernel: ScanKernel, monoid: Monoid, n: int, rt: Runtime, threads: int,
                   kernel_limit: int, local_bytes: int) -> str:
    if threads > kernel_limit:
        return (f"{kernel.name} needs a work group of {threads} work-items for n={n}, but the "
                f"compiled kernel allows at most {kernel_limit} on {rt.name} "
                f"(CL_KERNEL_WORK_GROUP_SIZE); the largest n that fits is "
                f"{_largest_n_for_threads(kernel, kernel_limit)}")
    return (f"{kernel.name} needs {local_bytes} bytes of local memory for n={n} with the "
            f"{monoid.name} monoid ({monoid.dtype.itemsize}-byte elements), but {rt.name} has "
            f"{rt.limits.local_mem_bytes} (CL_DEVICE_LOCAL_MEM_SIZE); "
            f"{_fitting_hint(kernel, monoid, n, rt)}")


def _fitting_hint(kernel: ScanKernel, monoid: Monoid, n: int, rt: Runtime) -> str:
    try:
        fits = max_scan_size(kernel, monoid, rt, cap=n // 2) if n > 2 else 0
    except DeviceLimitError:
        fits = 0
    return f"the largest n that fits is {fits}" if fits >= 2 else "no n fits"
