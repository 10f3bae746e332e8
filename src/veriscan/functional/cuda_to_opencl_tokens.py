"""The tokens of a CUDA kernel file as the translation to OpenCL C rewrites them.

The translation (:mod:`veriscan.functional.cuda_to_opencl`) never edits text:
each rule records, per token of the kernel's file, what goes before it, what
replaces it and what goes after it (:class:`Edits`), and marks the tokens it
understood.  This layer keeps those records, refuses any token no rule
explained (:meth:`TokenRewriter.check_tokens`: nothing is copied that nothing
understood), and writes the tokens out on the lines they came from, so the
OpenCL compiler's and Oclgrind's line numbers are the ``.cu`` file's.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

import clang.cindex as ci

from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend.clang_parse import ParsedUnit

# Pragmas that only steer code generation, the same words in OpenCL C.
PRAGMAS = frozenset({"unroll", "nounroll"})
_DROPPED_KEYWORDS = frozenset({"inline"})
_KEYWORDS = frozenset({
    "void", "bool", "char", "short", "int", "long", "signed", "unsigned", "const",
    "volatile", "if", "else", "for", "while", "do", "break", "continue", "return",
    "switch", "case", "default", "true", "false", *_DROPPED_KEYWORDS,
})
_PUNCTUATION_REFUSED = frozenset({"::", ".*", "->*", "->", "<=>", "...", "<:", ":>", "<%",
                                  "%>", "%:", "%:%:", "#", "##"})


class NotTranslated(VeriscanError):
    """A CUDA construct the translation to OpenCL C does not render exactly."""


@cache
def _spelling_function() -> object:
    function = ci.conf.lib.clang_getSpellingLocation
    function.argtypes = [ci.SourceLocation, ctypes.POINTER(ci.c_object_p),
                         ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                         ctypes.POINTER(ctypes.c_uint)]
    function.restype = None
    return function


def spelled_offset(location: ci.SourceLocation) -> int:
    """Where a location's token was written (inside a macro argument too: clang's
    cursor positions give the macro's position instead)."""
    handle, line, col, offset = ci.c_object_p(), ctypes.c_uint(), ctypes.c_uint(), \
        ctypes.c_uint()
    _spelling_function()(location, ctypes.byref(handle), ctypes.byref(line),  # type: ignore[operator]
                         ctypes.byref(col), ctypes.byref(offset))
    return offset.value


def kind_words(kind: ci.CursorKind) -> str:
    """A cursor kind in words, for a refusal (``for_stmt`` → ``for stmt``)."""
    return kind.name.lower().replace("_", " ")


def _fuse(left: str, right: str) -> bool:
    """Whether two texts written side by side could lex as other tokens."""
    a, b = left[-1], right[0]
    word = a.isalnum() or a == "_", b.isalnum() or b == "_"
    return word[0] == word[1]


@dataclass
class Edits:
    """Per token: text put before it, what replaces it ("" drops it), text after it."""

    before: dict[int, list[str]] = field(default_factory=dict)
    replace: dict[int, str] = field(default_factory=dict)
    after: dict[int, list[str]] = field(default_factory=dict)

    def wrap(self, first: int, last: int, opening: str, closing: str) -> None:
        self.before.setdefault(first, []).append(opening)
        self.after.setdefault(last, []).append(closing)


