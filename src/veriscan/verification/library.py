"""``veriscan verify library``: the library's own kernels through the same method.

For each piece the verdict joins the checks it rests on, in the safe order
(genericity, then the static proof of every launch, and only then a device
run):

* **scan pipelines** (``runs``/``blocks`` × inclusive/exclusive) at each n:
  every kernel generic, every launch the pipeline makes for n race-free,
  divergence-free and in bounds, and the whole pipeline passing the interval
  test, which makes it a correct prefix sum of length n for every monoid.
* **axis scans** (``scan(a, axis=k)`` of N-D arrays) for each outer x len x
  inner shape: the one launch race-free, divergence-free and in bounds, and
  the interval test with a separate range of leaves per line.
* **offset combination** (the last step of ``veriscan.dask``'s scans) for
  the same shapes: race freedom and bounds of its launch; its results are
  covered by the interval test of the Dask pipeline (``veriscan.dask.verify``).
* **compaction**: the flag kernel and the scatter proved for their launches;
  the scatter only under the assumption that the positions of flagged
  elements are distinct, which the checker states and which is discharged
  by the verified exclusive scan pipeline the compaction runs.
* **transpose** and **summed-area table**: race freedom and bounds of every
  launch (their results are checked against NumPy by the tests, not proved).

With a :class:`DeviceLimit` (the command line always gives one) every
interval test runs in a worker child process that is stopped after the
limit, as every other device run of the verdict commands: a pipeline that
never ends gives ``unknown`` with the reason instead of a hung command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from veriscan.device.backend import OpenCLBackend, opencl_backend
from veriscan.errors import VeriscanError
from veriscan.library.axis import AxisShape, axis_launch, combine_launch
from veriscan.library.compact import compaction_plan
from veriscan.library.launch import KernelLaunch, library_kernel_path
from veriscan.library.pipeline import ScanPipeline
from veriscan.library.sat import sat_launches
from veriscan.library.transpose import transpose_launch
from veriscan.monoids import interval_monoid
from veriscan.verdict import Verdict, combine, unknown, verified
from veriscan.verification.certificate import certificate as build_certificate
from veriscan.verification.interval import axis_interval_test, pipeline_interval_test

DEFAULT_SIZES = [1, 3, 1000, 4097, 1000003]
ALL_SIZES = [1, 2, 3, 1000, 4097, 65537, 1000003, 2**24 + 3, 2**26]
SHAPES = [(1, 1), (17, 33), (1000, 3), (4096, 4096)]
# outer x len x inner: lines along the last axis, a middle axis, the first axis.
AXIS_SHAPES = [AxisShape(3, 1000, 1), AxisShape(2, 33, 17), AxisShape(1, 77, 40)]
PIPELINES = [(algorithm, inclusive) for algorithm in ("runs", "runs8", "blocks")
             for inclusive in (True, False)]
# Every flag type compact() accepts (bool arrives as uchar).
FLAG_TYPES = ("uchar", "char", "ushort", "short", "uint", "int", "ulong", "long")


def library_sizes(text: str | None) -> list[int]:
    if text is None:
        return list(DEFAULT_SIZES)
    if text.strip().lower() == "all":
        return list(ALL_SIZES)
    sizes = []
    for part in text.split(","):
        try:
            value = int(part.strip(), 0)
        except ValueError:
            raise VeriscanError(f"--n expects whole numbers or 'all', got '{part}'") from None
        if not 1 <= value <= 2**31 - 1:
            raise VeriscanError(f"--n {value} is outside 1 .. 2^31-1")
        sizes.append(value)
    return sizes


@dataclass
class LibraryReport:
    device: str
    verdicts: list[Verdict] = field(default_factory=list)

    def certificate(self) -> dict[str, Any]:
        return build_certificate(self.device, [v.to_json() for v in self.verdicts],
                                 target="library")


@dataclass(frozen=True)
class DeviceLimit:
    """Run the interval tests in the worker child of device ``selector`` ("" for the
    default), each stopped after ``seconds``."""

    selector: str
    seconds: float


class LibraryVerifier:
    """Runs and caches the checks; a launch shared by several pieces is proved once."""

    def __init__(self, backend: OpenCLBackend, limit: DeviceLimit | None = None):
        self.backend = backend
        self.limit = limit  # None: interval tests run in this process, without a limit
        self._static: dict[tuple[KernelLaunch, tuple[Any, ...]], Verdict] = {}
        self._generic: dict[tuple[str, str, tuple[tuple[str, str], ...]], Verdict] = {}
        self._pipelines: dict[tuple[str, bool, int], Verdict] = {}
        self._axes: dict[tuple[bool, AxisShape], Verdict] = {}

    # ------------------------------------------------------------------ steps
    def generic(self, spec: KernelLaunch) -> Verdict:
        from veriscan.check import check_generic
        from veriscan.frontend import parse_kernel

        key = (spec.kernel, spec.entry, spec.defines)
        if key not in self._generic:
            kernel = parse_kernel(library_kernel_path(spec.kernel), entry=spec.entry,
                                  defines=dict(spec.defines))
            verdict = check_generic(kernel)
            verdict.check = f"generic {spec.entry}"
            self._generic[key] = verdict
        return self._generic[key]

    def static(self, spec: KernelLaunch, assumptions: tuple[Any, ...] = ()) -> Verdict:
        from veriscan.check import Launch, check_kernel

        key = (spec, assumptions)
        if key not in self._static:
            verdict = check_kernel(library_kernel_path(spec.kernel), entry=spec.entry,
                                   launch=Launch(spec.local_size, spec.num_groups),
                                   defines=dict(spec.defines), array_sizes=dict(spec.arrays),
                                   scalar_values=dict(spec.scalars), assumptions=assumptions)
            verdict.check = f"static {spec.describe()}"
            self._static[key] = verdict
        return self._static[key]

    def device(self, test: Callable[..., Verdict], *args: Any) -> Verdict:
        """``test(backend, *args)``: here, or under the limit in the worker child, whose
        backend is given this one's layout (group size, local memory) so it makes
        the same launches the static proofs covered."""
        if self.limit is None:
            return test(self.backend, *args)
        from veriscan.device.worker import DeviceCrash, DeviceTimeout
        from veriscan.functional.device_runs import worker_for

        layout = (self.backend.is_cpu, self.backend.max_group, self.backend.compute_units,
                  self.backend.local_mem_bytes)
        try:
            return worker_for(self.limit.selector).call(
                _device_job, test, self.limit.selector, layout, args,
                timeout=self.limit.seconds).value
        except DeviceTimeout as exc:
            return unknown("interval", f"{exc}; the pipeline may never terminate",
                           error="output", reason="budget_exhausted", timeout_s=exc.seconds)
        except DeviceCrash as exc:
            return unknown("interval", f"the device run failed: {exc}", error="output",
                           reason="not_run")

    # ------------------------------------------------------------------ pieces
    def pipeline(self, algorithm: str, inclusive: bool, n: int) -> Verdict:
        key = (algorithm, inclusive, n)
        if key in self._pipelines:
            return self._pipelines[key]
        mode = "inclusive" if inclusive else "exclusive"
        name = f"scan {algorithm} {mode}"
        launches = ScanPipeline(self.backend, interval_monoid(n), algorithm).launches(
            n, inclusive)
        parts = _unique([self.generic(s) for s in launches])
        parts += _unique([self.static(s) for s in launches])
        if all(p.ok for p in parts):  # never run on the device before the static proof
            parts.append(self.device(pipeline_interval_test, algorithm, n, inclusive))
        verdict = combine(name, parts, f"the {algorithm} pipeline ({len(launches)} launches) is "
                          f"a correct {mode} prefix sum of length {n} for every associative "
                          f"operator and every input, on this device and compiler")
        verdict.details.update({"n": n, "launches": [s.describe() for s in launches]})
        self._pipelines[key] = verdict
        return verdict

    def axis(self, inclusive: bool, shape: AxisShape) -> Verdict:
        """The axis scan of an outer x len x inner array: its launch, then the interval test."""
        key = (inclusive, shape)
        if key not in self._axes:
            mode = "inclusive" if inclusive else "exclusive"
            spec = axis_launch(self.backend, shape, inclusive)
            parts = [self.generic(spec), self.static(spec)]
            if all(p.ok for p in parts):  # never run on the device before the static proof
                parts.append(self.device(axis_interval_test, shape, inclusive))
            verdict = combine(f"scan axis {mode}", parts, f"the axis scan is a correct {mode} "
                              f"prefix sum of each of the {shape.lines} lines of length "
                              f"{shape.length} of a {shape.describe()} array, for every "
                              "associative operator and every input, on this device and "
                              "compiler")
            verdict.details.update({"n": shape.describe(), "launches": [spec.describe()]})
            self._axes[key] = verdict
        return self._axes[key]

    def compaction(self, n: int) -> Verdict:
        from veriscan.check import DistinctWhere

        distinct = DistinctWhere("index", "flags")
        plans = [compaction_plan(self.backend, n, flag_type) for flag_type in FLAG_TYPES]
        scan = self.pipeline(plans[0].scan.algorithm, False, n)
        parts = [self.static(p.flags) for p in plans]
        parts += [self.static(p.scatter, (distinct,)) for p in plans]
        plan = plans[0]
        if scan.ok:
            parts.append(verified(
                "assumption", f"discharged: {distinct.describe()} holds because index is the "
                f"exclusive +-scan of the 0/1 flags by the {plan.scan.algorithm} pipeline, "
                f"verified for n = {n}: for flagged i < j, index[j] >= index[i] + 1 (no "
                "wrap-around below 2^31 elements)"))
        else:
            parts.append(unknown("assumption", f"not discharged: {distinct.describe()} rests "
                                 f"on the exclusive scan, which is not verified: {scan.summary}",
                                 error="assumption", reason="assumption_not_discharged"))
        verdict = combine("compact", parts, f"compaction of {n} elements: both kernels race-free,"
                          f" divergence-free and in bounds for flags of every integer type "
                          f"({', '.join(FLAG_TYPES)}); the scatter's assumption "
                          f"({distinct.describe()}) is discharged by the verified scan")
        verdict.details["n"] = n
        return verdict

    def matrix(self, name: str, launches: list[KernelLaunch], shape: tuple[int, int]) -> Verdict:
        parts = _unique([self.static(s) for s in launches])
        verdict = combine(name, parts, f"every launch for a {shape[0]}x{shape[1]} matrix is "
                          "race-free, divergence-free and in bounds")
        verdict.details["n"] = f"{shape[0]}x{shape[1]}"
        return verdict


def verify_library(runtime: Any, n_text: str | None,
                   shapes: list[tuple[int, int]] | None = None,
                   limit: DeviceLimit | None = None) -> LibraryReport:
    backend = opencl_backend(runtime)
    checker = LibraryVerifier(backend, limit)
    report = LibraryReport(runtime.description)
    for n in library_sizes(n_text):
        report.verdicts += [checker.pipeline(a, inc, n) for a, inc in PIPELINES]
        report.verdicts.append(checker.compaction(n))
    for shape in AXIS_SHAPES:
        report.verdicts += [checker.axis(inclusive, shape) for inclusive in (True, False)]
        combine_verdict = combine("offset combine", [checker.static(combine_launch(
            backend, shape))], f"the launch for a {shape.describe()} chunk is race-free, "
            "divergence-free and in bounds")
        combine_verdict.details["n"] = shape.describe()
        report.verdicts.append(combine_verdict)
    for rows, cols in shapes or SHAPES:
        report.verdicts.append(checker.matrix("transpose", [transpose_launch(backend, rows, cols)],
                                              (rows, cols)))
        for algorithm in ("direct", "transpose"):
            report.verdicts.append(checker.matrix(f"sat {algorithm}", sat_launches(
                backend, rows, cols, algorithm), (rows, cols)))
    return report


_CHILD_BACKENDS: dict[tuple[str, tuple[Any, ...]], OpenCLBackend] = {}


def _device_job(test: Callable[..., Verdict], selector: str, layout: tuple[Any, ...],
                args: tuple[Any, ...]) -> Verdict:
    """In the worker child: ``test`` on a backend with the parent's layout (kept, so
    programs stay built across the runs of one command)."""
    from veriscan.device.opencl import get_runtime

    key = (selector, layout)
    if key not in _CHILD_BACKENDS:
        backend = OpenCLBackend(get_runtime(selector or None))
        backend.is_cpu, backend.max_group, backend.compute_units, backend.local_mem_bytes = \
            layout
        _CHILD_BACKENDS[key] = backend
    return test(_CHILD_BACKENDS[key], *args)


def _unique(parts: list[Verdict]) -> list[Verdict]:
    seen: set[int] = set()
    out = []
    for p in parts:
        if id(p) not in seen:
            seen.add(id(p))
            out.append(p)
    return out


__all__ = ["DeviceLimit", "LibraryReport", "LibraryVerifier", "library_sizes", "verify_library"]
