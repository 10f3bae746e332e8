"""The one preprocessing of a kernel that both the proof and the device see.

Before this module the analysis parse and the device build each ran their own
preprocessor over different inputs (placeholder preludes on one side, the
monoid's definitions on the other), so a kernel could ask which side it was
on (``#ifdef`` on a monoid macro, ``__LINE__`` shifted by the prepended text,
a stringified ``TYPE``) and be one program when proved and another when run.

Here the user's source is preprocessed once, by a real C preprocessor (pcpp),
with only the caller's defines (``N`` and command-line ``-D``) and nothing from
either side: ``TYPE``, ``OPERATOR`` and ``IDENTITY`` stay bare identifiers.
The result is directive-free text (only whitelisted ``#pragma`` lines pass,
verbatim) in which every token sits on the line, and where possible the
column, it came from, so positions reported by clang, the lowering and the
device compiler are the user's.  The analysis parses that text with the
generic placeholders in front, the device builds it with the monoid in front:
the only channel between the two is the three names, and what differs by side
(a name the monoid or the placeholder prelude declares, a compiler's own
predefined macro) is found by :func:`foreign_names` and reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import clang.cindex as ci
from pcpp import Preprocessor

from veriscan.errors import KernelSourceError, SourcePos
from veriscan.ir.nodes import Dialect

GENERIC_NAMES = frozenset({"TYPE", "OPERATOR", "IDENTITY"})
MACRO_NAME = re.compile(r"^[A-Za-z_]\w*(\(\s*(\w+\s*(,\s*\w+\s*)*)?\))?$")  # N, OP(a,b)
# Pragmas that only steer code generation; any other pragma could change what
# the two compilers see (push_macro/pop_macro, clang's own) and is refused.
ALLOWED_PRAGMAS = frozenset({"unroll", "nounroll", "OPENCL"})
_FRONTEND = Path(__file__).resolve().parent
_PACKAGE = _FRONTEND.parent
_ENV_PRELUDES = {Dialect.OPENCL: ("opencl.h", "gpuverify.h"),
                 Dialect.CUDA: ("cuda.h", "gpuverify.h")}
DIALECT_FLAGS = {
    Dialect.OPENCL: ["-x", "cl", "-cl-std=CL1.2", "-cl-no-stdinc"],
    Dialect.CUDA: ["-x", "c++", "-std=c++14", "-nostdinc", "-nostdinc++"],
}


@dataclass(frozen=True)
class Token:
    """One token of the preprocessed text, where the user wrote it."""

    spelling: str
    line: int
    col: int
    identifier: bool


@dataclass(frozen=True)
class Preprocessed:
    """A kernel after its one preprocessing."""

    file: str
    text: str
    tokens: tuple[Token, ...]
    # The macro-expanded token spellings of every #if/#elif the preprocessor
    # evaluated, so a caller can tell whether a define (N) steered them.
    conditions: tuple[tuple[str, ...], ...]

    @property
    def identifiers(self) -> frozenset[str]:
        return frozenset(t.spelling for t in self.tokens if t.identifier)

    def first(self, name: str) -> SourcePos:
        """Where identifier ``name`` first occurs."""
        tok = next(t for t in self.tokens if t.identifier and t.spelling == name)
        return SourcePos(self.file, tok.line, tok.col)


class _Cpp(Preprocessor):
    """pcpp with errors raised as bad input and the directives that lie refused."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file
        self.conditions: list[tuple[str, ...]] = []
        self.pragma_lines: set[int] = set()
        self.line_directive = None
        # pcpp's own predefined macros; __DATE__/__TIME__ would make two
        # preprocessings of one kernel differ, so they are dropped.
        for name in ("__DATE__", "__TIME__", "__PCPP__"):
            self.macros.pop(name, None)
        inner = self.evaluator
        sink = self.conditions

        def recording(tokens: list, **kwargs: object) -> object:
            sink.append(tuple(t.value for t in tokens if t.type not in self.t_WS))
            return inner(tokens, **kwargs)

        self.evaluator = recording

    def _fail(self, message: str, line: int) -> KernelSourceError:
        return KernelSourceError(message, SourcePos(self.file, line))

    def on_error(self, file: str, line: int, msg: str) -> None:
        raise self._fail(f"preprocessor: {msg}", line)

    def on_include_not_found(self, is_malformed: bool, is_system_include: bool, curdir: str,
                             includepath: str) -> str:
        raise self._fail(f"#include {includepath}: a kernel must be one self-contained file",
                         self.lastdirective.lineno if self.lastdirective else 0)

    def on_file_open(self, is_system_include: bool, includepath: str) -> object:
        raise OSError(includepath)  # every include goes to on_include_not_found

    def on_directive_handle(self, directive: object, toks: list, ifpassthru: bool,
                            precedingtoks: list) -> object:
        if directive.value == "include":
            raise self._fail("#include: a kernel must be one self-contained file",
                             directive.lineno)
        return super().on_directive_handle(directive, toks, ifpassthru, precedingtoks)

    def on_directive_unknown(self, directive: object, toks: list, ifpassthru: bool,
                             precedingtoks: list) -> object:
        words = [t.value for t in toks if t.type not in self.t_WS]
        if directive.value == "error":
            raise self._fail(f"#error {' '.join(words)}", directive.lineno)
        if directive.value == "warning":
            return True
        if directive.value == "pragma" and words and words[0] in ALLOWED_PRAGMAS:
            self.pragma_lines.add(directive.lineno)
            return None
        what = f"#pragma {words[0]}" if directive.value == "pragma" and words else \
            f"#{directive.value}"
        raise self._fail(f"{what} is not supported (a kernel may use #pragma "
                         f"{', '.join(sorted(ALLOWED_PRAGMAS))} only)", directive.lineno)


