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

The user's own compiler preprocesses the kernel again, so the one
preprocessing must choose its branches as every compiler would: ``#if``
arithmetic follows C99 6.10.1 (C++14 for CUDA) in :mod:`.cpp_eval`, not
pcpp's Python arithmetic, and a directive whose answer rests on a name the
kernel did not define itself but a compiler or its headers may
(:func:`compiler_source`), or on undefined or implementation-defined
behaviour, is reported too, so the verdict is unknown instead of a proof of
one compiler's program.
"""

from __future__ import annotations

import copy
import io
import os
import re
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import clang.cindex as ci
import pcpp.parser
from pcpp import Preprocessor

from veriscan.budget import charge
from veriscan.device import OPENCL_C_STD
from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend.compiler_names import listed, reserved
from veriscan.frontend.cpp_eval import ExpressionError, evaluate
from veriscan.ir.nodes import Dialect

GENERIC_NAMES = frozenset({"TYPE", "OPERATOR", "IDENTITY"})
MACRO_NAME = re.compile(r"^[A-Za-z_]\w*(\(\s*(\w+\s*(,\s*\w+\s*)*)?\))?$")  # N, OP(a,b)
# Pragmas that only steer code generation; any other pragma could change what
# the two compilers see (push_macro/pop_macro, clang's own) and is refused.
ALLOWED_PRAGMAS = frozenset({"unroll", "nounroll", "OPENCL"})
# The operator forms of #pragma (C99 and Microsoft's): they reach the compiler after
# preprocessing, so they are refused like any pragma off the list.
_PRAGMA_OPERATORS = frozenset({"_Pragma", "__pragma"})
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
    Dialect.OPENCL: ["-x", "cl", OPENCL_C_STD, "-cl-no-stdinc"],
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
    # The macros in force where the file ends: (name, replacement token spellings,
    # whether function-like); and the names set more than once (by #define,
    # #undef or -D).  Annotations are comments, which the preprocessor never
    # expands, so the spec checker reads their macros from here, as C has them.
    macros: tuple[tuple[str, tuple[str, ...], bool], ...] = ()
    redefined: frozenset[str] = frozenset()
    # Names whose definition a directive's answer rested on although neither
    # the kernel (a #define or #undef before it) nor a -D gave them one:
    # ``#ifdef X``, ``defined(X)``, an identifier ``#if`` took as 0.  Each is
    # a question the user's compiler answers from its own macros and headers.
    environment_tests: tuple[tuple[str, int], ...] = ()
    # Why a directive's value, or a value in the text, may differ in another
    # compiler (undefined or implementation-defined behaviour in #if, a value
    # only veriscan assumes), with the line.
    doubts: tuple[tuple[int, str], ...] = ()

    @property
    def identifiers(self) -> frozenset[str]:
        return frozenset(t.spelling for t in self.tokens if t.identifier)


def _token_rule(pattern: str, action: Callable[[object], object] | None = None
                ) -> Callable[[object], object]:
    """A ply token rule: ply reads its regular expression from the docstring."""

    def rule(token: object) -> object:
        return token if action is None else action(token)

    rule.__doc__ = pattern
    return rule


@cache
def _lexer(cplusplus: bool) -> object:
    """pcpp's lexer, with C's preprocessing numbers and C++'s literal prefixes.

    pcpp lexes ``1ULL`` as ``1UL`` and an identifier ``L``, and ``1.f`` as
    ``1``, ``.``, ``f``: a kernel that defines ``L`` or ``f`` as a macro would
    have the piece replaced, which no compiler does, since a preprocessing
    number is one token (C99 6.4.8: a digit or ``.digit``, then digits,
    letters, ``_``, ``.`` and ``e+ e- E+ E- p+ p- P+ P-``; C++14 adds ``'``
    digit separators).  Likewise C++ reads ``u'a'`` and ``u8"s"`` as one
    literal where pcpp sees an identifier ``u`` first.  Every preprocessing
    number becomes one ``CPP_INTEGER`` token; :mod:`.cpp_eval` tells the
    integer constants among them from the rest.
    """
    rules = types.ModuleType("veriscan_pp_lexer")
    for name, value in vars(pcpp.parser).items():
        if name.startswith("t_") or name in ("tokens", "literals"):
            setattr(rules, name, value)
    separator = "|'[0-9A-Za-z_]" if cplusplus else ""
    rules.t_CPP_INTEGER = _token_rule(rf"\.?\d([eEpP][+-]{separator}|[.\w])*")
    if cplusplus:
        prefix = "(u8|u|U|L)?"
        rules.t_CPP_CHAR = _token_rule(prefix + r"\'([^\\\n]|(\\(.|\n)))*?\'",
                                       pcpp.parser.t_CPP_CHAR)
        rules.t_CPP_STRING = _token_rule(prefix + r'\"([^\\\n]|(\\(.|\n)))*?\"',
                                         pcpp.parser.t_CPP_STRING)
    rules.__file__ = __file__
    lex = pcpp.parser.lex
    return lex.lex(module=rules, lextab="", errorlog=lex.NullLogger())  # "": no table file


class _Cpp(Preprocessor):
    """pcpp with errors raised as bad input and the directives that lie refused."""

    def __init__(self, file: str, dialect: Dialect = Dialect.OPENCL) -> None:
        super().__init__(_lexer(dialect is Dialect.CUDA).clone())
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
        # Names the kernel (or a -D) defined or undefined so far: a directive
        # asking about one of them is answered by the kernel, not the compiler.
        self.own: set[str] = set()  # (pcpp's own definitions above are dropped)
        # DIALECT_MACROS as veriscan defined them (see :meth:`model`).
        self.modelled: dict[str, object] = {}
        self.environment_tests: list[tuple[str, int]] = []
        self.doubts: list[tuple[int, str]] = []

    def define(self, tokens: object) -> None:
        """pcpp's ``#define`` (and ``-D``), counted per name: only directives pcpp
        executes get here, so a ``#define`` in a comment or ``#if 0`` never counts."""
        toks = self.tokenize(tokens) if isinstance(tokens, str) else tokens
        self._count_setting(toks)
        super().define(tokens)
        self._own(toks)

    def undef(self, tokens: object) -> None:
        toks = self.tokenize(tokens) if isinstance(tokens, str) else tokens
        self._count_setting(toks)
        super().undef(tokens)
        self._own(toks)

    def _count_setting(self, toks: list) -> None:
        named = [t.value for t in toks if t.type not in self.t_WS][:1]
        counts = self.__dict__.setdefault("settings", {})  # define() runs in __init__ too
        for name in named:
            counts[name] = counts.get(name, 0) + 1

    def macro_table(self) -> tuple[tuple[str, tuple[str, ...], bool], ...]:
        """The macros defined now, as ``Preprocessed.macros`` records them."""
        return tuple((name, tuple(t.value for t in m.value if t.type not in self.t_WS),
                      m.arglist is not None) for name, m in sorted(self.macros.items()))

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
        """``defined(X)`` or ``#ifdef X`` of a name no directive defined: noted, and
        false as in C, unless a compiler's own definition of X would make it true."""
        if tok.type != self.t_ID:
            raise self._fail(f"'{tok.value}' is not a macro name", tok.lineno)
        self.directive_names.append((tok.value, tok.lineno))
        self._looked_up(tok.value, tok.lineno)
        return False

    # ------------------------------------------------------- who defined a name
    def _own(self, toks: list) -> None:
        """A ``#define``/``#undef`` of the kernel's (or a -D): from now on the
        kernel, not the compiler, decides whether and how the name is defined."""
        named = [t.value for t in toks if t.type not in self.t_WS][:1]
        self.__dict__.setdefault("own", set()).update(named)  # define() runs in __init__

    def model(self, name: str, value: str) -> None:
        """Define ``name`` as veriscan's model of the dialect's compilers does
        (:data:`DIALECT_MACROS`): that it is defined holds for every compiler of
        the dialect, but its value is an assumption (see :meth:`expand_macros`)."""
        self.define(f"{name} {value}")
        self.own.discard(name)
        self.modelled[name] = self.macros[name]

    def _looked_up(self, name: str, line: int) -> None:
        """A directive's answer rested on ``name`` having no definition."""
        if name not in self.own:
            self.environment_tests.append((name, line))

    def expand_macros(self, tokens: list, expanding_from: list | None = None) -> list:
        """pcpp's expansion, noting each use of a :data:`DIALECT_MACROS` value.

        ``__CUDA_ARCH__`` is 350 only because veriscan says so; the user's
        compiler gives its own target's value, so a use of the value (in a
        directive or in code) proves a program that may not be the one run.
        """
        for tok in tokens:
            if tok.type == self.t_ID and tok.value in self.modelled and \
                    self.macros.get(tok.value) is self.modelled[tok.value]:
                value = "".join(str(t.value) for t in self.modelled[tok.value].value)
                self.doubts.append((tok.lineno, f"'{tok.value}' is {value} only by veriscan's "
                                    "assumption; a compiler defines it for its own target "
                                    f"(give -D{tok.value}=VALUE to prove for one)"))
        return super().expand_macros(tokens, expanding_from or [])

    # --------------------------------------------------------- #if and #elif
    def evalexpr(self, tokens: list) -> tuple[int, None]:
        """The value of an ``#if``/``#elif`` expression, by C's rules (:mod:`.cpp_eval`).

        ``defined X`` is replaced before macro expansion, as C99 6.10.1p4 says;
        a ``defined`` that macro expansion produces is undefined behaviour
        (compilers differ) and is noted as a doubt.  Identifiers left over,
        which C reads as 0, are noted as names whose absence decided the value.
        """
        line = self._line()
        what = f"#{self.lastdirective.value if self.lastdirective else 'if'}"
        tokens = self._replace_defined([copy.copy(t) for t in tokens], line)
        expanded = self.expand_macros(tokens)
        if any(t.type == self.t_ID and t.value == "defined" for t in expanded):
            self.doubts.append((line, f"'defined' produced by a macro expansion in {what} "
                                "(undefined behaviour, C99 6.10.1p4; compilers differ)"))
            expanded = self._replace_defined(expanded, line)
        words = [str(t.value) for t in expanded
                 if t.type not in self.t_WS and t.type != self.t_LINECONT]
        self.conditions.append((line, tuple(words)))
        self.directive_names += [(t.value, line) for t in expanded if t.type == self.t_ID]
        try:
            result = evaluate(words, cplusplus=self.dialect is Dialect.CUDA)
        except ExpressionError as exc:
            raise self._fail(f"{what}: {exc}", line) from None
        for name in result.identifiers:
            self._looked_up(name, line)
        self.doubts += [(line, f"{doubt} in {what}") for doubt in result.doubts]
        self.doubts += [(line, f"'{name}(...)' in {what} is no macro of the kernel's: C "
                         "rejects it, a compiler may give it a meaning of its own")
                        for name in result.calls]
        return int(result.value.number != 0), None

    def _replace_defined(self, tokens: list, line: int) -> list:
        """``tokens`` with each ``defined X`` / ``defined ( X )`` replaced by 1 or 0."""
        blank = (*self.t_WS, self.t_LINECONT)

        def word_at(start: int) -> int:
            while start < len(tokens) and tokens[start].type in blank:
                start += 1
            return start

        out: list = []
        at = 0
        while at < len(tokens):
            tok = tokens[at]
            if tok.type != self.t_ID or tok.value != "defined":
                out.append(tok)
                at += 1
                continue
            name_at = word_at(at + 1)
            paren = name_at < len(tokens) and tokens[name_at].value == "("
            if paren:
                name_at = word_at(name_at + 1)
            if name_at >= len(tokens) or tokens[name_at].type != self.t_ID:
                raise self._fail("operator 'defined' requires an identifier", line)
            end = word_at(name_at + 1) if paren else name_at
            if paren and (end >= len(tokens) or tokens[end].value != ")"):
                raise self._fail("missing ')' after 'defined'", line)
            name = tokens[name_at]
            known = name.value in self.macros or self.on_unknown_macro_in_defined_expr(name)
            value = copy.copy(tok)
            value.type, value.value = self.t_INTEGER, "1" if known else "0"
            out.append(value)
            at = end + 1
        return out

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
    for name, value in DIALECT_MACROS[dialect]:
        if name not in given:
            cpp.model(name, value)
    for name, value in defines:
        cpp.define(f"{name} {value}")
    cpp.parse(source, file)
    raw = []
    while (tok := cpp.token()) is not None:
        raw.append(tok)
        if not len(raw) % 4096:
            charge(lambda: f"in the preprocessor, at line {tok.lineno}")
    text, tokens = _render(cpp, raw, file)
    return Preprocessed(file, text, tuple(tokens), tuple(cpp.conditions),
                        tuple(cpp.directive_names), tuple(cpp.spelled),
                        tuple(name.split("(", 1)[0] for name, _ in defines),
                        tuple(cpp.headers), cpp.macro_table(),
                        frozenset(k for k, v in cpp.__dict__.get("settings", {}).items()
                                  if v > 1),
                        environment_tests=tuple(cpp.environment_tests),
                        doubts=tuple(cpp.doubts))


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
    if "N" in used and "N" in pre.defined:  # only a scan kernel's build gets -DN
        sides["N"] = "the device build (-DN)"
    for prelude in device_preludes:
        sides.update(dict.fromkeys(used & (_declared_names(prelude, dialect)
                                           - environment_names(dialect)), "the device prelude"))
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
    found += [(SourcePos(pre.file, line), f"'{name}' decides the directive at line {line}, but "
               f"the kernel does not define it and {source} may, so the branch taken can differ "
               "between the proof and the run")
              for name, line in pre.environment_tests if name not in sides
              for source in [compiler_source(name, dialect)] if source]
    found += [(SourcePos(pre.file, line), f"{doubt} (line {line}), so the proof and the run "
               "can differ") for line, doubt in pre.doubts]
    return sorted(set(found), key=lambda item: (item[0].line, item[0].col, item[1]))


