"""Where the kernel file's comments and literals are, as C's own lexer finds them.

Annotations are comments, so which text is an annotation is decided by how
the file is cut into comments, string literals and code.  A hand-written
scanner gets that subtly wrong: C splices a line ending in a backslash (or
the trigraph ``??/``) onto the next one before it looks for comments, so a
``//`` comment ending in ``\\`` swallows the next line; and in C++14 (CUDA)
``1'000`` is one number, not the start of a character literal.  Each such
disagreement lets the checker read an annotation C treats as comment text,
or miss one C sees, so a proof could rest on a contract nobody wrote or skip
an assertion somebody did.

So the cut is clang's: the file is lexed by libclang with the dialect's own
language flags (:data:`~veriscan.frontend.dialects.DIALECT_FLAGS`), and the
annotation scanner (:func:`veriscan.seplogic.parser.annotation_spans`) takes
its comments and literals from :func:`lex`, never from a scan of its own (the
annotations are then placed against clang's parse of the preprocessed text,
:mod:`veriscan.seplogic.compiled`).
The front end's preprocessor (pcpp) cuts comments itself, so
:func:`refuse_ambiguous_lexing` refuses the texts on which it and C disagree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

import clang.cindex as ci

from veriscan.errors import KernelSourceError, SourcePos, VeriscanError
from veriscan.frontend.dialects import DIALECT_FLAGS
from veriscan.ir.nodes import Dialect

# C's line splice (translation phase 2): a backslash, or the trigraph ``??/``
# that stands for one, then the line break; clang also accepts horizontal
# white space between the two (with a warning), so a splice here does too.
SPLICE = re.compile(r"(?:\\|\?\?/)[ \t\v\f]*(?:\r\n|\n|\r)")
# The file lives in memory only, under a name no include can resolve against.
_VIRTUAL_DIR = "/veriscan-lex"
_SUFFIX = {Dialect.OPENCL: "cl", Dialect.CUDA: "cu"}


class SourceMap:
    """Offsets in the kernel file to 1-based (line, column) positions.

    Lines end where the front end's preprocessor (pcpp) ends them, which is
    where Python's ``str.splitlines`` does: at ``\\n``, ``\\r\\n``, a lone
    ``\\r``, but also a form feed, U+2028 and the other Unicode line
    separators.  Counting only ``\\n`` here would put an annotation on another
    line than the code the IR says follows it, and attach it wrongly.
    """

    def __init__(self, file: str, source: str):
        self.file = file
        self.source = source
        self._starts = [0]
        for line in source.splitlines(keepends=True):
            self._starts.append(self._starts[-1] + len(line))

    def pos(self, offset: int) -> SourcePos:
        line = bisect_right(self._starts, offset)
        return SourcePos(self.file, line, offset - self._starts[line - 1] + 1)

    def offset(self, line: int, col: int = 1) -> int:
        """The offset of a 1-based (line, column) position (clamped to the text)."""
        start = self._starts[min(max(line, 1), len(self._starts)) - 1]
        return min(start + max(col - 1, 0), len(self.source))


@dataclass(frozen=True)
class Lexed:
    """A source text as clang's lexer cuts it, by character offsets [start, end).

    ``comments`` are every comment, in order; ``quoted`` every token that holds
    a quote (string and character literals, an unterminated one running to the
    line's end, a C++14 number with digit separators), whose text is no code.
    """

    comments: tuple[tuple[int, int], ...]
    quoted: tuple[tuple[int, int], ...]


def _char_offsets(source: str) -> list[int]:
    """For each UTF-8 byte offset of ``source`` (and its end), the character offset.

    libclang counts bytes; the checker's offsets are Python string indices."""
    out: list[int] = []
    for i, ch in enumerate(source):
        out.extend([i] * len(ch.encode("utf-8")))
    out.append(len(source))
    return out


@lru_cache(maxsize=64)
def lex(source: str, dialect: Dialect) -> Lexed:
    """The comments and quoted tokens of ``source``, lexed as ``dialect`` is.

    The lexing is clang's raw lexer over the file as written: no macro is
    expanded and no include is read, which is what C does to comments (they
    are gone before preprocessing, translation phase 3); the translation unit
    is parsed only to hold the file and the language options, and whatever its
    parse makes of the text does not matter here.  Text the lexer
    skips without making a token of it can only be an unterminated ``/*``
    comment running to the end of the file; that is bad input, as it is for
    every C compiler.
    """
    name = f"{_VIRTUAL_DIR}/kernel.{_SUFFIX[dialect]}"
    try:
        tu = ci.Index.create().parse(name, args=[*DIALECT_FLAGS[dialect], "-w"],
                                     unsaved_files=[(name, source)])
    except ci.TranslationUnitLoadError as exc:
        raise KernelSourceError(f"libclang could not lex the kernel file: {exc}") from None
    chars = _char_offsets(source)
    file = tu.get_file(name)
    extent = ci.SourceRange.from_locations(ci.SourceLocation.from_offset(tu, file, 0),
                                           ci.SourceLocation.from_offset(tu, file,
                                                                         len(chars) - 1))
    comments: list[tuple[int, int]] = []
    quoted: list[tuple[int, int]] = []
    covered = 1 if source.startswith("\ufeff") else 0  # a byte-order mark is no text
    for token in tu.get_tokens(extent=extent):
        start, end = chars[token.extent.start.offset], chars[token.extent.end.offset]
        _only_blank(source, covered, start)
        covered = max(covered, end)
        if token.kind is ci.TokenKind.COMMENT:
            comments.append((start, end))
        elif "'" in token.spelling or '"' in token.spelling:
            quoted.append((start, end))
    _only_blank(source, covered, len(source))
    return Lexed(tuple(comments), tuple(quoted))


def _only_blank(source: str, start: int, end: int) -> None:
    """Text between two tokens is white space and line splices, or it is a
    comment the lexer dropped because it never ends."""
    if spliced(source[start:end]).strip():
        at = start + len(source[start:end]) - len(source[start:end].lstrip())
        raise VeriscanError("unterminated comment", SourceMap("", source).pos(at))


def spliced(text: str) -> str:
    """``text`` after C's translation phase 2: its line splices removed."""
    return SPLICE.sub("", text)


# A trigraph: C compilers with trigraphs on (clang in OpenCL and C++14 modes does)
# replace it before anything else; pcpp leaves it as it is.
_TRIGRAPH = re.compile(r"\?\?[=/'()!<>\-]")


def refuse_ambiguous_lexing(source: str, dialect: Dialect, file: str) -> None:
    """Refuse a text that veriscan's preprocessor (pcpp, which cuts lines where
    Python's ``str.splitlines`` does) and a C compiler would cut into code,
    comments and literals differently:

    * a trigraph anywhere (``??/`` splices lines, so a comment can swallow the
      next line of code for the compiler only);
    * a ``//`` comment that clang's lexer continues onto another line (a line
      splice, even with blanks after the backslash), or a string or character
      literal or ``//`` comment holding a character pcpp takes for a line break
      and C does not (form feed, vertical tab, U+2028...);
    * a C++ raw string literal, whose lines pcpp reads as code and directives;
    * a line splice between two characters that could belong to one token
      (``ID\\`` then ``X``): C joins them into one, pcpp may not.

    Either way the proof would be about another program than the one that runs;
    no kernel needs them."""
    found = _TRIGRAPH.search(source)
    if found:
        raise KernelSourceError(f"trigraph '{found.group()}' is not supported: C compilers "
                                "may replace it while veriscan's preprocessor does not",
                                SourceMap(file, source).pos(found.start()))
    for splice in SPLICE.finditer(source):
        before = source[splice.start() - 1] if splice.start() else " "
        after = source[splice.end()] if splice.end() < len(source) else " "
        if not (before.isspace() or after.isspace() or before in _APART or after in _APART):
            raise KernelSourceError("a line splice inside a token is not supported: C joins "
                                    "the two lines into one token, veriscan's preprocessor "
                                    "may not", SourceMap(file, source).pos(splice.start()))
    lexed = lex(source, dialect)
    for start, end in lexed.comments:
        text = source[start:end]
        if not text.startswith("//"):
            continue
        if "\n" in text or "\r" in text:
            raise KernelSourceError("a // comment continued onto the next line by a line "
                                    "splice is not supported: veriscan's preprocessor would "
                                    "read that line as code, C compilers as comment",
                                    SourceMap(file, source).pos(start))
        _refuse_line_breaks(source, start, end, "a // comment", file)
    for start, end in lexed.quoted:
        if _RAW_STRING.match(source, start):
            raise KernelSourceError("a raw string literal is not supported: veriscan's "
                                    "preprocessor would read its lines as code",
                                    SourceMap(file, source).pos(start))
        _refuse_line_breaks(source, start, end, "a literal", file)


# Characters Python's str.splitlines (and so pcpp) ends a line at, C does not.
_NOT_C_LINE_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_RAW_STRING = re.compile(r'(?:u8|u|U|L)?R"')
# Characters that end a token whatever follows them (and start one whatever precedes).
_APART = frozenset(",;(){}[]")


def _refuse_line_breaks(source: str, start: int, end: int, what: str, file: str) -> None:
    found = _NOT_C_LINE_BREAKS.search(source, start, end)
    if found:
        raise KernelSourceError(f"character U+{ord(found.group()):04X} inside {what} is not "
                                "supported: veriscan's preprocessor would end the line "
                                "there, C compilers do not",
                                SourceMap(file, source).pos(found.start()))
