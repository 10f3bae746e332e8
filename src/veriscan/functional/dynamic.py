"""Device runs that can be stopped, on every OpenCL implementation, with Oclgrind's detectors.

Three things the verdict commands need from a device beyond a result:

* **a time limit and Ctrl-C**: every run goes to a child process
  (:class:`~veriscan.device.worker.DeviceWorker`, one per implementation,
  reused by all runs of a command); a run past its limit is ``unknown``;
* **every implementation**: PoCL always, Oclgrind when installed, any other
  platform found; :func:`implementations` lists them, the default first;
* **Oclgrind's reports as witnesses**: Oclgrind runs with its race,
  uninitialised-value and memory checkers on; every report it prints during
  a run becomes part of a violation, with the work-items, group, source line,
  array and element index (read off the kernel's IR), never a raw address.
  A run that passes with a report is a violation: a report is never dropped.

Oclgrind simulates every work-item, so it runs only sizes up to
:data:`OCLGRIND_MAX_N`, and verdicts say so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from veriscan.device.oclgrind import (
    DETECTOR_ENV,
    PLATFORM_WORD,
    UNINITIALIZED_ENV,
    Report,
    is_oclgrind,
    parse_reports,
)
from veriscan.device.worker import DeviceCrash, DeviceTimeout, DeviceWorker, Reply
from veriscan.errors import VeriscanError
from veriscan.verdict import Status, Verdict, unknown, violation

if TYPE_CHECKING:
    from veriscan.device.opencl import Runtime
    from veriscan.ir import nodes as ir
    from veriscan.scankernel import ScanKernel

    DeviceTest = Callable[[ScanKernel, int, Runtime], Verdict]

DEFAULT_TIMEOUT_S = 60.0  # per device run; `--timeout` changes it
OCLGRIND_MAX_N = 256  # Oclgrind runs sizes up to here (it simulates every work-item)
OCLGRIND_RUNS = 3  # at most this many sizes per kernel in a `verify` sweep
SHOWN_REPORTS = 5  # reports spelled out in a witness; the count covers all
PATTERNS = ("zeros", "ones", "iota", "reversed", "random")
DISAGREEMENT = "internal disagreement, please report"
ANNOTATIONS = (Path(__file__).resolve().parent / "cl" / "annotations_prelude.cl").read_text()
_PLUGIN_FAILED = re.compile(r"FATAL ERROR \([^)]*Uninitialized")
_LIMIT_REACHED = "suppressing further errors"
# The order findings are named in a summary: what the static proof also speaks about first.
_PRIORITY = {"race": 0, "memory": 1, "divergence": 2, "uninitialized": 3, "api": 4}


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


@cache
def worker_for(selector: str, oclgrind: bool = False,
               uninitialized: bool = False) -> DeviceWorker:
    """One worker per implementation (and Oclgrind detector set) for the whole command,
    so programs stay built."""
    if not oclgrind:
        return DeviceWorker()
    return DeviceWorker(env={**DETECTOR_ENV, **(UNINITIALIZED_ENV if uninitialized else {})})


def _call(impl: Implementation, job: Callable[..., Any], *args: Any, timeout: float,
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


def sizes_for(impl: Implementation, sizes: list[int]) -> list[int]:
    """The sizes ``impl`` runs: all of them, but under Oclgrind only those up to
    :data:`OCLGRIND_MAX_N`, and of a long sweep every other one from the largest down
    (2..256 gives 16, 64, 256), which keeps `verify all` quick."""
    if not impl.oclgrind:
        return list(sizes)
    small = [n for n in sizes if n <= OCLGRIND_MAX_N]
    return small if len(small) <= OCLGRIND_RUNS else small[::-2][:OCLGRIND_RUNS][::-1]


# ------------------------------------------------------------------ in the child
def _test_job(test: DeviceTest, kernel: ScanKernel, n: int, selector: str) -> Verdict:
    from veriscan.device.opencl import get_runtime

    return test(kernel, n, get_runtime(selector or None))


def _scan_job(kernel: ScanKernel, n: int, selector: str, values: list[np.ndarray]) -> str:
    """Run the scan on each input with int32 addition; returns the device description."""
    from veriscan.device.opencl import get_runtime
    from veriscan.functional.scan_runner import prepare_scan
    from veriscan.monoids import get_monoid

    rt = get_runtime(selector or None)
    program = prepare_scan(kernel, get_monoid("add", "int32"), n, rt)
    for v in values:
        program.run(v)
    return rt.description


def _launch_job(selector: str, source: str, options: list[str], entry: str,
                global_size: tuple[int, ...], local_size: tuple[int, ...],
                args: list[tuple[str, Any]], origin: str) -> str:
    """One launch of any OpenCL kernel; ``args`` are ("buffer", array) or ("scalar", value)."""
    import pyopencl as cl

    from veriscan.device.opencl import get_runtime

    rt = get_runtime(selector or None)
    program = rt.build(source, options, origin=origin)
    kernel = cl.Kernel(program, entry)
    values = [rt.to_device(v) if kind == "buffer" else v for kind, v in args]
    kernel(rt.queue, global_size, local_size, *values)
    rt.queue.finish()
    return rt.description


def _library_job(selector: str, sizes: list[int], shape: tuple[int, int]) -> list[str]:
    """Every library primitive once per size on the device, checked against NumPy;
    returns what was launched (a wrong result raises, and the parent reports it)."""
    from veriscan.library.compact import compact
    from veriscan.library.pipeline import ALGORITHMS
    from veriscan.library.sat import SAT_ALGORITHMS, summed_area_table
    from veriscan.library.scan import scan
    from veriscan.library.transpose import transpose

    device = selector or None
    done = []
    rng = np.random.default_rng(0)
    for n in sizes:
        x = rng.integers(-9, 9, n).astype(np.int32)
        for algorithm in ALGORITHMS[1:]:
            for inclusive in (True, False):
                got = scan(x, "add", inclusive, algorithm, device)
                want = np.cumsum(x) if inclusive else np.concatenate(([0], np.cumsum(x)[:-1]))
                _same(got, want, f"scan {algorithm} n={n}")
                done.append(f"scan {algorithm} {'inclusive' if inclusive else 'exclusive'} "
                            f"n={n}")
        kept, count = compact(x, x > 0, device, algorithm="device")
        _same(np.asarray(kept)[:int(count)], x[x > 0], f"compact n={n}")
        done.append(f"compact n={n}")
    a = rng.integers(0, 9, shape).astype(np.int32)
    for algorithm in SAT_ALGORITHMS[1:]:
        _same(summed_area_table(a, algorithm=algorithm, device=device),
              a.cumsum(0).cumsum(1), f"summed-area table {algorithm}")
        done.append(f"summed-area table {algorithm} {shape}")
    _same(transpose(a, device=device), a.T, "transpose")
    done.append(f"transpose {shape}")
    return done


def _same(got: Any, want: np.ndarray, what: str) -> None:
    if not np.array_equal(np.asarray(got), want):
        raise VeriscanError(f"{what}: the device result differs from NumPy's")


# ------------------------------------------------------------------ in the parent
def device_test(test: DeviceTest, kernel: ScanKernel, n: int, impl: Implementation,
                timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """``test(kernel, n, runtime)`` (a module-level function) on ``impl`` in its worker:
    stopped after ``timeout`` seconds (unknown), detector reports joined to the verdict."""
    resolver = Resolver.for_scan(kernel, n)
    try:
        reply, notes = _call(impl, _test_job, test, kernel, n, impl.selector, timeout=timeout,
                             kernel=_scan_ir_once(kernel, n) if impl.oclgrind else None)
    except (DeviceTimeout, DeviceCrash) as exc:
        return _stopped(test.__name__.replace("_test", ""), exc, kernel, n, impl)
    if not impl.oclgrind:
        return reply.value  # no detectors; what the compiler printed is not a verdict's
    return with_reports(reply.value, reply.stderr, resolver, notes)


def device_interval(kernel: ScanKernel, n: int, impl: Implementation,
                    timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """The interval test of ``kernel`` at ``n`` on ``impl``: :func:`device_test`."""
    from veriscan.functional.interval import interval_test

    return device_test(interval_test, kernel, n, impl, timeout)


def with_reports(verdict: Verdict, stderr: str, resolver: Resolver,
                 detector_notes: list[str] | None = None) -> Verdict:
    """``verdict`` joined with the detector reports printed during its run."""
    reports, rest = parse_reports(stderr)
    if detector_notes:
        verdict.details["detector_notes"] = detector_notes
    fatal = next((r for r in reports if r.kind == "fatal"), None)
    if fatal is not None:
        return unknown(verdict.check, f"Oclgrind failed during the run ({fatal.title}), so "
                       "its result says nothing", **verdict.details)
    notes = [r.text for r in reports if r.is_note and not r.is_host_probe]
    if PLATFORM_WORD in rest.lower():
        # Oclgrind said something in a form veriscan does not read: never dropped.
        return unknown(verdict.check, f"Oclgrind printed a message veriscan cannot read, so "
                       f"the run's result is not trusted: {rest[:300]}", **verdict.details)
    findings = sorted((r for r in reports if not r.is_note), key=lambda r: _PRIORITY.get(
        r.kind, len(_PRIORITY)))
    capped = any(r.kind == "suppressed" for r in reports)
    if notes:  # compiler chatter (warnings) in ``rest`` is not about the run
        counted = Counter(notes)
        verdict.details["device_notes"] = [text + (f" (×{k})" if k > 1 else "")
                                           for text, k in counted.items()]
    if not findings:
        return verdict
    witnesses = [resolver.witness(r) for r in findings]
    kinds = sorted({r.kind for r in findings})
    first = witnesses[0]
    at = f" at n={verdict.details['n']}" if verdict.details.get("n") else ""
    count = f"{len(findings)}{'+' if capped else ''}"
    summary = (f"Oclgrind's {' and '.join(kinds)} detector reported {count} "
               f"problem(s) in a run{at}: {first['text']}"
               + ("" if verdict.ok else f"; the test itself: {verdict.summary}"))
    witness = {"detector": kinds, "reports": count,
               "shown": witnesses[:SHOWN_REPORTS],
               **({"test": verdict.witness} if verdict.witness else {})}
    out = violation(verdict.check, summary, witness, **verdict.details)
    out.seconds = verdict.seconds
    return out


def detector_kinds(verdict: Verdict) -> list[str]:
    """The Oclgrind detectors that fired in ``verdict`` (empty for any other verdict)."""
    witness = verdict.witness or {}
    return list(witness.get("detector", [])) if isinstance(witness, dict) else []


def cross_check(dynamic: Verdict, static: Verdict) -> Verdict:
    """A dynamic finding the static proof says cannot happen is an internal error of
    veriscan, not a verdict on the kernel: unknown, with the witness, to be reported."""
    proven = {"race": "races", "memory": "bounds", "divergence": "divergence",
              "uninitialized": "initialisation"}
    contradicted = [k for k in detector_kinds(dynamic) if k in proven]
    if "memory" in contradicted and _unsized_arrays(static):
        # The run had to guess those buffers' sizes; the proof made no claim on them.
        return Verdict(dynamic.check, Status.UNKNOWN,
                       f"not compared: {dynamic.summary}, but the static check was given no "
                       f"size for {', '.join(_unsized_arrays(static))} and the run guessed "
                       "one (give --array-size)", witness=dynamic.witness,
                       details=dynamic.details, seconds=dynamic.seconds)
    if not static.ok and dynamic.ok:
        dynamic.summary += ("; the static violation was not seen in these runs, which is "
                            "expected: a run follows one schedule, the proof covers all")
    if not static.ok or not contradicted:
        return dynamic
    return Verdict(dynamic.check, Status.UNKNOWN,
                   f"{DISAGREEMENT}: the static proof found no "
                   f"{'/'.join(proven[k] for k in contradicted)} problem, but "
                   f"{dynamic.summary}", witness=dynamic.witness,
                   details={**dynamic.details, "disagreement": contradicted},
                   seconds=dynamic.seconds)


def _unsized_arrays(static: Verdict) -> list[str]:
    """The global arrays the static bounds check did not cover (no size given)."""
    for part in static.details.get("parts", []):
        if part.get("check") == "bounds":
            return list((part.get("details") or {}).get("unchecked", []))
    return []


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
                                 f"{', '.join(map(str, sizes))}")]
    rows = [cross_check(dynamic_scan(kernel, n, timeout), by_size.get(n, static[0]))
            for n in small]
    return [*static, *rows]


def _stopped(check: str, exc: Exception, kernel: Any, n: int | None,
             impl: Implementation) -> Verdict:
    why = (f"{exc}; the kernel may never terminate (static verdicts assume that loops "
           "without barriers terminate)" if isinstance(exc, DeviceTimeout)
           else f"not run: {exc}" if isinstance(exc, VeriscanError)
           else f"the device run failed: {exc}")
    return unknown(check, why, kernel=getattr(kernel, "name", str(kernel)), n=n,
                   device=impl.name)


# ------------------------------------------------------------------ dynamic checks
def input_pattern(name: str, size: int, dtype: np.dtype | type = np.int32) -> np.ndarray:
    """Inputs of a dynamic check: races can depend on data (indices read from memory)."""
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


def dynamic_scan(kernel: ScanKernel, n: int, timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """The scan kernel at ``n`` under Oclgrind on every input pattern (int32 addition)."""
    impl = oclgrind_implementation()
    check = "dynamic"
    if impl is None:
        return unknown(check, "not run: Oclgrind is not installed (apt-get install oclgrind)",
                       n=n)
    if kernel.dialect != "opencl":
        return unknown(check, "not run: a CUDA kernel cannot run on an OpenCL device", n=n)
    if n > OCLGRIND_MAX_N:
        return unknown(check, f"not run at n={n}: Oclgrind simulates every work-item and "
                       f"runs sizes up to {OCLGRIND_MAX_N}", n=n)
    values = [input_pattern(p, n) for p in PATTERNS]
    resolver = Resolver.for_scan(kernel, n)
    try:
        reply, notes = _call(impl, _scan_job, kernel, n, impl.selector, values,
                             timeout=timeout, kernel=_scan_ir_once(kernel, n))
    except (DeviceTimeout, DeviceCrash, VeriscanError) as exc:
        return _stopped(check, exc, kernel, n, impl)
    base = _silent(check, n, reply.value, f"{len(PATTERNS)} input patterns "
                   f"({', '.join(PATTERNS)})")
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
        return unknown(check, "not run: Oclgrind is not installed (apt-get install oclgrind)")
    if ir_kernel.dialect is not irn.Dialect.OPENCL:
        return unknown(check, "not run: a CUDA kernel cannot run on an OpenCL device")
    groups = (*groups, *(1,) * (len(local) - len(groups)))
    local = (*local, *(1,) * (len(groups) - len(local)))
    global_size = tuple(size * g for size, g in zip(local, groups, strict=True))
    items = int(np.prod(global_size))
    if items > 16 * OCLGRIND_MAX_N:
        return unknown(check, f"not run: {items} work-items; Oclgrind simulates every "
                       f"work-item and runs launches up to {16 * OCLGRIND_MAX_N}")
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
            reply, notes = _call(impl, _launch_job, impl.selector, ANNOTATIONS + source,
                                 options, ir_kernel.name, global_size, local, args,
                                 ir_kernel.file, timeout=timeout, kernel=ir_kernel)
        except (DeviceTimeout, DeviceCrash, VeriscanError) as exc:
            return _stopped(check, exc, ir_kernel, None, impl)
        replies.append(reply)
    base = _silent(check, None, replies[0].value, f"{len(PATTERNS)} input patterns "
                   f"({', '.join(PATTERNS)})", launch=f"{local} x {groups}")
    return with_reports(base, "".join(r.stderr for r in replies), Resolver(ir_kernel, {}),
                        notes)


def library_on(impl: Implementation, sizes: list[int], shape: tuple[int, int],
               timeout: float = DEFAULT_TIMEOUT_S) -> Verdict:
    """Every library pipeline and primitive launch on ``impl`` for ``sizes`` and a
    ``shape`` matrix, results checked against NumPy, detector reports joined."""
    check = "library launches"
    try:
        reply, notes = _call(impl, _library_job, impl.selector, sizes, shape,
                             timeout=timeout, kernel=None)
    except (DeviceTimeout, DeviceCrash) as exc:
        return _stopped(check, exc, "library", None, impl)
    base = _silent(check, None, impl.name, f"{len(reply.value)} library launches "
                   f"({'; '.join(reply.value)}) with results equal to NumPy's")
    return with_reports(base, reply.stderr, Resolver(None, {}), notes)


def oclgrind_implementation() -> Implementation | None:
    try:
        impls = implementations()
    except VeriscanError:
        return None
    return next((i for i in impls if i.oclgrind), None)


def _silent(check: str, n: int | None, device: str, inputs: str, **extra: Any) -> Verdict:
    return Verdict(check, Status.VERIFIED,
                   f"Oclgrind ran it on {inputs}" + (f" at n={n}" if n else "")
                   + ": no data race, uninitialised value, out-of-bounds access or barrier "
                   "divergence in these runs (one schedule each; a test, not a proof)",
                   details={"n": n, "device": device, **extra})


def _dtype(t: Any) -> np.dtype:
    from veriscan.ir import nodes as irn

    if t.kind is irn.TypeKind.FLOAT:
        return np.dtype(np.float64 if t.bits == 64 else np.float32)
    if t.kind is irn.TypeKind.INT and t.bits in (8, 16, 32, 64):
        return np.dtype(f"{'i' if t.signed else 'u'}{t.bits // 8}")
    return np.dtype(np.int32)


# ------------------------------------------------------------------ witnesses
class Resolver:
    """Names the array and element of a report's address, from the kernel's IR.

    Oclgrind gives the source line and column of each access; the IR's load or
    store at that position names the array, and the address's offset within
    its buffer divided by the element size is the index.  Oclgrind numbers
    lines of the program it was given, which may start with definitions
    veriscan put before the kernel; the source text it quotes locates the
    user's line.
    """

    def __init__(self, ir_kernel: ir.Kernel | None, sizes: dict[str, int],
                 parse: Any = None):
        self._ir = ir_kernel
        self._parse = parse
        self._sizes = sizes  # element size of arrays of the generic TYPE, by name ("*": all)

    @classmethod
    def for_scan(cls, kernel: ScanKernel, n: int) -> Resolver:
        from veriscan.monoids import interval_monoid

        return cls(None, {"*": interval_monoid(n).dtype.itemsize}, lambda: _scan_ir(kernel, n))

    @property
    def kernel(self) -> ir.Kernel | None:
        if self._ir is None and self._parse is not None:
            self._ir, self._parse = self._parse(), None
        return self._ir

    def witness(self, report: Report) -> dict[str, Any]:
        accesses = []
        array: dict[str, Any] | None = None
        for a in report.accesses:
            line = self._user_line(a)
            entry = {"work_item": list(a.local_id or ()), "group": list(a.group or ()),
                     "global_id": list(a.global_id or ()),
                     "access": "write" if a.is_write else ("read" if a.op == "load" else a.op),
                     "line": line, "column": a.column, "source": self._text(line, a.source),
                     "program_line": a.line}
            if line is not None and self.kernel is not None:
                # The position format every veriscan witness uses (SARIF reads it).
                entry["at"] = f"{self.kernel.file}:{line}" + (f":{a.column}" if a.column
                                                               else "")
            accesses.append(entry)
            if array is None and line is not None and report.address is not None:
                array = self._array(line, a, report)
        out: dict[str, Any] = {"kind": report.kind, "title": report.title,
                               "kernel": report.kernel, "space": report.space,
                               "accesses": accesses}
        if array is not None:
            out.update(array)
        elif report.address is not None:
            out["byte_offset"] = report.buffer_offset
        out["text"] = _describe(report, out)
        return out

    def _user_line(self, access: Any) -> int | None:
        """The line in the user's file: as reported where the program maps its lines
        back to that file (``#line``), else found by the source text Oclgrind quotes."""
        kernel, line, text = self.kernel, access.line, access.source
        if line is None or kernel is None:
            return line
        if access.file and Path(access.file).name == Path(kernel.file).name:
            return line if line <= len(kernel.source.splitlines()) else None
        lines = [s.strip() for s in kernel.source.splitlines()]
        matches = [i + 1 for i, s in enumerate(lines) if s == text.strip()]
        if not matches:
            return None  # a line of what veriscan put before the kernel, or no source
        return min(matches, key=lambda m: (m > line, abs(line - m)))

    def _text(self, line: int | None, quoted: str) -> str:
        """The user's source line (Oclgrind quotes the program's, which may differ)."""
        kernel = self.kernel
        if line is None or kernel is None:
            return quoted
        return kernel.source.splitlines()[line - 1].strip()

    def _array(self, line: int, access: Any, report: Report) -> dict[str, Any] | None:
        from veriscan.ir import nodes as irn
        from veriscan.ir.visit import walk

        kernel = self.kernel
        if kernel is None:
            return None
        want = irn.Store if access.is_write else irn.Load
        spaces = {p.name: p.space for p in kernel.params if p.is_pointer}
        spaces.update({a.name: a.space for a in kernel.arrays})
        types = {p.name: p.type for p in kernel.params if p.is_pointer}
        types.update({a.name: a.type for a in kernel.arrays})
        on_line = [s for s in walk(kernel.body) if isinstance(s, (irn.Load, irn.Store))
                   and s.pos.line == line
                   and spaces.get(s.array, irn.MemSpace.PRIVATE).value == report.space]
        # The access of the reported kind, else any in that memory on that line (the
        # compiler sometimes files an access under a neighbouring statement).
        candidates = [s for s in on_line if isinstance(s, want)] or on_line
        if not candidates:
            return None
        best = min(candidates, key=lambda s: abs((s.pos.col or 0) - (access.column or 0)))
        size = self._element_size(best.array, types.get(best.array))
        offset = report.buffer_offset or 0
        if size:
            return {"array": best.array, "index": offset // size}
        return {"array": best.array, "byte_offset": offset}

    def _element_size(self, name: str, t: Any) -> int | None:
        from veriscan.ir import nodes as irn

        if t is None:
            return None
        if t.kind is irn.TypeKind.GENERIC:
            return self._sizes.get(name, self._sizes.get("*"))
        if t.kind in (irn.TypeKind.INT, irn.TypeKind.FLOAT) and t.bits >= 8:
            return int(t.bits // 8)
        return None


_FIRST_IR: dict[ScanKernel, ir.Kernel | None] = {}


def _scan_ir_once(kernel: ScanKernel, n: int) -> ir.Kernel | None:
    """The kernel's IR at the first size asked for: enough to see which arrays it reads
    and writes, without a parse per size."""
    if kernel not in _FIRST_IR:
        _FIRST_IR[kernel] = _scan_ir(kernel, n)
    return _FIRST_IR[kernel]


@cache
def _scan_ir(kernel: ScanKernel, n: int) -> ir.Kernel | None:
    """The kernel's IR for ``n`` (parsed once per command), or None if it does not parse."""
    from veriscan.frontend import parse_kernel

    try:
        return parse_kernel(kernel.path, source=kernel.source, entry=kernel.entry,
                            defines=kernel.macros(n), dialect=kernel.dialect)
    except VeriscanError:
        return None


def _describe(report: Report, w: dict[str, Any]) -> str:
    where = (f"{w['array']}[{w['index']}] ({report.space} memory)" if "index" in w
             else f"{w['array']} ({report.space} memory)" if "array" in w else "")
    people = "; ".join(
        f"work-item {_ids(a['work_item'])} of group {_ids(a['group'])}"
        + (f" ({a['access']} at line {a['line']})" if a["line"] else "")
        for a in w["accesses"])
    return report.headline(where) + (f" by {people}" if people else "")


def _ids(ids: list[int]) -> str:
    while len(ids) > 1 and ids[-1] == 0:
        ids = ids[:-1]
    return ",".join(map(str, ids)) if ids else "?"
