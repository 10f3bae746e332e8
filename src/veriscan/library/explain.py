"""What covers a library call: the path it takes, the kernels it launches, the proof.

``veriscan.scan(..., info=True)`` returns :class:`PathInfo` without proving
anything (cheap: the launches are recorded, not run); ``veriscan.explain``
also produces the verdict for exactly this call's launches, with the same
checks ``veriscan verify library`` makes (genericity, the static proof of
every launch, the interval test of the whole pipeline), cached per device.

The verdict is never borrowed from a neighbour: if the launches that were
proved (with the interval monoid) differ from the ones this call makes with
its own monoid, or the call runs on the host, the verdict is ``unknown`` and
says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from veriscan.library.axis import axis_launch
from veriscan.library.backend import KernelLaunch, OpenCLBackend
from veriscan.library.pipeline import ScanPipeline
from veriscan.library.scan import HOST, ScanPlan, plan_scan
from veriscan.monoids import interval_monoid
from veriscan.verdict import Verdict, unknown

HOST_DEVICE = "host CPU (NumPy)"
_VERIFIERS: dict[int, Any] = {}


@dataclass
class PathInfo:
    """How one library call runs and what covers it (``verdict`` is set by ``explain``)."""

    path: str
    operation: str
    device: str
    kernels: list[str]
    launches: list[str]
    covered_by: str
    notes: list[str] = field(default_factory=list)
    verdict: Verdict | None = None

    def __str__(self) -> str:
        lines = [f"path: {self.path} ({self.operation}, on {self.device})"]
        lines += [f"kernel: {k}" for k in self.kernels]
        lines += [f"launch: {launch}" for launch in self.launches]
        lines.append(f"covered by: {self.covered_by}")
        lines += [f"note: {note}" for note in self.notes]
        if self.verdict is not None:
            lines.append(f"verdict: {self.verdict.status.value}: {self.verdict.summary}")
        return "\n".join(lines)


def describe(plan: ScanPlan) -> PathInfo:
    mode = "inclusive" if plan.inclusive else "exclusive"
    operation = (f"{mode} {plan.monoid.name} scan of shape {plan.shape} along axis "
                 f"{plan.axis}, accumulator {plan.monoid.dtype}")
    notes = []
    if not plan.monoid.exact:
        notes.append(f"{plan.monoid.name} is not associative in floating point: a parallel "
                     "path groups the terms differently from NumPy's left-to-right loop, so "
                     "results agree up to rounding")
    if plan.path == HOST:
        return PathInfo(HOST, operation, HOST_DEVICE,
                        [f"numpy.{plan.ufunc.__name__}.accumulate"], [],
                        host_coverage(plan.lines.size, f"numpy.{plan.ufunc.__name__}.accumulate",
                                      "algorithm='runs'"), notes)
    launches = call_launches(plan)
    return PathInfo(
        path=plan.path, operation=operation, device=plan.backend.name,
        kernels=kernel_files(launches), launches=[s.describe() for s in launches], notes=notes,
        covered_by=(f"static proof of each of the {len(launches)} launches (race-free, "
                    "divergence-free, in bounds) and the interval test of the whole "
                    f"{plan.path} pipeline at this size, as `veriscan verify library` does; "
                    "veriscan.explain(...) runs them for this call"))


def explain(x: Any, op: Any = "add", inclusive: bool = True, algorithm: str = "auto",
            device: str | None = None, *, axis: int | None = None,
            dtype: Any = None) -> PathInfo:
    """The :class:`PathInfo` of ``veriscan.scan(x, ...)`` with its verdict (nothing is scanned
    but the proofs' own test inputs)."""
    plan = plan_scan(x, op, inclusive, algorithm, device, axis, dtype, None)
    info = describe(plan)
    info.verdict = prove(plan)
    return info


def explain_compact(values: Any, flags: Any, device: str | None = None, *,
                    algorithm: str = "auto") -> PathInfo:
    """``compact(values, flags, ..., info=True)``'s :class:`PathInfo` with its verdict: for
    the device path the compaction verdict of ``veriscan verify library`` at this n."""
    from veriscan.library.backend import backend_for
    from veriscan.library.compact import compact

    *_, info = compact(values, flags, device, algorithm=algorithm, info=True)
    n = len(values)
    backend = None if info.path == HOST else backend_for(device, [values, flags])
    if backend is None:
        info.verdict = unknown("host path", info.covered_by)
    elif not isinstance(backend, OpenCLBackend) or n == 0:
        info.verdict = unknown("proof", "not proved here: " + (
            "an empty input launches no kernel" if n == 0 else
            f"the library's proofs run through OpenCL, this call ran on {backend.name}"))
    else:
        info.verdict = verifier_for(backend).compaction(n)
    return info


def prove(plan: ScanPlan) -> Verdict:
    """The verdict covering exactly the launches ``plan`` makes."""
    if plan.path == HOST:
        return unknown("host path", describe(plan).covered_by)
    if not isinstance(plan.backend, OpenCLBackend):
        return unknown("proof", f"the library's proofs run through OpenCL; this call runs on "
                       f"{plan.backend.name}, whose run of the same kernels is not checked here")
    if plan.lines.size == 0:
        return unknown("proof", "an empty scan launches no kernel; there is nothing to prove")
    verifier = verifier_for(plan.backend)
    if plan.path == "axis":
        return verifier.axis(plan.inclusive, plan.lines)
    n = plan.lines.size
    proved = ScanPipeline(plan.backend, interval_monoid(n), plan.path).launches(n,
                                                                                plan.inclusive)
    if proved != call_launches(plan):
        return unknown("proof", f"the {plan.path} pipeline makes different launches for "
                       f"{plan.monoid.name} than for the interval monoid the proof uses (its "
                       "block size depends on the element size), so no proof covers this call")
    return verifier.pipeline(plan.path, plan.inclusive, n)


def call_launches(plan: ScanPlan) -> list[KernelLaunch]:
    if plan.path == "axis":
        return [axis_launch(plan.backend, plan.lines, plan.inclusive)]
    return ScanPipeline(plan.backend, plan.monoid, plan.path).launches(plan.lines.size,
                                                                       plan.inclusive)


def host_coverage(n: int, numpy_code: str, force: str) -> str:
    """What covers a host path: nothing of veriscan's, and the text says so."""
    return (f"no veriscan proof: {n} elements are below the host limit, so NumPy's own code "
            f"({numpy_code}) computed this on the host, where a device round trip would cost "
            "more than the work; it is the reference the library's tests compare with, not a "
            f"verified kernel (pass {force} or a device= to use the verified kernels)")


def kernel_files(launches: list[KernelLaunch]) -> list[str]:
    """``kernels/library/FILE.cl: entry, entry`` for each file the launches use."""
    entries: dict[str, set[str]] = {}
    for spec in launches:
        entries.setdefault(spec.kernel, set()).add(spec.entry)
    return [f"kernels/library/{stem}.cl: {', '.join(sorted(names))}"
            for stem, names in entries.items()]


def verifier_for(backend: OpenCLBackend) -> Any:
    """One LibraryVerifier per device, so proofs are made once per process."""
    from veriscan.library.verification import LibraryVerifier

    key = id(backend)
    if key not in _VERIFIERS:
        _VERIFIERS[key] = LibraryVerifier(backend)
    return _VERIFIERS[key]
