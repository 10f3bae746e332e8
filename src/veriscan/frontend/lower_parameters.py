"""The kernel's parameters: scalars, pointers, vectors and structs.

A pointer parameter (or one declared as an array) points into an array of
the IR, whose address space OpenCL states and CUDA makes global; a struct
parameter is lowered field by field (a pointer to structs as one array per
field, a struct by value as one input per field), and a vector parameter lane
by lane.  What a parameter needs at the start of the body (a pointer field
held in a pointer variable, an array field copied into private memory) is a
*prologue* step, run first by :meth:`.lower.KernelLowering.lower_body`, which
also turns a pointer parameter the kernel moves (``A += n``) into a pointer
variable.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.lower_declarations import MAX_INITIALISED_CELLS
from veriscan.frontend.lower_rules import Translator
from veriscan.frontend.pointers import DeclKey, PointerRef
from veriscan.frontend.structs import StructLayoutError, is_struct, leaves
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering


class ParameterLowering(Translator):
    """The kernel's parameters, and the prologue of the body that sets them up."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        # What the kernel body starts with for its parameters (see struct_param).
        self.prologue: list[Callable[[], None]] = []

    def add_params(self, fn: ci.Cursor) -> None:
        """Every parameter of the kernel ``fn``, as the IR declares it."""
        for p in fn.get_arguments():
            name = self.low.decl_name(p)
            t = p.type
            pos = self.low.pos(p)
            if self.struct_param(name, t, pos):
                continue
            if ty.is_pointer(t) or ty.is_array(t):
                # A parameter declared as an array (``float a[][16]``) is a pointer
                # to its first row; libclang shows the type as written.
                pointee = t.get_array_element_type() if ty.is_array(t) else t.get_pointee()
                shape = ty.vector_shape(pointee)
                self.low.params.append(ir.Param(name, ty.scalar_type(ty.element_type(pointee)),
                                                self.pointee_space(pointee), True,
                                                pointee.is_const_qualified(), pos,
                                                lanes=shape.lanes if shape else 1))
            elif ty.vector_shape(t) is not None:
                shape = ty.vector_shape(t)
                assert shape is not None
                self.low.params.append(ir.Param(name, shape.element, ir.MemSpace.PRIVATE,
                                                False, t.is_const_qualified(), pos,
                                                lanes=shape.lanes))
                self.vectors.name_lanes(name, shape)
            else:
                st = ty.scalar_type(t)
                self.low.params.append(ir.Param(name, st, ir.MemSpace.PRIVATE, False,
                                                t.is_const_qualified(), pos))
                self.low.var_types[name] = st

    def pointee_space(self, pointee: ci.Type) -> ir.MemSpace:
        """Where a pointer parameter points: its OpenCL address space, global memory
        in CUDA; a kernel's pointer argument never points at private memory."""
        space = (ty.opencl_space(pointee) if self.low.dialect is ir.Dialect.OPENCL
                 else ir.MemSpace.GLOBAL)
        return ir.MemSpace.GLOBAL if space is ir.MemSpace.PRIVATE else space

    def movable_params(self, assigned: frozenset[DeclKey]) -> None:
        """Pointer parameters the kernel moves (``A += n``) become pointer variables."""
        for key, name in list(self.low.names.items()):
            param = next((p for p in self.low.params if p.name == name), None)
            if key in assigned and param is not None and param.is_pointer:
                pos = param.pos or self.low.at
                self.ptrs.new_pointer(name, key)
                self.ptrs.set_pointer(name, PointerRef.to(name, ir.Const(pos, ir.LONG, 0)),
                                      pos)

    def struct_param(self, name: str, t: ci.Type, pos: SourcePos) -> bool:
        """A struct parameter by value, or a pointer to structs, field by field (see
        :mod:`.structs`); False for any other parameter."""
        pointee = t.get_pointee() if ty.is_pointer(t) else None
        struct_t = pointee if pointee is not None else t
        if not is_struct(struct_t):
            return False
        try:
            fields = leaves(struct_t)
        except StructLayoutError as exc:
            self.prologue.append(partial(self.low.emit, ir.Unsupported(
                pos, f"struct parameter '{name}': {exc}")))
            return False
        if pointee is not None:
            space = self.pointee_space(pointee)
            self.structs.struct_arrays.add(name)
            self.structs.struct_unit(name, fields)
            for leaf in fields:
                self.low.params.append(ir.Param(self.low.targets.field(name, leaf.path),
                                                leaf.cell_type, space, True,
                                                pointee.is_const_qualified(), pos))
            return True
        self.structs.struct_vars.add(name)
        for leaf in fields:
            leaf_name = f"{name}.{leaf.path}"
            if leaf.is_pointer:
                # A pointer argument, held in a pointer variable the kernel may re-point.
                self.low.params.append(ir.Param(leaf_name, ty.scalar_type(ty.element_type(
                    leaf.type)), ir.MemSpace.GLOBAL, True, False, pos))
                self.prologue.append(partial(self.pointer_param_field, leaf_name, pos))
            elif leaf.dims:
                self.array_param_field(leaf_name, ty.scalar_type(leaf.type), leaf.dims, pos)
            else:
                st = ty.scalar_type(leaf.type)
                self.low.params.append(ir.Param(leaf_name, st, ir.MemSpace.PRIVATE, False,
                                                t.is_const_qualified(), pos))
                self.low.var_types[leaf_name] = st
        return True

    def pointer_param_field(self, name: str, pos: SourcePos) -> None:
        """A pointer field of a by-value struct parameter: a pointer variable, set to
        its argument when the body starts."""
        self.ptrs.new_pointer(name, (pos.file, pos.line, pos.col, name))
        self.ptrs.set_pointer(name, PointerRef.to(name, ir.Const(pos, ir.LONG, 0)), pos)

    def array_param_field(self, name: str, st: ir.ScalarType, dims: tuple[int, ...],
                          pos: SourcePos) -> None:
        """An array field of a by-value struct parameter: the thread's private copy
        (a private array), filled at the start from one input per cell, the same
        for every thread (``name[k]``, in memory order)."""
        cells = 1
        for d in dims:
            cells *= d
        if cells > MAX_INITIALISED_CELLS:
            self.prologue.append(partial(self.low.emit, ir.Unsupported(
                pos, f"array field '{name}' of a struct parameter with more than "
                     f"{MAX_INITIALISED_CELLS} cells")))
            return
        self.low.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.PRIVATE, dims, pos))
        for k in range(cells):
            cell = f"{name}[{k}]"
            self.low.params.append(ir.Param(cell, st, ir.MemSpace.PRIVATE, False, True, pos))
            self.low.var_types[cell] = st
            self.prologue.append(partial(self.low.emit, ir.Store(
                pos, name, ir.Const(pos, ir.LONG, k), ir.Var(pos, st, cell))))

