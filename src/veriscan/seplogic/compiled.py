"""The kernel file as the compiler sees it, for placing annotations.

Annotations are comments, which the preprocessor removes, so where one stands
in the program is decided by the code around it.  That code must be the
compiler's, not a scan of the raw text: braces in an ``#if 0`` region or in the
arguments of a macro that drops them are no code, and a scan that counts them
sees declarations and blocks the compiler never does.

So the file is preprocessed once more, as the front end does it
(:mod:`veriscan.frontend.preprocess`), keeping for each token of the result
where it came from: a token written in the file and passed through unchanged
(*verbatim*) has its offset there; a token of a macro's expansion, argument or
body, has none.  The text laid out from those tokens must be the very text the
front end parsed, or nothing is placed.  An annotation is then placed before
a token of that text (:mod:`.attach` says which), and the declarations, blocks
and statements around that token are libclang's cursors of the front end's
own parse of that text.  Positions are byte offsets in that
text (the IR's positions and clang's cursors are in its lines and columns).
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

import clang.cindex as ci
from pcpp.parser import trigraph

from veriscan.errors import SourcePos
from veriscan.frontend.clang_parse import INSTANCE_PREFIX, ParsedUnit, parse_unit
from veriscan.frontend.cursors import children
from veriscan.frontend.preprocess import run_preprocessor
from veriscan.frontend.token_layout import render
from veriscan.ir import nodes as n
from veriscan.ir.visit import walk

K = ci.CursorKind
_CONTAINERS = {K.LINKAGE_SPEC, K.NAMESPACE}  # their contents are file-scope declarations
_RECORDS = {K.MACRO_DEFINITION, K.MACRO_INSTANTIATION, K.INCLUSION_DIRECTIVE}
FUNCTIONS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.CONSTRUCTOR,
             K.DESTRUCTOR, K.CONVERSION_FUNCTION}


class Unplaceable(Exception):
    """Where an annotation stands in the compiled program is not known for certain."""


@dataclass(frozen=True, eq=False)
class Declaration:
    """One file-scope declaration: ``starts`` are the offsets an annotation right
    before it stands at (its first token's, and that of an ``extern "C"`` or
    namespace it opens), ``end`` the offset after its last token, ``body`` its
    compound statement if it is a function definition."""

    cursor: ci.Cursor
    starts: tuple[int, ...]
    end: int
    body: ci.Cursor | None

    @property
    def start(self) -> int:
        return self.starts[-1]

    @property
    def name(self) -> str:
        return self.cursor.spelling

    def encloses(self, at: int) -> bool:
        return self.start < at < self.end

    def in_body(self, at: int) -> bool:
        """``at`` is inside the body's braces or is its closing brace."""
        return self.body is not None and span(self.body)[0] < at < span(self.body)[1]


def span(c: ci.Cursor) -> tuple[int, int]:
    """A cursor's extent as offsets: its first token's and the one after its last."""
    return c.extent.start.offset, c.extent.end.offset


def subtree(c: ci.Cursor) -> Iterator[ci.Cursor]:
    """``c`` and every cursor below it (through :func:`.cursors.children`, which never
    returns a truncated list)."""
    stack = [c]
    while stack:
        top = stack.pop()
        yield top
        stack.extend(reversed(children(top)))


