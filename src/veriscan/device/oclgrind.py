"""Oclgrind's detector reports, read from the text it prints, as structured records.

Oclgrind (an OpenCL device simulator) checks every memory access of a run:
data races (``OCLGRIND_DATA_RACES``), uses of uninitialised values
(``OCLGRIND_UNINITIALIZED``), out-of-bounds accesses (always on), barrier
divergence (always on) and API misuse (``OCLGRIND_CHECK_API``).  It prints
each finding as a block: a title line, then tab-indented lines naming the
kernel, the work-items (``Global(..) Local(..) Group(..)``) and the source
line and column of each access.  This module only parses that text; turning
a report into a witness with array names and indices needs the kernel's IR
(:mod:`veriscan.functional.oclgrind_reports`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# The detectors a veriscan run switches on.  Uniform writes (several work-items
# storing the same value) are races for the static checker too, so they are not
# suppressed here either.
DETECTOR_ENV = {"OCLGRIND_DATA_RACES": "1", "OCLGRIND_CHECK_API": "1",
                "OCLGRIND_UNIFORM_WRITES": "1",
                # A program pyopencl loads from its binary cache has no source text for
                # Oclgrind to quote, and the quoted text is how a report's line is mapped
                # back to the user's file: always build from source.
                "PYOPENCL_NO_CACHE": "1"}
UNINITIALIZED_ENV = {"OCLGRIND_UNINITIALIZED": "1"}
PLATFORM_WORD = "oclgrind"

_ENTITY = re.compile(r"Global\((\d+),(\d+),(\d+)\)\s+Local\((\d+),(\d+),(\d+)\)\s+"
                     r"Group\((\d+),(\d+),(\d+)\)")
_AT = re.compile(r"At line (\d+) \(column (\d+)\) of (.+):$")
_ADDRESS = re.compile(r"(global|local|private|constant) memory address (0x[0-9a-fA-F]+)")
_SIZE = re.compile(r"of size (\d+)")
_ADDRESS_TEXT = re.compile(r"(?:global|local|private|constant) memory address 0x[0-9a-fA-F]+")
_KERNEL = re.compile(r"^Kernel:\s*(\S+)")
_GROUP = re.compile(r"^Work-group:\s*\((\d+),(\d+),(\d+)\)")
# Oclgrind packs a buffer number into the top 16 bits of a 64-bit address.
OFFSET_BITS = 48


@dataclass
class Access:
    """One work-item's side of a report: who, where in the source, read or write."""

    global_id: tuple[int, ...] | None
    local_id: tuple[int, ...] | None
    group: tuple[int, ...] | None
    line: int | None = None
    column: int | None = None
    file: str = ""
    source: str = ""
    op: str = ""  # "load", "store" or the IR instruction's name

    @property
    def is_write(self) -> bool:
        return self.op == "store"


@dataclass
class Report:
    """One detector finding."""

    kind: str  # race, uninitialized, memory, divergence, api, fatal, suppressed, other
    title: str
    kernel: str = ""
    space: str = ""
    address: int | None = None
    size: int | None = None
    accesses: list[Access] = field(default_factory=list)
    text: str = ""

    @property
    def buffer_offset(self) -> int | None:
        """The byte offset inside the buffer (the address without Oclgrind's buffer number)."""
        return None if self.address is None else self.address & ((1 << OFFSET_BITS) - 1)

    def headline(self, where: str) -> str:
        """The title with its raw address replaced by ``where`` (an array element)."""
        return _ADDRESS_TEXT.sub(where, self.title).rstrip(" :") if where else self.title

    @property
    def is_note(self) -> bool:
        """Not a finding about the kernel: a host-library probe, or Oclgrind saying that
        it stopped printing after its error limit (the findings before it stand)."""
        return self.is_host_probe or self.kind == "suppressed"

    @property
    def is_host_probe(self) -> bool:
        """pyopencl asks every device for properties an OpenCL 1.2 device does not know
        while building a program; Oclgrind's API checker reports each such query.  These
        concern the host library, not the kernel: recognised by exactly this signature and
        left out of verdicts (how many appear depends only on how many builds a worker
        did, which would make equal runs differ)."""
        return (self.kind == "api" and "clGetDeviceInfo" in self.text
                and "CL_INVALID_VALUE" in self.text)


def is_oclgrind(description: str) -> bool:
    return PLATFORM_WORD in description.lower()


def parse_reports(text: str) -> tuple[list[Report], str]:
    """Every report in ``text``, and the text that belongs to none (kept, not dropped)."""
    reports: list[Report] = []
    rest: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if block:
            report = _parse_block(block)
            if report is None:
                rest.extend(block)
            else:
                reports.append(report)
            block.clear()

    for line in text.splitlines():
        if not line.strip():
            continue
        if line[0] in " \t":
            if block:
                block.append(line)
            else:
                rest.append(line)
            continue
        flush()
        block.append(line)
    flush()
    return reports, "\n".join(rest).strip()


def _kind(title: str) -> str | None:
    lower = title.lower()
    if "errors generated" in lower and "suppressing" in lower:
        return "suppressed"
    if "fatal error" in lower:
        return "fatal"
    if "data race" in lower:
        return "race"
    if "uninitiali" in lower:
        return "uninitialized"
    if lower.startswith("invalid ") or "out-of-bounds" in lower or "out of bounds" in lower:
        return "memory"
    if "divergence" in lower:
        return "divergence"
    if lower.startswith("oclgrind - opencl runtime error"):
        return "api"
    if lower.startswith("oclgrind"):
        return "other"
    return None


def _parse_block(lines: list[str]) -> Report | None:
    title = lines[0].strip()
    body = [line.strip() for line in lines[1:]]
    kind = _kind(title)
    if kind is None and not any(_ENTITY.search(b) or _AT.search(b) for b in body):
        return None
    report = Report(kind or "other", title, text="\n".join([title, *body]))
    where = _ADDRESS.search(title)
    if where:
        report.space, report.address = where.group(1), int(where.group(2), 16)
    size = _SIZE.search(title)
    if size:
        report.size = int(size.group(1))
    group: tuple[int, ...] | None = None
    for i, line in enumerate(body):
        if (match := _KERNEL.match(line)) and not report.kernel:
            report.kernel = match.group(1)
        elif match := _GROUP.match(line):
            group = tuple(int(g) for g in match.groups())
        elif match := _ENTITY.search(line):
            ids = [int(g) for g in match.groups()]
            op = body[i + 1].split("=")[-1].split()[0] if i + 1 < len(body) else ""
            report.accesses.append(Access(tuple(ids[0:3]), tuple(ids[3:6]), tuple(ids[6:9]),
                                          op=op))
        elif match := _AT.search(line):
            if not report.accesses or report.accesses[-1].line is not None:
                report.accesses.append(Access(None, None, group))
            access = report.accesses[-1]
            access.line, access.column = int(match.group(1)), int(match.group(2))
            access.file = match.group(3)
            access.source = body[i + 1] if i + 1 < len(body) else ""
    return report
