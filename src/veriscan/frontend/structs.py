"""Structs, field by field.

The IR has no aggregate values, and needs none: a struct is only ever read or
written one scalar field at a time (a whole-struct copy is a copy of each
field).  So the front end flattens a struct into its *leaves*, the scalar,
pointer and fixed-size-array fields reached through nested structs and base
classes, each named by its path (``s.a.b``):

* a private struct (a local variable, a by-value kernel parameter) becomes one
  private variable, pointer variable or private array per leaf, named
  ``s.path``;
* an array of structs (a ``__local``/private array, or memory a pointer
  parameter points at) becomes one array per leaf, ``a.path``, with the
  struct array's extents followed by the leaf's own; element ``i`` of the
  struct array is element ``i`` of each (times the leaf's cells).

Distinct fields are distinct memory locations in the OpenCL and CUDA memory
models, so modelling them as distinct arrays keeps races exact.  What this
layout cannot express (unions, bit-fields, anonymous members, a field name a
base class repeats, a pointer stored in struct memory shared between threads,
the struct's bytes seen through another type, which :mod:`.typeflow` reports)
is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass

import clang.cindex as ci

from veriscan.frontend import types as ty
from veriscan.frontend.cursors import children, kind_of
from veriscan.frontend.pointers import PointerRef
from veriscan.ir import nodes as ir

# A pointer stored in struct memory: an opaque cell (its target is not tracked,
# so a pointer loaded from memory is never dereferenced by the model).
POINTER_CELL = ir.ScalarType(ir.TypeKind.INT, 64, False, "pointer")


class StructLayoutError(Exception):
    """A struct the per-field layout cannot represent; the message says why."""


@dataclass(frozen=True)
class Leaf:
    """One leaf field: its path below the struct, its type, the extents of an array leaf."""

    path: str
    type: ci.Type
    dims: tuple[int, ...] = ()

    @property
    def cells(self) -> int:
        total = 1
        for d in self.dims:
            total *= d
        return total

    @property
    def is_pointer(self) -> bool:
        return ty.is_pointer(self.type)

    @property
    def cell_type(self) -> ir.ScalarType:
        """What one cell of this leaf's array holds."""
        return POINTER_CELL if self.is_pointer else ty.scalar_type(self.type)


def is_struct(t: ci.Type) -> bool:
    """Whether ``t`` (under typedefs and qualifiers) is a struct or class type."""
    canon = t.get_canonical()
    if ty.type_kind(canon) != ci.TypeKind.RECORD:
        return False
    return kind_of(canon.get_declaration()) in (ci.CursorKind.STRUCT_DECL,
                                                ci.CursorKind.CLASS_DECL)


def is_record(t: ci.Type) -> bool:
    """Whether ``t`` is any record (struct, class or union)."""
    return ty.type_kind(t.get_canonical()) == ci.TypeKind.RECORD


def leaves(t: ci.Type, depth: int = 0) -> list[Leaf]:
    """The leaves of struct type ``t``, in declaration order (base classes first)."""
    if depth > 16:
        raise StructLayoutError("structs nested too deeply")
    canon = t.get_canonical()
    decl = canon.get_declaration()
    if not is_struct(canon):
        raise StructLayoutError(f"{_kind_word(decl)} '{canon.spelling}'")
    out: list[Leaf] = []
    for base in children(decl):
        if kind_of(base) == ci.CursorKind.CXX_BASE_SPECIFIER:
            if "virtual" in (tok.spelling for tok in base.get_tokens()):
                raise StructLayoutError(f"virtual base class of '{canon.spelling}'")
            out.extend(leaves(base.type, depth + 1))
    for f in canon.get_fields():
        if not f.spelling:
            raise StructLayoutError(f"anonymous member of '{canon.spelling}'")
        if f.is_bitfield():
            raise StructLayoutError(f"bit-field '{f.spelling}' of '{canon.spelling}'")
        out.extend(_field_leaves(f.spelling, f.type, depth))
    names = [leaf.path for leaf in out]
    if len(set(names)) != len(names):
        raise StructLayoutError(f"a field name of '{canon.spelling}' repeated by a base class")
    return out


def _field_leaves(name: str, t: ci.Type, depth: int) -> list[Leaf]:
    if is_record(t):
        return [Leaf(f"{name}.{leaf.path}", leaf.type, leaf.dims)
                for leaf in leaves(t, depth + 1)]
    if ty.is_array(t):
        dims = ty.array_dims(t)
        element = t.get_canonical()
        while ty.is_array(element):
            element = element.get_array_element_type().get_canonical()
        if not dims or is_record(element) or ty.is_pointer(element) or ty.row_elements(
                element) != 1:
            raise StructLayoutError(f"array field '{name}' of structs, pointers or "
                                    "vectors, or without a constant size")
        return [Leaf(name, element, dims)]
    if ty.row_elements(t) != 1:
        raise StructLayoutError(f"vector field '{name}'")
    return [Leaf(name, t)]


def default_construction_is_empty(t: ci.Type, depth: int = 0) -> bool:
    """Whether a C++ default-initialised ``t`` runs no code: no constructor declared
    and no default member initialiser, in the struct, its bases and its struct fields."""
    if depth > 16:
        return False
    decl = t.get_canonical().get_declaration()
    for c in children(decl):
        kind = kind_of(c)
        if kind in (ci.CursorKind.CONSTRUCTOR, ci.CursorKind.DESTRUCTOR):
            return False
        if kind == ci.CursorKind.CXX_BASE_SPECIFIER and not default_construction_is_empty(
                c.type, depth + 1):
            return False
        if kind == ci.CursorKind.FIELD_DECL:
            if any(k.kind.is_expression() for k in children(c)):
                return False
            element = ty.element_type(c.type)
            if is_record(element) and not default_construction_is_empty(element, depth + 1):
                return False
    return True


def _kind_word(decl: ci.Cursor) -> str:
    return "union" if kind_of(decl) == ci.CursorKind.UNION_DECL else "record"


@dataclass(frozen=True)
class StructPlace:
    """Where a struct object lives: a private struct (its leaves are the variables
    ``prefix.path``), or ``path`` within the element ``element`` of struct arrays
    (its leaves are the arrays ``root.path``, ``element``'s targets being roots)."""

    prefix: str | None = None
    element: PointerRef | None = None
    path: str = ""

    def below(self, name: str) -> StructPlace:
        """The struct-typed member ``name`` of this struct."""
        if self.prefix is not None:
            return StructPlace(prefix=f"{self.prefix}.{name}")
        return StructPlace(element=self.element, path=self.sub_path(name))

    def sub_path(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name
