"""Local declarations, and the lifetimes they begin.

A declaration makes each object it declares known to the IR: a private scalar
as a variable, an array (and a private scalar whose address is taken, or one
shared by the group) as an array, a pointer as a pointer variable
(:mod:`.lower_pointers`), a struct field by field (:mod:`.lower_structs`), a
vector lane by lane (:mod:`.vectors`), a C++ reference as what it aliases.
Each time a declaration is reached again, in a loop or an inlined function,
its objects begin a new lifetime, their values indeterminate until assigned
(:meth:`DeclarationLowering.new_lifetime`).  Initialisers are lowered as C
evaluates them; ``static``, ``extern`` and attributes that run code are refused.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.attributes import cuda_qualifiers, cuda_space
from veriscan.frontend.clang_parse import unary_operator
from veriscan.frontend.cursors import Outcome, children, kind_of, peek, var_initializer
from veriscan.frontend.lower_expressions import coerce
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct
from veriscan.frontend.pointers import PointerRef, decl_key, unset_pointer
from veriscan.frontend.promises import restrict_variable
from veriscan.frontend.structs import is_struct
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind
# Private arrays with an initialiser larger than this are refused (one store per cell).
MAX_INITIALISED_CELLS = 1024
# What a reference is bound to: a private variable (by name) or an array element
# (array, name of the variable holding the offset fixed at binding time).
RefTarget = str | tuple[str, str]


class DeclarationLowering(Translator):
    """Local declarations, and the lifetime of the objects they begin."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        self.refs: dict[str, RefTarget] = {}  # reference var -> what it is bound to
        self.shared_scalars: set[str] = set()  # scalars kept as one-cell arrays
        self.dynamic_shared_names: set[str] = set()  # arrays declared extern __shared__

    def new_lifetime(self, name: str, pos: SourcePos) -> None:
        """The private scalar or private array ``name`` is declared here: each time
        the declaration is reached, C begins a new object, its value indeterminate
        until assigned (C11 6.2.4p6), which :class:`ir.Indeterminate` says.

        Every kind of declaration comes here for each scalar or array it creates
        (a variable, a vector's lanes, a struct's fields, an array, a variable kept
        in memory because its address is taken; pointers start again as never
        given a value, :func:`.pointers.unset_pointer`).  Only a declaration that can
        be reached again needs it, in a loop or in an inlined function (called
        again): the first time, nothing has assigned the name yet, which the
        engines already treat as unassigned.  Objects shared by the group
        (``__local``, ``__shared__``) live as long as the group: left alone.
        """
        array = self.low.kernel_array(name)
        if array is not None and array.space is ir.MemSpace.PRIVATE:
            self.low.scopes.object_declared(name)
        if not (self.low.repeated or self.low.inlining):
            return
        if array is not None:
            if array.space is ir.MemSpace.PRIVATE:
                self.low.emit(ir.Indeterminate.of(pos, name, array.type, array=True))
        elif name in self.low.var_types:
            self.low.emit(ir.Indeterminate.of(pos, name, self.low.var_types[name]))

    def var_decl(self, c: ci.Cursor) -> None:
        name = self.low.decl_name(c)
        t = c.type
        pos = self.low.pos(c)
        kids = children(c)
        init = var_initializer(c, kids)
        # Before any kind of variable takes its children: cleanup(f) runs code at the
        # end of the scope, and no attribute but these two is modelled.
        attributes = [k for k in kids if kind_of(k) is None or (
            k.kind.is_attribute() and k.kind not in (K.ANNOTATE_ATTR, K.ALIGNED_ATTR))]
        if attributes:
            raise UnsupportedConstruct(f"attribute on local variable '{c.spelling}'")
        if self.low.groups.declare(c, init):
            return
        if (c.storage_class is ci.StorageClass.EXTERN and self.low.dialect is ir.Dialect.CUDA
                and self.var_space(c, kids) is ir.MemSpace.LOCAL):
            self.low.consume(*kids)
            self.dynamic_shared_array(c, name, pos)
            return
        # At file scope (a __shared__ array), static only keeps the name in the file.
        if c.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN) and not \
                is_file_scope_shared(c, self.low.dialect):
            raise UnsupportedConstruct(f"{c.storage_class.name.lower()} local variable "
                                       f"'{c.spelling}' (one object for all calls and threads)")
        # Type names, CUDA qualifiers, array extents: compile-time information only.
        self.low.consume(*(k for k in kids if init is None or k != init))
        if ty.is_array(t):
            dims = ty.array_dims(t)
            if dims is None:
                raise UnsupportedConstruct(f"array '{c.spelling}' without a constant size")
            space = self.var_space(c, kids)
            if init is not None and (space is not ir.MemSpace.PRIVATE
                                     or ty.scalar_type(ty.element_type(t)).kind
                                     is ir.TypeKind.OTHER or dims != _array_levels(t)):
                raise UnsupportedConstruct(f"initialiser of array '{c.spelling}'")
            if space is ir.MemSpace.GLOBAL:
                raise UnsupportedConstruct(f"global-memory array '{c.spelling}' in a kernel")
            if is_struct(ty.element_type(t)):
                self.structs.struct_array(name, ty.element_type(t), space, dims, pos)
                return
            self.low.arrays.append(ir.ArrayDecl(name, ty.scalar_type(ty.element_type(t)),
                                                space, dims, pos, ty.vector_lanes(t)))
            self.new_lifetime(name, pos)
            if init is not None:
                self.array_initialiser(name, ty.scalar_type(ty.element_type(t)), dims, init,
                                       pos)
            return
        if ty.is_reference(t):
            if init is None:
                raise UnsupportedConstruct(f"reference '{c.spelling}' without a target")
            self.refs[name] = self.bind_reference(init, t, pos)
            return
        if ty.is_pointer(t):
            promised = restrict_variable(c)
            if promised:
                raise UnsupportedConstruct(promised)
            ref = self.ptrs.pointer(init) if init is not None else unset_pointer(pos)
            self.ptrs.new_pointer(name, decl_key(c))
            self.ptrs.set_pointer(name, ref, pos)
            return
        if is_struct(t):
            self.structs.struct_var(c, name, t, init, self.var_space(c, kids), pos)
            return
        if self.vectors.declare(c, name, self.var_space(c, kids), init, pos,
                                decl_key(c) in self.low.addressed):
            return
        # ``auto`` keeps only the canonical type; the initialiser still says TYPE.
        st = ty.scalar_type(init.type if init is not None and ty.sugar_lost(t) else t)
        space = self.var_space(c, kids)
        if space is not ir.MemSpace.PRIVATE:
            # A __local/__shared__ scalar is one cell shared by the group.
            if init is not None:
                raise UnsupportedConstruct(f"initialiser of shared variable '{c.spelling}'")
            self.low.arrays.append(ir.ArrayDecl(name, st, space, (1,), pos))
            self.shared_scalars.add(name)
            return
        if st.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"local variable '{c.spelling}' of type {st}")
        if decl_key(c) in self.low.addressed:
            self.private_cell(name, st, None if init is None else self.exprs.expr(init), pos)
            return
        self.low.var_types[name] = st
        self.new_lifetime(name, pos)
        if init is not None:
            self.low.emit(ir.Assign(pos, name, coerce(self.exprs.expr(init), st, pos)))

    def array_initialiser(self, name: str, st: ir.ScalarType, dims: tuple[int, ...],
                          init: ci.Cursor, pos: SourcePos) -> None:
        """``T a[n][m] = {{...}, ...}``: each listed element stored, the rest zero (C11
        6.7.9p21); the listed expressions are evaluated in no fixed order (6.7.9p23)."""
        size = 1
        for d in dims:
            size *= d
        if size > MAX_INITIALISED_CELLS:
            raise UnsupportedConstruct(f"initialiser of array '{name}' with more than "
                                       f"{MAX_INITIALISED_CELLS} cells")
        listed: list[tuple[int, ci.Cursor]] = []
        self.initialiser_cells(init, dims, 0, listed)
        values = self.seq.unsequenced(*(partial(self.exprs.expr, k) for _, k in listed))
        given = {cell: value for (cell, _), value in zip(listed, values, strict=True)}
        for cell in range(size):
            value = given.get(cell, ir.Const(pos, st, 0))
            self.low.emit(ir.Store(pos, name, ir.Const(pos, ir.LONG, cell),
                                   coerce(value, st, pos)))

    def initialiser_cells(self, init: ci.Cursor, dims: tuple[int, ...], base: int,
                          out: list[tuple[int, ci.Cursor]]) -> None:
        """The (cell, expression) pairs of a braced initialiser, nested as the array is
        (no brace elision, no designators: those are refused)."""
        c = self.low.unwrap(init)
        if c.kind != K.INIT_LIST_EXPR:
            raise UnsupportedConstruct("array initialiser that is not a braced list")
        self.low.note(c, Outcome.LOWERED)
        kids = children(c)
        row = 1
        for d in dims[1:]:
            row *= d
        if len(kids) > dims[0]:
            raise UnsupportedConstruct("array initialiser with more elements than the array")
        for i, k in enumerate(kids):
            if len(dims) > 1:
                self.initialiser_cells(k, dims[1:], base + i * row, out)
            elif peek(k).kind == K.INIT_LIST_EXPR:
                raise UnsupportedConstruct("braces around an element of an array initialiser")
            else:
                out.append((base + i, k))

    def private_cell(self, name: str, st: ir.ScalarType, init: ir.Expr | None,
                     pos: SourcePos) -> None:
        """A private scalar whose address is taken: a one-cell private array, so that
        pointers reach it like any other array (see :mod:`.pointers`)."""
        if name not in self.shared_scalars:  # a declaration inlined again reuses its cell
            self.low.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.PRIVATE, (1,), pos))
            self.shared_scalars.add(name)
        self.new_lifetime(name, pos)
        if init is not None:
            self.low.emit(ir.Store(pos, name, ir.Const(pos, ir.LONG, 0),
                                   coerce(init, st, pos)))

    def dynamic_shared_array(self, c: ci.Cursor, name: str, pos: SourcePos) -> None:
        """``extern __shared__ T s[];``: the launch's dynamic shared memory.

        Every such declaration names the same buffer, whatever its type, so a
        second one would alias the first; that is not modelled.  The extent is
        what ``--dynamic-shared BYTES`` holds of the element type.
        """
        if any(a.name == name for a in self.low.arrays):
            return  # the same declaration reached again (an inlined function)
        if self.low.dynamic_shared is None:
            raise UnsupportedConstruct(f"extern __shared__ array '{c.spelling}' is sized by "
                                       "the launch: give its size with --dynamic-shared BYTES")
        others = [a.name for a in self.low.arrays if a.name in self.dynamic_shared_names]
        if others:
            raise UnsupportedConstruct(f"extern __shared__ arrays '{others[0]}' and "
                                       f"'{c.spelling}' share one buffer (aliasing not "
                                       "modelled)")
        t = c.type.get_canonical()
        if ty.type_kind(t) != ci.TypeKind.INCOMPLETEARRAY or ty.is_array(
                t.get_array_element_type()):
            raise UnsupportedConstruct(f"extern __shared__ '{c.spelling}' that is not a "
                                       "one-dimensional array of unknown size")
        element = t.get_array_element_type()
        st = ty.scalar_type(element)
        if st.kind is ir.TypeKind.OTHER or element.get_size() <= 0:
            raise UnsupportedConstruct(f"extern __shared__ array '{c.spelling}' of {st}")
        self.dynamic_shared_names.add(name)
        self.low.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.LOCAL,
                                            (self.low.dynamic_shared // element.get_size(),),
                                            pos))

    def program_constant(self, c: ci.Cursor) -> None:
        """A program-scope constant: one read-only object for the whole launch.  What it
        holds (its initialiser, or what the host copied in) is not modelled: reads give
        any value of its type, as for a ``__constant`` parameter, which is sound for every
        check and leaves a proof that depends on the values unknown."""
        name = self.low.decl_name(c)
        pos = self.low.pos(c)
        self.low.consume(*children(c))
        t = c.type
        dims = ty.array_dims(t) if ty.is_array(t) else (1,)
        st = ty.scalar_type(ty.element_type(t) if ty.is_array(t) else t)
        if dims is None or st.kind is ir.TypeKind.OTHER or is_struct(
                ty.element_type(t) if ty.is_array(t) else t) or ty.vector_shape(t) is not None:
            raise UnsupportedConstruct(f"program-scope constant '{c.spelling}' of type "
                                       f"{t.spelling}")
        self.low.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.CONSTANT, dims, pos,
                                            ty.vector_lanes(t)))
        if not ty.is_array(t):
            self.shared_scalars.add(name)

    def var_space(self, c: ci.Cursor, kids: list[ci.Cursor]) -> ir.MemSpace:
        """The variable's memory: its OpenCL address space, or the CUDA qualifiers
        the prelude's macros put on it (attributes the parse drops, such as
        ``__attribute__((shared))``, are reported by :mod:`.attributes`)."""
        if self.low.dialect is ir.Dialect.OPENCL:
            return ty.opencl_space(c.type)
        return cuda_space(c)

    def bind_reference(self, target: ci.Cursor, ref_type: ci.Type, pos: SourcePos) -> RefTarget:
        """What a C++ reference initialised from ``target`` aliases.

        A reference is another name for the caller's object: writes through it
        must reach that object, so it is bound to the variable itself or to
        the array element (its offset fixed now, as C++ fixes it).  Only a
        ``const`` reference may bind a temporary, which nobody else can
        change, so copying that value is exact.
        """
        referenced = ref_type.get_pointee()
        if ty.is_pointer(referenced) or ty.is_array(referenced):
            raise UnsupportedConstruct("reference to a pointer or an array")
        if referenced.is_const_qualified() and not _is_lvalue(peek(target)):
            value = self.exprs.expr(target)
            copy = self.low.fresh("ref.temp", ty.scalar_type(referenced))
            self.low.emit(ir.Assign(pos, copy, coerce(value, self.low.var_types[copy], pos)))
            return copy
        place = self.assigns.lvalue(target)
        if isinstance(place, str):
            return place
        array = place.single
        if array is None:
            raise UnsupportedConstruct("reference bound through a pointer that may point into "
                                       "several arrays or none")
        offset_var = self.low.fresh(f"{array}.ref", ir.LONG)
        self.low.emit(ir.Assign(pos, offset_var, place.offset))
        return (array, offset_var)

    def place_of(self, name: str, pos: SourcePos) -> str | PointerRef:
        """Where a named scalar lives: its own variable, a shared cell (see
        :meth:`private_cell`), or a reference's target."""
        target = self.refs.get(name, name)
        if isinstance(target, tuple):
            array, offset_var = target
            return PointerRef.to(array, ir.Var(pos, ir.LONG, offset_var))
        if target in self.shared_scalars:
            return PointerRef.to(target, ir.Const(pos, ir.LONG, 0))
        return target


