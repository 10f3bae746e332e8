"""What a library call does: the path it takes, the kernels it launches, what covers it.

``veriscan.scan(..., info=True)`` (and ``compact``) returns a :class:`PathInfo`
without proving anything (cheap: the launches are recorded, not run);
``veriscan.explain`` (:mod:`veriscan.verification.explain`) fills in the
verdict for exactly this call's launches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from veriscan.library.axis import axis_launch
from veriscan.library.launch import KernelLaunch
from veriscan.library.pipeline import ScanPipeline
from veriscan.library.scan import HOST, ScanPlan
from veriscan.verdict import Verdict

HOST_DEVICE = "host CPU (NumPy)"


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
