"""A CUDA scan kernel's interval test as written: NVRTC builds the text the proof
parsed, and an NVIDIA GPU runs it (through CuPy).

Without a GPU a CUDA kernel's interval test runs as its OpenCL C translation
(:mod:`.cuda_to_opencl`). With CuPy and a GPU, ``verify`` also runs the
program itself: the same one preprocessing the front end parsed, after the
interval monoid's CUDA C++ definitions (``Monoid.cuda_source``), compiled by
NVRTC, and launched in one block of ``threads(n)`` threads. The run proves
something about the program the proof read only if NVRTC reads the text as
the proof did, so before any build:

* the kernel must pass the translation's checks (every token explained by a
  construct whose meaning was pinned): the same whitelist of constructs
  stands behind both runs;
* no name of the text may be a macro of NVRTC's own environment except the
  execution-space qualifiers (``__global__``, ``__shared__``...), which mean
  there what the proof's CUDA prelude says; NVRTC is asked, in one probe
  build;
* no function the kernel defines may be one NVRTC already declares (its
  definition would join that overload set, and a call could pick another
  function than the proof did); NVRTC is asked, one probe build per name;
* nothing the monoid defines may be named by the kernel (the genericity
  check of the OpenCL run, with the CUDA definitions).

A kernel refused by any of these is not run on the GPU (the step says why),
which is never a verdict about the kernel. Runs happen in a device worker
(:mod:`veriscan.device.worker`), so the parent process never opens CUDA.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import clang.cindex as ci
import numpy as np

from veriscan.device.programs import PROGRAMS
from veriscan.errors import DeviceLimitError, KernelSourceError, SourcePos
from veriscan.frontend import entry_point, file_scope
from veriscan.frontend.clang_parse import ParsedUnit, parse_unit
from veriscan.frontend.cursors import main_file_children
from veriscan.frontend.foreign_names import genericity_problems
from veriscan.frontend.preprocess import line_marker
from veriscan.functional.cuda_to_opencl import QUALIFIER_MACROS, translate
from veriscan.functional.cuda_to_opencl_tokens import NotTranslated
from veriscan.functional.scan_runner import POISON
from veriscan.ir.nodes import Dialect
from veriscan.monoids.base import Monoid
from veriscan.scankernel import ScanKernel

SELECTOR = "cuda"  # the Implementation selector of the GPU run
LABEL = "CUDA as written, NVRTC"
_OPTIONS = ("--std=c++14",)


@dataclass
class NativeTarget:
    """The GPU a CUDA kernel runs on as written: what ``interval_test`` is given in place
    of an OpenCL runtime."""

    backend: Any  # veriscan.device.cuda.CudaBackend

    @property
    def description(self) -> str:
        return f"{self.backend.name}, {LABEL}"


@dataclass
class NativeProgram:
    """A CUDA kernel built by NVRTC for one monoid and one n."""

    kernel: ScanKernel
    monoid: Monoid
    n: int
    threads: int
    local_bytes: int
    function: Any
    backend: Any

    def run(self, values: np.ndarray) -> np.ndarray:
        cp = self.backend.cupy
        values = np.ascontiguousarray(values, dtype=self.monoid.dtype)
        source = cp.asarray(values)
        out = cp.empty(values.shape, dtype=self.monoid.dtype)
        out.view(cp.uint8).fill(POISON)  # no skipped output inherits a right answer
        try:
            self.function((1,), (self.threads,), (source, out))
            self.backend.finish()
        except cp.cuda.driver.CUDADriverError as exc:
            raise DeviceLimitError(f"launching {self.kernel.name} with n={self.n} "
                                   f"({self.threads} threads) on {self.backend.name} failed: "
                                   f"{exc}") from None
        return cp.asnumpy(out)


def native_target() -> NativeTarget:
    from veriscan.device.cuda import cuda_backend

    return NativeTarget(cuda_backend())


def prepare_native(kernel: ScanKernel, monoid: Monoid, n: int,
                   target: NativeTarget) -> NativeProgram:
    """Build (or fetch) ``kernel`` for ``monoid`` and ``n`` on the GPU; raises
    :class:`NotTranslated` for a kernel the run could not show as the proof read it."""
    backend = target.backend
    if not monoid.cuda_source:
        raise NotTranslated(f"the {monoid.name} monoid has no CUDA C++ form")
    threads = kernel.thread_count(n)
    if threads > backend.max_group:
        raise DeviceLimitError(f"{kernel.name} needs {threads} threads in one block for "
                               f"n={n}; {backend.name} allows {backend.max_group}")
    # As the OpenCL runner's key: the kernel whole but for its text, which is the source.
    options = ("native scan", f"kernel={replace(kernel, source='')!r}",
               f"monoid={monoid.cuda_source}", f"n={n}")
    return PROGRAMS.get(backend.key, kernel.source, options,
                        lambda: _build(kernel, monoid, n, threads, backend))


def _build(kernel: ScanKernel, monoid: Monoid, n: int, threads: int,
           backend: Any) -> NativeProgram:
    origin = str(kernel.path)
    unit = parse_unit(origin, kernel.source, Dialect.CUDA, dict(kernel.macros(n)))
    translate(unit)  # the whitelist of constructs (raises NotTranslated)
    text = unit.preprocessed
    problems = genericity_problems(text, Dialect.CUDA, (monoid.cuda_source,))
    if problems:
        pos, problem = problems[0]
        raise KernelSourceError(f"not generic: {problem} (with the {monoid.name} monoid)", pos)
    entry = _entry(unit, kernel.entry)
    _refuse_nvrtc_macros(backend, text.identifiers, origin)
    _refuse_nvrtc_declared(backend, _defined_functions(unit), origin)
    source = monoid.cuda_source + line_marker(origin) + text.text
    cp = backend.cupy
    module = cp.RawModule(code=source, options=_OPTIONS, name_expressions=(entry,))
    try:
        function = module.get_function(entry)
    except cp.cuda.compiler.CompileException as exc:
        raise NotTranslated(f"NVRTC did not build {origin}", detail=str(exc)) from None
    except cp.cuda.driver.CUDADriverError as exc:
        # NVRTC writes PTX; the driver's assembler is what finds a block's shared
        # memory over the limit (the one limit a scan kernel's size meets here).
        raise DeviceLimitError(f"the driver of {backend.name} did not load {kernel.name} "
                               f"built for n={n} ({exc}; a block's shared memory is limited)"
                               ) from None
    return NativeProgram(kernel, monoid, n, threads, int(function.shared_size_bytes),
                         function, backend)


def _entry(unit: ParsedUnit, wanted: str | None) -> str:
    """The ``__global__`` function to launch, chosen as the proof chose it."""
    name, _, ambiguous = entry_point(unit, wanted)
    if ambiguous or "<" in name:
        raise NotTranslated(ambiguous or f"'{name}' is a template instance")
    return name


def _defined_functions(unit: ParsedUnit) -> dict[str, int]:
    """The functions the kernel's own file defines, with their lines."""
    found: dict[str, int] = {}
    for c in file_scope(main_file_children(unit.tu)):
        if (c.kind == ci.CursorKind.FUNCTION_DECL and c.is_definition()
                and c.location.file is not None and c.location.file.name == unit.file):
            found.setdefault(c.spelling, c.location.line)
    return found