@lru_cache(maxsize=512)
def _preprocess(source: str, file: str, defines: tuple[tuple[str, str], ...]) -> Preprocessed:
    cpp = _Cpp(file)
    for name, value in defines:
        cpp.define(f"{name} {value}")
    cpp.parse(source, file)
    raw = []
    while (tok := cpp.token()) is not None:
        raw.append(tok)
    text, tokens = _render(cpp, raw, file)
    return Preprocessed(file, text, tuple(tokens), tuple(cpp.conditions))


def preprocess(source: str, file: str, defines: Mapping[str, str] | None = None
               ) -> Preprocessed:
    """``source`` (the contents of ``file``) preprocessed with ``defines`` only."""
    for name in defines or {}:
        if not MACRO_NAME.match(name):
            raise KernelSourceError(f"-D{name}: '{name}' is not a macro name")
    return _preprocess(source, file, tuple((defines or {}).items()))


def _render(cpp: _Cpp, raw: list, file: str) -> tuple[str, list[Token]]:
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
        if prev is None:
            gap = len(pending)
            if tok.value == "#" and tok.lineno in cpp.pragma_lines:
                pragma_line = line
        else:
            adjacent = prev.source == tok.source and prev.lexpos + len(prev.value) == tok.lexpos
            gap = len(pending) or (0 if adjacent else 1)
        if tok.value in ("#", "##", "%:", "%:%:") and line != pragma_line:
            raise KernelSourceError(f"'{tok.value}' outside a preprocessor directive (after "
                                    "preprocessing it would read as one)",
                                    SourcePos(file, line, col + gap + 1))
        out.append(" " * gap + tok.value)
        tokens.append(Token(tok.value, line, col + gap + 1, tok.type == cpp.t_ID))
        col += gap + len(tok.value)
        prev, pending = tok, ""
    out.append("\n")
    return "".join(out), tokens


