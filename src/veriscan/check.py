"""Static verification of a kernel for a launch: races, divergence, bounds, genericity.

This module turns the engines' findings into verdicts and owns the policy
that makes them trustworthy: any unsupported construct makes the whole
verdict ``unknown`` (naming the construct and line); a counterexample built
from over-approximated values is ``unknown``, not a violation; only a
complete analysis with every query unsatisfiable is ``verified``.  It also
fixes the conventions for scan kernels (N = n, n or n/2 threads, one group,
``in``/``out`` of n elements) so every caller checks them the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import z3

from veriscan.analysis.genericity import genericity_issues, uses_generic_type
from veriscan.analysis.uniformity import barrier_control
from veriscan.budget import OutOfBudget, Progress, check_budget, deadline
from veriscan.errors import VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk
from veriscan.scankernel import ScanKernel
from veriscan.smt import parametric
from veriscan.smt.bounds import (
    Extent,
    array_extents,
    check_assertions,
    check_assumed_defined,
    check_bounds,
    check_undefined,
)
from veriscan.smt.initialised import check_initialised
from veriscan.smt.outcome import ERROR_IDS, Finding
from veriscan.smt.pairs import DistinctWhere, KernelQueries
from veriscan.smt.parametric import ParametricSetup
from veriscan.smt.races import check_races
from veriscan.smt.solver import budgeted_solver, race_policy
from veriscan.smt.threads import Launch
from veriscan.smt.trace import Trace
from veriscan.verdict import Status, Verdict, combine, unknown, verified, violation

MAX_SCAN_LOG2 = 31
# Sizes whose own proofs confirm every parametric "verified" (2, 4, 8, 2^16, 2^30).
CROSS_CHECK_LOG2 = (1, 2, 3, 16, 30)
# What every static verdict takes for granted (as GPUVerify does); reported in details.
MODEL_ASSUMPTIONS = ("distinct pointer parameters do not alias",
                     "loops without barriers terminate",
                     "unsigned arithmetic wraps around; signed overflow, division by zero "
                     "and out-of-range CUDA shifts are flagged, except in arithmetic on values "
                     "read from input buffers the kernel never writes, which is assumed "
                     "defined (for some input, by every work-item at once)",
                     "OpenCL C's '<<' shifts bits (the language defines it by the count's "
                     "low bits), so a signed '<<' of a negative value or into the sign bit "
                     "is flagged in CUDA only",
                     "get_work_dim() is the number of dimensions the launch names",
                     "the device is 64-bit: size_t, ptrdiff_t, intptr_t and pointers of every "
                     "memory space are 64 bits wide (OpenCL: CL_DEVICE_ADDRESS_BITS = 64, as "
                     "on PoCL and current GPUs), and in CUDA long is 64 bits and plain char "
                     "signed (an LP64 host such as x86-64 Linux); sizeof, alignment and "
                     "wrap-around follow from that")


@dataclass(frozen=True)
class CheckScope:
    """What a caller narrowed or tolerated (GPUVerify's flags); the verdict names each,
    because a verdict under them claims less than a plain one."""

    races: bool = True          # off: --only-divergence, --only-log
    inter_group: bool = True    # off: --only-intra-group
    benign_writes: bool = False  # --allow-benign-writes
    initialisation: bool = True  # off: --skip-initialisation-check
    warp: int | None = None     # --warp-sync: lanes per warp assumed in lock-step
    overflow: bool = True        # off: --skip-overflow-check
    notes: tuple[str, ...] = ()  # one phrase per narrowing, for the verdict


FULL_SCOPE = CheckScope()


def check_kernel(path: str | Path, *, launch: Launch, defines: dict[str, str] | None = None,
                 array_sizes: dict[str, int] | None = None, entry: str | None = None,
                 assumptions: tuple[DistinctWhere, ...] = (),
                 scalar_values: dict[str, int] | None = None,
                 source: str | None = None, dialect: str | None = None) -> Verdict:
    """Races + barrier divergence + bounds (+ ``__assert``s) for one launch, parsing
    included in the check's time budget."""
    with check_budget():
        try:
            kernel = parse_kernel(path, source=source, entry=entry, defines=defines,
                                  dialect=dialect)
            return check_ir(kernel, launch=launch, array_sizes=array_sizes,
                            assumptions=assumptions, scalar_values=scalar_values)
        except OutOfBudget as out:
            return out_of_budget(out)


class _Steps:
    """The progress of one check on one scale: each top-level statement of the
    symbolic execution is a step, then each analysis of its trace.  The engines
    only count; the caller (the command line's progress bar) shows."""

    ANALYSES = ("races", "bounds", "initialisation", "undefined behaviour", "assertions")

    def __init__(self, report: Progress | None, statements: int):
        self.report = report
        self.statements = statements
        self.total = statements + len(self.ANALYSES)

    def executed(self, done: int) -> None:
        if self.report is not None:
            self.report(done, self.total, f"symbolic execution ({done} of {self.statements} "
                        "statements)")

    def analysing(self, name: str) -> None:
        if self.report is not None:
            self.report(self.statements + self.ANALYSES.index(name), self.total, name)


def check_ir(kernel: ir.Kernel, *, launch: Launch, array_sizes: dict[str, int] | None = None,
             assumptions: tuple[DistinctWhere, ...] = (),
             scalar_values: dict[str, int] | None = None,
             symbolic: ParametricSetup | None = None,
             scope: CheckScope = FULL_SCOPE, progress: Progress | None = None) -> Verdict:
    """``check_kernel`` on parsed IR; ``symbolic`` carries a parametric set-up;
    ``progress`` hears (done, total, what) as the check goes on."""
    start = time.perf_counter()
    steps = _Steps(progress, len(kernel.body))
    details = {"kernel": kernel.name, "file": kernel.file, "launch": launch.describe(),
               "scope": list(scope.notes) + [f"GPUVerify annotation {note}"
                                             for note in kernel.ignored_annotations],
               "unexpressed": list(kernel.unexpressed_assumptions),
               "assumptions": [a.describe() for a in assumptions] + [
                   f"the kernel's __assume/__requires at {s.pos}"
                   for s in walk(kernel.body) if isinstance(s, ir.Assume)],
               "model": MODEL_ASSUMPTIONS}
    _check_names(kernel, dict(array_sizes or {}), scalar_values or {})
    sizes: dict[str, Extent] = {**(array_sizes or {}),
                                **(symbolic.array_sizes if symbolic else {})}
    blocked = unsupported_constructs(kernel)
    if blocked:
        reason = "unsupported: " + "; ".join(f"{u.construct} at {u.pos}" for u in blocked)
        parts = [unknown(name, reason, error="execution", reason="unsupported_construct",
                         pos=blocked[0].pos) for name in ("races", "divergence", "bounds")]
        return _finish(parts, details, start)
    try:
        if symbolic is None:
            queries = KernelQueries(kernel, launch, scalar_values, assumptions,
                                    deadline=deadline())
        else:
            queries = KernelQueries(kernel, launch, scalar_values, assumptions,
                                    symbolic.constants, symbolic.rlimit,
                                    min(deadline(), time.monotonic() + symbolic.budget_s))
    except Finding as bad:
        raise VeriscanError(bad.summary) from None
    details["solver"] = race_policy(queries.rlimit)
    parts: list[Verdict] = []
    try:
        trace = queries.execute(steps.executed if progress is not None else None)
    except Finding as stop:
        parts.append(_verdict(stop))
        blocked_by = f"not analysed: {stop.check} check stopped the symbolic execution"
        parts += [unknown(name, blocked_by, error=ERROR_IDS[name], reason="blocked")
                  for name in ("races", "bounds") if name != stop.check]
        return _finish(parts, details, start)
    try:
        parts += _analyse(kernel, trace, queries, sizes, scope, steps)
    except Finding as stop:
        parts.append(_verdict(stop))
    return _finish(parts, details, start)


def _analyse(kernel: ir.Kernel, trace: Trace, queries: KernelQueries,
             sizes: dict[str, Extent], scope: CheckScope, steps: _Steps) -> list[Verdict]:
    """The checks that run on a completed symbolic execution."""
    vacuous = _vacuous_assumptions(trace, queries)
    if vacuous:
        return [unknown(name, vacuous, error="assumption", reason="vacuous_assumption")
                for name in ("races", "divergence", "bounds")]
    parts: list[Verdict] = []
    syntactic = barrier_control(kernel)
    parts.append(verified(
        "divergence", f"each of {trace.barriers_checked} barrier executions is reached by "
        "all threads of a group or by none", barriers=len(syntactic),
        syntactically_uniform=sum(b.uniform for b in syntactic)))
    if scope.races:  # otherwise not asked for, and the headline says so
        steps.analysing("races")
        parts.append(_races(queries, len(trace.intervals), scope))
    steps.analysing("bounds")
    extents = array_extents(queries, sizes)
    unchecked = sorted(p.name for p in kernel.params if p.is_pointer and p.name not in extents)
    bound = check_bounds(queries, extents)
    note = f"; global arrays without a given size not checked: {', '.join(unchecked)}" \
        if unchecked else ""
    parts.append(_verdict(bound) if bound else verified(
        "bounds", f"every access within its array ({', '.join(sorted(extents)) or 'none'})"
        + note, checked=sorted(extents), unchecked=unchecked))
    # Not asked for (scope): left out, and the headline says so.  The other checks
    # stay sound without it: they read memory nothing wrote as arbitrary values.
    steps.analysing("initialisation")
    if scope.initialisation:
        uninitialised = check_initialised(queries, extents)
        if uninitialised is not None and uninitialised.exact and scope.warp is not None:
            # Lock-step lets a lane read what another lane of its warp wrote earlier
            # in the same barrier interval, which the check does not count.
            uninitialised = replace(uninitialised, exact=False, summary=(
                f"possible {uninitialised.summary} (a write by another lane of the warp "
                "earlier in the barrier interval is not counted under --warp-sync)"))
        parts.append(_verdict(uninitialised) if uninitialised else verified(
            "initialisation", "every read of local or private memory reads a cell written "
            "before it (by the same thread, or by any thread before a barrier)"))
    steps.analysing("undefined behaviour")
    undefined = check_undefined(queries, overflow=scope.overflow) or \
        check_assumed_defined(queries, overflow=scope.overflow)
    parts.append(_verdict(undefined) if undefined else verified(
        "undefined", f"none of {len(trace.undefined)} reachable operations that C can leave "
        "undefined (" + ("signed overflow, " if scope.overflow else "") + "division by zero, "
        "shift counts, reads of unassigned variables) is undefined"))
    if trace.assertions:
        steps.analysing("assertions")
        failed = check_assertions(queries)
        parts.append(_verdict(failed) if failed else verified(
            "assertions", f"all {len(trace.assertions)} __assert sites hold"))
    return parts


def _races(queries: KernelQueries, intervals: int, scope: CheckScope) -> Verdict:
    race, stats = check_races(queries, inter_group=scope.inter_group,
                              benign_writes=scope.benign_writes, warp=scope.warp)
    return _verdict(race) if race else verified(
        "races", f"no data race in {intervals} barrier intervals "
        f"({stats.queries} solver queries over {stats.pairs} access pairs)",
        intervals=intervals, queries=stats.queries)


def _vacuous_assumptions(trace: Trace, queries: KernelQueries) -> str | None:
    """Why the kernel's own ``__assume``/``__requires`` would make the proof vacuous.

    Every query takes them as facts, but the device honours none of them.
    Facts that no two distinct threads of the launch satisfy together
    (``__assume(0)``, ``__assume(lid == 0)``) leave nothing for the checks to
    find.  A fact that depends on anything but the launch's inputs (a work-item's
    ids, a value it read from memory it shares or computed) may hold for some
    work-items and not for others, and a work-item it excludes runs on the
    device unanalysed: such facts make the verdict unknown.  Facts about inputs
    (``__requires(count <= 64)``) stay: every work-item sees the same inputs.
    """
    if not trace.assumptions:
        return None
    what = "the kernel's __assume/__requires hold for no {} of the launch, so the checks " \
        "would hold vacuously"
    if queries.query(False, z3.BoolVal(True))[0] == z3.unsat:
        return what.format("thread")
    pairs = budgeted_solver(queries.rlimit)
    pairs.add(queries.pair.constraints())
    if queries.check(pairs) == z3.sat and queries.query(True, z3.BoolVal(True))[0] == z3.unsat:
        return what.format("two distinct threads")
    if not all(queries.is_input(fact) for fact in trace.assumptions):
        return ("the kernel's __assume/__requires depend on the work-item (its ids, or "
                "values it read or computed), so they may leave work-items out of the "
                "proof that run on the device")
    return None


def _finish(parts: list[Verdict], details: dict, start: float) -> Verdict:
    assumed = details["assumptions"]
    # A headline must not claim more than the parts proved: global arrays
    # without a given size had no bounds check.
    unsized = next((p.details.get("unchecked") for p in parts if p.check == "bounds"), None)
    bounds = ("in bounds" if not unsized else "in bounds for every sized array (not checked: "
              f"{', '.join(unsized)}; give their sizes with --array-size)")
    scope = "".join(f"; {note}" for note in details["scope"])
    claim = "race-free, divergence-free" if any(p.check == "races" for p in parts) \
        else "divergence-free"
    out = combine("static", parts, f"{claim} and {bounds}"
                  + (f" assuming {'; '.join(assumed)}" if assumed else "") + scope)
    out.details.update(details)
    if out.status is Status.VIOLATION and details["unexpressed"]:
        # The witness was found without preconditions veriscan could not express.
        out = replace(out, status=Status.UNKNOWN, reason_id="unexpressed_precondition",
                      summary=f"possibly {out.summary}; the witness may break the kernel's "
                              f"precondition(s) veriscan cannot express: "
                              f"{'; '.join(details['unexpressed'])}")
    out.seconds = time.perf_counter() - start
    return out


def _check_names(kernel: ir.Kernel, sizes: dict[str, int], scalars: dict[str, int]) -> None:
    pointers = {p.name for p in kernel.params if p.is_pointer}
    for name in sizes:
        if name not in pointers:
            raise VeriscanError(f"--array-size names '{name}', which is not a pointer "
                                f"parameter of kernel '{kernel.name}' "
                                f"(pointers: {', '.join(sorted(pointers)) or 'none'})")
    values = {p.name for p in kernel.params if not p.is_pointer}
    for name in scalars:
        if name not in values:
            raise VeriscanError(f"value given for '{name}', which is not a scalar parameter "
                                f"of kernel '{kernel.name}'")


def out_of_budget(out: OutOfBudget) -> Verdict:
    """The verdict of a check whose budget ran out before any engine could answer."""
    return unknown("static", out.reason, error="execution", reason="budget_exhausted",
                   budget_s=out.seconds)


def unsupported_constructs(kernel: ir.Kernel) -> list[ir.Unsupported]:
    return [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]


def _verdict(f: Finding) -> Verdict:
    error, pos = ERROR_IDS[f.check], f.position()
    if f.exact:
        return violation(f.check, f.summary, f.witness, error=error, reason=f.reason, pos=pos)
    out = unknown(f.check, f.summary, error=error, reason=f.undecided, pos=pos)
    out.witness = f.witness or None
    return out


def check_generic(kernel_ir: ir.Kernel) -> Verdict:
    """Whether the kernel treats TYPE as opaque (the premise of the interval test)."""
    start = time.perf_counter()
    blocked = unsupported_constructs(kernel_ir)
    peeking = [u for u in blocked if u.breaks_genericity]
    if peeking:
        out = violation("generic", f"not generic: {peeking[0].pos}: {peeking[0].construct}",
                        {"issues": [{"at": str(u.pos), "problem": u.construct} for u in peeking]},
                        error="genericity", reason="type_inspected", pos=peeking[0].pos)
    elif blocked:
        out = unknown("generic", "unsupported: " + "; ".join(
            f"{u.construct} at {u.pos}" for u in blocked), error="genericity",
            reason="unsupported_construct", pos=blocked[0].pos)
    elif not uses_generic_type(kernel_ir):
        out = unknown("generic", "the kernel does not use the placeholder TYPE (was TYPE "
                      "defined on the command line?), so genericity cannot be judged",
                      error="genericity", reason="nothing_analysed")
    else:
        issues = genericity_issues(kernel_ir)
        if issues:
            out = violation("generic", f"not generic: {issues[0]}" + (
                f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""),
                {"issues": [{"at": str(i.pos), "problem": i.message} for i in issues]},
                error="genericity", reason="type_inspected", pos=issues[0].pos)
        else:
            out = verified("generic", "TYPE values are only copied, combined with OPERATOR "
                           "and set to IDENTITY")
    out.seconds = time.perf_counter() - start
    return out


def scan_launch(kernel: ScanKernel, n: int) -> tuple[Launch, dict[str, str]]:
    """Launch and defines for a single-group scan of ``n`` elements."""
    return Launch((kernel.thread_count(n),), (1,)), kernel.macros(n)


def check_scan_kernel(kernel: ScanKernel, n: int | None,
                      progress: Callable[[int], None] | None = None) -> Verdict:
    """Generic + race-free + divergence-free + in bounds for ``n``.

    ``n=None``: every power of two 2^1 .. 2^31.  First one parametric proof
    for 2^1 .. 2^30 (N symbolic) plus n = 2^31 on its own; if the parametric
    proof cannot be set up or does not succeed, one proof per n instead.
    """
    if n is not None:
        return _check_scan_size(kernel, n)
    start = time.perf_counter()
    sizes = [1 << k for k in range(1, MAX_SCAN_LOG2 + 1)]
    whole = _check_scan_parametric(kernel)
    if whole.ok:
        last = _check_scan_size(kernel, sizes[-1])
        if progress is not None:
            for size in sizes:
                progress(size)
        disagreement = _confirm_parametric(kernel, start)
        if disagreement is not None:
            return disagreement
        if last.ok:
            out = verified("scan-static", f"{kernel.name}: generic, race-free, "
                           "divergence-free and in bounds for every n = 2^1 .. 2^31 (one "
                           "parametric proof for n <= 2^30, confirmed per n at 2, 4, 8, 2^16 "
                           "and 2^30, plus n = 2^31; no hand-written invariants)",
                           mode="parametric", sizes=sizes,
                           parametric_seconds=whole.seconds, last_seconds=last.seconds,
                           confirmed_at=[1 << k for k in CROSS_CHECK_LOG2])
            out.seconds = time.perf_counter() - start
            return out
        return _at_size(last, sizes[-1], start)
    per_n: list[Verdict] = []
    for size in sizes:
        v = _check_scan_size(kernel, size)
        per_n.append(v)
        if progress is not None:
            progress(size)
        if not v.ok:
            return _at_size(v, size, start)
    out = verified("scan-static", f"{kernel.name}: generic, race-free, divergence-free and in "
                   f"bounds for every n = 2^1 .. 2^{MAX_SCAN_LOG2} (one proof per n, "
                   "no hand-written invariants)", mode="per-n", sizes=sizes,
                   parametric=whole.summary, seconds_per_n=[v.seconds for v in per_n])
    out.seconds = time.perf_counter() - start
    return out


def _confirm_parametric(kernel: ScanKernel, start: float) -> Verdict | None:
    """Per-n proofs at a spread of sizes must agree with a parametric ``verified``.

    The parametric set-up refuses whatever could make it unsound; this is the
    independent check that it did.  A disagreement is a bug in veriscan, so
    the answer is unknown and the user is asked to report it.
    """
    for log2 in CROSS_CHECK_LOG2:
        alone = _check_scan_size(kernel, 1 << log2)
        if not alone.ok:
            out = unknown("scan-static", f"internal disagreement, please report: the "
                          f"parametric proof verified {kernel.name} for every n <= 2^30, but "
                          f"the proof for n = 2^{log2} alone says {alone.status.value}: "
                          f"{alone.summary}", error="parametric",
                          reason="internal_disagreement", n=1 << log2, per_n=alone.to_json())
            out.witness = alone.witness
            out.seconds = time.perf_counter() - start
            return out
    return None


def _at_size(v: Verdict, n: int, start: float) -> Verdict:
    return replace(v, summary=f"n = {n}: {v.summary}", details={**v.details, "n": n},
                   seconds=time.perf_counter() - start)


def _check_scan_parametric(kernel: ScanKernel) -> Verdict:
    """One proof for all n = 2^1 .. 2^30; unknown (with the reason) when it cannot be had."""
    start = time.perf_counter()
    made = parametric.setup(parametric.KernelSource(
        str(kernel.path), kernel.source, kernel.dialect, kernel.entry, dict(kernel.defines)),
        kernel.thread_count)
    if isinstance(made, str):
        out = unknown("scan-static", f"no parametric proof: {made}", error="parametric",
                      reason="unsupported_construct")
    else:
        _scan_pointers(made.kernel, kernel)
        out = combine("scan-static", [check_generic(made.kernel),
                                      check_ir(made.kernel, launch=made.launch, symbolic=made)],
                      f"{kernel.name}: proved for every n = 2^1 .. 2^30 at once")
    out.seconds = time.perf_counter() - start
    return out


def _scan_pointers(ir_kernel: ir.Kernel, kernel: ScanKernel) -> list[str]:
    pointers = [p.name for p in ir_kernel.params if p.is_pointer]
    if len(pointers) != 2:
        raise VeriscanError(f"{kernel.path}: a scan kernel takes (in, out) pointers, "
                            f"'{ir_kernel.name}' has {len(pointers)}")
    others = [p.name for p in ir_kernel.params if not p.is_pointer]
    if others:  # the device launch passes (in, out) and nothing else
        raise VeriscanError("a scan kernel takes exactly (in, out); "
                            f"'{ir_kernel.name}' also takes {', '.join(others)}", ir_kernel.pos)
    return pointers


def _check_scan_size(kernel: ScanKernel, n: int) -> Verdict:
    start = time.perf_counter()
    launch, defines = scan_launch(kernel, n)
    ir_kernel = parse_kernel(kernel.path, source=kernel.source, entry=kernel.entry,
                             defines=defines, dialect=kernel.dialect)
    sizes = dict.fromkeys(_scan_pointers(ir_kernel, kernel), n)
    generic = check_generic(ir_kernel)
    static = check_ir(ir_kernel, launch=launch, array_sizes=sizes)
    out = combine("scan-static", [generic, static], f"{kernel.name} at n = {n} "
                  f"({launch.local_size[0]} threads): generic, race-free, divergence-free, "
                  "in bounds")
    out.details.update({"n": n, "threads": launch.local_size[0], "kernel": kernel.name})
    out.seconds = time.perf_counter() - start
    return out


__all__ = ["DistinctWhere", "Launch", "check_generic", "check_ir", "check_kernel",
           "check_scan_kernel", "out_of_budget", "unsupported_constructs"]
