"""Map clang types onto the IR's scalar types and memory spaces.

Kept apart from the statement lowering because both the parameter scan and the
expression lowering need it, and because the generic placeholder ``TYPE`` is
recognised here (by its typedef name) and nowhere else.
"""

from __future__ import annotations

import clang.cindex as ci

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
_FLOAT_KINDS = {ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.HALF,
                ci.TypeKind.LONGDOUBLE}


def is_generic(t: ci.Type) -> bool:
    """Whether ``t`` is (a typedef chain ending in) the generic placeholder."""
    seen = 0
    while seen < 16:
        seen += 1
        if t.kind == ci.TypeKind.ELABORATED:
            t = t.get_named_type()
            continue
        if t.kind == ci.TypeKind.TYPEDEF:
            decl = t.get_declaration()
            if decl.spelling == GENERIC_TYPEDEF:
                return True
            t = decl.underlying_typedef_type
            continue
        return False
    return False


def scalar_type(t: ci.Type) -> ir.ScalarType:
    spelling = _plain_spelling(t)
    if is_generic(t):
        return ir.GENERIC
    canon = t.get_canonical()
    if canon.kind == ci.TypeKind.BOOL:
        return ir.ScalarType(ir.TypeKind.BOOL, 1, False, spelling or "bool")
    if canon.kind in _INT_KINDS:
        bits, signed = _INT_KINDS[canon.kind]
        return ir.ScalarType(ir.TypeKind.INT, bits, signed, spelling)
    if canon.kind == ci.TypeKind.ENUM:
        return ir.ScalarType(ir.TypeKind.INT, 32, True, spelling)
    if canon.kind in _FLOAT_KINDS:
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
    """Extents of a (possibly nested) constant array type, outermost first."""
    dims: list[int] = []
    canon = t.get_canonical()
    while canon.kind == ci.TypeKind.CONSTANTARRAY:
        dims.append(canon.get_array_size())
        canon = canon.get_array_element_type().get_canonical()
    if canon.kind in (ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.VARIABLEARRAY):
        return None
    return tuple(dims)


def element_type(t: ci.Type) -> ci.Type:
    """The innermost element type of an array or pointer type."""
    while True:
        if t.kind == ci.TypeKind.ELABORATED:
            t = t.get_named_type()
        elif t.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
                        ci.TypeKind.VARIABLEARRAY):
            t = t.get_array_element_type()
        elif t.kind == ci.TypeKind.POINTER:
            t = t.get_pointee()
        else:
            return t


def is_pointer(t: ci.Type) -> bool:
    return t.get_canonical().kind == ci.TypeKind.POINTER


def is_array(t: ci.Type) -> bool:
    return t.get_canonical().kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
                                      ci.TypeKind.VARIABLEARRAY)


def row_elements(t: ci.Type) -> int:
    """How many scalars one element of ``t`` spans (1 unless ``t`` is an array type)."""
    dims = array_dims(t)
    total = 1
    for d in dims or ():
        total *= d
    return total
