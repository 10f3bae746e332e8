"""Attach each annotation to the kernel, loop, barrier or statement that follows it.

VerCors places a contract right before what it specifies: the kernel
function, a loop, or a barrier call; an assertion stands between two
statements and holds where it stands.  Annotations are comments, gone before
preprocessing, so an annotation is placed before the code that follows it *as
the compiler sees that code* (:mod:`.compiled`): the next token after it must
be one written in the file and passed through the preprocessor unchanged.  An
annotation followed by a preprocessor line, by code in an ``#if`` region left
out, by a macro invocation or inside a macro's arguments, or standing in a
directive, cannot be placed with certainty, and makes the verdict unknown.

No annotation of the file is ever silently ignored, since a dropped
annotation is a dropped proof obligation.  The file's declarations are
clang's (its cursors, over the front end's own preprocessing), and each
annotation either

* attaches to the kernel being checked (its contract, or a loop, barrier or
  place of its body: :mod:`.placement`),
* belongs to another kernel of the file: it is in that kernel's body or is
  the contract right before its declaration, and the kernel being checked
  does not call that kernel (clang's references, not shared lines), or
* makes the verdict unknown, naming it and its line (a helper function's
  contract or assertion, which the checker does not check; a contract cut off
  from its declaration by a preprocessor line; a placement that is not
  certain), or is bad input where it cannot belong anywhere (an annotation
  inside the body that stands inside a statement, or before no loop or
  barrier).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

import clang.cindex as ci

from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend.lexing import SourceMap, lex
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic.compiled import CompiledFile, Declaration, Unplaceable, span
from veriscan.seplogic.parser import parse_annotations
from veriscan.seplogic.placement import LOOPS, BodyPlacement, Misplaced

# Characters that end a line for the front end (Python's str.splitlines).
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


@dataclass
class KernelSpec:
    contract: list[A.Clause] = field(default_factory=list)
    loops: dict[int, list[A.Clause]] = field(default_factory=dict)
    barriers: dict[int, list[A.Clause]] = field(default_factory=dict)
    asserts: dict[int, list[A.Clause]] = field(default_factory=dict)  # before that statement
    # At the end of that block (by the id of the IR's statement list).
    block_ends: dict[int, list[A.Clause]] = field(default_factory=dict)
    # Why the verdict must be unknown, and where: annotations the checker cannot use.
    unsupported: list[tuple[str, SourcePos]] = field(default_factory=list)

    def everywhere(self) -> list[A.Clause]:
        return [c for c in self.contract if c.kind is A.ClauseKind.CONTEXT_EVERYWHERE]


def _code_only(source: str, dialect: n.Dialect) -> str:
    """``source`` with comments and string and character literals blanked (line
    breaks kept), so ``#`` in it is C's, at the same offsets.  The comments and
    literals are those C's lexer finds (:func:`.lexing.lex`), the ones the
    annotations are read from too."""
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


class _Refused(Exception):
    """The annotation makes the verdict unknown, for this reason."""


class _Attacher:
    """The annotations of one kernel, each placed or refused."""

    def __init__(self, kernel: n.Kernel, spec: KernelSpec):
        self.kernel = kernel
        self.spec = spec
        self.smap = SourceMap(kernel.file, kernel.source)
        self.code = _code_only(kernel.source, kernel.dialect)
        self.directives = _directives(self.code)
        self.comments = lex(kernel.source, kernel.dialect).comments
        self.compiled = CompiledFile(kernel)
        self.written = sorted(self.compiled.verbatim)
        self.body = BodyPlacement(self.compiled)

    def code_after(self, ann: A.Annotation) -> int:
        """The offset, in the compiled text, of the token the annotation stands before.

        That is the token after it if the preprocessor passed that one through as
        written; if it is a macro's name instead, the first token after the last one
        before the annotation that was passed through as written, provided only
        white space, comments and ``#define``/``#undef`` lines come between them (so
        the annotation stands in compiled code, outside any macro's arguments)."""
        begin, end = ann.offsets
        line = ann.start.line
        if any(at <= begin < stop for at, stop in self.directives.items()):
            raise _Refused(f"annotation at line {line} stands in a preprocessor directive")
        at = self._skip(end)
        if at >= len(self.kernel.source):
            raise VeriscanError("annotation is not followed by any code", ann.start)
        if at in self.directives:
            raise _Refused(f"annotation at line {line} is followed by the preprocessor line "
                           f"{self.smap.pos(at).line}, not by the code it specifies")
        compiled = self.compiled
        if at in compiled.verbatim:
            return compiled.tokens[compiled.verbatim[at][0]]
        before = bisect_left(self.written, begin)
        index, after = compiled.verbatim[self.written[before - 1]] if before else (-1, 0)
        if self._skip(after, until=begin) != begin:
            raise _Refused(f"annotation at line {line} is followed by code the compiler does "
                           f"not see as written (line {self.smap.pos(at).line}: in an #if "
                           "region left out, or in a macro's arguments)")
        if index + 1 >= len(compiled.tokens):
            raise VeriscanError("annotation is not followed by any code", ann.start)
        return compiled.tokens[index + 1]

    def _skip(self, at: int, until: int | None = None) -> int:
        """The first offset from ``at`` on that is no white space and no comment (with
        ``until``: and no ``#define`` or ``#undef`` line, stopping there)."""
        source = self.kernel.source
        while at != until:
            while at < len(source) and source[at].isspace():
                at += 1
            comment = next((c for c in self.comments if c[0] == at), None)
            if comment is not None and at != until:
                at = comment[1]
            elif until is not None and at in self.directives and \
                    self.code[at + 1:].lstrip(" \t").startswith(("define", "undef")):
                at = self.directives[at]
            else:
                break
        return at

    def place(self, ann: A.Annotation) -> None:
        at = self.code_after(ann)
        decl, before = self.compiled.at(at)
        ours = self.compiled.ours
        line = ann.start.line
        if decl is None:
            raise _Refused(f"annotation at line {line} precedes no declaration")
        if before and decl is ours:
            self.spec.unsupported.extend((f"annotation keyword '{kw}'", pos)
                                         for kw, pos in ann.unsupported)
            self.spec.contract.extend(ann.clauses)
        elif before and decl.body is not None:
            self.foreign(decl, ann, "contract")
        elif before:
            raise _Refused(f"annotation at line {line} precedes a declaration that is no "
                           "function definition")
        elif not decl.in_body(at):
            raise _Refused(f"annotation at line {line} stands inside the declaration of "
                           f"'{decl.name}', not in a body or before a declaration")
        elif decl is ours:
            self.inside(ann, at)
        else:
            self.foreign(decl, ann, "annotation")

    def foreign(self, decl: Declaration, ann: A.Annotation, role: str) -> None:
        """An annotation of another function: fine for another kernel the checked
        one does not call, unknown otherwise."""
        called = decl in self.compiled.reached
        if self.compiled.is_kernel(decl) and not called:
            return
        what = (f"function '{decl.name}', which kernel '{self.kernel.name}' calls" if called
                else f"'{decl.name}', which is not the kernel being checked")
        raise _Refused(f"{role} at line {ann.start.line} belongs to {what}: annotations of "
                       "helper functions are not checked")

    def inside(self, ann: A.Annotation, at: int) -> None:
        """An annotation in the kernel's body: an assertion where it stands, another
        before the loop or barrier it precedes."""
        spec = self.spec
        spec.unsupported.extend((f"annotation keyword '{kw}'", pos)
                                for kw, pos in ann.unsupported)
        asserts = [c for c in ann.clauses if c.kind is A.ClauseKind.ASSERT]
        try:
            if asserts:
                if len(asserts) != len(ann.clauses):
                    raise Misplaced
                spot = self.body.assertion(at)
                if spot.stmt is not None:
                    spec.asserts.setdefault(id(spot.stmt), []).extend(asserts)
                else:
                    assert spot.block is not None
                    spec.block_ends.setdefault(id(spot.block), []).extend(asserts)
                return
            statement = self.body.statement_at(at)
        except Misplaced:
            if asserts:
                raise VeriscanError("an assert annotation stands alone, between two "
                                    "statements of the kernel body", ann.start) from None
            statement = None
        target = self._loop_or_barrier(statement)
        if isinstance(target, n.Loop):
            spec.loops.setdefault(id(target), []).extend(ann.clauses)
        elif isinstance(target, n.Barrier):
            spec.barriers.setdefault(id(target), []).extend(ann.clauses)
        elif target is None:
            raise VeriscanError(f"annotation must be followed by the kernel, a loop or a "
                                f"barrier; the next code is line {self.compiled.line(at)}",
                                ann.start)
        # else: a loop or barrier the front end could not lower (a do-while whose
        # condition has side effects): its Unsupported statement makes the check
        # unknown, naming the construct.

    def _loop_or_barrier(self, statement: ci.Cursor | None) -> n.Stmt | None:
        """The IR loop or barrier the C ``statement`` is (an Unsupported statement
        where the front end could not lower it; None: it is neither)."""
        if statement is None:
            return None
        lo, hi = span(statement)
        if statement.kind in LOOPS:
            at = statement.location.offset
            loops = [s for pos, s in self.body.order if pos == at and isinstance(s, n.Loop)]
            if len(loops) == 1:
                return loops[0]
        else:
            first = self.body.first_ir(statement)
            if first is not None:
                return first if isinstance(first, n.Barrier) else None
        return next((s for at, s in self.body.order
                     if lo <= at < hi and isinstance(s, n.Unsupported)), None)


def attach(kernel: n.Kernel) -> KernelSpec:
    """The annotations of ``kernel``: those inside its declaration and the contract
    immediately before it; another kernel's annotations are its own, and every
    other annotation makes the verdict unknown (see the module docstring)."""
    spec = KernelSpec()
    annotations = parse_annotations(kernel.source, kernel.file, kernel.dialect)
    if not annotations:
        return spec
    try:
        attacher = _Attacher(kernel, spec)
    except Unplaceable as exc:
        spec.unsupported.append((f"annotations cannot be placed: {exc}", annotations[0].start))
        return spec
    for ann in annotations:
        try:
            attacher.place(ann)
        except (_Refused, Unplaceable) as exc:
            spec.unsupported.append((str(exc) if isinstance(exc, _Refused) else
                                     f"annotation at line {ann.start.line} cannot be placed: "
                                     f"{exc}", ann.start))
    return spec
