"""Pointers and the memory accesses through them.

A pointer- or array-valued expression is resolved to ``array + offset``
(:class:`~.pointers.PointerRef`): a parameter or array by name, a pointer
variable by the target and offset it holds, a subscript, pointer arithmetic
(with the obligation that the result stays within its array), ``&``, ``?:``,
the null pointer, or the pointer an inlined function returns.  Every load and
store goes through :meth:`PointerLowering.access`, which splits over the
targets when a pointer may point into several arrays and checks that it is
neither null nor unassigned.  A row of a multi-dimensional array is accepted
only as the base of a further subscript, where its index is bounded by the row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallKind, classify_call
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.consteval import evaluate_constant
from veriscan.frontend.cursors import Outcome, children, peek
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct, only_child, two_children
from veriscan.frontend.pointers import (
    DeclKey,
    PointerRef,
    add_offset,
    is_valid_target,
    null_pointer,
)
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind


class PointerLowering(Translator):
    """Pointer expressions resolved to array + offset, and the accesses through them."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        # pointer var -> (its declaration, target selector var, offset var)
        self.aliases: dict[str, tuple[DeclKey, str, str]] = {}
        self.row_base = False  # the next subscript lowered is the base of another

    def new_pointer(self, name: str, key: DeclKey) -> None:
        """A pointer variable: which array it points into (when it may be several)
        and its offset live in private variables (see :mod:`.pointers`)."""
        self.aliases[name] = (key, self.low.fresh(f"{name}.target", ir.INT),
                              self.low.fresh(f"{name}.offset", ir.LONG))
        self.low.scopes.pointer_declared(name)

    def set_pointer(self, name: str, ref: PointerRef, pos: SourcePos) -> None:
        """Pointer variable ``name`` now points where ``ref`` does."""
        self.low.scopes.check_points_to(name, ref.targets)
        key, target_var, offset_var = self.aliases[name]
        targets = self.low.targets.of_variable(key)
        targets.update(ref.targets)
        if len(targets) > 1:
            self.low.emit(ir.Assign(pos, target_var, self.low.targets.selector(ref, pos)))
        self.low.emit(ir.Assign(pos, offset_var, ref.offset))

    def pointer_value(self, name: str, pos: SourcePos) -> PointerRef:
        """Where pointer variable ``name`` points now."""
        key, target_var, offset_var = self.aliases[name]
        return self.low.targets.value(key, ir.Var(pos, ir.LONG, offset_var),
                                      ir.Var(pos, ir.INT, target_var))

    def pointer(self, c: ci.Cursor) -> PointerRef:
        """Resolve a pointer- or array-valued expression to ``array + offset``.

        A change of element type on the way has already been reported by
        :mod:`~veriscan.frontend.typeflow`, so casts here only pass through.
        """
        unit = ty.unit_type(c.type)
        if unit is not None and (ty.is_pointer(unit) or ty.is_reference(unit)):
            raise UnsupportedConstruct("pointer to a pointer")
        ref: PointerRef = self.low.rule(c, self.low.rules.pointers)(c)
        return ref

    def pointer_wrapper(self, c: ci.Cursor) -> PointerRef:
        return self.pointer(self.low.unwrap(c))

    def pointer_cast(self, c: ci.Cursor) -> PointerRef:
        *type_names, operand = children(c)
        self.low.consume(*type_names)
        return self.pointer(operand)

    def pointer_name(self, c: ci.Cursor) -> PointerRef:
        pos = self.low.pos(c)
        self.low.consume(*children(c))
        decl = c.referenced
        name = self.low.known_decl(decl) if decl is not None else None
        if name is not None and name in self.aliases:
            return self.pointer_value(name, pos)
        if name is not None and (any(p.name == name and p.is_pointer for p in self.low.params)
                                 or any(a.name == name for a in self.low.arrays)
                                 or name in self.structs.struct_arrays):
            return PointerRef.to(name, ir.Const(pos, ir.LONG, 0))
        raise UnsupportedConstruct(f"pointer '{c.spelling}' the front end cannot resolve")

    def pointer_of(self, c: ci.Cursor) -> PointerRef:
        """The element (or row) an ``a[i]`` subscript denotes.

        A row ``a[i]`` of a multi-dimensional array is accepted only as the base
        of a further subscript, where :meth:`check_row_index` bounds the index by
        the row.  Anywhere else it becomes a pointer whose arithmetic C bounds by
        the row (``p = a[0]; p[3]`` is undefined for rows of 2), which the model
        does not track: refused, so never verified.
        """
        as_row_base, self.row_base = self.row_base, False
        if ty.is_array(c.type) and not as_row_base:
            raise UnsupportedConstruct("a row of a multi-dimensional array used as a pointer "
                                       "(C bounds arithmetic on it by the row)")
        pos = self.low.pos(c)
        base_c, index_c = two_children(c)
        if not (ty.is_pointer(base_c.type) or ty.is_array(base_c.type)):
            base_c, index_c = index_c, base_c  # C allows i[a]
        base, value = self.seq.unsequenced(lambda: self.subscript_base(base_c),
                                           lambda: self.exprs.expr(index_c))
        idx = index(value, pos)
        self.check_row_index(base_c, idx, pos)
        cells = ty.row_elements(c.type)
        if cells != 1:
            idx = ir.BinOp(pos, ir.LONG, "*", idx, ir.Const(pos, ir.LONG, cells))
        return base.moved(add_offset(base.offset, idx, pos))

    def subscript_base(self, base_c: ci.Cursor) -> PointerRef:
        """The pointer a subscript indexes, where a row may stand (see :meth:`pointer_of`)."""
        self.row_base = True
        try:
            return self.pointer(base_c)
        finally:
            self.row_base = False

    def check_row_index(self, base_c: ci.Cursor, idx: ir.Expr, pos: SourcePos) -> None:
        """``a[i][j]``: ``j`` must lie inside the row ``a[i]`` (C11 6.5.6), not merely
        inside the whole array, which is all the flattened bounds check sees.

        Only a row reached by a subscript is checked here; the outermost subscript
        of a declared array is covered by the bounds check of the flat index.
        """
        row_c = peek(base_c)  # under the decay of the row to a pointer
        if row_c.kind not in (K.ARRAY_SUBSCRIPT_EXPR, K.MEMBER_REF_EXPR):
            return
        dims = ty.array_dims(row_c.type)
        if not dims:
            return
        row = dims[0]
        if isinstance(idx, ir.Const) and 0 <= int(idx.value) < row:
            return
        what = f"index outside its row of {row} elements (a[i][j] needs 0 <= j < {row})"
        for cond in (ir.BinOp(pos, ir.BOOL, ">=", idx, ir.Const(pos, ir.LONG, 0)),
                     ir.BinOp(pos, ir.BOOL, "<", idx, ir.Const(pos, ir.LONG, row))):
            self.low.emit(ir.Assert(pos, cond, what))

    def pointer_sum(self, c: ci.Cursor) -> PointerRef:
        """``p + k``, ``k + p``, ``p - k``: pointer arithmetic, in units of the pointee."""
        op = binary_operator(c)
        if op not in ("+", "-"):
            raise UnsupportedConstruct(f"pointer computed with '{op}'")
        pos = self.low.pos(c)
        lhs, rhs = two_children(c)
        if ty.is_pointer(rhs.type) or ty.is_array(rhs.type):
            if op == "-":
                raise UnsupportedConstruct("pointer difference")
            lhs, rhs = rhs, lhs
        base, value = self.seq.unsequenced(lambda: self.pointer(lhs),
                                           lambda: self.exprs.expr(rhs))
        delta = stride(index(value, pos), lhs, pos)
        for check in self.low.targets.step_checks(base, delta, pos):
            self.low.emit(check)
        offset = (add_offset(base.offset, delta, pos) if op == "+"
                  else ir.BinOp(pos, ir.LONG, "-", base.offset, delta))
        return self.formed(base.moved(offset), pos)

    def formed(self, ref: PointerRef, pos: SourcePos) -> PointerRef:
        """``ref``, just computed by pointer arithmetic (``a + k``, ``p += k``, ``p++``,
        ``&a[k]``), with the obligation that it points from the start of the array it
        points into to one past its end (:class:`ir.PointerFormed`), which the bounds
        check decides wherever the array's extent is known.  A pointer into an array of
        structs is bounded by the array of its first field (the same elements)."""
        if isinstance(ref.offset, ir.Const) and ref.offset.value == 0:
            return ref  # the start of any array
        stmts: dict[str, list[ir.Stmt]] = {}
        for target in ref.targets:
            array, cells = self.structs.struct_units.get(target, (target, 1))
            cell = ref.offset if cells == 1 else ir.BinOp(pos, ir.LONG, "*", ref.offset,
                                                          ir.Const(pos, ir.LONG, cells))
            stmts[target] = [ir.PointerFormed.of(pos, array, cell)]
        for stmt in self.low.targets.cases(ref, pos, stmts):
            self.low.emit(stmt)
        return ref

    def pointer_address(self, c: ci.Cursor) -> PointerRef:
        """``&x`` of what lives in memory: an element, a shared scalar, a reference's
        target (a private variable has no address the model could give)."""
        op = unary_operator(c)
        if op == "&":
            operand = self.low.unwrap(only_child(c))
            decl = operand.referenced if operand.kind == K.DECL_REF_EXPR else None
            name = self.low.known_decl(decl) if decl is not None else None
            if name is not None and (name in self.decls.refs
                                     or name in self.decls.shared_scalars):
                # The address of what a reference names, or of a shared scalar.
                self.low.note(operand, Outcome.LOWERED)
                self.low.consume(*children(operand))
                place = self.decls.place_of(name, self.low.pos(operand))
                if isinstance(place, PointerRef):
                    return place
                raise UnsupportedConstruct(f"address of private variable '{operand.spelling}'")
            if operand.kind == K.ARRAY_SUBSCRIPT_EXPR and _may_be_row(
                    peek(two_children(operand)[0])):
                raise UnsupportedConstruct("address of an element of an array inside a "
                                           "larger object (a row of a multi-dimensional "
                                           "array, a struct's field: C bounds arithmetic on "
                                           "it by that array)")
            return self.formed(self.pointer(operand), self.low.pos(c))
        raise UnsupportedConstruct(f"pointer computed with unary '{op}'")

    def load(self, ref: PointerRef, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        """The value of type ``t`` at ``ref``, loaded into a fresh temporary."""
        if t.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"access to elements of type {t}")
        name = self.low.fresh(f"{ref.single or 'deref'}.val", t)
        self.access(ref, pos, lambda array: ir.Load(pos, name, array, ref.offset))
        return ir.Var(pos, t, name)

    def read_only_load(self, args: list[ci.Cursor], t: ir.ScalarType,
                       pos: SourcePos) -> ir.Expr:
        """``__ldg(p)``: a read of ``*p`` through the read-only data cache.

        It is a load like ``*p``, so it takes part in the race and bounds checks.
        The cache is not kept coherent with the kernel's own writes, so its value
        is the memory's only for an array the kernel never writes: the arrays it
        reads are noted, and :meth:`.lower.KernelLowering.lower_body` makes the
        verdict unknown when the kernel also stores to one of them.
        """
        if len(args) != 1:
            raise UnsupportedConstruct(f"call to '__ldg' with {len(args)} arguments")
        ref = self.pointer(args[0])
        self.low.read_only_arrays.update(ref.targets)
        return self.load(ref, t, pos)

    def access(self, ref: PointerRef, pos: SourcePos,
               make: Callable[[str], ir.Stmt]) -> None:
        """The access ``make(array)`` through ``ref``: a case split when ``ref`` may point
        into several arrays, after the checks that it is neither null nor unassigned."""
        array = ref.single
        if array is not None:
            self.low.emit(make(array))
            return
        for stmt in self.low.targets.split(ref, pos, {t: [make(t)] for t in ref.targets
                                                      if is_valid_target(t)}):
            self.low.emit(stmt)

    def pointer_compare(self, op: str, lhs: ci.Cursor, rhs: ci.Cursor | None,
                        pos: SourcePos) -> ir.Expr:
        """``lhs op rhs`` on pointers (``rhs`` None: the null pointer).  Equality holds
        for the same target and offset; an order is defined only within one array."""
        a, b = self.seq.unsequenced(lambda: self.pointer(lhs), lambda: (
            self.pointer(rhs) if rhs is not None else null_pointer(pos)))
        for ref in (a, b):
            for check in self.low.targets.checks(ref, pos, null_ok=True):
                self.low.emit(check)
        if op in ("==", "!="):
            nullable = {p.name for p in self.low.params if p.is_pointer
                        and p.space in (ir.MemSpace.GLOBAL, ir.MemSpace.CONSTANT)}
            why = self.low.targets.unmodelled_equality(a, b, nullable)
            if why is not None:
                raise UnsupportedConstruct(why)
            same = self.low.targets.equal(a, b, pos)
            return same if op == "==" else ir.UnOp(pos, ir.BOOL, "!", same)
        # C orders pointers only within one array (C11 6.5.8p5); the null pointer is in none.
        self.low.emit(ir.Assert(pos, self.low.targets.same_array(a, b, pos),
                                f"'{op}' on pointers that may not point into the same array"))
        return ir.BinOp(pos, ir.BOOL, op, a.offset, b.offset)

    def pointer_choice(self, c: ci.Cursor) -> PointerRef:
        """``cond ? p : q`` as a pointer: its target is chosen with its offset."""
        kids = children(c)
        if len(kids) != 3:
            raise UnsupportedConstruct("conditional operator without a middle operand")
        pos = self.low.pos(c)
        with self.seq.settled():
            cond = self.exprs.condition(kids[0])
        with self.low.block() as then_stmts:
            then = self.pointer(kids[1])
        with self.low.block() as else_stmts:
            other = self.pointer(kids[2])
        if not then_stmts and not else_stmts:
            return self.low.targets.choose(cond, then, other, pos)
        # Arms with effects run under their branch; each fixes the pointer there.
        targets = tuple(sorted(set(then.targets) | set(other.targets)))
        selector = self.low.fresh("choice.target", ir.INT)
        offset = self.low.fresh("choice.offset", ir.LONG)
        arms = []
        for stmts, ref in ((then_stmts, then), (else_stmts, other)):
            arms.append([*stmts, ir.Assign(pos, selector, self.low.targets.selector(ref, pos)),
                         ir.Assign(pos, offset, ref.offset)])
        self.low.emit(ir.If(pos, cond, arms[0], arms[1]))
        return PointerRef(targets, ir.Var(pos, ir.LONG, offset),
                          ir.Var(pos, ir.INT, selector) if len(targets) > 1 else None)

    def pointer_null(self, c: ci.Cursor) -> PointerRef:
        """The null pointer constant (``0``, ``NULL``); any other number is refused."""
        if evaluate_constant(c) != 0:
            raise UnsupportedConstruct("a number used as a pointer")
        return null_pointer(self.low.pos(c))

    def pointer_call(self, c: ci.Cursor) -> PointerRef:
        """The pointer an inlined function returns."""
        decl = c.referenced
        definition = decl.get_definition() if decl is not None else None
        if classify_call(c, self.low.dialect).kind is not CallKind.USER or definition is None:
            raise UnsupportedConstruct(f"pointer returned by '{c.spelling}', whose body is "
                                       "not in the file")
        _, args = self.calls.call_parts(c)
        result = self.calls.inline(definition, args, ir.LONG, self.low.pos(c),
                                   pointer_result=True)
        assert isinstance(result, ir.Var)
        return self.pointer_value(result.name, self.low.pos(c))


def index(e: ir.Expr, pos: SourcePos) -> ir.Expr:
    """An index or offset as the 64-bit value offsets are kept in."""
    return e if e.type == ir.LONG else ir.Cast(pos, ir.LONG, e)


def stride(delta: ir.Expr, pointer: ci.Cursor, pos: SourcePos) -> ir.Expr:
    """``delta`` units of what ``pointer`` points at, in scalar elements (a row
    of a multi-dimensional array spans several)."""
    elements = ty.row_elements(ty.pointee(pointer.type))
    if elements == 1:
        return delta
    return ir.BinOp(pos, ir.LONG, "*", delta, ir.Const(pos, ir.LONG, elements))


def _may_be_row(base: ci.Cursor) -> bool:
    """Whether the array ``base`` that a subscript indexes may be a row of a larger
    one (``m[i]``, a struct's array field, a C++ reference bound to a row), whose
    pointers C bounds by the row.  Only an array variable named as itself is known
    to be a whole object: ``&a[i]`` of it is bounded by ``a``, which the model checks."""
    if not ty.is_array(base.type):
        return False
    decl = base.referenced if base.kind == K.DECL_REF_EXPR else None
    return (decl is None or decl.kind != K.VAR_DECL
            or decl.type.kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE))
