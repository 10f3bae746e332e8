"""Map clang types onto the IR's scalar types and memory spaces.

Kept apart from the statement lowering because both the parameter scan and the
expression lowering need it, and because the generic placeholder ``TYPE`` is
recognised here (by its typedef name) and nowhere else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import clang.cindex as ci

from veriscan.frontend.dialects import from_prelude
from veriscan.ir import nodes as ir

GENERIC_TYPEDEF = "__veriscan_generic_t"

_INT_KINDS: dict[ci.TypeKind, tuple[int, bool]] = {
    ci.TypeKind.CHAR_S: (8, True), ci.TypeKind.SCHAR: (8, True),
    ci.TypeKind.CHAR_U: (8, False), ci.TypeKind.UCHAR: (8, False),
    ci.TypeKind.SHORT: (16, True), ci.TypeKind.USHORT: (16, False),
    ci.TypeKind.INT: (32, True), ci.TypeKind.UINT: (32, False),
    ci.TypeKind.LONG: (64, True), ci.TypeKind.ULONG: (64, False),
    ci.TypeKind.LONGLONG: (64, True), ci.TypeKind.ULONGLONG: (64, False),
}
_ARRAY_KINDS = (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
                ci.TypeKind.VARIABLEARRAY)
_FLOAT_KINDS = {ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.HALF,
                ci.TypeKind.LONGDOUBLE}


def type_kind(t: ci.Type) -> ci.TypeKind | None:
    """``t.kind``, or None for a kind this libclang binding has no name for.

    Newer libclang libraries report kinds (attributed types, ``typeof``) that
    the Python binding's table lacks, and reading ``.kind`` then raises.
    """
    try:
        return t.kind
    except ValueError:
        return None


def is_generic(t: ci.Type) -> bool:
    """Whether ``t`` is (a typedef chain ending in) the generic placeholder."""
    seen = 0
    while seen < 16:
        seen += 1
        kind = type_kind(t)
        if kind == ci.TypeKind.ELABORATED:
            t = t.get_named_type()
            continue
        if kind == ci.TypeKind.TYPEDEF:
            decl = t.get_declaration()
            if decl.spelling == GENERIC_TYPEDEF and from_prelude(decl):
                return True
            t = decl.underlying_typedef_type
            continue
        return False
    return False


def _desugar(t: ci.Type) -> ci.Type:
    """Strip typedefs and elaboration, but stop at the generic placeholder."""
    for _ in range(32):
        kind = type_kind(t)
        if is_generic(t):
            return t
        if kind == ci.TypeKind.ELABORATED:
            t = t.get_named_type()
        elif kind == ci.TypeKind.TYPEDEF:
            t = t.get_declaration().underlying_typedef_type
        elif kind is None or kind == ci.TypeKind.UNEXPOSED:
            return t.get_canonical()
        else:
            return t
    return t.get_canonical()


def sugar_lost(t: ci.Type) -> bool:
    """Whether libclang shows ``t`` only through its canonical type (``auto``,
    ``decltype``), so that whether it was TYPE cannot be told."""
    kind = type_kind(_desugar(t))
    return kind is None or kind in (ci.TypeKind.AUTO, ci.TypeKind.UNEXPOSED)


def unit_type(t: ci.Type) -> ci.Type | None:
    """What a pointer or array value points at (its unit of access), else None."""
    t = _desugar(t)
    kind = type_kind(t)
    if kind == ci.TypeKind.POINTER:
        return t.get_pointee()
    if kind in _ARRAY_KINDS:
        return t.get_array_element_type()
    return None


_QUALIFIERS = re.compile(r"\b(const|volatile|restrict|__restrict|__private|__global|__local|"
                         r"__constant|__generic)\b")


def type_key(t: ci.Type) -> str:
    """A spelling of ``t`` that tells ``TYPE`` apart from its stand-in ``int``.

    Canonical types alone would call ``TYPE *`` and ``int *`` the same (the
    static parse defines ``TYPE`` as ``int``); qualifiers and address spaces
    are dropped because they do not change what a pointer reads.
    """
    t = _desugar(t)
    if is_generic(t):
        return "TYPE"
    inner = unit_type(t)
    if inner is not None:
        size = t.get_array_size() if type_kind(t) == ci.TypeKind.CONSTANTARRAY else -1
        return f"{'*' if size < 0 else f'[{size}]'}{type_key(inner)}"
    return " ".join(_QUALIFIERS.sub(" ", t.get_canonical().spelling).split())


def mentions_generic(t: ci.Type, depth: int = 0) -> bool:
    """Whether ``t`` is TYPE or is built from it (pointer, array, struct or union field)."""
    if depth > 16:
        return False
    t = _desugar(t)
    if is_generic(t):
        return True
    inner = unit_type(t)
    if inner is not None:
        return mentions_generic(inner, depth + 1)
    kind = type_kind(t)
    if kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
        return mentions_generic(t.get_pointee(), depth + 1)
    if kind == ci.TypeKind.RECORD:
        return any(mentions_generic(f.type, depth + 1) for f in t.get_fields())
    if kind in (ci.TypeKind.VECTOR, ci.TypeKind.EXTVECTOR):
        return mentions_generic(t.element_type, depth + 1)
    return False


def scalar_type(t: ci.Type) -> ir.ScalarType:
    spelling = _plain_spelling(t)
    if is_generic(t):
        return ir.GENERIC
    canon = t.get_canonical()
    kind = type_kind(canon)
    if kind == ci.TypeKind.BOOL:
        return ir.ScalarType(ir.TypeKind.BOOL, 1, False, spelling or "bool")
    if kind in _INT_KINDS:
        bits, signed = _INT_KINDS[kind]
        return ir.ScalarType(ir.TypeKind.INT, bits, signed, spelling)
    if kind == ci.TypeKind.ENUM:
        # The enumeration's integer type as clang chose it: a fixed underlying
        # type (``enum E : unsigned char``, ``enum class E`` is ``int``), else
        # the smallest of int, unsigned int, long... that holds its values
        # (C: unsigned int when none is negative, as GCC and clang do).
        underlying = scalar_type(canon.get_declaration().enum_type)
        if underlying.kind not in (ir.TypeKind.INT, ir.TypeKind.BOOL):
            return ir.ScalarType(ir.TypeKind.OTHER, 0, False, spelling)
        return ir.ScalarType(underlying.kind, underlying.bits, underlying.signed, spelling)
    if kind == ci.TypeKind.OCLEVENT:  # an opaque handle clang lets kernels only copy
        return ir.ScalarType(ir.TypeKind.INT, 32, False, "event_t")
    if kind in _FLOAT_KINDS:
        return ir.ScalarType(ir.TypeKind.FLOAT, 8 * max(canon.get_size(), 2), True, spelling)
    return ir.ScalarType(ir.TypeKind.OTHER, 0, False, spelling)


def _plain_spelling(t: ci.Type) -> str:
    """The type's name without qualifiers or address spaces (for messages)."""
    words = [w for w in t.spelling.split() if w not in
             ("const", "volatile", "__private", "__global", "__local", "__constant",
              "restrict", "__restrict")]
    return " ".join(words).replace(GENERIC_TYPEDEF, "TYPE")