class CompiledFile:
    """The kernel's file after preprocessing: its declarations, the verbatim tokens'
    offsets and the positions of the kernel's IR, all as offsets in the parsed text."""

    def __init__(self, kernel: n.Kernel):
        self.kernel = kernel
        instances = (kernel.name,) if "<" in kernel.name else ()
        self.unit: ParsedUnit = parse_unit(kernel.file, kernel.source, kernel.dialect,
                                           dict(kernel.defines), instances)
        text = self.unit.preprocessed.text
        if "\r" in text:
            raise Unplaceable("the preprocessed text has a carriage return, so its lines "
                              "are not certain")
        self._bytes_before = [0]
        for ch in text:
            self._bytes_before.append(self._bytes_before[-1] + len(ch.encode("utf-8")))
        self._line_starts = [0]  # character offsets of the text's lines
        for line in text.split("\n"):
            self._line_starts.append(self._line_starts[-1] + len(line) + 1)
        self._byte_line_starts = [self._bytes_before[min(s, len(text))]
                                  for s in self._line_starts]
        self.tokens: list[int] = []
        self.verbatim: dict[int, tuple[int, int]] = {}
        self._trace_tokens(text)
        self.declarations = list(self._declarations(self.unit.tu.cursor, ()))
        at = (kernel.pos.line, kernel.pos.col) if kernel.pos is not None else None
        self.ours = next((d for d in self.declarations if d.body is not None and at ==
                          (d.cursor.location.line, d.cursor.location.column)), None)
        if self.ours is None:
            raise Unplaceable(f"kernel '{kernel.name}' was not found in clang's parse")

    # ------------------------------------------------------------- positions
    def offset(self, pos: SourcePos) -> int:
        """The offset of an IR position (clang's line and byte column); -1 for one
        with no column or outside the file."""
        if pos.file != self.kernel.file or pos.col < 1 or \
                not 1 <= pos.line < len(self._byte_line_starts):
            return -1
        return self._byte_line_starts[pos.line - 1] + pos.col - 1

    def line(self, offset: int) -> int:
        """The line of an offset (the file's line: the text keeps the file's lines)."""
        return bisect_right(self._byte_line_starts, offset)

    def _trace_tokens(self, text: str) -> None:
        """Lay out the file's tokens as the front end does, noting where each token of
        the text is (``self.tokens``: offsets in the text) and which of them the
        preprocessor passed through as written (``self.verbatim``: their offsets in
        the file -> (index in ``self.tokens``, offset after them in the file))."""
        kernel = self.kernel
        cpp, raw = run_preprocessor(kernel.source, kernel.file, tuple(kernel.defines.items()),
                                    kernel.dialect)
        laid_out, tokens = render(cpp, raw, kernel.file)
        if laid_out != text:
            raise Unplaceable("the file's second preprocessing differs from the front end's")
        blank = set(cpp.t_WS) | {cpp.t_LINECONT}
        written = [tok for tok in raw if tok.type not in blank]
        if len(written) != len(tokens):
            raise Unplaceable("the preprocessed tokens were not all laid out")
        in_file = _file_offsets(kernel.source)
        for index, (tok, placed) in enumerate(zip(written, tokens, strict=True)):
            at = self._line_starts[placed.line - 1] + placed.col - 1
            if text[at:at + len(placed.spelling)] != placed.spelling:
                raise Unplaceable("a token of the preprocessed text is not where it was laid "
                                  "out")
            self.tokens.append(self._bytes_before[at])
            if getattr(tok, "expanded_from", None) != [] or not isinstance(tok.lexpos, int) \
                    or os.path.abspath(tok.source) != os.path.abspath(kernel.file):
                continue
            start = in_file(tok.lexpos)
            if kernel.source[start:start + len(tok.value)] == tok.value:
                self.verbatim[start] = (index, start + len(tok.value))

    # ---------------------------------------------------------- declarations
    def _declarations(self, parent: ci.Cursor, opened: tuple[int, ...]
                      ) -> Iterator[Declaration]:
        file = self.kernel.file
        for c in children(parent):
            if c.kind in _RECORDS or c.location.file is None or c.location.file.name != file:
                continue
            if c.spelling.startswith(INSTANCE_PREFIX):
                continue  # the front end's own instantiation, after the file's text
            start, end = span(c)
            if c.kind in _CONTAINERS:
                yield from self._declarations(c, (*opened, start))
                opened = ()  # only its first declaration starts where it does
                continue
            body = None
            if c.kind in FUNCTIONS:
                body = next((ch for ch in reversed(children(c))
                             if ch.kind == K.COMPOUND_STMT), None)
            yield Declaration(c, (*opened, start), end, body)
            opened = ()

    def at(self, offset: int) -> tuple[Declaration | None, bool]:
        """The declaration an annotation before ``offset`` belongs to, and whether it
        stands right before it (True) or inside it (False)."""
        for d in self.declarations:
            if offset in d.starts:
                return d, True
            if d.encloses(offset):
                return d, False
        return None, False

    def is_kernel(self, d: Declaration) -> bool:
        """A kernel, as the front end tells one (``__kernel``, ``__global__``)."""
        if d.cursor.kind not in FUNCTIONS or d.body is None:
            return False
        if self.kernel.dialect is n.Dialect.CUDA:
            return any(ch.kind == K.ANNOTATE_ATTR and ch.spelling == "veriscan_cuda_global"
                       for ch in children(d.cursor))
        tokens = [t.spelling for t in d.cursor.get_tokens()]
        head = tokens[:tokens.index(d.name)] if d.name in tokens else tokens
        return "__kernel" in head or "kernel" in head

    # ------------------------------------------------------------- call graph
    @cached_property
    def reached(self) -> list[Declaration]:
        """The functions of the file the checked kernel may run: those its body
        refers to (through clang's references; a call clang could not resolve counts
        for every function of its name), those they refer to in turn, and any
        whose code holds a statement of the kernel's IR (an inlined body)."""
        functions = [d for d in self.declarations if d.body is not None]
        positions = [self.offset(s.pos) for s in walk(self.kernel.body)]
        found = [d for d in functions if any(d.start <= p < d.end for p in positions)]
        todo = [self.ours, *found]
        while todo:
            for name, where in _references(todo.pop().cursor):
                for d in functions:
                    if d in found:
                        continue
                    if (d.start <= where < d.end if where is not None
                            else name in ("", d.name)):
                        found.append(d)
                        todo.append(d)
        return found


def _file_offsets(source: str) -> Callable[[int], int]:
    """Offsets in the text pcpp lexes -> offsets in ``source``.  pcpp lexes the file
    with its trigraphs replaced, its lines split as ``str.splitlines`` does, each
    stripped of trailing white space and joined by ``\\n``."""
    if trigraph(source) != source:
        raise Unplaceable("the file has trigraphs, so its preprocessed tokens cannot be "
                          "traced back to it")
    lines = source.splitlines(keepends=True)
    starts, lexed = [0], [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
        lexed.append(lexed[-1] + len(line.rstrip()) + 1)

    def offset(at: int) -> int:
        k = bisect_right(lexed, at) - 1
        return starts[k] + at - lexed[k]
    return offset


def _references(fn: ci.Cursor) -> Iterator[tuple[str, int | None]]:
    """Each function of the file that ``fn`` refers to: its name, and the offset of
    its definition's name; None where clang did not resolve the reference, so any
    function of that name (of any name, for an unnamed call) may be the one."""
    file = fn.location.file.name
    for c in subtree(fn):
        target = c.referenced if c.kind != K.OVERLOADED_DECL_REF else None
        if c.kind == K.OVERLOADED_DECL_REF or (c.kind == K.CALL_EXPR and target is None):
            yield c.spelling, None
            continue
        if target is None or target.kind not in FUNCTIONS:
            continue
        definition = target.get_definition()
        where = (definition or target).location
        if where.file is None or where.file.name != file:
            continue  # a built-in of the preludes
        yield target.spelling, where.offset if definition is not None else None