def is_program_scope_constant(decl: ci.Cursor, dialect: ir.Dialect) -> bool:
    """An OpenCL ``__constant`` or CUDA ``__constant__`` variable at file scope."""
    if decl.kind != K.VAR_DECL or decl.semantic_parent is None \
            or decl.semantic_parent.kind not in (K.TRANSLATION_UNIT, K.LINKAGE_SPEC):
        return False
    if dialect is ir.Dialect.OPENCL:
        return ty.opencl_space(decl.type) is ir.MemSpace.CONSTANT
    return "constant" in cuda_qualifiers(decl)


def is_file_scope_shared(decl: ci.Cursor, dialect: ir.Dialect) -> bool:
    """A CUDA ``__shared__`` variable at file scope: the block's, like one declared
    in the kernel, so it is declared where first named."""
    return (dialect is ir.Dialect.CUDA and decl.kind == K.VAR_DECL
            and decl.semantic_parent is not None
            and decl.semantic_parent.kind in (K.TRANSLATION_UNIT, K.LINKAGE_SPEC)
            and "shared" in cuda_qualifiers(decl))


def _array_levels(t: ci.Type) -> tuple[int, ...]:
    """The extents of ``t`` counting array levels only (no vector lanes)."""
    dims: list[int] = []
    canon = t.get_canonical()
    while ty.type_kind(canon) == ci.TypeKind.CONSTANTARRAY:
        dims.append(canon.get_array_size())
        canon = canon.get_array_element_type().get_canonical()
    return tuple(dims)


def _is_lvalue(c: ci.Cursor) -> bool:
    """Whether ``c`` (without wrappers) names an object rather than computing a value."""
    if c.kind == K.UNARY_OPERATOR:
        return unary_operator(c) == "*"
    return c.kind in (K.DECL_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR)
