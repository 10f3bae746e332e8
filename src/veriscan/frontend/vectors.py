"""Lower OpenCL vector values (``float4``, ``int3``, ...) lane by lane.

The IR has scalars only, so a vector is lowered to one scalar per lane:

* a private vector variable ``v`` becomes the variables ``v.s0``, ``v.s1``,
  ... (:func:`~veriscan.ir.nodes.lane_name`), a by-value vector parameter
  likewise;
* memory holding vectors is memory of scalars: ``float4 *p`` is a pointer to
  floats and ``p[i]`` the cells ``4*i + 0 .. 4*i + 3``
  (:func:`~veriscan.frontend.types.vector_shape`: a 3-vector takes 4 cells),
  so ``p[i].y = x`` is a store to the one cell ``4*i + 1`` and races are
  found per lane, and ``vload3(i, q)`` reads ``q[3*i + 0 .. 2]``;
* an expression of vector type is lowered to a list of lane expressions, with
  OpenCL's component-wise meaning: arithmetic per lane, comparisons giving
  ``-1``/``0`` per lane, literals ``(float4)(a, (float2)(b, c), d)`` and
  splats, swizzles on either side of an assignment.

Accessing one component of a vector in memory is an access to that lane
only, as in GPUVerify and as optimising compilers emit it (PoCL, Oclgrind);
clang without optimisation reads and writes back the whole vector instead.
Bit reinterpretations other than between integers of one width (``as_float4``
of an ``int4``) give opaque lanes.  What cannot be modelled lane by lane (a
vector subscript that is not a constant, a function without a body) is
refused as :class:`~veriscan.frontend.lower.UnsupportedConstruct`, so the
verdict is unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import lower
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallInfo, CallKind
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.cursors import Outcome, children, is_value_wrapper, kind_of
from veriscan.frontend.pointers import PointerRef
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind
_XYZW = "xyzw"
_COMPARISONS = {"<", ">", "<=", ">=", "==", "!="}
_LANEWISE = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
_HALVES = {"lo", "hi", "even", "odd"}
_SIZED = re.compile(r"(vload|vstore)(2|3|4|8|16)")
# Geometric functions (6.12.5): every lane of the result depends on every lane.
_GEOMETRIC = {"dot", "length", "distance", "normalize", "cross", "fast_length",
              "fast_distance", "fast_normalize"}


def swizzle(accessor: str, lanes: int) -> list[int] | None:
    """The lanes that component ``accessor`` of a ``lanes``-vector names, or None.

    ``.x .xy .wzyx``, ``.s0 .s31 .sF``, ``.lo .hi .even .odd`` (on a 3-vector
    the halves are taken of its 4-lane layout, so ``.hi`` names lane 3, which
    does not exist: the caller refuses it).
    """
    if accessor in _HALVES:
        width = 4 if lanes == 3 else lanes
        half = width // 2
        picks = {"lo": range(half), "hi": range(half, width),
                 "even": range(0, width, 2), "odd": range(1, width, 2)}[accessor]
        return list(picks)
    if accessor[:1] in ("s", "S") and len(accessor) > 1:
        try:
            return [int(ch, 16) for ch in accessor[1:]]
        except ValueError:
            return None
    if accessor and all(ch in _XYZW for ch in accessor):
        return [_XYZW.index(ch) for ch in accessor]
    return None


class VectorLowering:
    """The vector rules of one kernel's lowering (see the module doc).

    It works through its :class:`~veriscan.frontend.lower.KernelLowering`
    (which calls it at the points where a vector can appear) so that scalar
    operands, pointers and statements are lowered by the one set of rules.
    """

    def __init__(self, lowering: KernelLowering):
        self.lw = lowering
        self.lanes_of: dict[str, list[str]] = {}  # private vector -> its lane variables

    # ------------------------------------------------------------ queries

    def component(self, c: ci.Cursor) -> tuple[ci.Cursor, list[int], bool] | None:
        """``(base, lanes, through_pointer)`` when ``c`` selects lanes of a vector.

        Clang shows ``v.xy`` (and ``p->x``) as an unexposed expression over
        its base whose source runs on past the base to ``.name``; the name
        is read from the tokens.  ``v[k]`` with a constant ``k`` is a lane too.
        """
        kind = kind_of(c)
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            kids = children(c)
            if len(kids) != 2 or ty.vector_shape(kids[0].type) is None:
                return None
            shape = ty.vector_shape(kids[0].type)
            index = self.lw.constant(kids[1], "vector subscript")
            if shape is None or not isinstance(index, int) or not 0 <= index < shape.lanes:
                raise self.refuse("vector subscript that is not a constant lane")
            return kids[0], [index], False
        if kind != K.UNEXPOSED_EXPR:
            return None
        kids = children(c)
        if len(kids) != 1 or is_value_wrapper(c, kids):
            return None
        base = kids[0]
        tokens = [t.spelling for t in c.get_tokens()]
        if len(tokens) < 3 or tokens[-2] not in (".", "->"):
            return None
        arrow = tokens[-2] == "->"
        base_type = base.type
        if arrow:
            unit = ty.unit_type(base_type)
            if unit is None:
                return None
            base_type = unit
        shape = ty.vector_shape(base_type)
        if shape is None:
            return None
        picks = swizzle(tokens[-1], shape.lanes)
        if picks is None:
            return None
        if any(k >= shape.lanes for k in picks):
            raise self.refuse(f"component '.{tokens[-1]}' beyond the lanes of a "
                              f"{shape.lanes}-vector")
        return base, picks, arrow

    # ------------------------------------------------------------ declarations

    def declare(self, c: ci.Cursor, name: str, space: ir.MemSpace,
                init: ci.Cursor | None, pos: SourcePos, addressed: bool) -> bool:
        """Declare a vector variable (False if ``c`` is not one).

        A ``__local`` vector, or a private one whose address is taken, lives
        in memory (cells a pointer can reach); any other private vector is
        one variable per lane.
        """
        shape = ty.vector_shape(c.type)
        if shape is None:
            return False
        if space is not ir.MemSpace.PRIVATE and init is not None:
            raise self.refuse(f"initialiser of shared variable '{c.spelling}'")
        places = self.storage(name, shape, space, addressed, pos)
        if init is not None:
            self.assign(places, self.lanes(init, shape), shape, pos)
        return True

    def storage(self, name: str, shape: ty.VectorShape, space: ir.MemSpace, addressed: bool,
                pos: SourcePos) -> list[str | PointerRef]:
        """The places of a new vector variable's lanes: cells of a one-vector array
        when it is shared or its address is taken, else one private variable each."""
        if space is ir.MemSpace.PRIVATE and not addressed:
            lanes = self.name_lanes(name, shape)
            for lane in lanes:
                self.lw.new_lifetime(lane, pos)
            return list(lanes)
        if name not in self.lw._shared_scalars:  # a declaration inlined again
            self.lw.arrays.append(ir.ArrayDecl(name, shape.element, space, (shape.stride,), pos,
                                               shape.lanes))
            self.lw._shared_scalars.add(name)
        self.lw.new_lifetime(name, pos)
        return [PointerRef.to(name, ir.Const(pos, ir.LONG, k)) for k in range(shape.lanes)]

    def bind(self, name: str, t: ci.Type, values: list[ir.Expr], addressed: bool,
             pos: SourcePos) -> None:
        """An inlined function's vector parameter ``name``, given the argument's lanes."""
        shape = ty.vector_shape(t)
        assert shape is not None
        self.assign(self.storage(name, shape, ir.MemSpace.PRIVATE, addressed, pos), values,
                    shape, pos)

    def returned(self, result: str, operand: ci.Cursor) -> None:
        """``return v;`` at the end of an inlined function returning a vector."""
        names = self.lanes_of[result]
        shape = ty.VectorShape(self.lw.var_types[names[0]], len(names))
        self.assign(list(names), self.lanes(operand, shape), shape, self.lw.pos(operand))

    def name_lanes(self, name: str, shape: ty.VectorShape) -> list[str]:
        names = [ir.lane_name(name, k) for k in range(shape.lanes)]
        for lane in names:
            self.lw._taken.add(lane)
            self.lw.var_types[lane] = shape.element
        self.lanes_of[name] = names
        return names

    # ------------------------------------------------------------ places

    def places(self, c: ci.Cursor) -> list[str | PointerRef]:
        """Where each lane of the vector lvalue ``c`` lives."""
        c = self.peel(c)
        shape = ty.vector_shape(c.type)
        found = self.component(c)
        if found is not None:
            base, picks, arrow = found
            self.lw.note(c, Outcome.LOWERED)
            whole = self.pointed(base) if arrow else self.places(base)
            return [whole[k] for k in picks]
        if shape is None:
            raise self.refuse("vector place of a type that is not a vector")
        kind = kind_of(c)
        if kind == K.DECL_REF_EXPR:
            self.lw.note(c, Outcome.LOWERED)
            self.lw.consume(*children(c))
            decl = c.referenced
            name = self.lw.known_decl(decl) if decl is not None else None
            if name in self.lanes_of:
                return list(self.lanes_of[name])
            if name is not None and name in self.lw._shared_scalars:
                pos = self.lw.pos(c)
                return [PointerRef.to(name, ir.Const(pos, ir.LONG, k)) for k in range(shape.lanes)]
            raise self.refuse(f"vector '{c.spelling}' the front end cannot resolve")
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            self.lw.note(c, Outcome.LOWERED)
            return self.cells(self.lw.pointer_of(c), shape.lanes, self.lw.pos(c))
        if kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
            self.lw.note(c, Outcome.LOWERED)
            return self.pointed(self.only(c))
        raise self.refuse(f"vector assignment target of kind {kind.name if kind else '?'}")

    def pointed(self, pointer: ci.Cursor) -> list[str | PointerRef]:
        """The lanes of the vector a pointer expression points at."""
        unit = ty.unit_type(pointer.type)
        shape = ty.vector_shape(unit) if unit is not None else None
        if shape is None:
            raise self.refuse("pointer to a vector the front end cannot resolve")
        return self.cells(self.lw.pointer(pointer), shape.lanes, self.lw.pos(pointer))

    def cells(self, ref: PointerRef, count: int, pos: SourcePos) -> list[str | PointerRef]:
        """``count`` consecutive cells from ``ref``, its offset fixed once in a variable."""
        offset = ref.offset
        if not isinstance(offset, (ir.Const, ir.Var)):
            fixed = self.lw.fresh(f"{ref.single or 'pointer'}.vec", ir.LONG)
            self.lw.emit(ir.Assign(pos, fixed, offset))
            offset = ir.Var(pos, ir.LONG, fixed)
        return [replace(ref, offset=lower._add(offset, ir.Const(pos, ir.LONG, k), pos)
                        if k else offset) for k in range(count)]

    def lane_place(self, c: ci.Cursor) -> str | PointerRef | None:
        """The one lane a scalar assignment target such as ``v.y`` or ``p[i].x`` names."""
        c = self.peel(c)
        if ty.vector_shape(c.type) is not None or self.component(c) is None:
            return None
        (place,) = self.places(c)
        return place

    def read(self, place: str | PointerRef, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if isinstance(place, str):
            return ir.Var(pos, self.lw.var_types.get(place, t), place)
        return self.lw.load(place, t, pos)

    def write(self, place: str | PointerRef, value: ir.Expr, t: ir.ScalarType,
              pos: SourcePos) -> None:
        self.lw.store_to(place, value, t, pos)

    # ------------------------------------------------------------ values

    def scalar(self, c: ci.Cursor) -> ir.Expr | None:
        """The value of a one-lane component (``v.x``, ``p[i].s3``), else None."""
        if ty.vector_shape(c.type) is not None:
            return None
        found = self.component(c)
        if found is None:
            return None
        self.lw.note(c, Outcome.LOWERED)
        (value,) = self.components(found, ty.VectorShape(ty.scalar_type(c.type), 1),
                                   self.lw.pos(c))
        return value

    def discard(self, c: ci.Cursor) -> None:
        """A vector expression evaluated for its effects (see ``KernelLowering.discard``):
        computed lanes are kept in temporaries so that what can go wrong in them is checked."""
        values = self.value(c)
        if lower._stores_its_value(self.lw.peek(c)):
            return
        pos = self.lw.pos(c)
        for v in values:
            if not isinstance(v, (ir.Const, ir.Var)):
                self.lw.emit(ir.Assign(pos, self.lw.fresh("discarded", v.type), v))

    def lanes(self, c: ci.Cursor, want: ty.VectorShape) -> list[ir.Expr]:
        """The lanes of ``c`` as a ``want``-vector: a scalar is splatted, lanes converted."""
        pos = self.lw.pos(c)
        shape = ty.vector_shape(c.type)
        if shape is None and want.lanes > 1:
            value = self.convert(self.lw.expr(c), want.element, pos)
            return [value] * want.lanes
        values = self.value(c) if shape is not None else [self.lw.expr(c)]
        if len(values) != want.lanes:
            raise self.refuse(f"a {len(values)}-lane value where {want.lanes} lanes are needed")
        return [self.convert(v, want.element, pos) for v in values]

    def value(self, c: ci.Cursor) -> list[ir.Expr]:
        """The lanes of the vector expression ``c``; its side effects are emitted."""
        shape = ty.vector_shape(c.type)
        assert shape is not None
        pos = self.lw.pos(c)
        kind = kind_of(c)
        found = self.component(c) if kind in (K.UNEXPOSED_EXPR, K.ARRAY_SUBSCRIPT_EXPR) \
            else None
        if found is not None:
            self.lw.note(c, Outcome.LOWERED)
            return self.components(found, shape, pos)
        rule = _VALUE_RULES.get(kind) if kind is not None else None
        if rule is None:
            self.lw.note(c, Outcome.REFUSED)
            raise self.refuse(f"vector expression of kind {kind.name if kind else '?'}")
        self.lw.note(c, Outcome.LOWERED)
        return rule(self, c, shape, pos)

    def components(self, found: tuple[ci.Cursor, list[int], bool], shape: ty.VectorShape,
                   pos: SourcePos) -> list[ir.Expr]:
        base, picks, arrow = found
        if arrow or self.is_place(base):
            whole = self.pointed(base) if arrow else self.places(base)
            return [self.read(whole[k], shape.element, pos) for k in picks]
        values = self.value(base)
        return [values[k] for k in picks]

    def is_place(self, c: ci.Cursor) -> bool:
        """Whether ``c`` names a vector object (so that reading a lane reads one cell)."""
        c = self.lw.peek(c)
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
            raise self.refuse("vector expression the front end cannot see into")
        inner = ty.vector_shape(kids[0].type)
        if inner is not None and (inner.lanes != shape.lanes
                                  or inner.element.kind is not shape.element.kind
                                  or inner.element.bits != shape.element.bits):
            raise self.refuse(f"implicit conversion of a vector of {inner.element} to one "
                              f"of {shape.element}")
        return self.lanes(kids[0], shape)

    def paren(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        return self.lanes(self.only(c), shape)

    def named(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        return [self.read(p, shape.element, pos) for p in self.places(c)]

    def literal(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``(float4)(a, b, c, d)``, ``(float4)(a, (float2)(b, c), d)``, ``(int4)(0)``,
        ``{1, 2, 3, 4}``: the elements' lanes in order, or one scalar for all lanes."""
        kids = children(c)
        if kind_of(c) == K.COMPOUND_LITERAL_EXPR:
            self.lw.consume(*(k for k in kids if kind_of(k) == K.TYPE_REF))
            lists = [k for k in kids if kind_of(k) == K.INIT_LIST_EXPR]
            if len(lists) != 1:
                return self.lanes(self.only_expression(kids), shape)
            self.lw.note(lists[0], Outcome.LOWERED)
            kids = children(lists[0])
        parts = self.lw.unsequenced(*(partial(self.element, k, shape) for k in kids))
        flat = [v for part in parts for v in part]
        if len(flat) == 1 and shape.lanes > 1:
            flat = flat * shape.lanes
        if len(flat) != shape.lanes:
            raise self.refuse(f"vector literal with {len(flat)} of {shape.lanes} lanes")
        return [self.convert(v, shape.element, pos) for v in flat]

    def element(self, c: ci.Cursor, shape: ty.VectorShape) -> list[ir.Expr]:
        inner = ty.vector_shape(c.type)
        if inner is None:
            return [self.lw.expr(c)]
        return self.value(c)

    def cast(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``(int4)x``: a scalar is converted and splatted; a vector of another type is
        reinterpreted (clang's bit cast), exact only between integers of one width."""
        *type_names, operand = children(c)
        self.lw.consume(*type_names)
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
        lhs, rhs = self.two(c)
        if op == "=":
            return self.lw.assignment(
                lambda places, values: self.assign(places, self.fixed(values, pos), shape, pos),
                partial(self.places, lhs), partial(self.lanes, rhs, shape))
        if op == ",":
            with self.lw.settled():
                self.lw.discard(lhs)
            return self.lanes(rhs, shape)
        if op in _LANEWISE or op in _COMPARISONS or op in ("&&", "||"):
            operands = self.operand_shape(lhs, rhs)
            a, b = self.lw.unsequenced(partial(self.lanes, lhs, operands),
                                       partial(self.lanes, rhs, operands))
            return [self.lanewise(op, x, y, shape.element, pos)
                    for x, y in zip(a, b, strict=True)]
        raise self.refuse(f"operator '{op}' on vectors")

    def compound(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        op = binary_operator(c)[:-1]
        lhs, rhs = self.two(c)

        def update(places: list[str | PointerRef], operand: list[ir.Expr]) -> list[ir.Expr]:
            operand = self.fixed(operand, pos)
            current = [self.read(p, shape.element, pos) for p in places]
            new = [self.lanewise(op, x, y, shape.element, pos)
                   for x, y in zip(current, operand, strict=True)]
            return self.assign(places, self.fixed(new, pos), shape, pos)
        return self.lw.assignment(update, partial(self.places, lhs),
                                  partial(self.lanes, rhs, shape))

    def unary(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        op = unary_operator(c)
        operand = self.only(c)
        if op == "*":
            return [self.read(p, shape.element, pos) for p in self.pointed(operand)]
        if op in ("pre++", "pre--", "post++", "post--"):
            def step(places: list[str | PointerRef]) -> list[ir.Expr]:
                old = self.fixed([self.read(p, shape.element, pos) for p in places], pos)
                one = ir.Const(pos, shape.element, 1)
                new = self.fixed([self.lanewise("+" if "++" in op else "-", v, one,
                                                shape.element, pos) for v in old], pos)
                self.assign(places, new, shape, pos)
                return old if op.startswith("post") else new
            return self.lw.assignment(step, partial(self.places, operand),
                                      postfix=op.startswith("post"))
        values = self.lanes(operand, shape) if op != "!" else self.value(operand)
        if op == "+":
            return values
        if op in ("-", "~"):
            return [ir.UnOp(pos, shape.element, op, v) for v in values]
        if op == "!":
            zero = ir.Const(pos, values[0].type, 0)
            return [self.mask(ir.BinOp(pos, ir.BOOL, "==", v, zero), shape.element, pos)
                    for v in values]
        raise self.refuse(f"unary operator '{op}' on a vector")

    def conditional(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``s ? a : b``: a scalar ``s`` picks one arm, which alone is evaluated; a vector
        ``s`` is ``select(b, a, s)`` (OpenCL C 6.3.i): both arms evaluated, each lane
        taken from ``a`` where that lane of ``s`` has its top bit set."""
        kids = children(c)
        if len(kids) != 3:
            raise self.refuse("conditional operator without a middle operand")
        if ty.vector_shape(kids[0].type) is not None:
            mask, then, other = self.lw.unsequenced(partial(self.column, kids[0], None),
                                                    partial(self.lanes, kids[1], shape),
                                                    partial(self.lanes, kids[2], shape))
            return [ir.Select(pos, shape.element, self.top_bit(m, pos), a, b)
                    for m, a, b in zip(mask, then, other, strict=True)]
        with self.lw.settled():
            cond = self.lw.condition(kids[0])
        with self.lw.block() as then_stmts:
            then = self.lanes(kids[1], shape)
        with self.lw.block() as else_stmts:
            other = self.lanes(kids[2], shape)
        if not then_stmts and not else_stmts:
            return [ir.Select(pos, shape.element, cond, a, b)
                    for a, b in zip(then, other, strict=True)]
        names = [self.lw.fresh("choice", shape.element) for _ in range(shape.lanes)]
        self.lw.emit(ir.If(pos, cond,
                           [*then_stmts, *(ir.Assign(pos, n, v) for n, v in zip(
                               names, then, strict=True))],
                           [*else_stmts, *(ir.Assign(pos, n, v) for n, v in zip(
                               names, other, strict=True))]))
        return [ir.Var(pos, shape.element, n) for n in names]

    # ------------------------------------------------------------ calls

    def call_value(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """A call returning a vector, complete before its value is (see
        ``KernelLowering.settled``)."""
        with self.lw.settled():
            return self.called(c, shape, pos)

    def called(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """A call returning a vector: a user function inlined, a vector built-in lane
        by lane."""
        info, args = self.lw.call_parts(c)
        if info.kind is CallKind.USER:
            decl = c.referenced
            definition = decl.get_definition() if decl is not None else None
            if definition is None:
                raise self.refuse(f"call to '{c.spelling}', whose body is not in the file")
            result = self.lw.inline(definition, args, ty.scalar_type(c.type), pos)
            if not isinstance(result, ir.Var) or result.name not in self.lanes_of:
                raise self.refuse(f"call to '{c.spelling}', which returns a vector")
            return [ir.Var(pos, shape.element, lane) for lane in self.lanes_of[result.name]]
        return self.builtin(c, info, args, shape, pos)

    def call_scalar(self, c: ci.Cursor, info: CallInfo, args: list[ci.Cursor]) -> ir.Expr | None:
        """A call of a vector built-in (``vstore4``, ``any``, ``convert_int``...) or with
        a vector argument, in a scalar context; None for any other call."""
        vector_args = any(ty.vector_shape(a.type) is not None for a in args)
        if info.kind is CallKind.USER or (info.kind is not CallKind.VECTOR and not vector_args):
            return None  # a user function is inlined, its vector parameters lane by lane
        pos = self.lw.pos(c)
        name = c.spelling
        sized = _SIZED.fullmatch(name)
        if sized is not None and sized.group(1) == "vstore" and len(args) == 3:
            count = int(sized.group(2))
            want = ty.VectorShape(ty.scalar_type(ty.element_type(args[2].type)), count)
            data, offset, pointer = self.lw.unsequenced(
                partial(self.lanes, args[0], want), partial(self.lw.expr, args[1]),
                partial(self.lw.pointer, args[2]))
            for place, value in zip(self.packed(pointer, offset, count, pos), data, strict=True):
                self.write(place, value, want.element, pos)
            return ir.Const(pos, ir.INT, 0)
        if name in ("any", "all") and len(args) == 1:
            tops = [self.top_bit(v, pos) for v in self.column(args[0], None)]
            joined = tops[0]
            for top in tops[1:]:
                joined = ir.BinOp(pos, ir.BOOL, "||" if name == "any" else "&&", joined, top)
            return ir.Select(pos, ir.INT, joined, ir.Const(pos, ir.INT, 1),
                             ir.Const(pos, ir.INT, 0))
        if info.kind is CallKind.UNSUPPORTED:
            raise self.refuse(info.reason)
        if vector_args and name not in _GEOMETRIC:
            raise self.refuse(f"call to '{name}' with a vector argument and a scalar result")
        (value,) = self.builtin(c, info, args, ty.VectorShape(ty.scalar_type(c.type), 1), pos)
        return value

    def builtin(self, c: ci.Cursor, info: CallInfo, args: list[ci.Cursor],
                shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """A built-in whose result has the lanes of ``shape`` (one for a scalar result)."""
        name = c.spelling
        sized = _SIZED.fullmatch(name)
        if sized and sized.group(1) == "vload" and len(args) == 2:
            offset, pointer = self.lw.unsequenced(partial(self.lw.expr, args[0]),
                                                  partial(self.lw.pointer, args[1]))
            return [self.read(p, shape.element, pos) for p in self.packed(
                pointer, offset, shape.lanes, pos)]
        if name.startswith("convert_") and len(args) == 1:
            return [ir.Cast(pos, shape.element, v) for v in self.column(args[0], shape)]
        if name.startswith("as_") and len(args) == 1:
            return self.reinterpret(args[0], shape, pos)
        if name in ("shuffle", "shuffle2"):
            return self.shuffle(args, shape, pos)
        if name == "select" and len(args) == 3:
            return self.select(args, shape, pos)
        if name in _GEOMETRIC:
            columns = self.lw.unsequenced(*(partial(self.column, a, None) for a in args))
            every = tuple(v for column in columns for v in column)
            return [ir.Opaque(pos, shape.element, f"{name} lane {k}", every)
                    for k in range(shape.lanes)]
        if info.kind is CallKind.PURE or name in ("min", "max", "abs", "clamp", "pown"):
            return self.lanewise_call(c, args, shape, pos)
        raise self.refuse(info.reason or f"built-in '{name}' on vectors")

    def packed(self, pointer: PointerRef, offset: ir.Expr, count: int,
               pos: SourcePos) -> list[str | PointerRef]:
        """The ``count`` scalars ``vloadN``/``vstoreN`` move: ``p[offset*count + k]``."""
        start = ir.BinOp(pos, ir.LONG, "*", self.lw.index(offset, pos),
                         ir.Const(pos, ir.LONG, count))
        return self.cells(replace(pointer, offset=lower._add(pointer.offset, start, pos)), count,
                          pos)

    def reinterpret(self, arg: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``as_int4(x)``: the same bits read as another type; exact between integers of
        one width, opaque lanes otherwise."""
        source = ty.vector_shape(arg.type)
        values = self.column(arg, None)
        if (source is not None and source.lanes == shape.lanes
                and source.element.kind is ir.TypeKind.INT
                and shape.element.kind is ir.TypeKind.INT
                and source.element.bits == shape.element.bits):
            return [ir.Cast(pos, shape.element, v) for v in values]
        return [ir.Opaque(pos, shape.element, f"as_{shape.element} lane {k}", tuple(values))
                for k in range(shape.lanes)]

    def shuffle(self, args: list[ci.Cursor], shape: ty.VectorShape,
                pos: SourcePos) -> list[ir.Expr]:
        """``shuffle(x, mask)``/``shuffle2(x, y, mask)``: lane ``k`` of the result is
        lane ``mask[k]`` (its low bits only) of ``x`` (then ``y``)."""
        if len(args) not in (2, 3):
            raise self.refuse("shuffle with an unexpected number of arguments")
        parts = self.lw.unsequenced(*(partial(self.column, a, None) for a in args))
        *sources, mask = parts
        pool = [v for part in sources for v in part]
        if len(pool) & (len(pool) - 1):
            raise self.refuse("shuffle of a vector whose lane count is not a power of two")
        result = []
        for m in mask:
            low = ir.BinOp(pos, m.type, "&", m, ir.Const(pos, m.type, len(pool) - 1))
            pick = pool[-1]
            for j in range(len(pool) - 2, -1, -1):
                hit = ir.BinOp(pos, ir.BOOL, "==", low, ir.Const(pos, m.type, j))
                pick = ir.Select(pos, shape.element, hit, pool[j], pick)
            result.append(self.lw.coerce(pick, shape.element, pos))
        return result

    def select(self, args: list[ci.Cursor], shape: ty.VectorShape,
               pos: SourcePos) -> list[ir.Expr]:
        """``select(a, b, c)``: lane ``k`` is ``b[k]`` where ``c[k]``'s top bit is set
        (for scalars: where ``c`` is not zero)."""
        a, b, c = self.lw.unsequenced(partial(self.lanes, args[0], shape),
                                      partial(self.lanes, args[1], shape),
                                      partial(self.column, args[2], None))
        vector = ty.vector_shape(args[2].type) is not None
        out = []
        for x, y, z in zip(a, b, c, strict=True):
            pick = self.top_bit(z, pos) if vector else self.lw.coerce(z, ir.BOOL, pos)
            out.append(ir.Select(pos, shape.element, pick, y, x))
        return out

    def lanewise_call(self, c: ci.Cursor, args: list[ci.Cursor], shape: ty.VectorShape,
                      pos: SourcePos) -> list[ir.Expr]:
        """A math built-in applied lane by lane: ``min``/``max``/``abs``/``clamp`` of
        integers exactly, anything else pure as an opaque value of its lanes."""
        name = c.spelling
        columns = self.lw.unsequenced(*(partial(self.column, a, shape) for a in args))
        exact = shape.element.kind is ir.TypeKind.INT and name in ("min", "max", "abs", "clamp")
        out = []
        for k in range(shape.lanes):
            lane_args = [col[k] for col in columns]
            if not exact:
                out.append(ir.Opaque(pos, shape.element, name, tuple(lane_args)))
                continue
            if name == "clamp":
                x, lo, hi = lane_args
                low = self.lw.min_max_abs("max", [x, lo], shape.element, pos)
                out.append(self.lw.min_max_abs("min", [low, hi], shape.element, pos))
            else:
                out.append(self.lw.min_max_abs(name, lane_args, shape.element, pos))
        return out

    def column(self, arg: ci.Cursor, result: ty.VectorShape | None) -> list[ir.Expr]:
        """An argument's lanes in its own element type: a vector's lanes, or a scalar
        splatted to the lanes of ``result`` (kept as one lane when ``result`` is None)."""
        own = ty.vector_shape(arg.type)
        if own is not None:
            return self.value(arg)
        value = self.lw.expr(arg)
        return [value] * (result.lanes if result is not None else 1)

    # ------------------------------------------------------------ helpers

    def convert(self, v: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        """``v`` converted to lane type ``t``; a small integer literal becomes the float
        literal it converts to exactly (``(float4)(1, 2, 3, 4)``), so that equal
        literals stay equal values."""
        inner = v.operand if isinstance(v, ir.Cast) and v.type.kind is t.kind else v
        if (isinstance(inner, ir.Const) and t.kind is ir.TypeKind.FLOAT
                and inner.type.kind is ir.TypeKind.INT and not isinstance(inner.value, bool)
                and abs(int(inner.value)) <= 1 << 24):  # every such integer is a float
            return ir.Const(pos, t, float(inner.value))
        return self.lw.coerce(v, t, pos)

    def assign(self, places: list[str | PointerRef], values: list[ir.Expr],
               shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        for place, value in zip(places, values, strict=True):
            self.write(place, value, shape.element, pos)
        return values

    def fixed(self, values: list[ir.Expr], pos: SourcePos) -> list[ir.Expr]:
        """Values kept in temporaries, so that writing one lane (``v.xy = v.yx``) cannot
        change the value written to the next."""
        out: list[ir.Expr] = []
        for v in values:
            if isinstance(v, ir.Const):
                out.append(v)
                continue
            name = self.lw.fresh("lane", v.type)
            self.lw.emit(ir.Assign(pos, name, v))
            out.append(ir.Var(pos, v.type, name))
        return out

    def operand_shape(self, lhs: ci.Cursor, rhs: ci.Cursor) -> ty.VectorShape:
        """The lanes both operands of a binary operator are converted to."""
        for side in (lhs, rhs):
            shape = ty.vector_shape(side.type)
            if shape is not None:
                return shape
        raise self.refuse("vector operator without a vector operand")

    def lanewise(self, op: str, a: ir.Expr, b: ir.Expr, t: ir.ScalarType,
                 pos: SourcePos) -> ir.Expr:
        """One lane of ``a op b``; a comparison, ``&&`` or ``||`` gives -1 (true) or 0 in
        lane type ``t`` (on vectors both operands of ``&&``/``||`` are evaluated)."""
        if op in _COMPARISONS:
            return self.mask(ir.BinOp(pos, ir.BOOL, op, a, b), t, pos)
        if op in ("&&", "||"):
            truth = [ir.BinOp(pos, ir.BOOL, "!=", v, ir.Const(pos, v.type, 0)) for v in (a, b)]
            return self.mask(ir.BinOp(pos, ir.BOOL, op, *truth), t, pos)
        return ir.BinOp(pos, t, op, a, b)

    @staticmethod
    def mask(cond: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        return ir.Select(pos, t, cond, ir.Const(pos, t, -1), ir.Const(pos, t, 0))

    @staticmethod
    def top_bit(v: ir.Expr, pos: SourcePos) -> ir.Expr:
        """Whether the integer ``v``'s top bit is set (it is negative read as signed)."""
        if v.type.kind is not ir.TypeKind.INT:
            raise VectorLowering.refuse(f"top bit of a {v.type} lane")
        signed = v if v.type.signed else ir.Cast(pos, ir.ScalarType(
            ir.TypeKind.INT, v.type.bits, True, f"int{v.type.bits}"), v)
        return ir.BinOp(pos, ir.BOOL, "<", signed, ir.Const(pos, signed.type, 0))

    def peel(self, c: ci.Cursor) -> ci.Cursor:
        """``c`` under parentheses and conversions that keep the object (noted as lowered)."""
        while kind_of(c) in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = children(c)
            if len(kids) != 1 or (c.kind == K.UNEXPOSED_EXPR and not is_value_wrapper(c, kids)):
                return c
            self.lw.note(c, Outcome.LOWERED)
            c = kids[0]
        return c

    def only(self, c: ci.Cursor) -> ci.Cursor:
        kids = children(c)
        if len(kids) != 1:
            raise self.refuse(f"{c.kind.name} with {len(kids)} operands")
        return kids[0]

    def only_expression(self, kids: list[ci.Cursor]) -> ci.Cursor:
        exprs = [k for k in kids if kind_of(k) is not None and k.kind.is_expression()]
        if len(exprs) != 1:
            raise self.refuse("vector literal the front end cannot read")
        return exprs[0]

    def two(self, c: ci.Cursor) -> tuple[ci.Cursor, ci.Cursor]:
        kids = children(c)
        if len(kids) != 2:
            raise self.refuse(f"{c.kind.name} with {len(kids)} operands")
        return kids[0], kids[1]

    @staticmethod
    def refuse(construct: str) -> Exception:
        return lower.UnsupportedConstruct(construct)


_Rule = Callable[[VectorLowering, ci.Cursor, ty.VectorShape, SourcePos], list[ir.Expr]]
_VALUE_RULES: dict[ci.CursorKind, _Rule] = {
    K.PAREN_EXPR: VectorLowering.paren,
    K.UNEXPOSED_EXPR: VectorLowering.wrapper,
    K.DECL_REF_EXPR: VectorLowering.named,
    K.ARRAY_SUBSCRIPT_EXPR: VectorLowering.named,
    K.COMPOUND_LITERAL_EXPR: VectorLowering.literal,
    K.INIT_LIST_EXPR: VectorLowering.literal,
    K.CSTYLE_CAST_EXPR: VectorLowering.cast,
    K.BINARY_OPERATOR: VectorLowering.binary,
    K.COMPOUND_ASSIGNMENT_OPERATOR: VectorLowering.compound,
    K.UNARY_OPERATOR: VectorLowering.unary,
    K.CONDITIONAL_OPERATOR: VectorLowering.conditional,
    K.CALL_EXPR: VectorLowering.call_value,
}
