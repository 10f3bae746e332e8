"""Names foreign to a kernel: what could tell the proof from the run.

The proof parses the kernel's one preprocessing with the generic placeholders
in front, the device builds it with a monoid in front (:mod:`.preprocess`):
the only channel between the two that a generic kernel may use is the names
``TYPE``, ``OPERATOR`` and ``IDENTITY``.  Any other name that one side gives a
meaning and the other does not (a monoid's helper, a placeholder's stand-in,
a compiler's predefined macro, a built-in the kernel redeclares), and any
directive that asks about such a name, makes the kernel one program when
proved and another when run.  This module finds them, with the probes that
tell which names each side declares: every one found becomes a not-generic
``Unsupported`` statement (:func:`veriscan.frontend.kernel_from_unit`), so such
a kernel is never verified.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend.compiler_names import listed, reserved
from veriscan.frontend.cpp_driver import Cpp
from veriscan.frontend.cursors import main_file_children
from veriscan.frontend.dialects import (
    DIALECT_FLAGS,
    ENV_PRELUDES,
    GENERIC_NAMES,
    PRELUDE_DIR,
    from_prelude,
)
from veriscan.ir.nodes import Dialect
from veriscan.user_cache import digest, stored_names

if TYPE_CHECKING:
    from veriscan.frontend.preprocess import Preprocessed

_PACKAGE = Path(__file__).resolve().parent.parent


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
    stack = [c for c in main_file_children(tu)
             if c.location.file is not None and c.location.file.name == file]
    while stack:
        cursor = stack.pop()
        # A redeclaration only where an included prelude declared the name first: a
        # kernel's own ``shuffle``, parsed without the vector prelude, is its own
        # function, as on the device.
        if (cursor.kind == ci.CursorKind.FUNCTION_DECL and cursor.spelling in builtin
                and from_prelude(cursor.canonical)):
            at = SourcePos(file, cursor.location.line, cursor.location.column)
            found.append((at, f"the kernel declares '{cursor.spelling}', a name the analysis "
                          "models as the built-in, so the proof and the run could differ"))
        stack.extend(cursor.get_children())
    return sorted(found, key=lambda item: (item[0].line, item[0].col))


def _first_use(pre: Preprocessed, name: str) -> SourcePos:
    """Where the kernel first names ``name``; line 0 when only a -D does."""
    places = [SourcePos(pre.file, t.line, t.col) for t in pre.tokens
              if t.identifier and t.spelling == name]
    places += [SourcePos(pre.file, line) for n, line in pre.directive_names if n == name]
    places += [SourcePos(pre.file, 0) for n in pre.defined if n == name]
    return min(places, key=lambda p: (p.line, p.col))


# What the names of the shipped preludes are computed from (with this module's
# own logic), for the user cache.
_PROBE_INPUTS = (Path(__file__), Path(__file__).with_name("cpp_driver.py"),
                 Path(__file__).with_name("dialects.py"))


@cache
def _shipped_digest() -> tuple[str, ...]:
    """One digest of those files, read once per process for every cache entry."""
    files = [*_PROBE_INPUTS, *sorted(PRELUDE_DIR.glob("*.h")),
             _PACKAGE / "functional" / "cl" / "batched_prelude.cl",
             *sorted((_PACKAGE / "monoids" / "cl").glob("*.cl"))]
    return (digest(f.read_text() for f in files),)


@cache
def _side_names(dialect: Dialect) -> frozenset[str]:
    """Names the placeholder prelude (in ``dialect``) or a monoid or the batched
    launcher (OpenCL C, the language they are written in) give meaning to.
    Seconds of libclang work on shipped files only, so kept in the user cache."""
    return stored_names(f"side-names-{dialect.value}", _shipped_digest(),
                        lambda: _probe_side_names(dialect))


def _probe_side_names(dialect: Dialect) -> frozenset[str]:
    generic = (PRELUDE_DIR / "generic.h").read_text()
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
    """What the dialect's environment preludes give meaning to (``barrier``,
    ``CLK_LOCAL_MEM_FENCE``): the same names on both sides, so a kernel may use them."""
    return stored_names(f"environment-names-{dialect.value}", _shipped_digest(),
                        lambda: _probe_environment_names(dialect))


def _probe_environment_names(dialect: Dialect) -> frozenset[str]:
    names: set[str] = set()
    for prelude in ENV_PRELUDES[dialect]:
        names |= _declared_names((PRELUDE_DIR / prelude).read_text(), dialect)
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
    for prelude in ENV_PRELUDES[dialect]:  # so the prelude's own code parses cleanly
        unsaved.append((f"/veriscan-probe/{prelude}", (PRELUDE_DIR / prelude)
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
    cpp = Cpp(_PROBE_FILE)
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