class TokenRewriter:
    """The kernel file's tokens, the edits recorded on them and which are explained."""

    def __init__(self, unit: ParsedUnit) -> None:
        self.unit = unit
        self.file = unit.file
        self.tokens = [t for t in unit.tu.get_tokens(extent=unit.tu.cursor.extent)
                       if t.location.file is not None and t.location.file.name == self.file]
        self.index = {t.extent.start.offset: i for i, t in enumerate(self.tokens)}
        self.edits = Edits()
        self.explained: set[int] = set()
        self.pragma_tokens: set[int] = set()

    def refuse(self, where: ci.Cursor | ci.Token, what: str) -> NotTranslated:
        """The refusal of ``what`` at ``where``, for the caller to raise: the step that
        needed the translation is then unknown, with this reason."""
        location = where.location
        return NotTranslated(f"not translated to OpenCL C: {what}",
                             SourcePos(self.file, location.line, location.column))

    def not_in_file(self, c: ci.Cursor) -> NotTranslated:
        """The refusal of a node whose text comes from elsewhere (the prelude, a header)."""
        return self.refuse(c, f"'{c.spelling or c.kind.name}' is not written in the "
                           "kernel's file")

    # -------------------------------------------------------------- positions
    def token_at(self, c: ci.Cursor) -> int:
        """The token a cursor starts at, where it was written."""
        offset = spelled_offset(c.extent.start)
        if offset not in self.index:
            raise self.not_in_file(c)
        return self.index[offset]

    def span(self, c: ci.Cursor) -> tuple[int, int]:
        """The first and last token of a cursor, where it was written."""
        start, end = spelled_offset(c.extent.start), spelled_offset(c.extent.end)
        inside = [i for off, i in self.index.items() if start <= off < end]
        if not inside:
            raise self.not_in_file(c)
        return min(inside), max(inside)

    # ----------------------------------------------------------------- edits
    def explain_name(self, c: ci.Cursor) -> None:
        """The token naming what ``c`` declares or refers to."""
        i = self.index.get(spelled_offset(c.location))
        if i is not None and self.tokens[i].spelling == c.spelling:
            self.explained.add(i)

    def drop(self, tokens: Iterable[int]) -> None:
        """Tokens understood and written as nothing."""
        for i in tokens:
            self.edits.replace[i] = ""
            self.explained.add(i)

    def replace_span(self, first: int, last: int, text: str) -> None:
        """Tokens ``first..last`` understood as one construct, written as ``text``."""
        self.edits.replace[first] = text
        for i in range(first, last + 1):
            self.edits.replace.setdefault(i, "")
            self.explained.add(i)

    def pragmas(self) -> None:
        """``#pragma unroll`` lines pass as written (OpenCL C reads them alike)."""
        for i, t in enumerate(self.tokens):
            if t.spelling != "#":
                continue
            line = [j for j in range(i, len(self.tokens))
                    if self.tokens[j].location.line == t.location.line]
            words = [self.tokens[j].spelling for j in line[1:3]]
            if len(words) < 2 or words[0] != "pragma" or words[1] not in PRAGMAS:
                raise self.refuse(t, f"#{' '.join(words)} (only #pragma "
                                  f"{'/'.join(sorted(PRAGMAS))} is translated)")
            self.explained.update(line)
            self.pragma_tokens.update(line)

    def check_tokens(self) -> None:
        """Every token is a keyword in the list, plain punctuation, or a name or
        literal some node explained: nothing is copied that nothing understood."""
        for i, t in enumerate(self.tokens):
            kind, text = t.kind, t.spelling
            if kind == ci.TokenKind.KEYWORD and text not in _KEYWORDS and i not in self.explained:
                raise self.refuse(t, f"'{text}' (a C++ keyword the translation does not "
                                  "handle)")
            if kind == ci.TokenKind.KEYWORD and text in _DROPPED_KEYWORDS:
                self.edits.replace[i] = ""
            if kind == ci.TokenKind.PUNCTUATION and text in _PUNCTUATION_REFUSED and \
                    i not in self.explained:
                raise self.refuse(t, f"'{text}'")
            if kind in (ci.TokenKind.IDENTIFIER, ci.TokenKind.LITERAL) and \
                    i not in self.explained:
                raise self.refuse(t, f"'{text}' is not something the translation understands")
            if kind == ci.TokenKind.KEYWORD and text == "long" and i and \
                    self.tokens[i - 1].spelling == "long" and i - 1 not in self.edits.replace:
                self.edits.replace[i] = ""  # long long: OpenCL C's long has its 64 bits

    # ---------------------------------------------------------------- output
    def token_text(self, i: int) -> str:
        """Token ``i`` as written out, with what goes before and after it."""
        return "".join(self.edits.before.get(i, [])) + self.edits.replace.get(
            i, self.tokens[i].spelling) + "".join(reversed(self.edits.after.get(i, [])))

    def render(self) -> str:
        """The tokens on their own lines (and columns, while no rewrite pushed them)."""
        out: list[str] = []
        line, col, end = 1, 1, -1
        for i, t in enumerate(self.tokens):
            text = self.token_text(i)
            if not text:
                continue
            at = t.location
            if at.line > line:
                out.append("\n" * (at.line - line))
                line, col = at.line, 1
            touching = end == t.extent.start.offset and out and not _fuse(out[-1], text)
            gap = at.column - col if at.column >= col else 0 if touching else 1
            out.append(" " * gap + text)
            col, end = col + gap + len(text), t.extent.end.offset
        out.append("\n")
        return "".join(out)
