"""The full method of paper 001 §6 for one generic scan kernel, with a certificate.

Three steps, always in this order, stopping at the first that does not hold:

1. **generic**: values of ``TYPE`` reach nothing but variables, arrays and
   ``OPERATOR`` (otherwise the interval test proves nothing: a kernel could
   recognise the test's values);
2. **static**: no data race, no barrier divergence, every access in bounds
   (race freedom makes the result schedule-independent, Lemma 5.4; and a
   divergent barrier can hang a device, so nothing runs before this holds);
3. **interval**: the kernel, run on the device with the interval monoid on
   in[k] = (k, k), returns (0, k) at every k — on every OpenCL
   implementation present (PoCL at every size; Oclgrind, when installed, at
   a few sizes up to 256 with its race, uninitialised-value and memory
   detectors on, any report a violation), each run in a worker process with
   a time limit.  A CUDA kernel runs as its OpenCL C translation
   (:mod:`veriscan.functional.cuda_to_opencl`, from the text the proof parsed),
   and the step says so; a construct the translation does not render exactly
   leaves the step unknown.  A detector report the static proof says cannot happen is an
   internal disagreement: unknown, "please report".

Only all three together give *verified*, and the verdict says exactly what
that means.  After a static race (not divergence, which could hang a
device) Oclgrind still runs the interval step, so its race detector's report
stands beside the proof's.  The certificate is a JSON record of every step
and every device run, written atomically.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from veriscan.errors import DeviceLimitError, VeriscanError
from veriscan.functional.cuda_native import SELECTOR as NATIVE
from veriscan.functional.cuda_to_opencl import LABEL
from veriscan.functional.device_runs import (
    DEFAULT_TIMEOUT_S,
    OCLGRIND_MAX_N,
    Implementation,
    implementations,
    with_native_cuda,
)
from veriscan.monoids import interval_monoid
from veriscan.outputs import check_output_file, write_text_atomically
from veriscan.scankernel import ScanKernel, load_scan_kernel, shipped_kernel_files
from veriscan.verdict import Verdict, combine, unknown, verified
from veriscan.verification.certificate import certificate as build_certificate

# `--n all` sweeps powers of two up to here (or the device's limit, if lower): beyond it
# a single work group's interval test needs gigabytes and minutes, not a sweep step.
MAX_LOG_N = 26
Progress = Callable[[str], None]
STEPS = ("generic", "static", "interval")


@dataclass
class KernelResult:
    """What ``verify`` found for one kernel: every step run, and the final verdict."""

    kernel: ScanKernel
    sizes: list[int]
    steps: list[Verdict] = field(default_factory=list)
    verdict: Verdict | None = None
    # What the interval step ran beyond the first device ("Oclgrind Simulator at n = 2..256").
    also: list[str] = field(default_factory=list)

    @property
    def mode(self) -> str:
        return "inclusive" if self.kernel.inclusive else "exclusive"

    def step(self, name: str) -> Verdict | None:
        return next((s for s in self.steps if s.check == name), None)


def shipped_scan_kernels() -> list[ScanKernel]:
    """Every shipped single-group scan kernel: OpenCL C (``kernels/scan/*.cl``) and CUDA C
    (``kernels/scan/cuda/*.cu``, whose interval test runs their OpenCL C translation)."""
    return [load_scan_kernel(str(p)) for p in shipped_kernel_files("scan")]


def power_of_two_sizes(kernel: ScanKernel, max_group: int, max_alloc_bytes: int) -> list[int]:
    """2, 4, … up to the largest n whose work group fits ``max_group`` work-items and whose
    interval-test buffers fit one device allocation."""
    sizes = []
    for log_n in range(1, MAX_LOG_N + 1):
        n = 1 << log_n
        if n * interval_monoid(n).dtype.itemsize > max_alloc_bytes:
            break
        try:
            threads = kernel.thread_count(n)
        except VeriscanError:
            continue
        if threads > max_group:
            break
        sizes.append(n)
    return sizes


def verify_kernel(kernel: ScanKernel, sizes: list[int], *, every_size: bool,
                  runtime: Any, progress: Progress | None = None,
                  devices: list[Implementation] | None = None,
                  timeout: float = DEFAULT_TIMEOUT_S) -> KernelResult:
    """Run the three steps for ``sizes`` (the static proof and the interval test at
    each size); ``every_size``: the interval test stops quietly at the first size
    the device cannot launch, and the verdict covers the sizes tested.

    The interval test runs on every implementation in ``devices`` (default: all
    found, the default device first), each run in a worker with a time limit of
    ``timeout`` seconds."""
    from veriscan.check import check_generic, check_scan_kernel
    from veriscan.frontend import parse_kernel

    tick = progress or (lambda _what: None)
    odd = [n for n in sizes if n < 2 or n & (n - 1)]
    if odd:
        raise VeriscanError(f"n={odd[0]}: single-group scan kernels are verified for powers of "
                            "two (2, 4, 8, ...); the library's multi-group pipelines take any n "
                            "(`veriscan verify library --n N`)")
    result = KernelResult(kernel, list(sizes))
    if not sizes:
        result.verdict = unknown("verify", f"no size to test: {kernel.name} needs more "
                                 "work-items than this device allows even at n = 2",
                                 error="verification", reason="not_run")
        return result

    start = time.perf_counter()
    ir = parse_kernel(kernel.path, source=kernel.source, entry=kernel.entry,
                      defines=kernel.macros(sizes[0]), dialect=kernel.dialect)
    result.steps.append(_stamp(check_generic(ir), start))
    tick(f"{kernel.name}: genericity")
    if not result.steps[-1].ok:
        return _finish(result, runtime)

    proofs: list[Verdict] = []
    for n in sizes:
        start = time.perf_counter()
        proofs.append(_stamp(check_scan_kernel(kernel, n), start))
        tick(f"{kernel.name}: static n={n}")
        if not proofs[-1].ok:
            break
    static = _all_of("static", proofs)
    result.steps.append(static)
    if not static.ok:
        result.steps += _race_corroboration(result, static, devices or implementations(),
                                            timeout)
        return _finish(result, runtime)

    result.steps.append(_interval_step(result, static, every_size, tick,
                                       with_native_cuda(kernel, devices or implementations()),
                                       timeout))
    return _finish(result, runtime)


def _sizes_phrase(sizes: list[int]) -> str:
    return f"n = {sizes[0]}" if len(sizes) == 1 else size_text(sizes)


def _race_corroboration(result: KernelResult, static: Verdict,
                        devices: list[Implementation], timeout: float) -> list[Verdict]:
    """After a static race, the interval step under Oclgrind alone (if present), whose
    race detector sees the race in a real run even where the test's output is right
    (PoCL runs a group's work-items in order and hides many).  A race cannot hang a
    device, unlike a divergent barrier, and the run has a time limit; the verdict stays
    the static one."""
    oclgrind = [d for d in devices if d.oclgrind]
    if static.details.get("failed_part") != "races" or not oclgrind:
        return []
    from veriscan.functional.device_runs import sizes_for

    sizes, result.sizes = result.sizes, sizes_for(oclgrind[0], result.sizes)
    step = _interval_step(result, static, True, lambda _what: None, oclgrind[:1], timeout)
    result.sizes = sizes
    return [step]


def _interval_step(result: KernelResult, static: Verdict, every_size: bool,
                   tick: Progress, devices: list[Implementation], timeout: float) -> Verdict:
    """The interval test on each implementation: all sizes on the first, the sizes it
    passed at on the others (Oclgrind: those it can simulate).  A detector report
    the static proof contradicts is an internal disagreement (unknown)."""
    from veriscan.functional.cross_check import cross_check
    from veriscan.functional.device_runs import sizes_for
    from veriscan.functional.dynamic import device_interval

    kernel = result.kernel
    runs: list[Verdict] = []
    tested: list[int] = []
    notes: list[str] = []
    for index, impl in enumerate(devices):
        plan = result.sizes if index == 0 else sizes_for(impl, tested)
        done: list[int] = []
        for n in plan:
            start = time.perf_counter()
            try:
                verdict = _stamp(device_interval(kernel, n, impl, timeout), start)
            except DeviceLimitError as exc:
                if index == 0 and not every_size:
                    raise
                notes.append(f"larger n do not fit {impl.name} ({exc.message})")
                break
            finally:
                if index == 0:
                    tick(f"{kernel.name}: interval n={n}")
            if index > 0 and impl.selector == NATIVE and verdict.details.get("not_run"):
                # The GPU run is extra evidence; one it cannot make is said, not a verdict.
                notes.append(verdict.summary.replace("not run: ", f"not run on {impl.name}: ",
                                                     1))
                break
            runs.append(cross_check(verdict, static))
            done.append(n)
            if not runs[-1].ok:
                break
        if index == 0:
            tested = result.sizes = done
        elif done:
            result.also.append(f"{impl.name} at {_sizes_phrase(done)}")
        if not plan and tested:
            notes.append(f"not run on {impl.name}: it simulates every work-item and runs "
                         f"n ≤ {OCLGRIND_MAX_N} only")
        if runs and not runs[-1].ok:
            break
    interval = _all_of("interval", runs)
    if interval.ok:
        # The step is the first device's (its largest size), the others joined to it.
        interval.details.update(runs[len(tested) - 1].details)
        interval.details.update(n=tested, device=devices[0].name,
                                devices=[devices[0].name, *result.also],
                                runs=[{"device": r.details.get("device"), "n": r.details.get("n"),
                                       "status": r.status.value, "seconds": r.seconds,
                                       "detector_notes": r.details.get("detector_notes", [])}
                                      for r in runs])
        interval.summary = (f"interval test passed at every size on every implementation "
                            f"(a test result; a proof also needs race freedom and "
                            f"genericity): {devices[0].name} at {_sizes_phrase(tested)}"
                            + "".join(f", {a}" for a in result.also)
                            + (" with Oclgrind's detectors silent (which ones ran: each "
                               "run's details)" if any(d.oclgrind for d in devices) else ""))
        interval.summary += "".join(f"; {note}" for note in notes)
    if kernel.dialect != "opencl" and runs and runs[0].details.get("device") \
            and not interval.summary.startswith(LABEL):
        interval.summary = f"{LABEL}, {runs[0].details['device']}: {interval.summary}"
    return interval


def statement(kernel: ScanKernel, sizes: list[int], device: str) -> str:
    """What *verified* means, in one sentence (paper 001 Thm 4.5 + 5.3 + Lemma 5.4)."""
    mode = "inclusive" if kernel.inclusive else "exclusive"
    if kernel.dialect != "opencl":
        device = f"{LABEL}, {device}"
    return (f"{kernel.name} is a correct {mode} prefix sum of length {size_text(sizes)} "
            f"for every associative operator and every input, on this device and compiler "
            f"({device})")


def size_text(sizes: list[int]) -> str:
    if len(sizes) == 1:
        return str(sizes[0])
    powers = all(s & (s - 1) == 0 for s in sizes)
    if powers and sizes == [1 << k for k in range(sizes[0].bit_length() - 1,
                                                   sizes[-1].bit_length())]:
        return (f"n = 2^{sizes[0].bit_length() - 1} … 2^{sizes[-1].bit_length() - 1} "
                f"(every power of two in between)")
    return "n in {" + ", ".join(map(str, sizes)) + "}"


def _finish(result: KernelResult, runtime: Any) -> KernelResult:
    failed = next((s for s in result.steps if not s.ok), None)
    seconds = sum(s.seconds or 0.0 for s in result.steps)
    if failed is None and len(result.steps) == len(STEPS):
        result.verdict = verified("verify", "verified: " + statement(
            result.kernel, result.sizes, runtime.description)
            + "".join(f"; the interval test also passed on {a}" for a in result.also),
            n=result.sizes, steps=[s.check for s in result.steps])
    else:
        assert failed is not None
        result.verdict = replace(failed, check="verify",
                                 summary=f"not verified ({failed.check} step): {failed.summary}",
                                 details={"failed_step": failed.check, **failed.details})
    result.verdict.seconds = seconds
    return result


def _all_of(check: str, parts: list[Verdict]) -> Verdict:
    """One verdict for a step run at several sizes: the first failure, else verified."""
    if not parts:
        return unknown(check, "no size was run", error="verification",
                       reason="nothing_analysed")
    summary = parts[-1].summary if len(parts) == 1 else (
        f"{parts[-1].summary} (and at every smaller size listed: {len(parts)} runs)")
    out = combine(check, parts, summary)
    if out.ok:
        out.details = {**parts[-1].details, "n": [p.details.get("n") for p in parts]}
    return out


def _stamp(verdict: Verdict, start: float) -> Verdict:
    if verdict.seconds is None:
        verdict.seconds = time.perf_counter() - start
    return verdict


# ------------------------------------------------------------------ certificates
def certificate(results: Iterable[KernelResult], runtime: Any,
                options: dict[str, Any]) -> dict[str, Any]:
    """The JSON record of a verify run: enough to redo it and to see what was proven."""
    entries = []
    for r in results:
        assert r.verdict is not None
        entries.append({
            "kernel": r.kernel.name,
            "path": str(r.kernel.path),
            "source_sha256": hashlib.sha256(r.kernel.source.encode()).hexdigest(),
            "entry": r.kernel.entry,
            "mode": r.mode,
            "threads": r.kernel.threads,
            "n": r.sizes,
            "status": r.verdict.status.value,
            "statement": r.verdict.summary,
            "steps": [s.to_json() for s in r.steps],
        })
    return build_certificate(runtime.description, entries, options=options, environment=True)


def check_certificate_path(path: Path) -> None:
    """Fail before any work if the certificate could not be written."""
    check_output_file(path, "--certificate")


def write_atomically(path: Path, record: dict[str, Any]) -> None:
    """Write the whole record or nothing: never half a certificate, never over a non-file."""
    write_text_atomically(path, json.dumps(record, indent=2, default=str) + "\n",
                          "--certificate")
