"""Attach each annotation to the kernel, loop or barrier that follows it.

VerCors places a contract right before what it specifies: the kernel
function, a loop, or a barrier call.  The IR carries source lines, so an
annotation belongs to the node whose line is the first line of code after
the comment.  An annotation followed by anything else is bad input: silently
dropping it would drop proof obligations.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from veriscan.errors import SourcePos, VeriscanError
from veriscan.ir import nodes as n
from veriscan.ir.visit import walk
from veriscan.spec import ast as A
from veriscan.spec.parser import parse_annotations


@dataclass
class KernelSpec:
    contract: list[A.Clause] = field(default_factory=list)
    loops: dict[int, list[A.Clause]] = field(default_factory=dict)
    barriers: dict[int, list[A.Clause]] = field(default_factory=dict)
    unsupported: list[tuple[str, SourcePos]] = field(default_factory=list)

    def everywhere(self) -> list[A.Clause]:
        return [c for c in self.contract if c.kind is A.ClauseKind.CONTEXT_EVERYWHERE]


def _next_code_line(lines: list[str], after: int) -> int | None:
    in_block = False
    for number in range(after + 1, len(lines) + 1):
        text = lines[number - 1].strip()
        if in_block:
            if "*/" in text:
                in_block = False
                text = text.split("*/", 1)[1].strip()
            else:
                continue
        if not text or text.startswith("//"):
            continue
        if text.startswith("/*"):
            if "*/" not in text:
                in_block = True
                continue
            rest = text.split("*/", 1)[1].strip()
            if not rest:
                continue
        return number
    return None


def attach(kernel: n.Kernel) -> KernelSpec:
    spec = KernelSpec()
    annotations = parse_annotations(kernel.source, kernel.file)
    if not annotations:
        return spec
    lines = kernel.source.splitlines()
    loops: dict[int, n.Loop] = {}
    barriers: dict[int, n.Barrier] = {}
    for stmt in walk(kernel.body):
        if isinstance(stmt, n.Loop):
            loops.setdefault(stmt.pos.line, stmt)
        elif isinstance(stmt, n.Barrier):
            barriers.setdefault(stmt.pos.line, stmt)
    body_lines = [s.pos.line for s in walk(kernel.body)]
    first_body = min(body_lines) if body_lines else None
    kernel_line = kernel.pos.line if kernel.pos else None

    for ann in annotations:
        spec.unsupported.extend(ann.unsupported)
        target = _next_code_line(lines, ann.end_line)
        if target is None:
            raise VeriscanError("annotation is not followed by any code", ann.start)
        if target in barriers:
            spec.barriers.setdefault(id(barriers[target]), []).extend(ann.clauses)
        elif target in loops:
            spec.loops.setdefault(id(loops[target]), []).extend(ann.clauses)
        elif _before_kernel(target, kernel_line, first_body):
            spec.contract.extend(ann.clauses)
        else:
            raise VeriscanError(f"annotation must be followed by the kernel, a loop or a "
                                f"barrier; the next code is line {target}", ann.start)
    return spec


def _before_kernel(target: int, kernel_line: int | None, first_body: int | None) -> bool:
    """The first code after the annotation is (part of) the kernel's declaration."""
    if kernel_line is not None:
        # The declaration may start a line or two before the name (qualifiers).
        return target <= kernel_line
    return first_body is None or target < first_body
