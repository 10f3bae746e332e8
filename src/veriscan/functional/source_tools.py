"""Where a kernel's functions sit in its text, read with libclang.

A batched launcher gives every work group its own slice of the input by
re-hosting the entry function's body, so the runner needs the parameters and
the body as written, found from clang's AST (never by pattern matching on
text).  The text is the kernel's one preprocessing, the text the proof parsed.
Semantic errors are tolerated here (the kernel is parsed without OpenCL's
headers); the OpenCL compiler is the judge of those.  Nothing is cached here:
the runner splits a kernel only while building a batched program, and that
program is what the program cache keeps.
"""

from __future__ import annotations

from dataclasses import dataclass

import clang.cindex as ci

from veriscan.errors import KernelSourceError
from veriscan.frontend.preprocess import DIALECT_FLAGS
from veriscan.ir.nodes import Dialect

_FILE = "kernel.cl"
_ARGS = DIALECT_FLAGS[Dialect.OPENCL]


@dataclass(frozen=True)
class EntryParts:
    """A source split around one kernel function definition."""

    before: str            # everything before the function
    params: tuple[str, ...]  # parameter declarations as written
    body: str              # the compound statement, braces included (OpenCL wants
                           # __local declarations at the kernel's outermost scope)
    after: str             # everything after the function


def _parse(text: str) -> ci.TranslationUnit:
    return ci.Index.create().parse(_FILE, args=_ARGS, unsaved_files=[(_FILE, text)])


def split_entry(prelude: str, source: str, entry: str, origin: str) -> EntryParts:
    """``source`` split around the definition of kernel ``entry``.

    ``prelude`` (the monoid definitions) is parsed in front so that ``TYPE``
    is a type; offsets are reported relative to ``source``.
    """
    text = prelude + source
    base = len(prelude.encode())
    raw = text.encode()
    for cursor in _parse(text).cursor.get_children():
        if (cursor.kind != ci.CursorKind.FUNCTION_DECL or cursor.spelling != entry
                or not cursor.is_definition()):
            continue
        bodies = [c for c in cursor.get_children() if c.kind == ci.CursorKind.COMPOUND_STMT]
        start, end = cursor.extent.start.offset, cursor.extent.end.offset
        if not bodies or start < base:
            break

        def cut(a: int, b: int) -> str:
            return raw[a:b].decode()

        params = tuple(cut(p.extent.start.offset, p.extent.end.offset)
                       for p in cursor.get_arguments())
        body = bodies[0].extent
        return EntryParts(before=cut(base, start), params=params,
                          body=cut(body.start.offset, body.end.offset), after=cut(end, len(raw)))
    raise KernelSourceError(f"{origin}: cannot locate the body of kernel '{entry}' "
                            "(is its definition produced by a macro?)")


def defined_functions(prelude: str, source: str) -> dict[str, int]:
    """The functions ``source`` defines at file scope, each with the line of its first
    definition (``prelude``, the monoid definitions, parsed in front so that ``TYPE``
    is a type, and left out)."""
    base = len(prelude.encode())
    shift = prelude.count("\n")
    found: dict[str, int] = {}
    for cursor in _parse(prelude + source).cursor.get_children():
        if (cursor.kind == ci.CursorKind.FUNCTION_DECL and cursor.is_definition()
                and cursor.extent.start.offset >= base):
            found.setdefault(cursor.spelling, cursor.location.line - shift)
    return found
