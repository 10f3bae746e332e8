"""Scalar expressions: values, operators, conversions and their effects.

An expression's value becomes an IR expression and its side effects
statements, emitted in the order C evaluates them where C fixes it (the
operands it leaves unordered go through :mod:`.lower_sequencing`).  An access
to memory is a statement of its own (:mod:`.lower_pointers`), and an operand
of ``&&``, ``||`` or ``?:`` that has effects runs under the ``If`` that guards
it in C.  A value computed only for its effects is still kept
(:meth:`ExpressionLowering.discard`), so what can go wrong in it is checked.
Expressions deeper than :data:`SPILL_DEPTH` are split through temporaries.
"""

from __future__ import annotations

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import is_prelude
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.consteval import evaluate_constant, has_side_effects
from veriscan.frontend.cursors import children, is_value_wrapper, kind_of, peek
from veriscan.frontend.dialects import from_prelude
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct, only_child, two_children
from veriscan.frontend.pointers import PointerRef
from veriscan.ir import nodes as ir
from veriscan.ir.visit import expr_children

K = ci.CursorKind
COMPARISONS = {"<", ">", "<=", ">=", "==", "!="}
ARITHMETIC = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
# Threads per warp on every NVIDIA GPU so far (the value of CUDA's warpSize).
CUDA_WARP_SIZE = 32
# Expressions deeper than this are split through temporaries (see the module doc).
SPILL_DEPTH = 48


