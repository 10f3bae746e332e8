"""Expressions of vector type, lowered to one IR expression per lane.

OpenCL's component-wise meaning, lane by lane: arithmetic per lane,
comparisons giving ``-1``/``0`` per lane, literals ``(float4)(a, (float2)(b,
c), d)`` and splats, casts (a bit reinterpretation exact only between
integers of one width), swizzles on either side of an assignment, ``?:``
with a scalar or a vector condition.  Each rule gets the lanes the result
has (its shape); the places lanes live in are :mod:`.vectors`'.
"""

from __future__ import annotations

from functools import partial

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.cursors import Outcome, children, is_value_wrapper, kind_of, peek
from veriscan.frontend.lower_expressions import ARITHMETIC, COMPARISONS, stores_its_value
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct, only_child, two_children
from veriscan.frontend.pointers import PointerRef
from veriscan.frontend.vectors import convert, lanewise, mask, operand_shape, top_bit
from veriscan.ir import nodes as ir

K = ci.CursorKind


class VectorValues(Translator):
    """The lanes of vector expressions; their effects emitted as statements."""

    def scalar(self, c: ci.Cursor) -> ir.Expr | None:
        """The value of a one-lane component (``v.x``, ``p[i].s3``), else None."""
        if ty.vector_shape(c.type) is not None:
            return None
        found = self.vectors.component(c)
        if found is None:
            return None
        self.low.note(c, Outcome.LOWERED)
        (value,) = self.components(found, ty.VectorShape(ty.scalar_type(c.type), 1),
                                   self.low.pos(c))
        return value

    def discard(self, c: ci.Cursor) -> None:
        """A vector expression evaluated for its effects (see
        :meth:`.lower_expressions.ExpressionLowering.discard`): computed lanes are kept in
        temporaries so that what can go wrong in them is checked."""
        values = self.value(c)
        if stores_its_value(peek(c)):
            return
        pos = self.low.pos(c)
        for v in values:
            if not isinstance(v, (ir.Const, ir.Var)):
                self.low.emit(ir.Assign(pos, self.low.fresh("discarded", v.type), v))

    def lanes(self, c: ci.Cursor, want: ty.VectorShape) -> list[ir.Expr]:
        """The lanes of ``c`` as a ``want``-vector: a scalar is splatted, lanes converted."""
        pos = self.low.pos(c)
        shape = ty.vector_shape(c.type)
        if shape is None and want.lanes > 1:
            value = convert(self.exprs.expr(c), want.element, pos)
            return [value] * want.lanes
        values = self.value(c) if shape is not None else [self.exprs.expr(c)]
        if len(values) != want.lanes:
            raise UnsupportedConstruct(f"a {len(values)}-lane value where {want.lanes} lanes "
                                       "are needed")
        return [convert(v, want.element, pos) for v in values]

    def value(self, c: ci.Cursor) -> list[ir.Expr]:
        """The lanes of the vector expression ``c``; its side effects are emitted."""
        shape = ty.vector_shape(c.type)
        assert shape is not None
        pos = self.low.pos(c)
        kind = kind_of(c)
        found = self.vectors.component(c) if kind in (K.UNEXPOSED_EXPR,
                                                      K.ARRAY_SUBSCRIPT_EXPR) else None
        if found is not None:
            self.low.note(c, Outcome.LOWERED)
            return self.components(found, shape, pos)
        lanes: list[ir.Expr] = self.low.rule(c, self.low.rules.vector_values)(c, shape, pos)
        return lanes

    def components(self, found: tuple[ci.Cursor, list[int], bool], shape: ty.VectorShape,
                   pos: SourcePos) -> list[ir.Expr]:
        """The lanes ``found`` (by :meth:`.vectors.VectorLowering.component`) picks: read
        from their places when the base is a vector object, else from its value."""
        base, picks, arrow = found
        if arrow or self.is_place(base):
            whole = self.vectors.pointed(base) if arrow else self.vectors.places(base)
            return [self.vectors.read(whole[k], shape.element, pos) for k in picks]
        values = self.value(base)
        return [values[k] for k in picks]

    def is_place(self, c: ci.Cursor) -> bool:
        """Whether ``c`` names a vector object (so that reading a lane reads one cell)."""
        c = peek(c)
        kind = kind_of(c)
        if kind in (K.DECL_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            return True
        if kind == K.UNARY_OPERATOR:
            return unary_operator(c) == "*"
        if kind == K.UNEXPOSED_EXPR and not is_value_wrapper(c, children(c)):
            kids = children(c)
            tokens = [t.spelling for t in c.get_tokens()]
            return len(kids) == 1 and (tokens[-2:-1] == ["->"] or self.is_place(kids[0]))
        return False

    def wrapper(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """An implicit conversion: a scalar splatted, or a vector of the same lanes (a
        conversion between other vectors would reinterpret bits: refused)."""
        kids = children(c)
        if not is_value_wrapper(c, kids):
            raise UnsupportedConstruct("vector expression the front end cannot see into")
        inner = ty.vector_shape(kids[0].type)
        if inner is not None and (inner.lanes != shape.lanes
                                  or inner.element.kind is not shape.element.kind
                                  or inner.element.bits != shape.element.bits):
            raise UnsupportedConstruct(f"implicit conversion of a vector of {inner.element} "
                                       f"to one of {shape.element}")
        return self.lanes(kids[0], shape)

    def paren(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        return self.lanes(only_child(c), shape)

    def named(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        return [self.vectors.read(p, shape.element, pos) for p in self.vectors.places(c)]

    def literal(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``(float4)(a, b, c, d)``, ``(float4)(a, (float2)(b, c), d)``, ``(int4)(0)``,
        ``{1, 2, 3, 4}``: the elements' lanes in order, or one scalar for all lanes."""
        kids = children(c)
        if kind_of(c) == K.COMPOUND_LITERAL_EXPR:
            self.low.consume(*(k for k in kids if kind_of(k) == K.TYPE_REF))
            lists = [k for k in kids if kind_of(k) == K.INIT_LIST_EXPR]
            if len(lists) != 1:
                return self.lanes(self.only_expression(kids), shape)
            self.low.note(lists[0], Outcome.LOWERED)
            kids = children(lists[0])
        parts = self.seq.unsequenced(*(partial(self.element, k, shape) for k in kids))
        flat = [v for part in parts for v in part]
        if len(flat) == 1 and shape.lanes > 1:
            flat = flat * shape.lanes
        if len(flat) != shape.lanes:
            raise UnsupportedConstruct(f"vector literal with {len(flat)} of {shape.lanes} "
                                       "lanes")
        return [convert(v, shape.element, pos) for v in flat]

    def element(self, c: ci.Cursor, shape: ty.VectorShape) -> list[ir.Expr]:
        """The lanes one element of a vector literal contributes (a scalar: one)."""
        inner = ty.vector_shape(c.type)
        if inner is None:
            return [self.exprs.expr(c)]
        return self.value(c)

    def cast(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``(int4)x``: a scalar is converted and splatted; a vector of another type is
        reinterpreted (clang's bit cast), exact only between integers of one width."""
        *type_names, operand = children(c)
        self.low.consume(*type_names)
        source = ty.vector_shape(operand.type)
        if source is None:
            return self.lanes(operand, shape)
        values = self.value(operand)
        if source == shape:
            return values
        same_ints = (source.lanes == shape.lanes and source.element.kind is ir.TypeKind.INT
                     and shape.element.kind is ir.TypeKind.INT
                     and source.element.bits == shape.element.bits)
        if same_ints:
            return [ir.Cast(pos, shape.element, v) for v in values]
        return [ir.Opaque(pos, shape.element, f"bit cast to {shape.element} lane {k}",
                          tuple(values)) for k in range(shape.lanes)]

    def binary(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        op = binary_operator(c)
        lhs, rhs = two_children(c)
        if op == "=":
            return self.seq.assignment(
                lambda places, values: self.vectors.assign(
                    places, self.vectors.fixed(values, pos), shape, pos),
                partial(self.vectors.places, lhs), partial(self.lanes, rhs, shape))
        if op == ",":
            with self.seq.settled():
                self.exprs.discard(lhs)
            return self.lanes(rhs, shape)
        if op in ARITHMETIC or op in COMPARISONS or op in ("&&", "||"):
            operands = operand_shape(lhs, rhs)
            a, b = self.seq.unsequenced(partial(self.lanes, lhs, operands),
                                        partial(self.lanes, rhs, operands))
            return [lanewise(op, x, y, shape.element, pos)
                    for x, y in zip(a, b, strict=True)]
        raise UnsupportedConstruct(f"operator '{op}' on vectors")

    def compound(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        op = binary_operator(c)[:-1]
        lhs, rhs = two_children(c)

        def update(places: list[str | PointerRef], operand: list[ir.Expr]) -> list[ir.Expr]:
            operand = self.vectors.fixed(operand, pos)
            current = [self.vectors.read(p, shape.element, pos) for p in places]
            new = [lanewise(op, x, y, shape.element, pos)
                   for x, y in zip(current, operand, strict=True)]
            return self.vectors.assign(places, self.vectors.fixed(new, pos), shape, pos)
        return self.seq.assignment(update, partial(self.vectors.places, lhs),
                                   partial(self.lanes, rhs, shape))

    def unary(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        op = unary_operator(c)
        operand = only_child(c)
        if op == "*":
            return [self.vectors.read(p, shape.element, pos)
                    for p in self.vectors.pointed(operand)]
        if op in ("pre++", "pre--", "post++", "post--"):
            def step(places: list[str | PointerRef]) -> list[ir.Expr]:
                old = self.vectors.fixed([self.vectors.read(p, shape.element, pos)
                                          for p in places], pos)
                one = ir.Const(pos, shape.element, 1)
                new = self.vectors.fixed([lanewise("+" if "++" in op else "-", v, one,
                                                   shape.element, pos) for v in old], pos)
                self.vectors.assign(places, new, shape, pos)
                return old if op.startswith("post") else new
            return self.seq.assignment(step, partial(self.vectors.places, operand),
                                       postfix=op.startswith("post"))
        values = self.lanes(operand, shape) if op != "!" else self.value(operand)
        if op == "+":
            return values
        if op in ("-", "~"):
            return [ir.UnOp(pos, shape.element, op, v) for v in values]
        if op == "!":
            zero = ir.Const(pos, values[0].type, 0)
            return [mask(ir.BinOp(pos, ir.BOOL, "==", v, zero), shape.element, pos)
                    for v in values]
        raise UnsupportedConstruct(f"unary operator '{op}' on a vector")

    def conditional(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``s ? a : b``: a scalar ``s`` picks one arm, which alone is evaluated; a vector
        ``s`` is ``select(b, a, s)`` (OpenCL C 6.3.i): both arms evaluated, each lane
        taken from ``a`` where that lane of ``s`` has its top bit set."""
        kids = children(c)
        if len(kids) != 3:
            raise UnsupportedConstruct("conditional operator without a middle operand")
        if ty.vector_shape(kids[0].type) is not None:
            masks, then, other = self.seq.unsequenced(partial(self.column, kids[0], None),
                                                      partial(self.lanes, kids[1], shape),
                                                      partial(self.lanes, kids[2], shape))
            return [ir.Select(pos, shape.element, top_bit(m, pos), a, b)
                    for m, a, b in zip(masks, then, other, strict=True)]
        with self.seq.settled():
            cond = self.exprs.condition(kids[0])
        with self.low.block() as then_stmts:
            then = self.lanes(kids[1], shape)
        with self.low.block() as else_stmts:
            other = self.lanes(kids[2], shape)
        if not then_stmts and not else_stmts:
            return [ir.Select(pos, shape.element, cond, a, b)
                    for a, b in zip(then, other, strict=True)]
        names = [self.low.fresh("choice", shape.element) for _ in range(shape.lanes)]
        self.low.emit(ir.If(pos, cond,
                            [*then_stmts, *(ir.Assign(pos, n, v) for n, v in zip(
                                names, then, strict=True))],
                            [*else_stmts, *(ir.Assign(pos, n, v) for n, v in zip(
                                names, other, strict=True))]))
        return [ir.Var(pos, shape.element, n) for n in names]

    def column(self, arg: ci.Cursor, result: ty.VectorShape | None) -> list[ir.Expr]:
        """An argument's lanes in its own element type: a vector's lanes, or a scalar
        splatted to the lanes of ``result`` (kept as one lane when ``result`` is None)."""
        own = ty.vector_shape(arg.type)
        if own is not None:
            return self.value(arg)
        value = self.exprs.expr(arg)
        return [value] * (result.lanes if result is not None else 1)

    def only_expression(self, kids: list[ci.Cursor]) -> ci.Cursor:
        """The one expression among a compound literal's children."""
        exprs = [k for k in kids if kind_of(k) is not None and k.kind.is_expression()]
        if len(exprs) != 1:
            raise UnsupportedConstruct("vector literal the front end cannot read")
        return exprs[0]

