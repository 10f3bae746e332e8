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
    asserts: dict[int, list[A.Clause]] = field(default_factory=dict)  # before that statement
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


def _code_only(source: str) -> str:
    """``source`` with comments and string literals blanked (newlines kept), so
    braces and semicolons in it are C's."""
    out = list(source)
    i, size = 0, len(source)
    while i < size:
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = size if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = size if end < 0 else end + 2
        elif source[i] in "\"'":
            end = i + 1
            while end < size and source[end] not in (source[i], "\n"):
                end += 2 if source[end] == "\\" else 1
            end = min(end + 1, size)
        else:
            i += 1
            continue
        for j in range(i, end):
            if out[j] != "\n":
                out[j] = " "
        i = end
    return "".join(out)


def _kernel_span(kernel: n.Kernel) -> tuple[int, int] | None:
    """First and last line of the kernel's declaration (qualifiers through closing brace).

    The declaration starts right after the previous top-level item (a ``;``,
    ``}`` or preprocessor line) and ends at the brace matching its body's.
    """
    if kernel.pos is None:
        return None
    code = _code_only(kernel.source)
    starts = [0] + [i + 1 for i, ch in enumerate(code) if ch == "\n"]
    name_at = starts[kernel.pos.line - 1] + max(kernel.pos.col - 1, 0)
    begin = name_at
    while begin > 0 and code[begin - 1] not in ";}{":
        begin -= 1
    lines = code[begin:name_at].split("\n")
    first = kernel.pos.line - len(lines) + 1
    for text in lines:  # skip blank and preprocessor lines before the declaration
        if text.strip() and not text.lstrip().startswith("#"):
            break
        first += 1
    brace = code.find("{", name_at)
    depth, end = 0, len(code)
    for i in range(brace, len(code)) if brace >= 0 else ():
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        if depth == 0:
            end = i
            break
    return min(first, kernel.pos.line), code.count("\n", 0, end) + 1


def attach(kernel: n.Kernel) -> KernelSpec:
    """The annotations of ``kernel`` alone: those inside its declaration and the
    contract immediately before it; another function's annotations are its own."""
    spec = KernelSpec()
    annotations = parse_annotations(kernel.source, kernel.file)
    if not annotations:
        return spec
    lines = kernel.source.splitlines()
    loops: dict[int, n.Loop] = {}
    barriers: dict[int, n.Barrier] = {}
    statements: dict[int, n.Stmt] = {}
    for stmt in walk(kernel.body):
        statements.setdefault(stmt.pos.line, stmt)
        if isinstance(stmt, n.Loop):
            loops.setdefault(stmt.pos.line, stmt)
        elif isinstance(stmt, n.Barrier):
            barriers.setdefault(stmt.pos.line, stmt)
    span = _kernel_span(kernel)

    for ann in annotations:
        target = _next_code_line(lines, ann.end_line)
        if target is None:
            raise VeriscanError("annotation is not followed by any code", ann.start)
        if span is not None and not span[0] <= target <= span[1]:
            continue  # it precedes (or sits in) another declaration
        spec.unsupported.extend(ann.unsupported)
        asserts = [c for c in ann.clauses if c.kind is A.ClauseKind.ASSERT]
        if asserts:
            if len(asserts) != len(ann.clauses) or target not in statements:
                raise VeriscanError("an assert annotation stands alone, right before a "
                                    "statement of the kernel body", ann.start)
            spec.asserts.setdefault(id(statements[target]), []).extend(asserts)
        elif target in barriers:
            spec.barriers.setdefault(id(barriers[target]), []).extend(ann.clauses)
        elif target in loops:
            spec.loops.setdefault(id(loops[target]), []).extend(ann.clauses)
        elif span is None or (target == span[0] and ann.start.line < span[0]):
            spec.contract.extend(ann.clauses)
        else:
            raise VeriscanError(f"annotation must be followed by the kernel, a loop or a "
                                f"barrier; the next code is line {target}", ann.start)
    return spec
