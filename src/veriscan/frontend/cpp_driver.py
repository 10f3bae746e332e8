"""pcpp, driven as the one C preprocessor every kernel goes through.

pcpp is a real C preprocessor, but a permissive one: it lexes ``1ULL`` as two
tokens, evaluates ``#if`` in Python arithmetic, passes unknown directives
through and reads any file it can find.  :class:`Cpp` is pcpp with each of
those choices made as every compiler downstream would make them (C's
preprocessing numbers, ``#if`` by :mod:`.cpp_eval`, includes of the stub
headers only, pragmas off :data:`ALLOWED_PRAGMAS` refused), and with what
:mod:`.preprocess` records about the run noted as it happens: the conditions
evaluated, the names directives test or define, the placeholders a macro
spells, the answers that rest on a name the kernel never defined, and the
values only veriscan assumes.  Errors are the kernel's, so they are raised as
:class:`~veriscan.errors.KernelSourceError` at the directive's line.
"""

from __future__ import annotations

import copy
import io
import os
import types
from collections.abc import Callable
from functools import cache

import pcpp.parser
from pcpp import Preprocessor

from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend.cpp_eval import ExpressionError, evaluate
from veriscan.frontend.dialects import GENERIC_NAMES, STUB_DIR, STUB_HEADERS
from veriscan.ir.nodes import Dialect

# Pragmas that only steer code generation; any other pragma could change what
# the two compilers see (push_macro/pop_macro, clang's own) and is refused.
ALLOWED_PRAGMAS = frozenset({"unroll", "nounroll", "OPENCL"})
# Macros whose value is the place they are used at, which pcpp leaves unexpanded.
_POSITION_MACROS = frozenset({"__LINE__", "__FILE__", "__COUNTER__", "__BASE_FILE__",
                              "__INCLUDE_LEVEL__"})


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


class Cpp(Preprocessor):
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
        # dialects.DIALECT_MACROS as veriscan defined them (see :meth:`model`).
        self.modelled: dict[str, object] = {}
        self.environment_tests: list[tuple[str, int]] = []
        self.doubts: list[tuple[int, str]] = []

    def define(self, tokens: object) -> None:
        """pcpp's ``#define`` (and ``-D``), counted per name: only directives pcpp
        executes get here, so a ``#define`` in a comment or ``#if 0`` never counts."""
        toks = self.tokenize(tokens) if isinstance(tokens, str) else tokens
        self._refuse_variadic_pasting(toks)
        self._count_setting(toks)
        super().define(tokens)
        self._own(toks)

    def _refuse_variadic_pasting(self, toks: list) -> None:
        """pcpp always drops the comma before an empty ``## __VA_ARGS__`` (GNU's rule),
        which OpenCL C and standard C++ do not, and knows no ``__VA_OPT__``: a macro
        using either could expand to another program than the compiler's."""
        words = [t.value for t in toks if t.type not in self.t_WS]
        pasted = any(w == "__VA_ARGS__" and "##" in words[max(i - 1, 0):i + 2]
                     for i, w in enumerate(words))
        if pasted or "__VA_OPT__" in words:
            raise self._fail("'## __VA_ARGS__' and '__VA_OPT__' are not supported: "
                             "compilers differ on the comma before empty variadic "
                             "arguments", self._line())

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
        (:data:`.dialects.DIALECT_MACROS`): that it is defined holds for every compiler of
        the dialect, but its value is an assumption (see :meth:`expand_macros`)."""
        self.define(f"{name} {value}")
        self.own.discard(name)
        self.modelled[name] = self.macros[name]

    def _looked_up(self, name: str, line: int) -> None:
        """A directive's answer rested on ``name`` having no definition."""
        if name not in self.own:
            self.environment_tests.append((name, line))

    def expand_macros(self, tokens: list, expanding_from: list | None = None) -> list:
        """pcpp's expansion, noting each use of a :data:`.dialects.DIALECT_MACROS` value.

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
        """Note placeholders that a macro stringifies (#) or pastes (##), and refuse
        what pcpp would spell otherwise than a compiler: a stringified argument of
        more than one token (the spaces between tokens, a pasted ``##``), and
        ``__LINE__``, ``__FILE__`` or ``__COUNTER__`` in an argument (pcpp leaves
        them for the compiler, after it has already stringified or pasted them)."""
        line = next((t.lineno for arg in args for t in arg), 0)
        for arg in args:
            dynamic = next((t.value for t in arg if t.value in _POSITION_MACROS), None)
            if dynamic:
                raise self._fail(f"{dynamic} in a macro's arguments is not supported: "
                                 "veriscan's preprocessor would expand it otherwise than "
                                 "the compiler", line)
        for argnum, _ in macro.str_patch:
            if len([t for t in args[argnum] if t.type not in self.t_WS]) > 1:
                raise self._fail(f"macro '{macro.name}' stringifies an argument of several "
                                 "tokens, which veriscan's preprocessor may spell otherwise "
                                 "than the compiler", line)
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