def opencl_space(t: ci.Type) -> ir.MemSpace:
    """Address space of an OpenCL type from its spelling (libclang exposes no enum)."""
    words = t.spelling.replace("*", " ").split()
    for word, space in (("__global", ir.MemSpace.GLOBAL), ("__local", ir.MemSpace.LOCAL),
                        ("__constant", ir.MemSpace.CONSTANT)):
        if word in words:
            return space
    return ir.MemSpace.PRIVATE


def array_dims(t: ci.Type) -> tuple[int, ...] | None:
    """Extents of a (possibly nested) constant array type, outermost first.

    An array of vectors ends in one more extent, the vector's lanes in memory
    (see :func:`vector_shape`): the IR keeps memory in scalar cells, so
    ``float4 a[8]`` is 8 x 4 floats and ``a[i].y`` the cell ``4*i + 1``.
    """
    dims: list[int] = []
    canon = t.get_canonical()
    while type_kind(canon) == ci.TypeKind.CONSTANTARRAY:
        dims.append(canon.get_array_size())
        canon = canon.get_array_element_type().get_canonical()
    if type_kind(canon) in (ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.VARIABLEARRAY):
        return None
    shape = vector_shape(canon)
    if shape is not None:
        dims.append(shape.stride)
    return tuple(dims)


