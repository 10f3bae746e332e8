"""The preprocessed tokens laid out as text, each where the user wrote it.

The compilers downstream read the one preprocessing as text, and every
position they, clang and the lowering report must be the user's.  So each
token goes back to the line it came from, and where possible its column, and
nothing in the layout may change what the compilers read: two tokens that
were not neighbours cannot fuse into one, and a ``#`` left outside an allowed
``#pragma`` line would read as a directive the first preprocessing never ran.
"""

from __future__ import annotations

from dataclasses import dataclass

from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend.cpp_driver import ALLOWED_PRAGMAS, Cpp

# The operator forms of #pragma (C99 and Microsoft's): they reach the compiler after
# preprocessing, so they are refused like any pragma off the list.
_PRAGMA_OPERATORS = frozenset({"_Pragma", "__pragma"})


@dataclass(frozen=True)
class Token:
    """One token of the preprocessed text, where the user wrote it."""

    spelling: str
    line: int
    col: int
    identifier: bool


def render(cpp: Cpp, raw: list, file: str) -> tuple[str, list[Token]]:
    """Tokens laid out on their source lines, with the whitespace written between them.

    Two tokens that were not neighbours in the source (a macro boundary) get a
    space between them, so they cannot fuse into one token the way ``a-NEG``
    with ``NEG`` defined as ``-`` would become ``a--``.  A ``#`` outside an
    allowed ``#pragma`` line would be read as a directive by the compilers
    downstream, so it is refused.
    """
    blank = set(cpp.t_WS) | {cpp.t_LINECONT}
    out: list[str] = []
    tokens: list[Token] = []
    line, col, prev, pending = 1, 0, None, ""
    pragma_line = 0
    for tok in raw:
        if tok.type in blank:
            text = tok.value if tok.value.isspace() else " "  # a comment counts as a space
            pending = text.rsplit("\n", 1)[1] if "\n" in text else pending + text
            continue
        target = max(tok.lineno, line)
        if target > line:
            out.append("\n" * (target - line))
            line, col, prev = target, 0, None
        adjacent = prev is not None and not pending and prev.source == tok.source and \
            prev.lexpos + len(prev.value) == tok.lexpos
        if prev is None:
            gap = len(pending)
            if tok.value == "#" and tok.lineno in cpp.pragma_lines:
                pragma_line = line
        else:
            gap = len(pending) or (0 if adjacent else 1)
        digraph = tok.value == ":" and adjacent and prev.value == "%"  # %: spells #
        if (tok.value in ("#", "##", "%:", "%:%:") or digraph) and line != pragma_line:
            raise KernelSourceError(f"'{'%:' if digraph else tok.value}' outside a "
                                    "preprocessor directive (after "
                                    "preprocessing it would read as one)",
                                    SourcePos(file, line, col + gap + 1))
        if tok.value in _PRAGMA_OPERATORS:  # a #pragma by another name: same allow-list
            raise KernelSourceError(f"'{tok.value}' is not supported (a kernel may use "
                                    f"#pragma {', '.join(sorted(ALLOWED_PRAGMAS))} only)",
                                    SourcePos(file, line, col + gap + 1))
        out.append(" " * gap + tok.value)
        tokens.append(Token(tok.value, line, col + gap + 1,
                            tok.type == cpp.t_ID and tok.lineno not in cpp.extension_lines))
        col += gap + len(tok.value)
        prev, pending = tok, ""
    out.append("\n")
    return "".join(out), tokens

