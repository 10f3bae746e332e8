"""Attach each annotation to the kernel, loop or barrier that follows it.

VerCors places a contract right before what it specifies: the kernel
function, a loop, or a barrier call.  The IR carries source lines, so an
annotation in the kernel's body belongs to the node whose line is the first
line of code after the comment, and one in front of the kernel's declaration
is its contract.

No annotation of the file is ever silently ignored, since a dropped
annotation is a dropped proof obligation.  The file is cut into its top-level
declarations (function definitions, other declarations, preprocessor lines),
and each annotation either

* attaches to the kernel being checked (its contract, or a loop, barrier or
  statement of its body),
* belongs to another kernel of the file: it is in that kernel's body or is
  the contract right before its declaration, and the kernel being checked
  runs none of that kernel's code, or
* makes the verdict unknown, naming it and its line (a helper function's
  contract or assertion, which the checker does not check; a contract cut off
  from its declaration by a preprocessor line), or is bad input where it
  cannot belong anywhere (an annotation inside the body before no loop,
  barrier or statement).

Lines are counted as the front end counts them (:class:`~.parser.SourceMap`),
so form feeds, ``\\r\\n`` and Unicode line separators move an annotation and
the code after it alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend.lexing import SourceMap, lex
from veriscan.ir import nodes as n
from veriscan.ir.visit import walk
from veriscan.seplogic import ast as A
from veriscan.seplogic.parser import parse_annotations

# Characters that end a line for the front end (Python's str.splitlines).
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
_KERNEL_WORDS = {n.Dialect.OPENCL: re.compile(r"\b(__kernel|kernel)\b"),
                 n.Dialect.CUDA: re.compile(r"\b__global__\b")}
# Blocks whose contents are top-level declarations themselves.
_TRANSPARENT = re.compile(r"\s*(extern\s*|namespace(\s+\w+)?\s*)")
_NAME_BEFORE_PAREN = re.compile(r"(\w+)\s*(<[^()]*>)?\s*\(")


@dataclass
class KernelSpec:
    contract: list[A.Clause] = field(default_factory=list)
    loops: dict[int, list[A.Clause]] = field(default_factory=dict)
    barriers: dict[int, list[A.Clause]] = field(default_factory=dict)
    asserts: dict[int, list[A.Clause]] = field(default_factory=dict)  # before that statement
    # Why the verdict must be unknown, and where: annotations the checker cannot use.
    unsupported: list[tuple[str, SourcePos]] = field(default_factory=list)

    def everywhere(self) -> list[A.Clause]:
        return [c for c in self.contract if c.kind is A.ClauseKind.CONTEXT_EVERYWHERE]


@dataclass(frozen=True)
class _Declaration:
    """One top-level item of the file, by offsets: ``start`` (its first code
    character) to ``end`` (after its last); ``body`` the offsets of its
    ``{`` and matching ``}``, if it has one; ``directive`` for a preprocessor line."""

    start: int
    end: int
    header: str
    body: tuple[int, int] | None = None
    directive: bool = False

    @property
    def function(self) -> bool:
        """A function definition (a body after a parameter list)."""
        return self.body is not None and "(" in self.header

    @property
    def name(self) -> str:
        found = _NAME_BEFORE_PAREN.findall(self.header)
        return found[-1][0] if found else self.header.strip()[:40]


def _code_only(source: str, dialect: n.Dialect) -> str:
    """``source`` with comments and string and character literals blanked (line
    breaks kept), so braces, semicolons and ``#`` in it are C's, at the same
    offsets.  The comments and literals are those C's lexer finds
    (:func:`.lexing.lex`), the ones the annotations are read from too, so
    annotations and code are cut from the file at the same places."""
    out = list(source)
    lexed = lex(source, dialect)
    for start, end in (*lexed.comments, *lexed.quoted):
        for j in range(start, end):
            if out[j] not in _LINE_BREAKS:
                out[j] = " "
    return "".join(out)


def _directives(code: str) -> dict[int, int]:
    """The preprocessor lines of ``code``: the offset of each one's ``#`` and of the
    end of its last line (backslash continuations included)."""
    breaks = "".join(_LINE_BREAKS)
    found: dict[int, int] = {}
    lines = code.splitlines(keepends=True)
    offset, k = 0, 0
    while k < len(lines):
        text = lines[k]
        hash_at = offset + len(text) - len(text.lstrip(" \t"))
        offset += len(text)
        if text.lstrip(" \t").startswith("#"):
            while text.rstrip(breaks).endswith("\\") and k + 1 < len(lines):
                k += 1
                text = lines[k]
                offset += len(text)
            found[hash_at] = offset
        k += 1
    return found


def declarations(source: str, dialect: n.Dialect) -> list[_Declaration]:
    """The top-level items of ``source`` in order (see the module docstring)."""
    code = _code_only(source, dialect)
    directives = _directives(code)
    items: list[_Declaration] = []
    i, size, depth = 0, len(code), 0
    start: int | None = None
    opened = 0
    body: tuple[int, int] | None = None
    transparent = 0
    while i < size:
        if i in directives:
            if depth == 0 and start is None:
                items.append(_Declaration(i, directives[i], code[i:directives[i]],
                                          directive=True))
            i = directives[i]
            continue
        ch = code[i]
        if depth > 0:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth == 0 and start is not None:
                body = (opened, i)
                if "(" in code[start:opened]:  # a function definition ends here
                    items.append(_Declaration(start, i + 1, code[start:opened], body))
                    start, body = None, None
        elif start is None:
            if ch == "}" and transparent:
                transparent -= 1
            elif not ch.isspace():
                start = i
                continue  # look at this character again as part of the item
        elif ch == "{":
            if body is None and _TRANSPARENT.fullmatch(code[start:i]):
                transparent += 1  # extern "C" { ... }: its contents are top-level
                start = None
            else:
                depth, opened = 1, i
        elif ch == ";":
            header = code[start:body[0]] if body is not None else code[start:i + 1]
            items.append(_Declaration(start, i + 1, header, body))
            start, body = None, None
        i += 1
    if start is not None:
        items.append(_Declaration(start, size, code[start:], body))
    return items


def _is_kernel(item: _Declaration, dialect: n.Dialect) -> bool:
    return item.function and bool(_KERNEL_WORDS[dialect].search(item.header))


def attach(kernel: n.Kernel) -> KernelSpec:
    """The annotations of ``kernel``: those inside its declaration and the contract
    immediately before it; another kernel's annotations are its own, and every
    other annotation makes the verdict unknown (see the module docstring)."""
    spec = KernelSpec()
    annotations = parse_annotations(kernel.source, kernel.file, kernel.dialect)
    if not annotations:
        return spec
    smap = SourceMap(kernel.file, kernel.source)
    items = declarations(kernel.source, kernel.dialect)
    at = smap.offset(kernel.pos.line, kernel.pos.col) if kernel.pos is not None else None
    ours = next((d for d in items if at is not None and d.start <= at < d.end), None)
    runs = {s.pos.line for s in walk(kernel.body)}  # lines whose code the kernel runs

    def lines_of(item: _Declaration) -> range:
        return range(smap.pos(item.start).line, smap.pos(max(item.end - 1, 0)).line + 1)

    def foreign(item: _Declaration, ann: A.Annotation, role: str) -> None:
        """An annotation of another declaration: fine for another kernel the checked
        one does not run, unknown otherwise."""
        called = bool(runs & set(lines_of(item)))
        if _is_kernel(item, kernel.dialect) and not called:
            return
        what = (f"function '{item.name}', which kernel '{kernel.name}' calls" if called
                else f"'{item.name}', which is not the kernel being checked")
        spec.unsupported.append((f"{role} at line {ann.start.line} belongs to {what}: "
                                 "annotations of helper functions are not checked",
                                 ann.start))

    inside: list[A.Annotation] = []
    for ann in annotations:
        begin, end = ann.offsets
        item = next((d for d in items if d.start <= begin < d.end), None)
        if item is not None and (item.body is None or not item.body[0] < begin < item.body[1]):
            spec.unsupported.append((f"annotation at line {ann.start.line} stands inside the "
                                     f"declaration of '{item.name}', not in a body or before "
                                     "a declaration", ann.start))
        elif item is not None and item is ours:
            inside.append(ann)
        elif item is not None:
            foreign(item, ann, "annotation")
        else:
            following = next((d for d in items if d.start >= end), None)
            if following is None:
                raise VeriscanError("annotation is not followed by any code", ann.start)
            if following is ours:
                spec.unsupported.extend((f"annotation keyword '{kw}'", pos)
                                        for kw, pos in ann.unsupported)
                spec.contract.extend(ann.clauses)
            elif following.directive:
                spec.unsupported.append((
                    f"annotation at line {ann.start.line} is followed by the preprocessor "
                    f"line {smap.pos(following.start).line}, not by the declaration it "
                    "specifies", ann.start))
            elif following.function:
                foreign(following, ann, "contract")
            else:
                spec.unsupported.append((
                    f"annotation at line {ann.start.line} precedes a declaration that is no "
                    "function definition", ann.start))
    _attach_inside(kernel, spec, inside, smap)
    return spec


def _attach_inside(kernel: n.Kernel, spec: KernelSpec, annotations: list[A.Annotation],
                   smap: SourceMap) -> None:
    """Annotations in the kernel's body: each before a loop, a barrier or (an assert)
    a statement, the first code after it."""
    code = _code_only(kernel.source, kernel.dialect)
    loops: dict[int, n.Loop] = {}
    barriers: dict[int, n.Barrier] = {}
    statements: dict[int, n.Stmt] = {}
    for stmt in walk(kernel.body):
        statements.setdefault(stmt.pos.line, stmt)
        if isinstance(stmt, n.Loop):
            loops.setdefault(stmt.pos.line, stmt)
        elif isinstance(stmt, n.Barrier):
            barriers.setdefault(stmt.pos.line, stmt)
    for ann in annotations:
        rest = code[ann.offsets[1]:]
        target = smap.pos(ann.offsets[1] + len(rest) - len(rest.lstrip())).line
        spec.unsupported.extend((f"annotation keyword '{kw}'", pos)
                                for kw, pos in ann.unsupported)
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
        elif isinstance(statements.get(target), n.Unsupported):
            # A loop the front end could not lower (a do-while whose condition has side
            # effects): the statement makes the check unknown, naming the construct.
            continue
        else:
            raise VeriscanError(f"annotation must be followed by the kernel, a loop or a "
                                f"barrier; the next code is line {target}", ann.start)