def _refuse_nvrtc_macros(backend: Any, names: frozenset[str] | set[str], origin: str) -> None:
    """A name NVRTC predefines as a macro would be rewritten in the build but was the
    kernel's own name (or the prelude's) in the proof."""
    macros = nvrtc_macros(backend, tuple(sorted(names))) - QUALIFIER_MACROS
    if macros:
        raise NotTranslated(f"'{min(macros)}' is a macro of NVRTC's environment, not of the "
                            f"proof's CUDA prelude: the build of {origin} would not be the "
                            "program the proof read")


def _refuse_nvrtc_declared(backend: Any, defined: dict[str, int], origin: str) -> None:
    for name, line in sorted(defined.items(), key=lambda item: item[1]):
        if nvrtc_declares(backend, name):
            raise NotTranslated(f"the kernel defines '{name}' (line {line}), a function NVRTC "
                                "already declares: a call could resolve to another overload "
                                f"than the proof's, so the build of {origin} would not be "
                                "the program the proof read",
                                pos=SourcePos(origin, line))


@cache
def nvrtc_macros(backend: Any, names: tuple[str, ...]) -> frozenset[str]:
    """Which of ``names`` NVRTC's environment defines as macros: one probe program
    whose one thread writes a flag per name."""
    if not names:
        return frozenset()
    flags = "".join(f"#ifdef {name}\n  flags[{i}] = 1;\n#endif\n" for i, name in enumerate(names))
    source = f'extern "C" __global__ void vs_macro_probe(int *flags) {{\n{flags}}}\n'
    cp = backend.cupy
    out = cp.zeros(len(names), dtype=cp.int32)
    cp.RawModule(code=source, options=_OPTIONS).get_function("vs_macro_probe")((1,), (1,),
                                                                              (out,))
    found = cp.asnumpy(out)
    return frozenset(name for name, flag in zip(names, found, strict=True) if flag)


@cache
def nvrtc_declares(backend: Any, name: str) -> bool:
    """Whether NVRTC's environment declares ``name`` at file scope (a using-declaration
    of an undeclared name does not compile)."""
    cp = backend.cupy
    try:
        cp.RawModule(code=f"namespace vs_probe {{ using ::{name}; }}\n",
                     options=_OPTIONS).compile()
    except cp.cuda.compiler.CompileException:
        return False
    return True