def compiler_source(name: str, dialect: Dialect) -> str | None:
    """Who, besides the kernel, may define macro ``name``; None when no one does.

    A kernel's own configuration macro (``BLOCK_SIZE``) is asked about freely:
    no compiler defines it.  But a name reserved to the implementation, a name
    of the dialect's environment (everything veriscan's preludes declare or
    define: ``CLK_LOCAL_MEM_FENCE``, ``barrier``), or one the specifications
    and standard headers define (:mod:`.compiler_names`) may be a macro of the
    user's compiler, whichever of them veriscan's own probe knows.
    """
    if reserved(name, dialect is Dialect.CUDA):
        return "the compiler (the name is reserved to the implementation)"
    if name in environment_names(dialect):
        return f"the {_DIALECT_NAME[dialect]} environment (a name its headers give meaning to)"
    if listed(name):
        return f"the compiler or the {_DIALECT_NAME[dialect]} standard headers"
    return None


_DIALECT_NAME = {Dialect.OPENCL: "OpenCL C", Dialect.CUDA: "CUDA"}


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
    builtin = environment_names(dialect)
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
    names = _declared_names(generic, dialect) - environment_names(dialect)
    device = [(_PACKAGE / "functional" / "cl" / "batched_prelude.cl").read_text()]
    device += [p.read_text() for p in sorted((_PACKAGE / "monoids" / "cl").glob("*.cl"))]
    # One parse for all of them (redefinitions of TYPE are only warnings).
    names |= _declared_names("\n".join(device), Dialect.OPENCL) - environment_names(
        Dialect.OPENCL)
    # N is defined alike on both sides (the kernel's preprocessing, -DN on the device).
    return frozenset(names - GENERIC_NAMES - {"N"})


@cache
def environment_names(dialect: Dialect) -> frozenset[str]:
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