# ------------------------------------------------------------ names foreign to the kernel
def foreign_names(pre: Preprocessed, dialect: Dialect,
                  device_preludes: Iterable[str] = ()) -> list[tuple[str, SourcePos, str]]:
    """Identifiers of the kernel that one side defines and the other does not.

    A kernel may reach the monoid only through ``TYPE``, ``OPERATOR`` and
    ``IDENTITY``.  Any other name that the monoid definitions, the batched
    launcher or the placeholder prelude declare (or define as macros), and any
    macro the compiler itself predefines (its version, ``__BASE_FILE__``...),
    means different things to the proof and to the run.  Names of the dialect's
    own environment (``barrier``, ``get_local_id``, ``CLK_LOCAL_MEM_FENCE``)
    are the same on both sides and allowed.  ``device_preludes`` adds the
    sources actually prepended on a device build.  Each entry is (name, first
    position, which side defines it).
    """
    used = pre.identifiers - GENERIC_NAMES
    sides = dict.fromkeys(used & _side_names(dialect), "the placeholder or monoid preludes")
    for prelude in device_preludes:
        sides.update(dict.fromkeys(used & (_declared_names(prelude, dialect)
                                           - _environment_names(dialect)), "the device prelude"))
    sides.update(dict.fromkeys(_predefined_macros(frozenset(used), dialect),
                               "the compiler (a predefined macro)"))
    return sorted(((name, pre.first(name), side) for name, side in sides.items()),
                  key=lambda item: (item[1].line, item[1].col))


@cache
def _side_names(dialect: Dialect) -> frozenset[str]:
    texts = [(_FRONTEND / "preludes" / "generic.h").read_text(),
             (_PACKAGE / "runtime" / "cl" / "batched_prelude.cl").read_text()]
    texts += [p.read_text() for p in sorted((_PACKAGE / "monoids" / "cl").glob("*.cl"))]
    names: set[str] = set()
    for text in texts:
        names |= _declared_names(text, dialect)
    return frozenset(names - _environment_names(dialect) - GENERIC_NAMES)


@cache
def _environment_names(dialect: Dialect) -> frozenset[str]:
    names: set[str] = set()
    for prelude in _ENV_PRELUDES[dialect]:
        names |= _declared_names((_FRONTEND / "preludes" / prelude).read_text(), dialect)
    return frozenset(names)


_DECLARATIONS = frozenset({
    ci.CursorKind.FUNCTION_DECL, ci.CursorKind.VAR_DECL, ci.CursorKind.TYPEDEF_DECL,
    ci.CursorKind.STRUCT_DECL, ci.CursorKind.UNION_DECL, ci.CursorKind.ENUM_DECL,
    ci.CursorKind.ENUM_CONSTANT_DECL, ci.CursorKind.MACRO_DEFINITION,
})
_PROBE_FILE = "/veriscan-probe/prelude.cl"


@lru_cache(maxsize=64)
def _declared_names(text: str, dialect: Dialect) -> frozenset[str]:
    """Macros and file-scope declarations of ``text``, read by libclang.

    Missing includer-provided macros (a monoid's element type) only cost
    clang errors; the declarations are still listed.
    """
    tu = ci.Index.create().parse(
        _PROBE_FILE, args=DIALECT_FLAGS[dialect], unsaved_files=[(_PROBE_FILE, text)],
        options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    names = set()
    for cursor in tu.cursor.get_children():
        if cursor.location.file is None or cursor.location.file.name != _PROBE_FILE:
            continue
        if cursor.kind in _DECLARATIONS and cursor.spelling.isidentifier():
            names.add(cursor.spelling)
        if cursor.kind == ci.CursorKind.ENUM_DECL:
            names |= {c.spelling for c in cursor.get_children()}
    return frozenset(names)


@lru_cache(maxsize=256)
def _predefined_macros(names: frozenset[str], dialect: Dialect) -> frozenset[str]:
    """Which of ``names`` the compiler defines by itself (asked with ``#ifdef``)."""
    ordered = sorted(n for n in names if not n.startswith("__veriscan_probe"))
    probe = "".join(f"#ifdef {name}\nint __veriscan_probe_{i};\n#endif\n"
                    for i, name in enumerate(ordered))
    tu = ci.Index.create().parse(_PROBE_FILE, args=DIALECT_FLAGS[dialect],
                                 unsaved_files=[(_PROBE_FILE, probe)])
    hits = {int(c.spelling.rsplit("_", 1)[1]) for c in tu.cursor.get_children()
            if c.spelling.startswith("__veriscan_probe_")}
    return frozenset(ordered[i] for i in hits)

