"""Structs, lowered field by field (their layout: :mod:`.structs`).

The IR has scalars and arrays only, so a struct is its fields: a private
struct is a variable, pointer variable or private array per field
(``s.f``), an array of structs (or a struct shared by the group) one array
per field, indexed alike, so an element of it is an element of each field's
array with one selector (:mod:`.pointers`).  A member access names the field's
variable or the element of the field's array; a struct copy copies field by
field.  Pointer fields of structs in memory hold an opaque value of the
pointer; where such a pointer points is not tracked, so using one is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import unary_operator
from veriscan.frontend.cursors import Outcome, children, peek
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct, only_child
from veriscan.frontend.pointers import (
    DeclKey,
    PointerRef,
    decl_key,
    is_valid_target,
    unset_pointer,
)
from veriscan.frontend.structs import (
    POINTER_CELL,
    Leaf,
    StructLayoutError,
    StructPlace,
    default_construction_is_empty,
    is_struct,
    leaves,
)
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind


class StructLowering(Translator):
    """Structs, field by field: variables, arrays of them, members, copies."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        self.struct_vars: set[str] = set()  # private structs, kept field by field
        self.struct_arrays: set[str] = set()  # struct arrays, kept as one array per field
        # Struct array -> the array of its first field and that field's cells per element
        # (where pointer arithmetic on the struct array is bounded, see formed()).
        self.struct_units: dict[str, tuple[str, int]] = {}

    def struct_array(self, name: str, struct_t: ci.Type, space: ir.MemSpace,
                     dims: tuple[int, ...], pos: SourcePos) -> None:
        """An array of structs (or one shared struct): one array per field."""
        try:
            fields = leaves(struct_t)
        except StructLayoutError as exc:
            raise UnsupportedConstruct(f"array of structs '{name}': {exc}") from None
        self.struct_arrays.add(name)
        self.struct_unit(name, fields)
        for leaf in fields:
            array = self.low.targets.field(name, leaf.path)
            if self.low.kernel_array(array) is None:
                self.low.arrays.append(ir.ArrayDecl(array, leaf.cell_type, space,
                                                    (*dims, *leaf.dims), pos))
            self.decls.new_lifetime(array, pos)

    def struct_unit(self, name: str, fields: list[Leaf]) -> None:
        """Where pointer arithmetic on the struct array ``name`` is bounded (see
        :meth:`.lower_pointers.PointerLowering.formed`): the array of its first field,
        that field's cells per element."""
        if fields:
            self.struct_units[name] = (self.low.targets.field(name, fields[0].path),
                                       fields[0].cells)

    def struct_var(self, c: ci.Cursor, name: str, t: ci.Type, init: ci.Cursor | None,
                   space: ir.MemSpace, pos: SourcePos) -> None:
        """A struct variable: shared ones are one-element struct arrays, private ones
        a variable, pointer variable or private array per field."""
        if space is not ir.MemSpace.PRIVATE:
            if init is not None:
                raise UnsupportedConstruct(f"initialiser of shared variable '{c.spelling}'")
            self.struct_array(name, t, space, (1,), pos)
            return
        if decl_key(c) in self.low.addressed:
            raise UnsupportedConstruct(f"address of private struct '{c.spelling}'")
        if init is not None and peek(init).kind == K.CALL_EXPR and not list(
                peek(init).get_arguments()) and default_construction_is_empty(t):
            self.low.consume(init, *children(init))  # C++ default-initialisation: no code runs
            init = None
        self.private_struct(name, decl_key(c), t, pos)
        if init is not None:
            self.struct_copy(StructPlace(prefix=name), self.struct_place(init), t, pos)

    def private_struct(self, name: str, key: DeclKey, t: ci.Type, pos: SourcePos) -> None:
        """A private struct ``name`` (declared at ``key``), its fields not yet assigned."""
        try:
            fields = leaves(t)
        except StructLayoutError as exc:
            raise UnsupportedConstruct(f"struct variable '{name}': {exc}") from None
        self.struct_vars.add(name)
        for leaf in fields:
            leaf_name = f"{name}.{leaf.path}"
            if leaf.is_pointer:
                self.ptrs.new_pointer(leaf_name, (*key[:3], leaf_name))
                self.ptrs.set_pointer(leaf_name, unset_pointer(pos), pos)
            elif leaf.dims:
                if self.low.kernel_array(leaf_name) is None:
                    self.low.arrays.append(ir.ArrayDecl(leaf_name, ty.scalar_type(leaf.type),
                                                        ir.MemSpace.PRIVATE, leaf.dims, pos))
                self.decls.new_lifetime(leaf_name, pos)
            else:
                self.low.var_types[leaf_name] = ty.scalar_type(leaf.type)
                self.decls.new_lifetime(leaf_name, pos)

    def struct_place(self, c: ci.Cursor) -> StructPlace:
        """The struct object a struct-typed expression denotes."""
        c = self.low.unwrap(c)
        if c.kind == K.DECL_REF_EXPR:
            name = self.low.known_decl(c.referenced) if c.referenced is not None else None
            if name in self.struct_vars:
                self.low.note(c, Outcome.LOWERED)
                self.low.consume(*children(c))
                return StructPlace(prefix=name)
            if name in self.struct_arrays:  # a shared struct: a struct array of one
                self.low.note(c, Outcome.LOWERED)
                self.low.consume(*children(c))
                return StructPlace(element=PointerRef.to(name, ir.Const(self.low.pos(c), ir.LONG,
                                                                        0)))
        elif c.kind == K.MEMBER_REF_EXPR:
            self.low.note(c, Outcome.LOWERED)
            inner = self.member(c)
            if isinstance(inner, StructPlace):
                return inner
        elif c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            self.low.note(c, Outcome.LOWERED)
            return StructPlace(element=self.ptrs.pointer_of(c))
        elif c.kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
            self.low.note(c, Outcome.LOWERED)
            return StructPlace(element=self.ptrs.pointer(only_child(c)))
        raise UnsupportedConstruct(f"struct value the front end cannot resolve "
                                   f"({c.kind.name.lower()})")

    def member(self, c: ci.Cursor) -> str | PointerRef | StructPlace:
        """What ``s.f`` or ``p->f`` names: a private variable (or pointer variable, or
        array) by name, an element of a field's array, or a struct below."""
        base_c = only_child(c)
        if ty.is_pointer(base_c.type):  # p->f
            place = StructPlace(element=self.ptrs.pointer(base_c))
        else:
            place = self.struct_place(base_c)
        name = c.spelling
        if is_struct(c.type):
            return place.below(name)
        if place.prefix is not None:
            return f"{place.prefix}.{name}"
        return self.element_field(place, name, ty.row_elements(c.type) if ty.is_array(
            c.type) else 1, self.low.pos(c))

    def member_in_memory(self, c: ci.Cursor) -> bool:
        """Whether ``c`` is a member of a struct in struct-array memory (not a private
        struct), judged from the syntax alone."""
        c = peek(c)
        if c.kind != K.MEMBER_REF_EXPR or len(children(c)) != 1:
            return False
        base = children(c)[0]
        if ty.is_pointer(base.type):
            return True
        base = peek(base)
        if base.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR):
            return True
        if base.kind == K.DECL_REF_EXPR and base.referenced is not None:
            return self.low.known_decl(base.referenced) in self.struct_arrays
        return self.member_in_memory(base)

    def pointer_bits(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """A pointer as the value a struct's pointer field holds in memory: a cell
        loaded from another such field, or the pointer's (target, offset) as an
        uninterpreted value (equal pointers, equal values)."""
        if self.member_in_memory(c):
            cell = self.assigns.lvalue(c)
            if isinstance(cell, PointerRef):
                return self.ptrs.load(cell, POINTER_CELL, pos)
        ref = self.ptrs.pointer(c)
        return ir.Opaque(pos, POINTER_CELL, "&pointer", (self.low.targets.selector(ref, pos),
                                                         ref.offset))

    def element_field(self, place: StructPlace, name: str, cells: int,
                      pos: SourcePos) -> PointerRef:
        """Field ``name`` (``cells`` scalars wide) of an element of struct arrays: the
        same element of the field's arrays, the same selector (see :mod:`.pointers`)."""
        element = place.element
        assert element is not None
        if any(t not in self.struct_arrays for t in element.targets if is_valid_target(t)):
            raise UnsupportedConstruct(f"member '{name}' of memory that is not a struct array")
        path = place.sub_path(name)
        targets = tuple(sorted(self.low.targets.field(t, path) if is_valid_target(t) else t
                               for t in element.targets))
        offset = element.offset
        if cells != 1:
            offset = ir.BinOp(pos, ir.LONG, "*", offset, ir.Const(pos, ir.LONG, cells))
        return PointerRef(targets, offset, element.selector)

    def member_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        """``s.f = ...``: a field that is a scalar, in a variable or in memory."""
        place = self.member(c)
        if isinstance(place, PointerRef) and not ty.is_array(c.type):
            return place
        if isinstance(place, str) and place in self.low.var_types:
            return place
        raise UnsupportedConstruct(f"assignment to member '.{c.spelling}'")

    def pointer_member(self, c: ci.Cursor) -> PointerRef:
        """A pointer or array field used as a pointer (``s.p[i]``, ``q[i].a[j]``).

        An array field of a struct in an array is a row of the field's array: as
        for rows of multi-dimensional arrays (see :meth:`pointer_of`), it may only
        be the base of a subscript, where :meth:`check_row_index` bounds the index
        by the field; a pointer bound to it could leave the field unnoticed.
        """
        as_row_base, self.ptrs.row_base = self.ptrs.row_base, False
        place = self.member(c)
        pos = self.low.pos(c)
        if isinstance(place, PointerRef):
            if ty.is_array(c.type) and as_row_base:
                return place
            if ty.is_array(c.type):
                raise UnsupportedConstruct(f"array field '.{c.spelling}' of a struct in an "
                                           "array used as a pointer (C bounds arithmetic on "
                                           "it by the field)")
            raise UnsupportedConstruct(f"pointer '.{c.spelling}' loaded from struct memory "
                                       "(where it points is not tracked)")
        if isinstance(place, str):
            return self.private_leaf_pointer(place, pos)
        raise UnsupportedConstruct(f"address of member '.{c.spelling}' of a private struct")

    def private_leaf_pointer(self, name: str, pos: SourcePos) -> PointerRef:
        """A private struct's pointer field (a pointer variable, or a pointer parameter
        when the struct is a by-value parameter), or its array field as a pointer."""
        if name in self.ptrs.aliases:
            return self.ptrs.pointer_value(name, pos)
        if self.low.kernel_array(name) is not None or any(p.name == name and p.is_pointer
                                                          for p in self.low.params):
            return PointerRef.to(name, ir.Const(pos, ir.LONG, 0))
        raise UnsupportedConstruct(f"address of field '{name}' of a private struct")

    def struct_copy(self, dst: StructPlace, src: StructPlace, t: ci.Type,
                    pos: SourcePos) -> None:
        """``dst = src`` for structs of type ``t``: field by field."""
        try:
            fields = leaves(t)
        except StructLayoutError as exc:
            raise UnsupportedConstruct(f"struct copy: {exc}") from None
        for leaf in fields:
            if leaf.dims:
                raise UnsupportedConstruct(f"copy of a struct with the array field '{leaf.path}'")
            if leaf.is_pointer:
                if dst.prefix is None or src.prefix is None:
                    raise UnsupportedConstruct(f"pointer field '{leaf.path}' of a struct in "
                                               "an array")
                target = f"{dst.prefix}.{leaf.path}"
                source = f"{src.prefix}.{leaf.path}"
                if target not in self.ptrs.aliases:
                    raise UnsupportedConstruct(f"copy into pointer field '{leaf.path}'")
                self.ptrs.set_pointer(target, self.private_leaf_pointer(source, pos), pos)
                continue
            st = ty.scalar_type(leaf.type)
            value = self.leaf_value(self.struct_leaf(src, leaf.path), st, pos)
            self.assigns.store_to(self.struct_leaf(dst, leaf.path), value, st, pos)

    def leaf_value(self, leaf: str | PointerRef, st: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        """The value a struct's scalar leaf holds."""
        if isinstance(leaf, PointerRef):
            return self.ptrs.load(leaf, st, pos)
        return ir.Var(pos, self.low.var_types[leaf], leaf)

    def struct_leaf(self, place: StructPlace, path: str) -> str | PointerRef:
        """The scalar leaf ``path`` of a struct object: a variable or an array element."""
        if place.prefix is None:
            return self.element_field(place, path, 1, self.low.at)
        name = f"{place.prefix}.{path}"
        if name not in self.low.var_types:
            raise UnsupportedConstruct(f"field '{path}' the front end cannot resolve")
        return name
