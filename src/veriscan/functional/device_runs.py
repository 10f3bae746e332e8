"""Device runs that can be stopped, on every OpenCL implementation, Oclgrind's included.

What the verdict commands need from a device beyond a result:

* **a time limit and Ctrl-C**: every run goes to a child process
  (:class:`~veriscan.device.worker.DeviceWorker`, one per implementation,
  reused by all runs of a command); a run past its limit is ``unknown``;
* **every implementation**: PoCL always, Oclgrind when installed, any other
  platform found; :func:`implementations` lists them, the default first;
* **Oclgrind's detectors**: under Oclgrind a run has its race,
  uninitialised-value and memory checkers on, and what they print is joined
  to the run's verdict (:mod:`.oclgrind_reports`).

Oclgrind simulates every work-item, so it runs only sizes up to
:data:`OCLGRIND_MAX_N`, and verdicts say so.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from veriscan.device.oclgrind import DETECTOR_ENV, UNINITIALIZED_ENV, is_oclgrind
from veriscan.device.worker import DeviceCrash, DeviceTimeout, DeviceWorker, Reply
from veriscan.errors import VeriscanError
from veriscan.functional.device_jobs import native_name_job, verdict_test_job
from veriscan.functional.oclgrind_reports import Resolver, scan_ir_once, with_reports
from veriscan.verdict import Verdict, unknown

if TYPE_CHECKING:
    from veriscan.functional.device_jobs import DeviceTest
    from veriscan.ir import nodes as ir
    from veriscan.scankernel import ScanKernel

DEFAULT_TIMEOUT_S = 60.0  # per device run; `--timeout` changes it
OCLGRIND_MAX_N = 256  # Oclgrind runs sizes up to here (it simulates every work-item)
OCLGRIND_RUNS = 3  # at most this many sizes per kernel in a `verify` sweep
_PLUGIN_FAILED = re.compile(r"FATAL ERROR \([^)]*Uninitialized")
_LIMIT_REACHED = "suppressing further errors"


@dataclass(frozen=True)
class Implementation:
    """One OpenCL implementation: the selector that picks it and what to call it."""

    selector: str
    name: str
    oclgrind: bool


def implementations(device: str | None = None) -> list[Implementation]:
    """The implementations a device step runs on: ``device`` alone if given, else the
    default device's platform first and one device of every other platform."""
    from veriscan.device.opencl import get_runtime, list_devices

    if device:
        rt = get_runtime(device)
        return [Implementation(device, rt.name, is_oclgrind(rt.platform))]
    default = get_runtime()
    out = [Implementation("", default.name, is_oclgrind(default.platform))]
    seen = {default.platform}
    for d in list_devices():
        platform = d.platform.name.strip()
        if platform not in seen:
            seen.add(platform)
            out.append(Implementation(platform, d.name.strip(), is_oclgrind(platform)))
    return out


def with_native_cuda(kernel: ScanKernel, devices: list[Implementation]) -> list[Implementation]:
    """``devices``, and for a CUDA kernel the GPU it also runs on as written, where CuPy
    and an NVIDIA GPU are present (asked in a worker: this process never opens CUDA)."""
    native = native_cuda() if kernel.dialect != "opencl" else None
    return [*devices, native] if native and native not in devices else devices


@cache
def native_cuda() -> Implementation | None:
    """The GPU, once per command; without CuPy installed nothing is started at all."""
    from veriscan.functional.cuda_native import SELECTOR

    if importlib.util.find_spec("cupy") is None:
        return None
    try:
        name = worker_for(SELECTOR).call(native_name_job, timeout=DEFAULT_TIMEOUT_S).value
    except (DeviceTimeout, DeviceCrash, VeriscanError):
        return None
    return Implementation(SELECTOR, name, oclgrind=False) if name else None


def sizes_for(impl: Implementation, sizes: list[int]) -> list[int]:
    """The sizes ``impl`` runs: all of them, but under Oclgrind only those up to
    :data:`OCLGRIND_MAX_N`, and of a long sweep every other one from the largest down
    (2..256 gives 16, 64, 256), which keeps `verify all` quick."""
    if not impl.oclgrind:
        return list(sizes)
    small = [n for n in sizes if n <= OCLGRIND_MAX_N]
    return small if len(small) <= OCLGRIND_RUNS else small[::-2][:OCLGRIND_RUNS][::-1]