def element_type(t: ci.Type) -> ci.Type:
    """The innermost scalar type of an array, pointer or vector type (a vector's lanes)."""
    while True:
        kind = type_kind(t)
        if kind == ci.TypeKind.ELABORATED:
            t = t.get_named_type()
        elif kind in _ARRAY_KINDS:
            t = t.get_array_element_type()
        elif kind == ci.TypeKind.POINTER:
            t = t.get_pointee()
        elif vector_shape(t) is not None:
            return _desugar(t).element_type
        else:
            return t


def is_pointer(t: ci.Type) -> bool:
    return type_kind(t.get_canonical()) == ci.TypeKind.POINTER


def is_array(t: ci.Type) -> bool:
    return type_kind(t.get_canonical()) in _ARRAY_KINDS


def is_reference(t: ci.Type) -> bool:
    """A C++ reference (``T &``, ``T &&``): another name for an object, not a value."""
    return type_kind(t.get_canonical()) in (ci.TypeKind.LVALUEREFERENCE,
                                            ci.TypeKind.RVALUEREFERENCE)


def is_void(t: ci.Type) -> bool:
    return type_kind(t.get_canonical()) == ci.TypeKind.VOID


def pointee(t: ci.Type) -> ci.Type:
    """What a pointer points at, or an array's element type (the array decays)."""
    canon = t.get_canonical()
    if type_kind(canon) == ci.TypeKind.POINTER:
        return canon.get_pointee()
    return canon.get_array_element_type()


def row_elements(t: ci.Type) -> int:
    """How many scalar cells one element of ``t`` spans (1 unless ``t`` is an array or
    vector type)."""
    dims = array_dims(t)
    total = 1
    for d in dims or ():
        total *= d
    return total


_VECTOR_KINDS = (ci.TypeKind.VECTOR, ci.TypeKind.EXTVECTOR)


def vector_lanes(t: ci.Type) -> int:
    """The lanes of the vectors an array type holds (1 for scalars)."""
    canon = t.get_canonical()
    while type_kind(canon) in _ARRAY_KINDS:
        canon = canon.get_array_element_type().get_canonical()
    shape = vector_shape(canon)
    return shape.lanes if shape is not None else 1


@dataclass(frozen=True)
class VectorShape:
    """An OpenCL (clang ``ext_vector_type``) vector: ``lanes`` scalars of ``element``.

    ``stride`` is how many scalar cells one vector occupies in memory: a
    3-vector is laid out as a 4-vector (OpenCL C 6.1.5), so ``int3 a[2]``
    puts ``a[1].x`` in cell 4, while ``vload3``/``vstore3`` move 3 packed scalars.
    """

    element: ir.ScalarType
    lanes: int

    @property
    def stride(self) -> int:
        return 4 if self.lanes == 3 else self.lanes


def vector_shape(t: ci.Type) -> VectorShape | None:
    """The shape of a vector type (through typedefs), else None."""
    t = _desugar(t)
    if type_kind(t) not in _VECTOR_KINDS:
        t = t.get_canonical()
        if type_kind(t) not in _VECTOR_KINDS:
            return None
    lanes = t.element_count
    element = scalar_type(t.element_type)
    if lanes < 1 or element.kind not in (ir.TypeKind.INT, ir.TypeKind.FLOAT, ir.TypeKind.BOOL):
        return None
    return VectorShape(element, lanes)
