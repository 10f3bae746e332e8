"""The dynamic checks: kernels run under Oclgrind's detectors, and the interval test.

``veriscan check --dynamic`` runs a kernel under Oclgrind on every input
pattern (:data:`PATTERNS`: races can depend on data) and sets what its
detectors report beside the static verdict (:func:`against_static`,
:func:`~veriscan.functional.cross_check.cross_check`); ``veriscan verify``
runs the interval test on each implementation (:func:`device_interval`) and
its library step every primitive (:func:`library_on`).  How a run is made
(a worker child, a time limit, which implementations) is
:mod:`.device_runs`; how Oclgrind's reports become witnesses,
:mod:`.oclgrind_reports`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from veriscan.device.worker import DeviceCrash, DeviceTimeout
from veriscan.errors import VeriscanError
from veriscan.functional.cross_check import cross_check
from veriscan.functional.device_jobs import launch_job, library_job, scan_job
from veriscan.functional.device_runs import (
    DEFAULT_TIMEOUT_S,
    OCLGRIND_MAX_N,
    Implementation,
    device_test,
    implementations,
    run_in_worker,
    stopped,
)
from veriscan.functional.oclgrind_reports import Resolver, scan_ir_once, with_reports
from veriscan.verdict import Status, Verdict, unknown

if TYPE_CHECKING:
    from veriscan.ir import nodes as ir
    from veriscan.scankernel import ScanKernel

PATTERNS = ("zeros", "ones", "iota", "reversed", "random")
_EVERY_PATTERN = f"{len(PATTERNS)} input patterns ({', '.join(PATTERNS)})"
_NO_OCLGRIND = "not run: Oclgrind is not installed (apt-get install oclgrind)"
_NOT_OPENCL = "not run: a CUDA kernel cannot run on an OpenCL device"
ANNOTATIONS = (Path(__file__).resolve().parent / "cl" / "annotations_prelude.cl").read_text()


def oclgrind_implementation() -> Implementation | None:
    """The implementation the Oclgrind checks run on; None if Oclgrind is missing."""
    try:
        impls = implementations()
    except VeriscanError:
        return None
    return next((i for i in impls if i.oclgrind), None)


def input_pattern(name: str, size: int, dtype: np.dtype | type = np.int32) -> np.ndarray:
    """Inputs of a dynamic check: races can depend on data (indices read from memory)."""
    values: np.ndarray
    if name == "zeros":
        values = np.zeros(size)
    elif name == "ones":
        values = np.ones(size)
    elif name == "iota":
        values = np.arange(size)
    elif name == "reversed":
        values = np.arange(size)[::-1]
    else:
        values = np.random.default_rng(size).integers(0, max(size, 1), size)
    return np.ascontiguousarray(values.astype(dtype))


def device_interval(kernel: ScanKernel, n: int, impl: Implementation,
                    timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """The interval test of ``kernel`` at ``n`` on ``impl``: :func:`device_test`."""
    from veriscan.functional.interval import interval_test

    return device_test(interval_test, kernel, n, impl, timeout)


def dynamic_scan(kernel: ScanKernel, n: int, timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """The scan kernel at ``n`` under Oclgrind on every input pattern (int32 addition)."""
    impl = oclgrind_implementation()
    check = "dynamic"
    if impl is None:
        return unknown(check, _NO_OCLGRIND, error="dynamic", reason="not_run", n=n)
    if kernel.dialect != "opencl":
        return unknown(check, _NOT_OPENCL, error="dynamic", reason="not_run", n=n)
    if n > OCLGRIND_MAX_N:
        return unknown(check, f"not run at n={n}: Oclgrind simulates every work-item and "
                       f"runs sizes up to {OCLGRIND_MAX_N}", error="dynamic", reason="not_run",
                       n=n)
    values = [input_pattern(p, n) for p in PATTERNS]
    resolver = Resolver.for_scan(kernel, n)
    try:
        reply, notes = run_in_worker(impl, scan_job, kernel, n, impl.selector, values,
                                     timeout=timeout, kernel=scan_ir_once(kernel, n))
    except (DeviceTimeout, DeviceCrash, VeriscanError) as exc:
        return stopped(check, exc, kernel, n, impl)
    base = _silent(check, n, reply.value, _EVERY_PATTERN)
    return with_reports(base, reply.stderr, resolver, notes)


def dynamic_launch(ir_kernel: ir.Kernel, source: str, options: list[str],
                   local: tuple[int, ...], groups: tuple[int, ...],
                   array_sizes: dict[str, int], scalars: dict[str, int],
                   timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """Any OpenCL kernel under Oclgrind for an explicit launch, on every input pattern.

    Arrays without ``--array-size`` get one element per work-item of the launch;
    scalars without ``--param`` take the pattern's first value.
    """
    from pyopencl.cltypes import vec_types

    from veriscan.ir import nodes as irn

    check = "dynamic"
    impl = oclgrind_implementation()
    if impl is None:
        return unknown(check, _NO_OCLGRIND, error="dynamic", reason="not_run")
    if ir_kernel.dialect is not irn.Dialect.OPENCL:
        return unknown(check, _NOT_OPENCL, error="dynamic", reason="not_run")
    groups = (*groups, *(1,) * (len(local) - len(groups)))
    local = (*local, *(1,) * (len(groups) - len(local)))
    global_size = tuple(size * g for size, g in zip(local, groups, strict=True))
    items = int(np.prod(global_size))
    if items > 16 * OCLGRIND_MAX_N:
        return unknown(check, f"not run: {items} work-items; Oclgrind simulates every "
                       f"work-item and runs launches up to {16 * OCLGRIND_MAX_N}",
                       error="dynamic", reason="not_run")
    replies = []
    for pattern in PATTERNS:
        args: list[tuple[str, Any]] = []
        for p in ir_kernel.params:
            dtype = _dtype(p.type)
            if p.is_pointer:  # scalars of p.type; a vector takes cells_per_element of them
                count = array_sizes.get(p.name, items) * p.cells_per_element
                args.append(("buffer", input_pattern(pattern, count, dtype)))
            elif p.lanes != 1:  # a vector by value: the pattern's first values, lane by lane
                lanes = input_pattern(pattern, max(items, p.lanes), dtype)[:p.lanes]
                value = np.zeros((), dtype=vec_types[(dtype, p.cells_per_element)])
                for k, lane in enumerate(lanes):
                    value[f"s{k:x}"] = lane
                args.append(("scalar", value))
            else:
                value = scalars.get(p.name, input_pattern(pattern, items, dtype)[0])
                args.append(("scalar", np.asarray(value, dtype=dtype)[()]))
        try:
            reply, notes = run_in_worker(impl, launch_job, impl.selector,
                                         ANNOTATIONS + source, options, ir_kernel.name,
                                         global_size, local, args, ir_kernel.file,
                                         timeout=timeout, kernel=ir_kernel)
        except (DeviceTimeout, DeviceCrash, VeriscanError) as exc:
            return stopped(check, exc, ir_kernel, None, impl)
        replies.append(reply)
    base = _silent(check, None, replies[0].value, _EVERY_PATTERN,
                   launch=f"{local} x {groups}")
    return with_reports(base, "".join(r.stderr for r in replies), Resolver(ir_kernel, {}),
                        notes)


def library_on(impl: Implementation, sizes: list[int], shape: tuple[int, int],
               timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """Every library pipeline and primitive launch on ``impl`` for ``sizes`` and a
    ``shape`` matrix, results checked against NumPy, detector reports joined."""
    check = "library launches"
    try:
        reply, notes = run_in_worker(impl, library_job, impl.selector, sizes, shape,
                                     timeout=timeout, kernel=None)
    except (DeviceTimeout, DeviceCrash) as exc:
        return stopped(check, exc, "library", None, impl)
    base = _silent(check, None, impl.name, f"{len(reply.value)} library launches "
                   f"({'; '.join(reply.value)}) with results equal to NumPy's")
    return with_reports(base, reply.stderr, Resolver(None, {}), notes)


def against_static(kernel: ScanKernel, static: list[Verdict], sizes: list[int],
                   timeout: float = DEFAULT_TIMEOUT_S) -> list[Verdict]:
    """``veriscan check --dynamic`` for a scan kernel: the static verdicts, then one
    Oclgrind run per size in ``sizes`` it can simulate, each compared with the static
    verdict for that size (or the one verdict that covers every size)."""
    by_size = {v.details.get("n"): v for v in static}
    small = [n for n in sizes if n <= OCLGRIND_MAX_N]
    if not small:
        return [*static, unknown("dynamic", f"not run: Oclgrind simulates every work-item and "
                                 f"runs n ≤ {OCLGRIND_MAX_N}; asked for n = "
                                 f"{', '.join(map(str, sizes))}", error="dynamic",
                                 reason="not_run")]
    rows = [cross_check(dynamic_scan(kernel, n, timeout), by_size.get(n, static[0]))
            for n in small]
    return [*static, *rows]


def _silent(check: str, n: int | None, device: str, inputs: str, **extra: Any) -> Verdict:
    """The verdict of a run the detectors said nothing about: verified, but worded as
    the test it is (the reports, if any, are joined to it by ``with_reports``)."""
    return Verdict(check, Status.VERIFIED,
                   f"Oclgrind ran it on {inputs}" + (f" at n={n}" if n else "")
                   + ": no data race, uninitialised value, out-of-bounds access or barrier "
                   "divergence in these runs (one schedule each; a test, not a proof)",
                   details={"n": n, "device": device, **extra})


def _dtype(t: Any) -> np.dtype:
    """The NumPy type of a kernel parameter's elements (int32 where there is none)."""
    from veriscan.ir import nodes as irn

    if t.kind is irn.TypeKind.FLOAT:
        return np.dtype(np.float64 if t.bits == 64 else np.float32)
    if t.kind is irn.TypeKind.INT and t.bits in (8, 16, 32, 64):
        return np.dtype(f"{'i' if t.signed else 'u'}{t.bits // 8}")
    return np.dtype(np.int32)
