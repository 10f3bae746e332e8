"""Lower OpenCL vector values (``float4``, ``int3``, ...) lane by lane.

The IR has scalars only, so a vector is lowered to one scalar per lane:

* a private vector variable ``v`` becomes the variables ``v.s0``, ``v.s1``,
  ... (:func:`~veriscan.ir.nodes.lane_name`), a by-value vector parameter
  likewise;
* memory holding vectors is memory of scalars: ``float4 *p`` is a pointer to
  floats and ``p[i]`` the cells ``4*i + 0 .. 4*i + 3``
  (:func:`~veriscan.frontend.types.vector_shape`: a 3-vector takes 4 cells),
  so ``p[i].y = x`` is a store to the one cell ``4*i + 1``, and ``vload3(i, q)``
  reads ``q[3*i + 0 .. 2]``;
* an expression of vector type is lowered to a list of lane expressions, with
  OpenCL's component-wise meaning: arithmetic per lane, comparisons giving
  ``-1``/``0`` per lane, literals ``(float4)(a, (float2)(b, c), d)`` and
  splats, swizzles on either side of an assignment.

Accessing one component of a vector in memory is an access to that lane
(its value, bounds and initialisation are the lane's), but for races the
lanes of one vector are one memory location (:mod:`veriscan.smt.races`):
clang without optimisation reads and writes back the whole vector to store one
lane, and Oclgrind reports two work-items' lanes of one vector as a race.
Bit reinterpretations other than between integers of one width (``as_float4``
of an ``int4``) give opaque lanes.  What cannot be modelled lane by lane (a
vector subscript that is not a constant, a function without a body) is
refused as :class:`~veriscan.frontend.lower_rules.UnsupportedConstruct`, so the
verdict is unknown.

Vectors are lowered by three translators: :class:`VectorLowering` here, for
the places of a vector's lanes (variables, cells) and the declarations that
make them; :mod:`.vector_values` for expressions of vector type; and
:mod:`.vector_builtins` for the built-ins that make or take vectors.  They
work through the kernel's lowering (:mod:`.lower`), which calls them where a
vector can appear, so that scalar operands, pointers and statements are
lowered by the one set of rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import unary_operator
from veriscan.frontend.cursors import Outcome, children, is_value_wrapper, kind_of
from veriscan.frontend.lower_expressions import COMPARISONS, coerce
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct, only_child
from veriscan.frontend.pointers import PointerRef, add_offset
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind
_XYZW = "xyzw"
_HALVES = {"lo", "hi", "even", "odd"}


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


class VectorLowering(Translator):
    """The places of vectors' lanes (see the module doc), and the declarations
    that make them."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        self.lanes_of: dict[str, list[str]] = {}  # private vector -> its lane variables

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
            index = self.exprs.constant(kids[1], "vector subscript")
            if shape is None or not isinstance(index, int) or not 0 <= index < shape.lanes:
                raise UnsupportedConstruct("vector subscript that is not a constant lane")
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
            raise UnsupportedConstruct(f"component '.{tokens[-1]}' beyond the lanes of a "
                                       f"{shape.lanes}-vector")
        return base, picks, arrow

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
            raise UnsupportedConstruct(f"initialiser of shared variable '{c.spelling}'")
        places = self.storage(name, shape, space, addressed, pos)
        if init is not None:
            self.assign(places, self.vector_values.lanes(init, shape), shape, pos)
        return True

    def storage(self, name: str, shape: ty.VectorShape, space: ir.MemSpace, addressed: bool,
                pos: SourcePos) -> list[str | PointerRef]:
        """The places of a new vector variable's lanes: cells of a one-vector array
        when it is shared or its address is taken, else one private variable each."""
        if space is ir.MemSpace.PRIVATE and not addressed:
            lanes = self.name_lanes(name, shape)
            for lane in lanes:
                self.decls.new_lifetime(lane, pos)
            return list(lanes)
        if name not in self.decls.shared_scalars:  # a declaration inlined again
            self.low.arrays.append(ir.ArrayDecl(name, shape.element, space, (shape.stride,),
                                                pos, shape.lanes))
            self.decls.shared_scalars.add(name)
        self.decls.new_lifetime(name, pos)
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
        shape = ty.VectorShape(self.low.var_types[names[0]], len(names))
        self.assign(list(names), self.vector_values.lanes(operand, shape), shape,
                    self.low.pos(operand))

    def name_lanes(self, name: str, shape: ty.VectorShape) -> list[str]:
        """The variables of private vector ``name``, one per lane."""
        names = [ir.lane_name(name, k) for k in range(shape.lanes)]
        for lane in names:
            self.low.taken.add(lane)
            self.low.var_types[lane] = shape.element
        self.lanes_of[name] = names
        return names

    def places(self, c: ci.Cursor) -> list[str | PointerRef]:
        """Where each lane of the vector lvalue ``c`` lives."""
        c = self.peel(c)
        shape = ty.vector_shape(c.type)
        found = self.component(c)
        if found is not None:
            base, picks, arrow = found
            self.low.note(c, Outcome.LOWERED)
            whole = self.pointed(base) if arrow else self.places(base)
            return [whole[k] for k in picks]
        if shape is None:
            raise UnsupportedConstruct("vector place of a type that is not a vector")
        kind = kind_of(c)
        if kind == K.DECL_REF_EXPR:
            self.low.note(c, Outcome.LOWERED)
            self.low.consume(*children(c))
            decl = c.referenced
            name = self.low.known_decl(decl) if decl is not None else None
            if name in self.lanes_of:
                return list(self.lanes_of[name])
            if name is not None and name in self.decls.shared_scalars:
                pos = self.low.pos(c)
                return [PointerRef.to(name, ir.Const(pos, ir.LONG, k))
                        for k in range(shape.lanes)]
            raise UnsupportedConstruct(f"vector '{c.spelling}' the front end cannot resolve")
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            self.low.note(c, Outcome.LOWERED)
            return self.cells(self.ptrs.pointer_of(c), shape.lanes, self.low.pos(c))
        if kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
            self.low.note(c, Outcome.LOWERED)
            return self.pointed(only_child(c))
        raise UnsupportedConstruct("vector assignment target of kind "
                                   f"{kind.name if kind else '?'}")

    def pointed(self, pointer: ci.Cursor) -> list[str | PointerRef]:
        """The lanes of the vector a pointer expression points at."""
        unit = ty.unit_type(pointer.type)
        shape = ty.vector_shape(unit) if unit is not None else None
        if shape is None:
            raise UnsupportedConstruct("pointer to a vector the front end cannot resolve")
        return self.cells(self.ptrs.pointer(pointer), shape.lanes, self.low.pos(pointer))

    def cells(self, ref: PointerRef, count: int, pos: SourcePos) -> list[str | PointerRef]:
        """``count`` consecutive cells from ``ref``, its offset fixed once in a variable."""
        offset = ref.offset
        if not isinstance(offset, (ir.Const, ir.Var)):
            fixed = self.low.fresh(f"{ref.single or 'pointer'}.vec", ir.LONG)
            self.low.emit(ir.Assign(pos, fixed, offset))
            offset = ir.Var(pos, ir.LONG, fixed)
        return [replace(ref, offset=add_offset(offset, ir.Const(pos, ir.LONG, k), pos)
                        if k else offset) for k in range(count)]

    def lane_place(self, c: ci.Cursor) -> str | PointerRef | None:
        """The one lane a scalar assignment target such as ``v.y`` or ``p[i].x`` names."""
        c = self.peel(c)
        if ty.vector_shape(c.type) is not None or self.component(c) is None:
            return None
        (place,) = self.places(c)
        return place

    def read(self, place: str | PointerRef, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        """The value of one lane, in its variable or its cell."""
        if isinstance(place, str):
            return ir.Var(pos, self.low.var_types.get(place, t), place)
        return self.ptrs.load(place, t, pos)

    def write(self, place: str | PointerRef, value: ir.Expr, t: ir.ScalarType,
              pos: SourcePos) -> None:
        """``value`` stored to one lane, as any scalar is stored."""
        self.assigns.store_to(place, value, t, pos)

    def assign(self, places: list[str | PointerRef], values: list[ir.Expr],
               shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """Each lane's value written to its place; the values."""
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
            name = self.low.fresh("lane", v.type)
            self.low.emit(ir.Assign(pos, name, v))
            out.append(ir.Var(pos, v.type, name))
        return out

    def peel(self, c: ci.Cursor) -> ci.Cursor:
        """``c`` under parentheses and conversions that keep the object (noted as lowered)."""
        while kind_of(c) in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = children(c)
            if len(kids) != 1 or (c.kind == K.UNEXPOSED_EXPR and not is_value_wrapper(c, kids)):
                return c
            self.low.note(c, Outcome.LOWERED)
            c = kids[0]
        return c



def convert(v: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
    """``v`` converted to lane type ``t``; a small integer literal becomes the float
    literal it converts to exactly (``(float4)(1, 2, 3, 4)``), so that equal
    literals stay equal values."""
    inner = v.operand if isinstance(v, ir.Cast) and v.type.kind is t.kind else v
    if (isinstance(inner, ir.Const) and t.kind is ir.TypeKind.FLOAT
            and inner.type.kind is ir.TypeKind.INT and not isinstance(inner.value, bool)
            and abs(int(inner.value)) <= 1 << 24):  # every such integer is a float
        return ir.Const(pos, t, float(inner.value))
    return coerce(v, t, pos)


def operand_shape(lhs: ci.Cursor, rhs: ci.Cursor) -> ty.VectorShape:
    """The lanes both operands of a binary operator are converted to."""
    for side in (lhs, rhs):
        shape = ty.vector_shape(side.type)
        if shape is not None:
            return shape
    raise UnsupportedConstruct("vector operator without a vector operand")


def lanewise(op: str, a: ir.Expr, b: ir.Expr, t: ir.ScalarType,
             pos: SourcePos) -> ir.Expr:
    """One lane of ``a op b``; a comparison, ``&&`` or ``||`` gives -1 (true) or 0 in
    lane type ``t`` (on vectors both operands of ``&&``/``||`` are evaluated)."""
    if op in COMPARISONS:
        return mask(ir.BinOp(pos, ir.BOOL, op, a, b), t, pos)
    if op in ("&&", "||"):
        truth = [ir.BinOp(pos, ir.BOOL, "!=", v, ir.Const(pos, v.type, 0)) for v in (a, b)]
        return mask(ir.BinOp(pos, ir.BOOL, op, *truth), t, pos)
    return ir.BinOp(pos, t, op, a, b)


def mask(cond: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
    """A lane of a vector comparison: -1 (every bit set) where ``cond`` holds, else 0."""
    return ir.Select(pos, t, cond, ir.Const(pos, t, -1), ir.Const(pos, t, 0))


def top_bit(v: ir.Expr, pos: SourcePos) -> ir.Expr:
    """Whether the integer ``v``'s top bit is set (it is negative read as signed)."""
    if v.type.kind is not ir.TypeKind.INT:
        raise UnsupportedConstruct(f"top bit of a {v.type} lane")
    signed = v if v.type.signed else ir.Cast(pos, ir.ScalarType(
        ir.TypeKind.INT, v.type.bits, True, f"int{v.type.bits}"), v)
    return ir.BinOp(pos, ir.BOOL, "<", signed, ir.Const(pos, signed.type, 0))