class ExpressionLowering(Translator):
    """Scalar values: their effects emitted as statements, their value an IR expression."""

    def expr(self, c: ci.Cursor) -> ir.Expr:
        """The value of expression ``c``; its side effects are emitted as statements."""
        if ty.vector_shape(c.type) is not None:
            raise UnsupportedConstruct("a vector value where the front end expects a scalar")
        value: ir.Expr = self.low.rule(c, self.low.rules.values)(c)
        if _deeper_than(value, SPILL_DEPTH):
            spill = self.low.fresh("part", value.type)
            self.low.emit(ir.Assign(value.pos, spill, value))
            value = ir.Var(value.pos, value.type, spill)
        return value

    def constant(self, c: ci.Cursor, what: str) -> int | float:
        """A compile-time constant operand, such as a barrier's flags.

        An operand with side effects, ``(out[0] = x, 0)``, is lowered (its
        effects emitted in order) and must come out as a constant.
        """
        value = evaluate_constant(c)
        if value is not None:
            self.low.consume(c, *children(c))
            return value
        if has_side_effects(c):
            value = folded_int(self.expr(c))
            if value is not None:
                return value
        raise UnsupportedConstruct(f"{what} that is not a compile-time constant")

    def condition(self, c: ci.Cursor) -> ir.Expr:
        """``c`` as a truth value, as C tests it: a number against 0, a pointer against null."""
        if ty.is_pointer(peek(c).type):  # ``if (p)``: p is not the null pointer
            return self.ptrs.pointer_compare("!=", c, None, self.low.pos(c))
        return coerce(self.expr(c), ir.BOOL, self.low.pos(c))

    def paren_expr(self, c: ci.Cursor) -> ir.Expr:
        return self.expr(only_child(c))

    def unexposed_expr(self, c: ci.Cursor) -> ir.Expr:
        kids = children(c)
        if not is_value_wrapper(c, kids):
            lane = self.vector_values.scalar(c)  # ``v.x``: one lane of a vector
            if lane is not None:
                return lane
            raise UnsupportedConstruct("expression the front end cannot see into")
        inner = self.expr(kids[0])
        target = ty.scalar_type(c.type)
        if (target.kind is ir.TypeKind.OTHER or inner.type == target
                or c.type.get_canonical() == kids[0].type.get_canonical()):
            return inner  # no change of value (``auto`` shows only canonical types)
        return coerce(inner, target, self.low.pos(c))

    def literal(self, c: ci.Cursor) -> ir.Expr:
        """A literal or ``sizeof``/``_Alignof``: clang's value (operands are not evaluated)."""
        value = self.constant(c, c.kind.name)
        return ir.Const(self.low.pos(c), ty.scalar_type(c.type), value)

    def discard(self, c: ci.Cursor) -> None:
        """Evaluate ``c`` for nothing but its effects, as C does with ``e;``, ``(void)e``
        and the left of a comma.

        Evaluation includes what can go wrong in it: ``INT_MAX + t;`` is undefined
        even though its value is dropped.  So a computed value is kept in a fresh
        temporary, where the engines see (and check) every operation in it, rather
        than vanishing with the value.  An assignment or increment has already
        stored (and so kept) what it computed; its value is not kept twice.
        """
        if peek(c).kind == K.CALL_EXPR and ty.is_pointer(peek(c).type):
            self.ptrs.pointer(c)  # a call whose pointer result is dropped
            return
        if ty.vector_shape(c.type) is not None:
            self.vector_values.discard(c)
            return
        value = self.expr(c)
        if (stores_its_value(peek(c)) or isinstance(value, (ir.Const, ir.Var))
                or value.type.kind is ir.TypeKind.OTHER):
            return
        self.low.emit(ir.Assign(self.low.pos(c), self.low.fresh("discarded", value.type),
                                value))

    def cast_expr(self, c: ci.Cursor) -> ir.Expr:
        *type_names, operand = children(c)
        self.low.consume(*type_names)
        target = c.type
        if ty.is_void(target):
            self.discard(operand)  # ``(void)e``: evaluated, the value unused
            return ir.Const(self.low.pos(c), ir.INT, 0)
        if ty.is_pointer(operand.type):
            raise UnsupportedConstruct("cast of a pointer")
        inner = self.expr(operand)
        st = ty.scalar_type(target)
        if st.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"cast to {st}")
        return ir.Cast(self.low.pos(c), st, inner)

    def decl_ref(self, c: ci.Cursor) -> ir.Expr:
        pos = self.low.pos(c)
        self.low.consume(*children(c))  # qualifiers such as ``ns::``
        decl = c.referenced
        value = evaluate_constant(c) if decl is None and not c.spelling else None
        if isinstance(value, int):  # a template's value argument, substituted
            return ir.Const(pos, ty.scalar_type(c.type), value)
        if decl is None:
            raise UnsupportedConstruct(f"reference to '{c.spelling}'")
        if decl.kind == K.ENUM_CONSTANT_DECL:
            # Of the enumeration's type in C++ (its integer type's width and sign),
            # int in C (or the enumeration's type when the value needs it).
            st = ty.scalar_type(c.type)
            if st.kind is not ir.TypeKind.INT:
                raise UnsupportedConstruct(f"enumerator '{c.spelling}' of type {st}")
            return ir.Const(pos, st, wrapped(decl.enum_value, st))
        if decl.kind in (K.VAR_DECL, K.PARM_DECL):
            name = self.low.known_decl(decl)
            if name is None and _is_warp_size(decl, self.low.dialect):
                return ir.Const(pos, ir.INT, CUDA_WARP_SIZE)
            if name is None:
                raise UnsupportedConstruct(f"program-scope variable '{c.spelling}'")
            if name in self.ptrs.aliases:
                raise UnsupportedConstruct(f"pointer '{c.spelling}' used as a value")
            place = self.decls.place_of(name, pos)
            if isinstance(place, PointerRef):
                return self.ptrs.load(place, ty.scalar_type(c.type), pos)
            return ir.Var(pos, self.low.var_types.get(place, ty.scalar_type(decl.type)), place)
        raise UnsupportedConstruct(f"reference to {decl.kind.name} '{c.spelling}'")

    def member_ref(self, c: ci.Cursor) -> ir.Expr:
        index = cuda_index_builtin(c, self.low.dialect)
        if index is not None:
            self.low.consume(*children(c))
            return ir.Builtin(self.low.pos(c), ir.UINT, *index)
        place = self.structs.member(c)
        pos = self.low.pos(c)
        if isinstance(place, PointerRef) and not ty.is_array(c.type):
            return self.ptrs.load(place, ty.scalar_type(c.type), pos)
        if isinstance(place, str) and place in self.low.var_types:
            return ir.Var(pos, self.low.var_types[place], place)
        raise UnsupportedConstruct(f"member '.{c.spelling}' used as a value (a struct, an "
                                   "array or a pointer)")

    def binary_expr(self, c: ci.Cursor) -> ir.Expr:
        return self.binary(c, binary_operator(c))

    def compound_assign(self, c: ci.Cursor) -> ir.Expr:
        lhs, rhs = two_children(c)
        return self.assigns.assign(lhs, rhs, binary_operator(c)[:-1], self.low.pos(c))

    def unary_expr(self, c: ci.Cursor) -> ir.Expr:
        return self.unary(c, unary_operator(c))

    def conditional(self, c: ci.Cursor) -> ir.Expr:
        kids = children(c)
        if len(kids) != 3:
            raise UnsupportedConstruct("conditional operator without a middle operand")
        cond_c, then_c, else_c = kids
        with self.seq.settled():
            cond = self.condition(cond_c)
        return self.choice(cond, then_c, else_c, ty.scalar_type(c.type), self.low.pos(c))

    def subscript(self, c: ci.Cursor) -> ir.Expr:
        lane = self.vector_values.scalar(c)  # ``v[1]``: one lane of a vector
        if lane is not None:
            return lane
        return self.ptrs.load(self.ptrs.pointer_of(c), ty.scalar_type(c.type),
                              self.low.pos(c))

    def binary(self, c: ci.Cursor, op: str) -> ir.Expr:
        lhs, rhs = two_children(c)
        pos = self.low.pos(c)
        if op == "=":
            return self.assigns.assign(lhs, rhs, None, pos)
        if op in ("&&", "||"):
            return self.short_circuit(op, lhs, rhs, pos)
        if op == ",":
            with self.seq.settled():
                self.discard(lhs)
            return self.expr(rhs)
        if op in COMPARISONS and (ty.is_pointer(lhs.type) or ty.is_pointer(rhs.type)):
            return self.ptrs.pointer_compare(op, lhs, rhs, pos)
        if op in COMPARISONS or op in ARITHMETIC:
            if op in ARITHMETIC and (ty.is_pointer(lhs.type) or ty.is_pointer(rhs.type)):
                raise UnsupportedConstruct(f"pointer arithmetic '{op}' used as a value")
            a, b = self.seq.unsequenced(lambda: self.expr(lhs), lambda: self.expr(rhs))
            t = ir.BOOL if op in COMPARISONS else ty.scalar_type(c.type)
            return ir.BinOp(pos, t, op, a, b)
        raise UnsupportedConstruct(f"operator '{op}'")

    def short_circuit(self, op: str, lhs: ci.Cursor, rhs: ci.Cursor, pos: SourcePos) -> ir.Expr:
        with self.seq.settled():
            left = self.condition(lhs)
        with self.low.block() as rhs_stmts:
            right = self.condition(rhs)
        if not rhs_stmts:
            return ir.BinOp(pos, ir.BOOL, op, left, right)
        result = self.low.fresh("cond", ir.BOOL)
        self.low.emit(ir.Assign(pos, result, left))
        guard: ir.Expr = ir.Var(pos, ir.BOOL, result)
        if op == "||":
            guard = ir.UnOp(pos, ir.BOOL, "!", guard)
        self.low.emit(ir.If(pos, guard, [*rhs_stmts, ir.Assign(pos, result, right)]))
        return ir.Var(pos, ir.BOOL, result)

    def choice(self, cond: ir.Expr, then_c: ci.Cursor, else_c: ci.Cursor,
               t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        with self.low.block() as then_stmts:
            then = coerce(self.expr(then_c), t, pos)
        with self.low.block() as else_stmts:
            other = coerce(self.expr(else_c), t, pos)
        if not then_stmts and not else_stmts:
            return ir.Select(pos, t, cond, then, other)
        result = self.low.fresh("choice", t)
        self.low.emit(ir.If(pos, cond, [*then_stmts, ir.Assign(pos, result, then)],
                            [*else_stmts, ir.Assign(pos, result, other)]))
        return ir.Var(pos, t, result)

    def unary(self, c: ci.Cursor, op: str) -> ir.Expr:
        operand = only_child(c)
        pos = self.low.pos(c)
        if op in ("pre++", "pre--", "post++", "post--"):
            if ty.is_pointer(operand.type):
                return self.assigns.step_pointer(operand, 1 if "++" in op else -1, pos)
            one = ir.Const(pos, ir.INT, 1)
            return self.assigns.update(operand, "+" if "++" in op else "-", one, pos,
                                       keep_old=op.startswith("post"))
        if op == "*":
            return self.ptrs.load(self.ptrs.pointer(operand), ty.scalar_type(c.type), pos)
        if op == "&":
            raise UnsupportedConstruct("address-of used as a value")
        if op == "+":
            return self.expr(operand)
        if op == "!":
            return ir.UnOp(pos, ir.BOOL, op, self.condition(operand))
        if op in ("-", "~"):
            return ir.UnOp(pos, ty.scalar_type(c.type), op, self.expr(operand))
        raise UnsupportedConstruct(f"unary operator '{op}'")


def coerce(e: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
    """``e`` converted to ``t``, as C converts a value stored, passed or tested."""
    if e.type == t:
        return e
    if t.kind is ir.TypeKind.BOOL and e.type.kind is not ir.TypeKind.GENERIC:
        if e.type.kind is ir.TypeKind.BOOL:
            return e
        return ir.BinOp(pos, ir.BOOL, "!=", e, ir.Const(pos, e.type, 0))
    return ir.Cast(pos, t, e)


def stores_its_value(c: ci.Cursor) -> bool:
    """Whether ``c`` (already peeked under parentheses and implicit conversions) is an
    assignment, compound assignment or increment: its operations are kept by its store."""
    if kind_of(c) == K.COMPOUND_ASSIGNMENT_OPERATOR:
        return True
    if kind_of(c) == K.BINARY_OPERATOR:
        return binary_operator(c) == "="
    if kind_of(c) == K.UNARY_OPERATOR:
        return unary_operator(c) in ("pre++", "pre--", "post++", "post--")
    return False


def wrapped(value: int, t: ir.ScalarType) -> int:
    """``value`` as integer type ``t`` holds it (modulo 2^bits, signed or not)."""
    value &= (1 << t.bits) - 1
    if t.signed and value >> (t.bits - 1):
        value -= 1 << t.bits
    return value


def folded_int(e: ir.Expr) -> int | None:
    """The value of an integer constant, possibly under integer conversions."""
    if isinstance(e, ir.Cast) and e.type.kind is ir.TypeKind.INT:
        inner = folded_int(e.operand)
        if inner is None:
            return None
        return wrapped(inner, e.type)
    if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    return None


# CUDA's index variables (the prelude's ``extern const uint3 threadIdx`` ...).
CUDA_INDEX_VARIABLES = {"threadIdx": ir.BuiltinKind.LOCAL_ID, "blockIdx": ir.BuiltinKind.GROUP_ID,
                        "blockDim": ir.BuiltinKind.LOCAL_SIZE,
                        "gridDim": ir.BuiltinKind.NUM_GROUPS}


def cuda_index_builtin(c: ci.Cursor, dialect: ir.Dialect) -> tuple[ir.BuiltinKind, int] | None:
    """What ``threadIdx.x`` and friends read: the built-in and its dimension.

    Recognised by declaration, never by spelling: the member's base must be
    a reference to the prelude's own variable (``blockDim``), and the member
    one of the prelude struct's ``x``/``y``/``z``.  A kernel's own struct
    member, parameter, pointer or local of such a name (``cfg.blockDim.x``,
    ``dim3 blockDim`` as a parameter) is an ordinary value, as on the device.
    """
    if dialect is not ir.Dialect.CUDA or c.kind != K.MEMBER_REF_EXPR:
        return None
    kids = children(c)
    base = peek(kids[0]) if len(kids) == 1 else None
    field, decl = c.referenced, base.referenced if base is not None else None
    if (base is None or base.kind != K.DECL_REF_EXPR or decl is None or field is None
            or field.kind != K.FIELD_DECL or field.spelling not in ("x", "y", "z")
            or not from_prelude(field)):
        return None
    for name, kind in CUDA_INDEX_VARIABLES.items():
        if decl.kind == K.VAR_DECL and is_prelude(decl, name):
            return kind, "xyz".index(field.spelling)
    return None


def _is_warp_size(decl: ci.Cursor, dialect: ir.Dialect) -> bool:
    """The CUDA prelude's ``warpSize``."""
    return dialect is ir.Dialect.CUDA and is_prelude(decl, "warpSize")


def _deeper_than(e: ir.Expr, limit: int) -> bool:
    """Whether the expression tree ``e`` is more than ``limit`` levels deep."""
    level = [e]
    for _ in range(limit):
        level = [k for x in level for k in expr_children(x)]
        if not level:
            return False
    return True
