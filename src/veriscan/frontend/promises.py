"""Promises a kernel's code makes to the compiler, which no proof checks.

Some attributes and qualifiers tell the compiler facts it may optimise on:
``const`` and ``pure`` that a call may be merged with another or dropped when
its value is unused (a ``const`` helper that calls ``barrier`` loses its
barrier), ``noreturn`` that nothing after a call runs, ``restrict`` that two
pointers never reach one cell, ``nonnull`` or ``assume_aligned`` facts about
pointers.  The front end inlines a helper's body and never asks whether such a
promise holds, so the program the device runs could differ from the one the
engines proved.  This module finds them: every attribute on the declarations
of a function the kernel defines is read from their tokens (``noreturn``
lives in the function's type and has no cursor; an attribute this clang
ignores may mean something to the device's), and anything not known to
promise nothing about behaviour is reported, as is a ``restrict`` pointer
outside the kernel's own parameters (those are assumed distinct anyway).
"""

from __future__ import annotations

from collections.abc import Iterator

import clang.cindex as ci

from veriscan.frontend.cursors import kind_of, main_file_children, unit_memo

# Attributes that change no behaviour the engines model: where code goes
# (inlining, hot/cold), launch shape hints, names and warnings, the CUDA
# execution spaces, veriscan's own annotations.
HARMLESS = frozenset({
    "kernel", "global", "device", "host", "launch_bounds", "always_inline", "noinline",
    "forceinline", "inline", "overloadable", "reqd_work_group_size",
    "work_group_size_hint", "vec_type_hint", "intel_reqd_sub_group_size", "annotate",
    "used", "unused", "maybe_unused", "deprecated", "cold", "hot", "flatten", "optnone",
    "visibility", "warn_unused_result", "nodiscard", "convergent", "noduplicate",
})


def broken_promises(fn: ci.Cursor, kernel: bool = False) -> list[str]:
    """What the declarations of ``fn`` promise that is not checked, one phrase each
    (empty when nothing); ``kernel`` marks the kernel itself, whose ``restrict``
    parameters the engines' distinct-buffers assumption covers.  Found once per
    function and unit, however often the function is inlined."""
    found_before = _index(fn.translation_unit).promises
    key = (fn.get_usr(), kernel)
    if key not in found_before:
        found_before[key] = _promises(fn, kernel)
    return found_before[key]


def _promises(fn: ci.Cursor, kernel: bool) -> list[str]:
    found = [f"attribute '{name}' on function '{fn.spelling}' (a promise to the "
             "compiler that is not checked)"
             for name in dict.fromkeys(n for d in _declarations(fn) for n in _attributes(d))
             if name not in HARMLESS]
    if not kernel:
        found += [f"restrict parameter '{p.spelling}' of '{fn.spelling}' (that no other "
                  "pointer reaches its cells is not checked)"
                  for p in fn.get_arguments() if _restrict(p.type)]
    return found


def restrict_variable(var: ci.Cursor) -> str | None:
    """Why a local pointer variable makes an unchecked promise, if it does."""
    if _restrict(var.type):
        return (f"restrict pointer variable '{var.spelling}' (that no other pointer "
                "reaches its cells is not checked)")
    return None


def _restrict(t: ci.Type) -> bool:
    """``restrict`` written on the type or on a typedef it names."""
    return t.is_restrict_qualified() or t.get_canonical().is_restrict_qualified()


def _declarations(fn: ci.Cursor) -> list[ci.Cursor]:
    """Every declaration of ``fn`` in its translation unit (attributes may sit on
    any of them), found by USR among the file-scope declarations."""
    return _index(fn.translation_unit).by_usr.get(fn.get_usr(), [])


class _UnitIndex:
    """What the promise checks ask of a translation unit again and again (once per
    inlined call): its functions by USR, each parent's children in the kernel's
    file with their extents, and each function's findings.  Built once per unit.
    Only the kernel's own file is indexed: every function the lowering inlines is
    defined there (the preprocessing puts a kernel's own headers into its text),
    and a kernel's declaration of a prelude function is refused before lowering
    (:func:`.foreign_names.redeclared_builtins`)."""

    def __init__(self, tu: ci.TranslationUnit):
        self.by_usr: dict[str, list[ci.Cursor]] = {}
        stack = list(main_file_children(tu))
        while stack:
            c = stack.pop()
            if c.kind in (ci.CursorKind.NAMESPACE, ci.CursorKind.LINKAGE_SPEC,
                          ci.CursorKind.UNEXPOSED_DECL):
                stack += c.get_children()
            elif c.kind in (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.FUNCTION_TEMPLATE):
                self.by_usr.setdefault(c.get_usr(), []).append(c)
        self.spans: dict[ci.Cursor, list[tuple[int, int, int]]] = {}
        self.promises: dict[tuple[str, bool], list[str]] = {}

    def children_spans(self, parent: ci.Cursor, file: str) -> list[tuple[int, int, int]]:
        """(name offset, start, end) of ``parent``'s children declared in ``file``."""
        if parent not in self.spans:
            tu = parent.translation_unit
            own = (main_file_children(tu) if parent == tu.cursor and file == tu.spelling
                   else parent.get_children())
            self.spans[parent] = [(c.location.offset, *_offsets(c, file)) for c in own
                                  if c.location.file and c.location.file.name == file]
        return self.spans[parent]


