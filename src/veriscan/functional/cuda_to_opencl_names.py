"""Which names and types the translation to OpenCL C accepts, and how it spells them.

A name the kernel declares is copied as written, unless it is one the
translation itself writes (``get_local_id``, ``barrier``, ``uint``…): a
kernel declaring one would change what the rewrite means, so it is refused.
Types are integer types only, whose arithmetic CUDA and OpenCL C define
alike, each spelled by the one OpenCL C name of its canonical type; the
``TYPE`` placeholder stays the monoid's on the device, so a ``TYPE`` value is
never given an integer type by the translation.  This layer also knows which
function a statement is in (:class:`Scope`), for the rules that depend on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import clang.cindex as ci

from veriscan.frontend.clang_parse import ParsedUnit
from veriscan.functional.cuda_to_opencl_tokens import TokenRewriter

K = ci.CursorKind
_PRELUDE = "/veriscan-prelude/"
GENERIC = "__veriscan_generic_t"
KERNEL_MARK = "veriscan_cuda_global"  # the front end's annotation of a __global__ function
INDEX_FUNCTIONS = {"threadIdx": "get_local_id", "blockIdx": "get_group_id",
                   "blockDim": "get_local_size", "gridDim": "get_num_groups"}
# Names the translation writes: a kernel declaring one would change what it means.
_WRITTEN_NAMES = frozenset({*INDEX_FUNCTIONS.values(), "barrier", "CLK_LOCAL_MEM_FENCE",
                            "CLK_GLOBAL_MEM_FENCE", "min", "max", "uint", "ulong", "uchar",
                            "ushort", "restrict"})
# 64-bit CUDA integers are 64-bit OpenCL integers: one spelling per canonical type.
_OPENCL_INT = {
    ci.TypeKind.BOOL: "bool", ci.TypeKind.CHAR_S: "char", ci.TypeKind.SCHAR: "char",
    ci.TypeKind.UCHAR: "uchar", ci.TypeKind.SHORT: "short", ci.TypeKind.USHORT: "ushort",
    ci.TypeKind.INT: "int", ci.TypeKind.UINT: "uint", ci.TypeKind.LONG: "long",
    ci.TypeKind.ULONG: "ulong", ci.TypeKind.LONGLONG: "long", ci.TypeKind.ULONGLONG: "ulong",
}
FLOATING = (ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE, ci.TypeKind.HALF)


def marks(c: ci.Cursor) -> set[str]:
    """The front end's annotations on a function (``veriscan_cuda_global``…)."""
    return {ch.spelling for ch in c.get_children() if ch.kind == K.ANNOTATE_ATTR}


@dataclass
class Scope:
    """The function a statement is in: a kernel or not, and its body."""

    kernel: bool
    body: ci.Cursor
    # The file-scope __shared__ variables it names (name, first token, last token).
    uses: list[tuple[str, int, int]] = field(default_factory=list)

    def outermost_declarations(self) -> list[ci.Cursor]:
        return [ch for ch in self.body.get_children() if ch.kind == K.DECL_STMT]


class NamesAndTypes(TokenRewriter):
    """Declared names, integer types, and the function each statement is in."""

    def __init__(self, unit: ParsedUnit) -> None:
        super().__init__(unit)
        # File-scope __shared__ variables by position: name, first and last token (the ;).
        self.shared: dict[int, tuple[str, int, int]] = {}
        self.scopes: list[Scope] = []
        self.scope: Scope | None = None

    def declare(self, c: ci.Cursor) -> None:
        """The name a function, parameter or variable declares."""
        if c.spelling in _WRITTEN_NAMES:
            raise self.refuse(c, f"the kernel declares '{c.spelling}', a name the "
                              "translation writes for an OpenCL C built-in")
        self.explain_name(c)

    def from_prelude(self, c: ci.Cursor) -> bool:
        """Whether ``c`` is declared by veriscan's CUDA prelude (a built-in), not the
        kernel: only the built-ins listed here have an OpenCL C counterpart."""
        file = c.location.file
        return file is not None and file.name.startswith(_PRELUDE)

    def value_type(self, where: ci.Cursor, t: ci.Type, allow_void: bool) -> str:
        """The OpenCL C name of an integer type CUDA and OpenCL C agree on."""
        canonical = t.get_canonical()
        if allow_void and canonical.kind == ci.TypeKind.VOID:
            return "void"
        if canonical.kind in _OPENCL_INT:
            return _OPENCL_INT[canonical.kind]
        what = "floating-point type" if canonical.kind in FLOATING else "type"
        raise self.refuse(where, f"{what} '{t.spelling}' (the translation keeps integer "
                          "types, whose arithmetic CUDA and OpenCL C define alike)")

    def type_ref(self, c: ci.Cursor) -> None:
        """A named type: the ``TYPE`` placeholder stays, a prelude typedef becomes the
        OpenCL C name of its integer type; any other (a struct, the kernel's own
        typedef) is refused."""
        target = c.referenced
        if target is not None and target.spelling == GENERIC:
            return  # the TYPE placeholder: its token is the macro, explained there
        if target is not None and target.kind == K.TYPEDEF_DECL and self.from_prelude(target):
            # size_t, uint...: the OpenCL C name of the integer type it stands for.
            i = self.token_at(c)
            self.edits.replace[i] = self.value_type(c, target.underlying_typedef_type,
                                                    allow_void=False)
            self.explained.add(i)
            return
        raise self.refuse(c, f"type '{c.spelling}'")

    def not_generic(self, c: ci.Cursor) -> None:
        """Refuse a TYPE value (an int to the proof's parse) where the translation would
        spell its type: the device's TYPE is the monoid's, not int."""
        node = c
        while True:
            if GENERIC in node.type.spelling:
                raise self.refuse(c, "a TYPE value converted to an integer type")
            kids = list(node.get_children())
            if node.kind not in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CXX_STATIC_CAST_EXPR) \
                    or not kids:
                return
            node = kids[-1]
