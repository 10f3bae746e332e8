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
predefined macro) is found by :func:`.foreign_names.genericity_problems` and
reported.

The user's own compiler preprocesses the kernel again, so the one
preprocessing must choose its branches as every compiler would: ``#if``
arithmetic follows C99 6.10.1 (C++14 for CUDA) in :mod:`.cpp_eval`, not
pcpp's Python arithmetic, and a directive whose answer rests on a name the
kernel did not define itself but a compiler or its headers may
(:func:`.foreign_names.compiler_source`), or on undefined or
implementation-defined behaviour, is reported too, so the verdict is unknown
instead of a proof of one compiler's program.

The work is shared out by concern: :mod:`.dialects` states what each dialect
is, :mod:`.cpp_driver` runs pcpp as every compiler would, :mod:`.token_layout`
lays the tokens out where the user wrote them, and :mod:`.foreign_names`
finds what could tell the proof from the run.  This module runs them once per
kernel and records the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from veriscan.budget import charge
from veriscan.errors import KernelSourceError
from veriscan.frontend.cpp_driver import Cpp
from veriscan.frontend.dialects import DIALECT_FLAGS, DIALECT_MACROS, MACRO_NAME
from veriscan.frontend.foreign_names import environment_names, genericity_problems
from veriscan.frontend.lexing import refuse_ambiguous_lexing
from veriscan.frontend.token_layout import Token, render
from veriscan.ir.nodes import Dialect


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



def run_preprocessor(source: str, file: str, defines: tuple[tuple[str, str], ...],
                     dialect: Dialect) -> tuple[Cpp, list[Any]]:
    """The one way the kernel's text is preprocessed: the dialect's modelled macros
    (unless ``defines`` gives one), then ``defines``; the preprocessor and every
    token it gave.  Whoever needs more than :class:`Preprocessed` keeps (where each
    token came from, for placing annotations) runs this, so both see one text."""
    cpp = Cpp(file, dialect)
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
    return cpp, raw


@lru_cache(maxsize=512)
def _preprocess(source: str, file: str, defines: tuple[tuple[str, str], ...],
                dialect: Dialect) -> Preprocessed:
    cpp, raw = run_preprocessor(source, file, defines, dialect)
    text, tokens = render(cpp, raw, file)
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
    dialect's predefined macros (:data:`.dialects.DIALECT_MACROS`) and its stub headers;
    the dialect is ``file``'s (``.cu`` is CUDA) unless given."""
    for name in defines or {}:
        if not MACRO_NAME.match(name):
            raise KernelSourceError(f"-D{name}: '{name}' is not a macro name")
    if dialect is None:
        dialect = Dialect.CUDA if file.endswith(".cu") else Dialect.OPENCL
    refuse_ambiguous_lexing(source, dialect, file)
    return _preprocess(source, file, tuple((defines or {}).items()), dialect)


def line_marker(file: str) -> str:
    """A ``#line`` directive put between a prelude and the kernel's text, so the
    device compiler (and Oclgrind) name the user's file and lines."""
    quoted = file.replace("\\", "\\\\").replace('"', '\\"')
    return f'\n#line 1 "{quoted}"\n'


# The device side of the same preprocessing (veriscan.functional) takes the
# dialect's flags and the check of foreign names from here, with the text.
__all__ = ["DIALECT_FLAGS", "Preprocessed", "environment_names", "genericity_problems",
           "line_marker", "preprocess", "run_preprocessor"]