def _index(tu: ci.TranslationUnit) -> _UnitIndex:
    return unit_memo(tu, "promises", lambda: _UnitIndex(tu))


def _offsets(c: ci.Cursor, file: str) -> tuple[int, int]:
    """Where ``c`` starts and ends in ``file`` (its name's place for an end that
    lies in a macro)."""
    ext = c.extent
    start = ext.start.offset if ext.start.file and ext.start.file.name == file \
        else c.location.offset
    end = ext.end.offset if ext.end.file and ext.end.file.name == file \
        else c.location.offset
    return start, end


def _attributes(decl: ci.Cursor) -> Iterator[str]:
    """The attribute names of a declaration: its attribute cursors, and the GNU
    (``__attribute__((a, b(1)))``), standard (``[[gnu::a]]``), ``__declspec(a)``
    and ``_Noreturn`` spellings in the file's tokens between the declaration
    before it and its body, without underscores or namespace (``__const__`` is
    const).  The tokens are read from the file, not from the declaration's
    extent, which starts inside a macro when a prelude's ``__device__`` does."""
    if "noreturn" in decl.type.get_canonical().spelling:
        yield "noreturn"  # also through a typedef of the function's type
    for child in decl.get_children():
        kind = kind_of(child)
        if kind is None or not kind.is_attribute() or kind == ci.CursorKind.UNEXPOSED_ATTR:
            continue  # an unexposed attribute is found by its spelling below
        yield kind.name.removesuffix("_ATTR").lower().removeprefix("cuda")
    tokens = _declaration_tokens(decl)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "_Noreturn":
            yield "noreturn"
        if tok in _LISTS or tokens[i:i + 2] == ["[", "["]:
            i, names = _attribute_list(tokens, i + (2 if tok == "[" else 1),
                                       _LISTS.get(tok, 0))
            yield from names
            continue
        i += 1


def _declaration_tokens(decl: ci.Cursor) -> list[str]:
    """The file's tokens from the end of the declaration before ``decl`` (among its
    parent's children) to the start of its body (or of the next declaration)."""
    file = decl.location.file
    if file is None:
        return []
    here = decl.location.offset
    parent = decl.semantic_parent
    siblings = _index(decl.translation_unit).children_spans(parent, file.name) \
        if parent else []
    before = [end for at, _, end in siblings if at < here]
    after = [start for at, start, _ in siblings if at > here]
    body = next((c for c in decl.get_children() if c.kind == ci.CursorKind.COMPOUND_STMT),
                None)
    start = max(before, default=0)
    end = body.extent.start.offset if body is not None else \
        min(after, default=_offsets(decl, file.name)[1] + 1)
    tu = decl.translation_unit
    span = ci.SourceRange.from_locations(ci.SourceLocation.from_offset(tu, file, start),
                                         ci.SourceLocation.from_offset(tu, file, end))
    return [t.spelling for t in tu.get_tokens(extent=span)]


# The bracket depth of the names in each kind of list (``[[`` is past already).
_LISTS = {"__attribute__": 2, "__attribute": 2, "__declspec": 1}


def _attribute_list(tokens: list[str], i: int, top: int) -> tuple[int, list[str]]:
    """The names at bracket depth ``top`` of the list that starts at ``tokens[i]``
    (past ``__attribute__`` or ``[[``), and where it ends."""
    names: list[str] = []
    depth, start, expect_name = 0, i, True
    while i < len(tokens):
        tok = tokens[i]
        if tok in ("(", "["):
            depth += 1
        elif tok in (")", "]"):
            depth -= 1
            if depth <= 0 and i > start:
                return i + 1, names
        elif tok == "," and depth == top:
            expect_name = True
        elif tok == "::":
            expect_name = True
            if names:
                names.pop()
        elif expect_name and tok.isidentifier() and depth == top:
            names.append(tok.strip("_"))
            expect_name = False
        i += 1
    return i, names
