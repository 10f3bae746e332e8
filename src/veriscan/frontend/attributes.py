"""Attributes the device compiler honours and the analysis parse might not.

The proof parses CUDA C as C++ with the CUDA qualifiers turned into
``annotate`` attributes by the prelude (``__shared__`` is
``annotate("veriscan_cuda_shared")``).  nvcc reads the same text with its own
headers, where ``__shared__`` is ``__attribute__((shared))``.  So a kernel
that spells an attribute itself can mean one thing to each:

* ``__attribute__((shared))`` (what ``__shared__`` expands to for nvcc),
  ``[[gnu::shared]]``, ``device``, ``constant``, ``managed``...: clang in C++
  mode drops them with a warning and keeps no trace of them on the
  declaration, while nvcc gives the variable another memory (a per-block
  shared array read as a private one hides its races);
* an explicit address space (``address_space(N)``, whose numbering is the
  target's, and, in CUDA, OpenCL's ``opencl_local``...), which nvcc does not
  read as clang does;
* ``annotate("veriscan_cuda_...")`` written by the kernel: the front end's own
  marker, which nvcc ignores.

Each is reported (:func:`attribute_problems`), so such a kernel is unknown,
never verified.  :func:`cuda_qualifiers` reads the qualifiers the prelude's
macros put on a declaration, which decide a variable's memory
(:func:`cuda_space`) exactly as nvcc's ``__shared__``/``__constant__`` do.
"""

from __future__ import annotations

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend.lower_rules import UnsupportedConstruct
from veriscan.ir import nodes as ir

K = ci.CursorKind
MARKER = "veriscan_cuda_"  # the prelude's annotations: veriscan_cuda_shared ...
# The warnings with which clang drops an attribute it does not apply here.
_DROPPED = frozenset({"-Wignored-attributes", "-Wunknown-attributes"})
# Address spaces written into a type: the target's numbers, and OpenCL's names
# (which mean nothing to nvcc; in OpenCL C they are the language's own).
_NUMBERED = "address_space("
_OPENCL_SPACES = ("__global", "__local", "__constant", "__private", "__generic")
# Cursors whose type a kernel spells: declarations and explicit casts.
_TYPED = frozenset({K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL, K.TYPEDEF_DECL,
                    K.TYPE_ALIAS_DECL, K.CSTYLE_CAST_EXPR,
                    K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR,
                    K.CXX_CONST_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR})


def attribute_problems(tu: ci.TranslationUnit, file: str,
                       dialect: ir.Dialect) -> list[tuple[SourcePos, str]]:
    """Where the kernel's file writes an attribute the parse does not read as the
    device compiler does (see the module doc), in source order."""
    found = []
    for d in tu.diagnostics:
        where = d.location
        if d.option in _DROPPED and where.file is not None and where.file.name == file:
            found.append((SourcePos(file, where.line, where.column),
                          f"{d.spelling} by the front end's parse, but the device compiler "
                          "may honour it (nvcc's __shared__ is __attribute__((shared))); "
                          "write the CUDA qualifier (__shared__) instead"))
    stack = [c for c in tu.cursor.get_children()
             if c.location.file is not None and c.location.file.name == file]
    while stack:
        c = stack.pop()
        stack.extend(c.get_children())
        at = SourcePos(file, c.location.line, c.location.column)
        if c.kind == K.ANNOTATE_ATTR and c.spelling.startswith(MARKER) and _written(c):
            found.append((at, f"annotate(\"{c.spelling}\") written in the kernel: the front "
                          "end's own marker, which the device compiler ignores"))
        elif c.kind in _TYPED or c.kind == K.FUNCTION_DECL:
            space = explicit_space(c.result_type if c.kind == K.FUNCTION_DECL else c.type,
                                   dialect)
            if space is not None:
                found.append((at, f"'{c.spelling or c.kind.name}' has a type with an explicit "
                              f"address space ({space}) that the device compiler may not "
                              "read as the front end does"))
    return sorted(set(found), key=lambda item: (item[0].line, item[0].col, item[1]))


def explicit_space(t: ci.Type, dialect: ir.Dialect) -> str | None:
    """The address space ``t`` spells that the dialect's device compiler may read
    otherwise than clang (see the module doc), or None."""
    spelling = t.spelling
    if _NUMBERED in spelling:
        return "address_space"
    if dialect is ir.Dialect.CUDA:
        words = spelling.replace("*", " ").replace("(", " ").split()
        return next((w for w in _OPENCL_SPACES if w in words), None)
    return None


def cuda_qualifiers(decl: ci.Cursor) -> frozenset[str]:
    """The CUDA qualifiers (``shared``, ``constant``, ``device``, ``global``...) that
    the prelude's macros put on ``decl``; an ``annotate`` the kernel wrote itself
    is none (it is reported by :func:`attribute_problems`)."""
    return frozenset(ch.spelling[len(MARKER):] for ch in decl.get_children()
                     if ch.kind == K.ANNOTATE_ATTR and ch.spelling.startswith(MARKER)
                     and not _written(ch))


def cuda_space(decl: ci.Cursor) -> ir.MemSpace:
    """The memory of a CUDA variable declared in a function, as nvcc gives it:
    ``__shared__`` (optionally with ``__device__``) is the block's, ``__constant__``
    (likewise) constant memory, none private; any other mix is refused."""
    qualifiers = cuda_qualifiers(decl)
    if not qualifiers:
        return ir.MemSpace.PRIVATE
    if qualifiers - {"device"} == {"shared"}:
        return ir.MemSpace.LOCAL
    if qualifiers - {"device"} == {"constant"}:
        return ir.MemSpace.CONSTANT
    written = " ".join(f"__{q}__" for q in sorted(qualifiers))
    raise UnsupportedConstruct(f"variable '{decl.spelling}' declared {written} in a function")


def _written(attr: ci.Cursor) -> bool:
    """Whether the kernel spelled ``annotate(...)`` itself: a prelude macro's
    expansion (``__shared__``) shows no tokens of its own."""
    return any(t.spelling == "annotate" for t in attr.get_tokens())
