"""Built-ins that make or take vectors, and calls that return one.

``vloadN``/``vstoreN`` move ``N`` consecutive scalars (``vload3(i, q)`` reads
``q[3*i + 0 .. 2]``), ``convert_*`` and ``as_*`` convert or reinterpret lane
by lane, ``shuffle``, ``select``, ``any``/``all`` pick and test lanes, the
geometric functions give lanes that depend on every lane, and other math
built-ins apply lane by lane (integer ``min``/``max``/``abs``/``clamp``
exactly, the rest as opaque values).  A function of the kernel's own that
returns a vector is inlined (:mod:`.lower_calls`) and its result read lane by
lane.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallInfo, CallKind
from veriscan.frontend.intrinsics import exact_int, saturated
from veriscan.frontend.lower_calls import min_max_abs, overload_name
from veriscan.frontend.lower_expressions import coerce
from veriscan.frontend.lower_pointers import index
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct
from veriscan.frontend.pointers import PointerRef, add_offset
from veriscan.frontend.vectors import top_bit
from veriscan.ir import nodes as ir

_SIZED = re.compile(r"(vload|vstore)(2|3|4|8|16)")
# convert_T_sat, convert_T_rte and the like: not the plain conversion a cast is.
_MODIFIED = re.compile(r"_(sat|rte|rtz|rtp|rtn)(_|$)")
# Geometric functions (6.12.5): every lane of the result depends on every lane.
_GEOMETRIC = {"dot", "length", "distance", "normalize", "cross", "fast_length",
              "fast_distance", "fast_normalize"}


class VectorBuiltins(Translator):
    """Vector built-ins and calls returning vectors, lane by lane."""

    def call_value(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """A call returning a vector, complete before its value is (see
        :meth:`.lower_sequencing.Sequencing.settled`)."""
        with self.seq.settled():
            return self.called(c, shape, pos)

    def called(self, c: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """A call returning a vector: a user function inlined, a vector built-in lane
        by lane."""
        info, args = self.calls.call_parts(c)
        if info.kind is CallKind.USER:
            decl = c.referenced
            definition = decl.get_definition() if decl is not None else None
            if definition is None:
                raise UnsupportedConstruct(f"call to '{c.spelling}', whose body is not in the "
                                           "file")
            result = self.calls.inline(definition, args, ty.scalar_type(c.type), pos)
            if not isinstance(result, ir.Var) or result.name not in self.vectors.lanes_of:
                raise UnsupportedConstruct(f"call to '{c.spelling}', which returns a vector")
            return [ir.Var(pos, shape.element, lane)
                    for lane in self.vectors.lanes_of[result.name]]
        return self.builtin(c, info, args, shape, pos)

    def call_scalar(self, c: ci.Cursor, info: CallInfo, args: list[ci.Cursor]) -> ir.Expr | None:
        """A call of a vector built-in (``vstore4``, ``any``, ``convert_int``...) or with
        a vector argument, in a scalar context; None for any other call."""
        vector_args = any(ty.vector_shape(a.type) is not None for a in args)
        if info.kind is CallKind.USER or (info.kind is not CallKind.VECTOR and not vector_args):
            return None  # a user function is inlined, its vector parameters lane by lane
        pos = self.low.pos(c)
        name = c.spelling
        sized = _SIZED.fullmatch(name)
        if sized is not None and sized.group(1) == "vstore" and len(args) == 3:
            count = int(sized.group(2))
            want = ty.VectorShape(ty.scalar_type(ty.element_type(args[2].type)), count)
            data, offset, pointer = self.seq.unsequenced(
                partial(self.vector_values.lanes, args[0], want),
                partial(self.exprs.expr, args[1]), partial(self.ptrs.pointer, args[2]))
            for place, value in zip(self.packed(pointer, offset, count, pos), data, strict=True):
                self.vectors.write(place, value, want.element, pos)
            return ir.Const(pos, ir.INT, 0)
        if name in ("any", "all") and len(args) == 1:
            tops = [top_bit(v, pos) for v in self.vector_values.column(args[0], None)]
            joined = tops[0]
            for top in tops[1:]:
                joined = ir.BinOp(pos, ir.BOOL, "||" if name == "any" else "&&", joined, top)
            return ir.Select(pos, ir.INT, joined, ir.Const(pos, ir.INT, 1),
                             ir.Const(pos, ir.INT, 0))
        if info.kind is CallKind.UNSUPPORTED:
            raise UnsupportedConstruct(info.reason)
        if vector_args and name not in _GEOMETRIC:
            raise UnsupportedConstruct(f"call to '{name}' with a vector argument and a scalar "
                                       "result")
        (value,) = self.builtin(c, info, args, ty.VectorShape(ty.scalar_type(c.type), 1), pos)
        return value

    def builtin(self, c: ci.Cursor, info: CallInfo, args: list[ci.Cursor],
                shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """A built-in whose result has the lanes of ``shape`` (one for a scalar result)."""
        name = c.spelling
        sized = _SIZED.fullmatch(name)
        if sized and sized.group(1) == "vload" and len(args) == 2:
            offset, pointer = self.seq.unsequenced(partial(self.exprs.expr, args[0]),
                                                   partial(self.ptrs.pointer, args[1]))
            return [self.vectors.read(p, shape.element, pos) for p in self.packed(
                pointer, offset, shape.lanes, pos)]
        if name.startswith("convert_") and len(args) == 1:
            if _MODIFIED.search(name):  # saturation and rounding are not a C cast
                return self.modified_conversion(c, args[0], shape, pos)
            return [ir.Cast(pos, shape.element, v)
                    for v in self.vector_values.column(args[0], shape)]
        if info.kind is CallKind.EXACT_INT:  # upsample of vectors, lane by lane
            columns = self.seq.unsequenced(*(partial(self.vector_values.column, a, None)
                                             for a in args))
            return [exact_int(info.op, [col[k] for col in columns], shape.element, pos)
                    for k in range(shape.lanes)]
        if name.startswith("as_") and len(args) == 1:
            return self.reinterpret(args[0], shape, pos)
        if name in ("shuffle", "shuffle2"):
            return self.shuffle(args, shape, pos)
        if name == "select" and len(args) == 3:
            return self.select(args, shape, pos)
        if name in _GEOMETRIC:
            columns = self.seq.unsequenced(*(partial(self.vector_values.column, a, None)
                                             for a in args))
            every = tuple(v for column in columns for v in column)
            return [ir.Opaque(pos, shape.element, f"{overload_name(c)} lane {k}", every)
                    for k in range(shape.lanes)]
        if info.kind is CallKind.PURE or name in ("min", "max", "abs", "clamp", "pown"):
            return self.lanewise_call(c, args, shape, pos)
        raise UnsupportedConstruct(info.reason or f"built-in '{name}' on vectors")

    def modified_conversion(self, c: ci.Cursor, arg: ci.Cursor, shape: ty.VectorShape,
                            pos: SourcePos) -> list[ir.Expr]:
        """``convert_T_sat``/``convert_T_rtX``: between integer types exact (a rounding
        mode changes no integer; ``_sat`` clamps to ``T``'s range, else the value wraps
        as a cast does, 6.2.3.3); from or to a floating type an uninterpreted function
        of the lane, one per overload (the float model has no such rounding)."""
        values = self.vector_values.column(arg, None)
        if shape.element.kind is ir.TypeKind.INT and all(v.type.kind is ir.TypeKind.INT
                                                         for v in values):
            if "_sat" not in c.spelling:
                return [ir.Cast(pos, shape.element, v) for v in values]
            return [saturated(ir.Cast(pos, _wide(v.type, shape.element), v), shape.element,
                              pos) for v in values]
        overload = overload_name(c)
        return [ir.Opaque(pos, shape.element, overload if shape.lanes == 1 else
                          f"{overload} lane {k}", (v,)) for k, v in enumerate(values)]

    def packed(self, pointer: PointerRef, offset: ir.Expr, count: int,
               pos: SourcePos) -> list[str | PointerRef]:
        """The ``count`` scalars ``vloadN``/``vstoreN`` move: ``p[offset*count + k]``."""
        start = ir.BinOp(pos, ir.LONG, "*", index(offset, pos),
                         ir.Const(pos, ir.LONG, count))
        return self.vectors.cells(replace(pointer, offset=add_offset(pointer.offset, start,
                                                                     pos)), count, pos)

    def reinterpret(self, arg: ci.Cursor, shape: ty.VectorShape, pos: SourcePos) -> list[ir.Expr]:
        """``as_int4(x)``: the same bits read as another type; exact between integers of
        one width, opaque lanes otherwise."""
        source = ty.vector_shape(arg.type)
        values = self.vector_values.column(arg, None)
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
            raise UnsupportedConstruct("shuffle with an unexpected number of arguments")
        parts = self.seq.unsequenced(*(partial(self.vector_values.column, a, None)
                                       for a in args))
        *sources, mask = parts
        pool = [v for part in sources for v in part]
        if len(pool) & (len(pool) - 1):
            raise UnsupportedConstruct("shuffle of a vector whose lane count is not a power of "
                                       "two")
        result: list[ir.Expr] = []
        for m in mask:
            low = ir.BinOp(pos, m.type, "&", m, ir.Const(pos, m.type, len(pool) - 1))
            pick = pool[-1]
            for j in range(len(pool) - 2, -1, -1):
                hit = ir.BinOp(pos, ir.BOOL, "==", low, ir.Const(pos, m.type, j))
                pick = ir.Select(pos, shape.element, hit, pool[j], pick)
            result.append(coerce(pick, shape.element, pos))
        return result

    def select(self, args: list[ci.Cursor], shape: ty.VectorShape,
               pos: SourcePos) -> list[ir.Expr]:
        """``select(a, b, c)``: lane ``k`` is ``b[k]`` where ``c[k]``'s top bit is set
        (for scalars: where ``c`` is not zero)."""
        a, b, c = self.seq.unsequenced(partial(self.vector_values.lanes, args[0], shape),
                                       partial(self.vector_values.lanes, args[1], shape),
                                       partial(self.vector_values.column, args[2], None))
        vector = ty.vector_shape(args[2].type) is not None
        out: list[ir.Expr] = []
        for x, y, z in zip(a, b, c, strict=True):
            pick = top_bit(z, pos) if vector else coerce(z, ir.BOOL, pos)
            out.append(ir.Select(pos, shape.element, pick, y, x))
        return out

    def lanewise_call(self, c: ci.Cursor, args: list[ci.Cursor], shape: ty.VectorShape,
                      pos: SourcePos) -> list[ir.Expr]:
        """A math built-in applied lane by lane: ``min``/``max``/``abs``/``clamp`` of
        integers exactly, anything else pure as an opaque value of its lanes."""
        name = c.spelling
        columns = self.seq.unsequenced(*(partial(self.vector_values.column, a, shape)
                                         for a in args))
        exact = shape.element.kind is ir.TypeKind.INT and name in ("min", "max", "abs", "clamp")
        # the overload called (exp of a float4 or a double4), and the lane of its result
        overload = None if exact else overload_name(c)
        out: list[ir.Expr] = []
        for k in range(shape.lanes):
            lane_args = [col[k] for col in columns]
            if overload is not None:
                lane = overload if shape.lanes == 1 else f"{overload} lane {k}"
                out.append(ir.Opaque(pos, shape.element, lane, tuple(lane_args)))
                continue
            if name == "clamp":
                x, lo, hi = lane_args
                # OpenCL leaves clamp undefined for minval > maxval: implementations
                # differ in which bound wins, so the exact formula below holds only then.
                self.low.emit(ir.Assert(pos, ir.BinOp(pos, ir.BOOL, "<=", lo, hi),
                                        "clamp with minval > maxval"))
                low = min_max_abs("max", [x, lo], shape.element, pos)
                out.append(min_max_abs("min", [low, hi], shape.element, pos))
            else:
                out.append(min_max_abs(name, lane_args, shape.element, pos))
        return out


def _wide(a: ir.ScalarType, b: ir.ScalarType) -> ir.ScalarType:
    """A signed integer type holding every value of integer types ``a`` and ``b``."""
    return ir.ScalarType(ir.TypeKind.INT, 2 * max(a.bits, b.bits), True)
