"""Assignments: the place an assignment operator writes, and the store.

An assignment target is a private variable (by name), an element of an array
(a :class:`~.pointers.PointerRef`), a lane of a vector or a field of a struct;
the operator's operands and its store are sequenced as C sequences them
(:meth:`.lower_sequencing.Sequencing.assignment`).  A compound assignment or
increment reads the target once and writes it once, computing in the type C
promotes to.  Assignments to pointer variables move their target and offset
(:mod:`.pointers`), with the checks that pointer arithmetic stays inside its
array.
"""

from __future__ import annotations

from functools import partial

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import unary_operator
from veriscan.frontend.cursors import Outcome, children
from veriscan.frontend.lower_expressions import coerce
from veriscan.frontend.lower_pointers import index, stride
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct, only_child
from veriscan.frontend.pointers import PointerRef
from veriscan.frontend.structs import POINTER_CELL, StructPlace, is_struct
from veriscan.ir import nodes as ir

K = ci.CursorKind


class AssignmentLowering(Translator):
    """Assignment operators: where the target lives, and the store to it."""

    def assign(self, lhs: ci.Cursor, rhs: ci.Cursor, op: str | None, pos: SourcePos) -> ir.Expr:
        """``lhs = rhs`` (``op`` None) or ``lhs op= rhs``, by what ``lhs`` is: a struct, a
        pointer in struct memory, a pointer variable, a scalar."""
        if is_struct(lhs.type) and op is None:
            def copy(dst: StructPlace, src: StructPlace) -> ir.Expr:
                self.structs.struct_copy(dst, src, lhs.type, pos)
                return ir.Const(pos, ir.ScalarType(ir.TypeKind.OTHER), 0)
            return self.seq.assignment(copy, lambda: self.structs.struct_place(lhs),
                                       lambda: self.structs.struct_place(rhs))
        if ty.is_pointer(lhs.type) and op is None and self.structs.member_in_memory(lhs):
            return self.seq.assignment(
                lambda cell, bits: self.store_to(cell, bits, POINTER_CELL, pos),
                lambda: self.lvalue(lhs), lambda: self.structs.pointer_bits(rhs, pos))
        if ty.is_pointer(lhs.type):
            return self.assign_pointer(lhs, rhs, op, pos)
        if op is None:
            return self.seq.assignment(
                lambda value, target: self.store_to(target, value,
                                                    self.target_type(target, lhs), pos),
                lambda: self.exprs.expr(rhs), lambda: self.lvalue(lhs))
        return self.update(lhs, op, rhs, pos)

    def update(self, lhs: ci.Cursor, op: str, rhs: ci.Cursor | ir.Expr, pos: SourcePos,
               keep_old: bool = False) -> ir.Expr:
        """``lhs op= rhs``: the target is resolved once, then read and written.

        ``keep_old`` gives the value before the update (postfix ``++``/``--``).
        """
        operand = partial(self.exprs.expr, rhs) if isinstance(rhs, ci.Cursor) else lambda: rhs
        return self.seq.assignment(partial(self.updated, lhs, op, pos, keep_old),
                                   lambda: self.lvalue(lhs), operand, postfix=keep_old)

    def updated(self, lhs: ci.Cursor, op: str, pos: SourcePos, keep_old: bool,
                target: str | PointerRef, operand: ir.Expr) -> ir.Expr:
        """The store of :meth:`update`, given its target and operand."""
        t = self.target_type(target, lhs)
        if isinstance(target, PointerRef):
            old_name = self.low.fresh("old", t)
            ref = target
            self.ptrs.access(ref, pos, lambda array: ir.Load(pos, old_name, array, ref.offset))
            current: ir.Expr = ir.Var(pos, t, old_name)
        else:
            current = ir.Var(pos, t, target)
            if keep_old:
                saved = self.low.fresh("old", t)
                self.low.emit(ir.Assign(pos, saved, current))
                current = ir.Var(pos, t, saved)
        result_t = t if t.kind is not ir.TypeKind.INT or t.bits >= 32 else ir.INT
        if t.kind is ir.TypeKind.INT and operand.type.kind is ir.TypeKind.FLOAT:
            result_t = operand.type  # ``i += f`` computes in floating point, then converts
        value = coerce(ir.BinOp(pos, result_t, op, current, operand), t, pos)
        new = self.store_to(target, value, t, pos)
        return current if keep_old else new

    def target_type(self, target: str | PointerRef, lhs: ci.Cursor) -> ir.ScalarType:
        """The type a write converts to: a variable's declared type (clang shows an
        ``auto`` variable only as its canonical type), else the lvalue's."""
        if isinstance(target, str) and target in self.low.var_types:
            return self.low.var_types[target]
        return ty.scalar_type(lhs.type)

    def store_to(self, target: str | PointerRef, value: ir.Expr, t: ir.ScalarType,
                 pos: SourcePos) -> ir.Expr:
        """``value``, converted to ``t``, written to ``target``; the value written."""
        value = coerce(value, t, pos)
        if isinstance(target, PointerRef):
            ref = target
            self.ptrs.access(ref, pos, lambda array: ir.Store(pos, array, ref.offset, value))
            return value
        self.low.emit(ir.Assign(pos, target, value))
        return ir.Var(pos, t, target)

    def lvalue(self, c: ci.Cursor) -> str | PointerRef:
        """Where an assignment target lives: a private variable or an array element."""
        lane = self.vectors.lane_place(c)  # ``v.y`` or ``p[i].x``
        if lane is not None:
            return lane
        c = self.low.unwrap(c)
        place: str | PointerRef = self.low.rule(c, self.low.rules.lvalues)(c)
        return place

    def named_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        self.low.consume(*children(c))
        decl = c.referenced
        name = self.low.known_decl(decl) if decl is not None else None
        if name is None or name in self.ptrs.aliases:
            raise UnsupportedConstruct(f"assignment to '{c.spelling}'")
        place = self.decls.place_of(name, self.low.pos(c))
        if isinstance(place, str) and place not in self.low.var_types:
            raise UnsupportedConstruct(f"assignment to '{c.spelling}'")
        return place

    def element_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        return self.ptrs.pointer_of(c)

    def deref_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        if unary_operator(c) != "*":
            raise UnsupportedConstruct(f"assignment to the result of '{unary_operator(c)}'")
        return self.ptrs.pointer(only_child(c))

    def assign_pointer(self, lhs: ci.Cursor, rhs: ci.Cursor, op: str | None,
                       pos: SourcePos) -> ir.Expr:
        """``p = q``, ``p += k``, ``p -= k`` on a pointer variable: its target and offset."""
        name = self.alias_name(lhs)
        _, _, offset_var = self.ptrs.aliases[name]
        if op is None:
            self.seq.assignment(lambda ref: self.ptrs.set_pointer(name, ref, pos),
                                lambda: self.ptrs.pointer(rhs))
        elif op in ("+", "-"):
            self.seq.assignment(lambda delta: self.move_pointer(name, op, delta, pos),
                                lambda: stride(index(self.exprs.expr(rhs), pos), lhs, pos))
        else:
            raise UnsupportedConstruct(f"pointer update '{op}='")
        return ir.Var(pos, ir.LONG, offset_var)

    def step_pointer(self, operand: ci.Cursor, delta: int, pos: SourcePos) -> ir.Expr:
        """``p++``/``p--`` and the prefix forms: the offset moves by one unit."""
        name = self.alias_name(operand)
        _, _, offset_var = self.ptrs.aliases[name]
        old = self.low.fresh(f"{name}.old", ir.LONG)
        self.low.emit(ir.Assign(pos, old, ir.Var(pos, ir.LONG, offset_var)))
        self.move_pointer(name, "+", stride(ir.Const(pos, ir.LONG, delta), operand, pos),
                          pos)
        return ir.Var(pos, ir.LONG, old)

    def move_pointer(self, name: str, op: str, delta: ir.Expr, pos: SourcePos) -> None:
        """``name op= delta`` (``delta`` in elements of the pointer's unit)."""
        for check in self.low.targets.step_checks(self.ptrs.pointer_value(name, pos), delta,
                                                  pos):
            self.low.emit(check)
        _, _, offset_var = self.ptrs.aliases[name]
        current = ir.Var(pos, ir.LONG, offset_var)
        self.low.emit(ir.Assign(pos, offset_var, ir.BinOp(pos, ir.LONG, op, current, delta)))
        self.ptrs.formed(self.ptrs.pointer_value(name, pos), pos)

    def alias_name(self, c: ci.Cursor) -> str:
        """The pointer variable an update of ``c`` moves."""
        c = self.low.unwrap(c)
        if c.kind == K.MEMBER_REF_EXPR:  # a pointer field of a private struct
            self.low.note(c, Outcome.LOWERED)
            field = self.structs.member(c)
            if isinstance(field, str) and field in self.ptrs.aliases:
                return field
            raise UnsupportedConstruct("pointer update the front end cannot resolve")
        decl = c.referenced if c.kind == K.DECL_REF_EXPR else None
        name = self.low.known_decl(decl) if decl is not None else None
        if name is None or name not in self.ptrs.aliases:
            raise UnsupportedConstruct("pointer update the front end cannot resolve")
        self.low.note(c, Outcome.LOWERED)
        self.low.consume(*children(c))
        return name