@cache
def worker_for(selector: str, oclgrind: bool = False,
               uninitialized: bool = False) -> DeviceWorker:
    """One worker per implementation (and Oclgrind detector set) for the whole command,
    so programs stay built."""
    if not oclgrind:
        return DeviceWorker()
    return DeviceWorker(env={**DETECTOR_ENV, **(UNINITIALIZED_ENV if uninitialized else {})})


def run_in_worker(impl: Implementation, job: Callable[..., Any], *args: Any, timeout: float,
                  kernel: ir.Kernel | None) -> tuple[Reply, list[str]]:
    """``job(*args)`` in ``impl``'s worker, and notes on how Oclgrind was run.

    Oclgrind's uninitialised-value plugin reports reads of global memory that
    another work-item of the group wrote before a barrier as uninitialised (seen
    on the shipped in-place kernels), and it aborts on some kernels (sklansky).
    So it watches only kernels that never read a global array they write, and a
    run it aborts is repeated without it; the notes say which happened.
    """
    notes: list[str] = []
    # Decided per run, never from earlier runs: equal runs give equal verdicts.
    watch = impl.oclgrind and kernel is not None and not reads_own_global_writes(kernel)
    if impl.oclgrind and not watch:
        notes.append("Oclgrind's uninitialised-value detector was off: " + (
            "the kernel reads global memory it writes, which that detector misreports"
            if kernel is not None else "these kernels were not analysed for reads of "
            "global memory they write, which that detector misreports"))
    reply = _fresh_after_limit(worker_for(impl.selector, impl.oclgrind, watch), job, args,
                               timeout)
    if watch and _PLUGIN_FAILED.search(reply.stderr):
        notes.append("Oclgrind's uninitialised-value detector failed on this run (an "
                     "internal error of the plugin); it was repeated without it")
        reply = _fresh_after_limit(worker_for(impl.selector, True), job, args, timeout)
    return reply, notes


def _fresh_after_limit(worker: DeviceWorker, job: Callable[..., Any], args: tuple[Any, ...],
                       timeout: float) -> Reply:
    """One call; Oclgrind counts reports per process and goes silent after its limit,
    so a worker that reached it is replaced before the next run."""
    reply = worker.call(job, *args, timeout=timeout)
    if _LIMIT_REACHED in reply.stderr:
        worker.close()
    return reply


def reads_own_global_writes(kernel: ir.Kernel) -> bool:
    """Whether the kernel loads from a global array it also stores to."""
    from veriscan.ir import nodes as irn
    from veriscan.ir.visit import walk

    stmts = list(walk(kernel.body))
    global_arrays = {p.name for p in kernel.params
                     if p.is_pointer and p.space is irn.MemSpace.GLOBAL}
    stored = {s.array for s in stmts if isinstance(s, irn.Store)} & global_arrays
    return any(isinstance(s, irn.Load) and s.array in stored for s in stmts)


def stopped(check: str, exc: Exception, kernel: Any, n: int | None,
            impl: Implementation) -> Verdict:
    """The unknown verdict of a run that did not finish: past its limit, refused, or
    crashed."""
    why = (f"{exc}; the kernel may never terminate (static verdicts assume that loops "
           "without barriers terminate)" if isinstance(exc, DeviceTimeout)
           else f"not run: {exc}" if isinstance(exc, VeriscanError)
           else f"the device run failed: {exc}")
    return unknown(check, why, error="dynamic" if check == "dynamic" else "output",
                   reason="budget_exhausted" if isinstance(exc, DeviceTimeout) else "not_run",
                   kernel=getattr(kernel, "name", str(kernel)), n=n, device=impl.name)


def device_test(test: DeviceTest, kernel: ScanKernel, n: int, impl: Implementation,
                timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """``test(kernel, n, runtime)`` (a module-level function) on ``impl`` in its worker:
    stopped after ``timeout`` seconds (unknown), detector reports joined to the verdict."""
    resolver = Resolver.for_scan(kernel, n)
    try:
        reply, notes = run_in_worker(impl, verdict_test_job, test, kernel, n, impl.selector,
                                     timeout=timeout,
                                     kernel=scan_ir_once(kernel, n) if impl.oclgrind else None)
    except (DeviceTimeout, DeviceCrash) as exc:
        return stopped(test.__name__.replace("_test", ""), exc, kernel, n, impl)
    if not impl.oclgrind:
        return reply.value  # no detectors; what the compiler printed is not a verdict's
    return with_reports(reply.value, reply.stderr, resolver, notes)
