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

from typing import Any

from veriscan.device.backend import OpenCLBackend, backend_for
from veriscan.library.compact import compact
from veriscan.library.info import PathInfo, call_launches, describe
from veriscan.library.pipeline import ScanPipeline
from veriscan.library.scan import HOST, ScanPlan, plan_scan
from veriscan.monoids import interval_monoid
from veriscan.verdict import Verdict, unknown

_VERIFIERS: dict[int, Any] = {}


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
    *_, info = compact(values, flags, device, algorithm=algorithm, info=True)
    n = len(values)
    backend = None if info.path == HOST else backend_for(device, [values, flags])
    if backend is None:
        info.verdict = unknown("host path", info.covered_by, error="verification",
                               reason="not_proved_here")
    elif not isinstance(backend, OpenCLBackend) or n == 0:
        info.verdict = unknown("proof", "not proved here: " + (
            "an empty input launches no kernel" if n == 0 else
            f"the library's proofs run through OpenCL, this call ran on {backend.name}"),
            error="verification", reason="nothing_analysed" if n == 0 else "not_proved_here")
    else:
        info.verdict = verifier_for(backend).compaction(n)
    return info


def prove(plan: ScanPlan) -> Verdict:
    """The verdict covering exactly the launches ``plan`` makes."""
    if plan.path == HOST:
        return unknown("host path", describe(plan).covered_by, error="verification",
                       reason="not_proved_here")
    if not isinstance(plan.backend, OpenCLBackend):
        return unknown("proof", f"the library's proofs run through OpenCL; this call runs on "
                       f"{plan.backend.name}, whose run of the same kernels is not checked here",
                       error="verification", reason="not_proved_here")
    if plan.lines.size == 0:
        return unknown("proof", "an empty scan launches no kernel; there is nothing to prove",
                       error="verification", reason="nothing_analysed")
    verifier = verifier_for(plan.backend)
    if plan.path == "axis":
        return verifier.axis(plan.inclusive, plan.lines)
    n = plan.lines.size
    proved = ScanPipeline(plan.backend, interval_monoid(n), plan.path).launches(n,
                                                                                plan.inclusive)
    if proved != call_launches(plan):
        return unknown("proof", f"the {plan.path} pipeline makes different launches for "
                       f"{plan.monoid.name} than for the interval monoid the proof uses (its "
                       "block size depends on the element size), so no proof covers this call",
                       error="verification", reason="not_proved_here")
    return verifier.pipeline(plan.path, plan.inclusive, n)


def verifier_for(backend: OpenCLBackend) -> Any:
    """One LibraryVerifier per device, so proofs are made once per process."""
    from veriscan.verification.library import LibraryVerifier

    key = id(backend)
    if key not in _VERIFIERS:
        _VERIFIERS[key] = LibraryVerifier(backend)
    return _VERIFIERS[key]
