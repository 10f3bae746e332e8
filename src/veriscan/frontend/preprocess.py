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
predefined macro) is found by :func:`genericity_problems` and reported.
"""

from __future__ import annotations

import io
import os
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
_ENV_PRELUDES = {Dialect.OPENCL: ("opencl.h", "opencl_vectors.h", "gpuverify.h"),
                 Dialect.CUDA: ("cuda.h", "cuda_vectors.h", "gpuverify.h")}
# The system headers a kernel may include, by dialect: veriscan's own stubs
# (preludes/cuda/), which name parts of the environment the CUDA prelude models.
# An include of one contributes no text (the device compiler brings its real
# header, the proof its stub); anything else is the user's or an unknown file.
STUB_DIR = "/veriscan-prelude/cuda"
STUB_HEADERS = {Dialect.OPENCL: frozenset(),
                Dialect.CUDA: frozenset(p.name for p in (_FRONTEND / "preludes" / "cuda")
                                        .glob("*.h"))}
# Macros the CUDA device compiler predefines, with the values the proof assumes
# (the device build compiles the text preprocessed with them, so both agree):
# device code (__CUDA_ARCH__, compute capability 3.5, which GPUVerify's clang
# assumes too) compiled by a CUDA compiler (__CUDACC__).  -D overrides them.
DIALECT_MACROS = {Dialect.OPENCL: (), Dialect.CUDA: (("__CUDA_ARCH__", "350"),
                                                      ("__CUDACC__", "1"))}
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
    # evaluated (with its line), so a caller can tell whether a define (N)
    # steered them.
    conditions: tuple[tuple[int, tuple[str, ...]], ...]
    # Identifiers a directive tests, defines or undefines, with their lines.
    directive_names: tuple[tuple[str, int], ...]
    # Uses of TYPE/OPERATOR/IDENTITY as the operand of # or ##: (name, line).
    spelled: tuple[tuple[str, int], ...]
    # Names the caller defined (-D on the command line, N).
    defined: tuple[str, ...]
    # The stub headers (STUB_HEADERS) the kernel included, in order.
    headers: tuple[str, ...] = ()

    @property
    def identifiers(self) -> frozenset[str]:
        return frozenset(t.spelling for t in self.tokens if t.identifier)


class _Cpp(Preprocessor):
    """pcpp with errors raised as bad input and the directives that lie refused."""

    def __init__(self, file: str, dialect: Dialect = Dialect.OPENCL) -> None:
        super().__init__()
        self.file = file
        self.dialect = dialect
        self.headers: list[str] = []
        self.path = [STUB_DIR]  # <...> finds only the stubs; "..." the kernel's folder first
        self.conditions: list[tuple[int, tuple[str, ...]]] = []
        self.directive_names: list[tuple[str, int]] = []
        self.spelled: list[tuple[str, int]] = []
        self.pragma_lines: set[int] = set()
        # ``#pragma OPENCL EXTENSION cl_khr_fp64 : enable``: names of extensions, which
        # the compiler does not macro-expand there, so they are no uses of macros.
        self.extension_lines: set[int] = set()
        self.line_directive = None
        # pcpp's own predefined macros are dropped (__DATE__/__TIME__ would make
        # two preprocessings of one kernel differ), and __LINE__, __FILE__ and
        # __COUNTER__ are left as names: a kernel that reads its own position
        # is told apart from a generic one (foreign_names reports them).
        for name in ("__DATE__", "__TIME__", "__PCPP__"):
            self.macros.pop(name, None)
        self.expand_linemacro = self.expand_filemacro = self.expand_countermacro = False
        inner = self.evaluator

        def recording(tokens: list, **kwargs: object) -> object:
            line = self.lastdirective.lineno if self.lastdirective else 0
            values = tuple(t.value for t in tokens if t.type not in self.t_WS)
            self.conditions.append((line, values))
            self.directive_names += [(t.value, line) for t in tokens if t.type == self.t_ID]
            return inner(tokens, **kwargs)

        self.evaluator = recording

    def _fail(self, message: str, line: int) -> KernelSourceError:
        return KernelSourceError(message, SourcePos(self.file, line))

    def on_error(self, file: str, line: int, msg: str) -> None:
        raise self._fail(f"preprocessor: {msg}", line)

    def _line(self) -> int:
        return self.lastdirective.lineno if self.lastdirective else 0

    def on_include_not_found(self, is_malformed: bool, is_system_include: bool, curdir: str,
                             includepath: str) -> str:
        stubs = ", ".join(sorted(STUB_HEADERS[self.dialect]))
        offer = f" (veriscan supplies {stubs})" if stubs else ""
        raise self._fail(f"#include {includepath}: not a header veriscan provides{offer}; "
                         "a kernel must be one self-contained file", self._line())

    def on_file_open(self, is_system_include: bool, includepath: str) -> object:
        """A stub header opens as empty text; the user's own file is refused.

        A quoted include looks in the kernel's folder first, as C does, so
        ``#include "cuda.h"`` beside a file of that name is the user's file.
        Its text would reach the proof and the device build by different
        routes (the device compiler's include path may find another file), so
        a kernel stays one file; other names fall through to not-found.
        """
        folder, name = os.path.split(includepath)
        if folder == STUB_DIR and name in STUB_HEADERS[self.dialect]:
            self.headers.append(name)
            return io.StringIO("")
        if os.path.exists(includepath):
            raise self._fail(f"#include {name}: {includepath} is the kernel's own file; a "
                             "kernel must be one self-contained file", self._line())
        raise OSError(includepath)

    def on_directive_handle(self, directive: object, toks: list, ifpassthru: bool,
                            precedingtoks: list) -> object:
        names = [t.value for t in toks if t.type == self.t_ID]
        if directive.value == "include" and toks and (toks[0].value == "<" or
                                                      toks[0].type == self.t_STRING):
            names = []  # a header's name, not identifiers of the program
        if directive.value in ("define", "undef"):
            names = names[:1]
        if directive.value == "pragma" and names[:1] == ["OPENCL"]:
            names = []  # extension names (see extension_lines)
        self.directive_names += [(name, directive.lineno) for name in names]
        return super().on_directive_handle(directive, toks, ifpassthru, precedingtoks)

    def on_unknown_macro_in_defined_expr(self, tok: object) -> bool:
        """``defined(X)`` of a name no directive defined: noted, and false as in C."""
        self.directive_names.append((tok.value, tok.lineno))
        return False

    def macro_expand_args(self, macro: object, args: list) -> list:
        """Note placeholders that a macro stringifies (#) or pastes (##)."""
        line = next((t.lineno for arg in args for t in arg), 0)
        verbatim = {argnum for argnum, _ in macro.str_patch}
        verbatim |= {argnum for kind, argnum, _ in macro.patch if kind == "t"}
        for argnum in verbatim:
            self.spelled += [(t.value, line) for t in args[argnum]
                             if t.type == self.t_ID and t.value in GENERIC_NAMES]
        return super().macro_expand_args(macro, args)

    def on_directive_unknown(self, directive: object, toks: list, ifpassthru: bool,
                             precedingtoks: list) -> object:
        words = [t.value for t in toks if t.type not in self.t_WS]
        if directive.value == "error":
            raise self._fail(f"#error {' '.join(words)}", directive.lineno)
        if directive.value == "warning":
            return True
        if directive.value == "pragma" and words and words[0] in ALLOWED_PRAGMAS:
            self.pragma_lines.add(directive.lineno)
            if words[0] == "OPENCL":
                self.extension_lines.add(directive.lineno)
            return None
        what = f"#pragma {words[0]}" if directive.value == "pragma" and words else \
            f"#{directive.value}"
        raise self._fail(f"{what} is not supported (a kernel may use #pragma "
                         f"{', '.join(sorted(ALLOWED_PRAGMAS))} only)", directive.lineno)


@lru_cache(maxsize=512)
def _preprocess(source: str, file: str, defines: tuple[tuple[str, str], ...],
                dialect: Dialect) -> Preprocessed:
    cpp = _Cpp(file, dialect)
    given = {name.split("(", 1)[0] for name, _ in defines}
    for name, value in [*((n, v) for n, v in DIALECT_MACROS[dialect] if n not in given),
                        *defines]:
        cpp.define(f"{name} {value}")
    cpp.parse(source, file)
    raw = []
    while (tok := cpp.token()) is not None:
        raw.append(tok)
    text, tokens = _render(cpp, raw, file)
    return Preprocessed(file, text, tuple(tokens), tuple(cpp.conditions),
                        tuple(cpp.directive_names), tuple(cpp.spelled),
                        tuple(name.split("(", 1)[0] for name, _ in defines),
                        tuple(cpp.headers))


def preprocess(source: str, file: str, defines: Mapping[str, str] | None = None,
               dialect: Dialect | None = None) -> Preprocessed:
    """``source`` (the contents of ``file``) preprocessed with ``defines``, the
    dialect's predefined macros (:data:`DIALECT_MACROS`) and its stub headers;
    the dialect is ``file``'s (``.cu`` is CUDA) unless given."""
    for name in defines or {}:
        if not MACRO_NAME.match(name):
            raise KernelSourceError(f"-D{name}: '{name}' is not a macro name")
    if dialect is None:
        dialect = Dialect.CUDA if file.endswith(".cu") else Dialect.OPENCL
    return _preprocess(source, file, tuple((defines or {}).items()), dialect)


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
        out.append(" " * gap + tok.value)
        tokens.append(Token(tok.value, line, col + gap + 1,
                            tok.type == cpp.t_ID and tok.lineno not in cpp.extension_lines))
        col += gap + len(tok.value)
        prev, pending = tok, ""
    out.append("\n")
    return "".join(out), tokens


# ------------------------------------------------------------ names foreign to the kernel
def line_marker(file: str) -> str:
    """A ``#line`` directive put between a prelude and the kernel's text, so the
    device compiler (and Oclgrind) name the user's file and lines."""
    quoted = file.replace("\\", "\\\\").replace('"', '\\"')
    return f'\n#line 1 "{quoted}"\n'


def genericity_problems(pre: Preprocessed, dialect: Dialect,
                        device_preludes: Iterable[str] = ()) -> list[tuple[SourcePos, str]]:
    """Where the kernel could tell the proof from the run, or one monoid from another.

    A kernel may reach the monoid only by using ``TYPE``, ``OPERATOR`` and
    ``IDENTITY`` as names.  Reported, in source order: any other name, in the
    text or in a directive, that the monoid definitions, the batched launcher
    or the placeholder prelude declare (or define as macros), or that the
    compiler predefines (its version, ``__LINE__``, ``__FILE__``...): these
    mean different things to the proof and to the run; and the three names
    themselves tested, defined or undefined by a directive, or stringified or
    pasted by a macro, which reads the placeholder's spelling instead of using
    it.  Names of the dialect's environment (``barrier``, ``get_local_id``,
    ``CLK_LOCAL_MEM_FENCE``) are the same on both sides and allowed.
    ``device_preludes`` adds the sources actually prepended on a device build.
    """
    # N may be tested and defined freely (both sides define it alike), but a
    # bare N left in the text (after #undef N) would meet the device's -DN.
    used = pre.identifiers | ({name for name, _ in pre.directive_names}
                              | set(pre.defined)) - {"N"}
    used -= GENERIC_NAMES
    sides = dict.fromkeys(used & _side_names(dialect), "the placeholder or monoid preludes")
    if "N" in used:
        sides["N"] = "the device build (-DN)"
    for prelude in device_preludes:
        sides.update(dict.fromkeys(used & (_declared_names(prelude, dialect)
                                           - _environment_names(dialect)), "the device prelude"))
    sides.update(dict.fromkeys(_predefined_macros(frozenset(used), dialect),
                               "the compiler (a predefined macro)"))
    found = [(at, f"'{name}' is defined by {side}, not by the kernel, so it can differ "
              "between the proof and the run" + (" (named by a -D option)" if not at.line else ""))
             for name, side in sides.items() for at in [_first_use(pre, name)]]
    found += [(SourcePos(pre.file, line), f"preprocessor directive on '{name}': a generic "
               "kernel uses the placeholder, it does not test or redefine it")
              for name, line in pre.directive_names if name in GENERIC_NAMES]
    found += [(SourcePos(pre.file, line), f"'{name}' stringified or pasted by a macro: a "
               "generic kernel uses the placeholder, it does not read its spelling")
              for name, line in pre.spelled]
    return sorted(set(found), key=lambda item: (item[0].line, item[0].col, item[1]))


def redeclared_builtins(tu: ci.TranslationUnit, file: str,
                        dialect: Dialect) -> list[tuple[SourcePos, str]]:
    """Functions declared in the kernel's file under names the analysis models by name.

    The lowering recognises ``barrier``, ``get_local_id``, ``__assert`` and the
    rest of the dialect's environment by what they are called.  A kernel that
    declares or defines one of them itself (a function ``__assert`` with a body
    that stores, a ``get_local_id`` of its own) would be analysed as the
    built-in and run as its own code, so every such function declaration is
    reported, wherever in the file it stands (a variable of such a name is
    resolved to its own declaration and needs no check).
    """
    builtin = _environment_names(dialect)
    found = []
    stack = [c for c in tu.cursor.get_children()
             if c.location.file is not None and c.location.file.name == file]
    while stack:
        cursor = stack.pop()
        if (cursor.kind == ci.CursorKind.FUNCTION_DECL and cursor.spelling in builtin
                and _from_prelude(cursor.canonical)):
            at = SourcePos(file, cursor.location.line, cursor.location.column)
            found.append((at, f"the kernel declares '{cursor.spelling}', a name the analysis "
                          "models as the built-in, so the proof and the run could differ"))
        stack.extend(cursor.get_children())
    return sorted(found, key=lambda item: (item[0].line, item[0].col))


def _from_prelude(decl: ci.Cursor) -> bool:
    """Whether ``decl`` (a function's first declaration) is one of the preludes'.

    A kernel's own function is a redeclaration of a built-in only when an
    included prelude declared it first: a kernel named ``shuffle`` that parses
    without the vector prelude is its own function, as on the device.
    """
    loc = decl.location
    return loc.file is not None and loc.file.name.startswith("/veriscan-prelude/")


def _first_use(pre: Preprocessed, name: str) -> SourcePos:
    """Where the kernel first names ``name``; line 0 when only a -D does."""
    places = [SourcePos(pre.file, t.line, t.col) for t in pre.tokens
              if t.identifier and t.spelling == name]
    places += [SourcePos(pre.file, line) for n, line in pre.directive_names if n == name]
    places += [SourcePos(pre.file, 0) for n in pre.defined if n == name]
    return min(places, key=lambda p: (p.line, p.col))


@cache
def _side_names(dialect: Dialect) -> frozenset[str]:
    """Names the placeholder prelude (in ``dialect``) or a monoid or the batched
    launcher (OpenCL C, the language they are written in) give meaning to."""
    generic = (_FRONTEND / "preludes" / "generic.h").read_text()
    names = _declared_names(generic, dialect) - _environment_names(dialect)
    device = [(_PACKAGE / "functional" / "cl" / "batched_prelude.cl").read_text()]
    device += [p.read_text() for p in sorted((_PACKAGE / "monoids" / "cl").glob("*.cl"))]
    # One parse for all of them (redefinitions of TYPE are only warnings).
    names |= _declared_names("\n".join(device), Dialect.OPENCL) - _environment_names(
        Dialect.OPENCL)
    # N is defined alike on both sides (the kernel's preprocessing, -DN on the device).
    return frozenset(names - GENERIC_NAMES - {"N"})


@cache
def _environment_names(dialect: Dialect) -> frozenset[str]:
    names: set[str] = set()
    for prelude in _ENV_PRELUDES[dialect]:
        names |= _declared_names((_FRONTEND / "preludes" / prelude).read_text(), dialect)
    return frozenset(names)


_DECLARATIONS = frozenset({
    ci.CursorKind.FUNCTION_DECL, ci.CursorKind.VAR_DECL, ci.CursorKind.TYPEDEF_DECL,
    ci.CursorKind.STRUCT_DECL, ci.CursorKind.UNION_DECL, ci.CursorKind.ENUM_DECL,
    ci.CursorKind.MACRO_DEFINITION,
})
# How clang names what a file uses without declaring (its includer provides it).
_UNDECLARED = ("use of undeclared identifier '", "unknown type name '")
_PROBE_FILE = "/veriscan-probe/prelude.cl"


@lru_cache(maxsize=64)
def _declared_names(text: str, dialect: Dialect) -> frozenset[str]:
    """What a prelude gives meaning to: its file-scope declarations and
    enumerators (read by libclang), the names it uses without declaring (a
    monoid's includer-provided ``VS_IV_WORD``, as clang reports them), the
    macros it defines, the names their bodies use, and the names its
    directives test (``VS_IV_ANY_ORDER``).
    """
    unsaved = [(_PROBE_FILE, text)]
    args = [*DIALECT_FLAGS[dialect], "-ferror-limit=0"]  # every undeclared name, not 20
    for prelude in _ENV_PRELUDES[dialect]:  # so the prelude's own code parses cleanly
        unsaved.append((f"/veriscan-probe/{prelude}", (_FRONTEND / "preludes" / prelude)
                        .read_text()))
        args += ["-include", f"/veriscan-probe/{prelude}"]
    tu = ci.Index.create().parse(_PROBE_FILE, args=args, unsaved_files=unsaved,
                                 options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    names = set()
    for cursor in tu.cursor.get_children():
        if cursor.location.file is None or cursor.location.file.name != _PROBE_FILE:
            continue
        if cursor.kind in _DECLARATIONS and cursor.spelling.isidentifier():
            names.add(cursor.spelling)
        if cursor.kind == ci.CursorKind.ENUM_DECL:
            names |= {c.spelling for c in cursor.get_children()}
    for diagnostic in tu.diagnostics:
        for opening in _UNDECLARED:
            if diagnostic.spelling.startswith(opening):
                names.add(diagnostic.spelling[len(opening):].split("'", 1)[0])
    cpp = _Cpp(_PROBE_FILE)
    predefined = set(cpp.macros)
    cpp.parse(text, _PROBE_FILE)
    while cpp.token() is not None:
        pass
    names |= {name for name, _ in cpp.directive_names}
    for name, macro in cpp.macros.items():
        if name not in predefined:
            body = [t for t in macro.value if t.type not in cpp.t_WS]
            # A piece pasted by ## (the f of name##f) is part of a name, not one.
            pasted = {i + d for i, t in enumerate(body) if t.value == "##" for d in (-1, 1)}
            names |= {t.value for i, t in enumerate(body)
                      if t.type == cpp.t_ID and t.value not in (macro.arglist or ())
                      and i not in pasted}
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

