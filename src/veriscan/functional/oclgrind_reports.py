"""Oclgrind's reports as witnesses, joined to the verdict of the run that printed them.

Oclgrind runs with its race, uninitialised-value and memory checkers on
(:mod:`.device_runs`); every report it prints during a run becomes part of
a violation, with the work-items, group, source line, array and element
index (read off the kernel's IR by :class:`Resolver`), never a raw address.
A run that passes with a report is a violation: a report is never dropped,
and a message veriscan cannot read makes the run's verdict unknown.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from veriscan.device.oclgrind import PLATFORM_WORD, Report, parse_reports
from veriscan.errors import SourcePos, VeriscanError
from veriscan.verdict import Verdict, unknown, violation

if TYPE_CHECKING:
    from veriscan.ir import nodes as ir
    from veriscan.scankernel import ScanKernel

SHOWN_REPORTS = 5  # reports spelled out in a witness; the count covers all
# The order findings are named in a summary: what the static proof also speaks about first.
_PRIORITY = {"race": 0, "memory": 1, "divergence": 2, "uninitialized": 3, "api": 4}


def with_reports(verdict: Verdict, stderr: str, resolver: Resolver,
                 detector_notes: list[str] | None = None) -> Verdict:
    """``verdict`` joined with the detector reports printed during its run."""
    reports, rest = parse_reports(stderr)
    if detector_notes:
        verdict.details["detector_notes"] = detector_notes
    fatal = next((r for r in reports if r.kind == "fatal"), None)
    if fatal is not None:
        return unknown(verdict.check, f"Oclgrind failed during the run ({fatal.title}), so "
                       "its result says nothing", error="dynamic", reason="not_run",
                       **verdict.details)
    notes = [r.text for r in reports if r.is_note and not r.is_host_probe]
    if PLATFORM_WORD in rest.lower():
        # Oclgrind said something in a form veriscan does not read: never dropped.
        return unknown(verdict.check, f"Oclgrind printed a message veriscan cannot read, so "
                       f"the run's result is not trusted: {rest[:300]}", error="dynamic",
                       reason="not_run", **verdict.details)
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
    out = violation(verdict.check, summary, witness, error="dynamic", reason="oclgrind_report",
                    pos=SourcePos.parse(str(first.get("at", ""))), **verdict.details)
    out.seconds = verdict.seconds
    return out


def detector_kinds(verdict: Verdict) -> list[str]:
    """The Oclgrind detectors that fired in ``verdict`` (empty for any other verdict)."""
    witness = verdict.witness or {}
    return list(witness.get("detector", [])) if isinstance(witness, dict) else []


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
        """For a scan kernel at ``n``: parsed only if a report needs it, its ``TYPE``
        elements the size of the interval monoid's (what the interval test runs)."""
        from veriscan.monoids import interval_monoid

        return cls(None, {"*": interval_monoid(n).dtype.itemsize}, lambda: _scan_ir(kernel, n))

    @property
    def kernel(self) -> ir.Kernel | None:
        """The kernel's IR, parsed on first use (most runs print no report)."""
        if self._ir is None and self._parse is not None:
            self._ir, self._parse = self._parse(), None
        return self._ir

    def witness(self, report: Report) -> dict[str, Any]:
        """The report as a witness in veriscan's terms: who accessed what, where in the
        user's file, and a sentence saying it."""
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
        """The array and element index of the reported address, by the IR's access on
        that line closest to the reported column."""
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
        """Bytes per element of ``name`` (a ``TYPE`` array's as given), to turn a byte
        offset into an index."""
        from veriscan.ir import nodes as irn

        if t is None:
            return None
        if t.kind is irn.TypeKind.GENERIC:
            return self._sizes.get(name, self._sizes.get("*"))
        if t.kind in (irn.TypeKind.INT, irn.TypeKind.FLOAT) and t.bits >= 8:
            return int(t.bits // 8)
        return None


_FIRST_IR: dict[ScanKernel, ir.Kernel | None] = {}


def scan_ir_once(kernel: ScanKernel, n: int) -> ir.Kernel | None:
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
    """The witness in one sentence, for a verdict's summary."""
    where = (f"{w['array']}[{w['index']}] ({report.space} memory)" if "index" in w
             else f"{w['array']} ({report.space} memory)" if "array" in w else "")
    people = "; ".join(
        f"work-item {_ids(a['work_item'])} of group {_ids(a['group'])}"
        + (f" ({a['access']} at line {a['line']})" if a["line"] else "")
        for a in w["accesses"])
    return report.headline(where) + (f" by {people}" if people else "")


def _ids(ids: list[int]) -> str:
    """Work-item ids without trailing zero dimensions, as the static witnesses write them."""
    while len(ids) > 1 and ids[-1] == 0:
        ids = ids[:-1]
    return ",".join(map(str, ids)) if ids else "?"
