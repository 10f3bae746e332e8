"""Lowering of built-ins the IR spells out: atomics, async copies, exact integer math.

These calls have no body to inline, but their meaning is fixed by OpenCL C
(6.12.10, 6.12.11) and CUDA, so they become ordinary IR with a mark:

* an atomic read-modify-write becomes a :class:`~veriscan.ir.nodes.Load` and a
  :class:`~veriscan.ir.nodes.Store` of the same cell, both ``atomic``, the stored
  value computed from the old one exactly as the built-in does; the call's value
  is the old value, which the race check knows only as "read from memory";
* ``async_work_group_copy``/``async_work_group_strided_copy`` become a
  :class:`~veriscan.ir.nodes.GroupCopy` whose event is a private value, and
  ``wait_group_events`` a :class:`~veriscan.ir.nodes.WaitEvents` naming the events
  it waits for; what the copy means for races is decided in
  :mod:`veriscan.smt.execute`;
* integer built-ins with a definition in terms of C arithmetic (``add_sat``,
  ``mul_hi``, ``rotate``, ``mul24`` ...) become that arithmetic, computed in a type
  twice as wide where C's would overflow; where OpenCL leaves the result
  implementation-defined (``mul24`` outside 24 bits) it is an uninterpreted value;
* math functions returning a second result through a pointer (``sincos``) store an
  uninterpreted function of their arguments there.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallInfo, CallKind
from veriscan.frontend.lower_expressions import coerce
from veriscan.frontend.lower_pointers import index
from veriscan.frontend.lower_rules import UnsupportedConstruct
from veriscan.frontend.pointers import is_valid_target
from veriscan.ir import nodes as ir
from veriscan.ir.int_range import value_range

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

# Operands after the pointer, per operation.
_ARITY = {"inc": 0, "dec": 0, "cmpxchg": 2}
_BITWISE = {"and": "&", "or": "|", "xor": "^"}
KINDS = frozenset({CallKind.ATOMIC, CallKind.GROUP_COPY, CallKind.WAIT_EVENTS,
                   CallKind.EXACT_INT, CallKind.OUT_POINTER})


def lower_call(low: KernelLowering, c: ci.Cursor, args: list[ci.Cursor], info: CallInfo,
               pos: SourcePos) -> ir.Expr:
    """The value of a call classified ATOMIC, GROUP_COPY or WAIT_EVENTS; its effects
    are emitted into ``low``."""
    if info.kind is CallKind.ATOMIC:
        return atomic(low, c, args, info.op, pos)
    if info.kind is CallKind.GROUP_COPY:
        return group_copy(low, c, args, info.op == "strided", pos)
    if info.kind is CallKind.WAIT_EVENTS:
        return wait_events(low, c, args, pos)
    t = ty.scalar_type(c.type)
    if t.kind is ir.TypeKind.OTHER:
        raise UnsupportedConstruct(f"call to '{c.spelling}' returning {t}")
    if info.kind is CallKind.OUT_POINTER:
        return out_pointer(low, args, info.op, t, pos)
    values = low.seq.unsequenced(*(partial(low.exprs.expr, a) for a in args))
    operands = [coerce(v, ty.scalar_type(a.type), pos)
                for v, a in zip(values, args, strict=True)]
    if any(v.type.kind is not ir.TypeKind.INT for v in operands):
        raise UnsupportedConstruct(f"call to '{c.spelling}' on {operands[0].type}")
    return exact_int(info.op, operands, t, pos)


def atomic(low: KernelLowering, c: ci.Cursor, args: list[ci.Cursor], op: str,
           pos: SourcePos) -> ir.Expr:
    if len(args) != 1 + _ARITY.get(op, 1):
        raise UnsupportedConstruct(f"call to '{c.spelling}' with {len(args)} arguments")
    t = ty.scalar_type(ty.pointee(args[0].type))
    if t.kind is not ir.TypeKind.INT and not (t.kind is ir.TypeKind.FLOAT
                                              and op in ("add", "xchg")):
        raise UnsupportedConstruct(f"atomic operation {c.spelling} on {t}")
    ref, *values = low.seq.unsequenced(partial(low.ptrs.pointer, args[0]),
                                       *(partial(low.exprs.expr, a) for a in args[1:]))
    operands = [coerce(v, t, pos) for v in values]
    old = low.fresh(f"{ref.single or 'deref'}.atomic", t)
    current = ir.Var(pos, t, old)
    new = _updated(op, current, operands, t, pos)
    low.ptrs.access(ref, pos, lambda array: ir.Load(pos, old, array, ref.offset, atomic=True))
    low.ptrs.access(ref, pos, lambda array: ir.Store(pos, array, ref.offset, new, atomic=True))
    return current


def _updated(op: str, old: ir.Var, operands: list[ir.Expr], t: ir.ScalarType,
             pos: SourcePos) -> ir.Expr:
    """The value an atomic of operation ``op`` stores over ``old``."""
    one, zero = ir.Const(pos, t, 1), ir.Const(pos, t, 0)
    if op in ("inc", "dec"):
        return _wrapping("+" if op == "inc" else "-", old, one, pos)
    v = operands[0]
    if op == "xchg":
        return v
    if op == "cmpxchg":
        return ir.Select(pos, t, ir.BinOp(pos, ir.BOOL, "==", old, v), operands[1], old)
    if op in ("min", "max"):
        keep = ir.BinOp(pos, ir.BOOL, "<" if op == "min" else ">", old, v)
        return ir.Select(pos, t, keep, old, v)
    if op in _BITWISE:
        return ir.BinOp(pos, t, _BITWISE[op], old, v)
    if op == "wrapinc":  # CUDA atomicInc: ((old >= v) ? 0 : old + 1)
        return ir.Select(pos, t, ir.BinOp(pos, ir.BOOL, ">=", old, v), zero,
                         _wrapping("+", old, one, pos))
    if op == "wrapdec":  # CUDA atomicDec: ((old == 0 || old > v) ? v : old - 1)
        reset = ir.BinOp(pos, ir.BOOL, "||", ir.BinOp(pos, ir.BOOL, "==", old, zero),
                         ir.BinOp(pos, ir.BOOL, ">", old, v))
        return ir.Select(pos, t, reset, v, _wrapping("-", old, one, pos))
    return _wrapping("+" if op == "add" else "-", old, v, pos)


def _wrapping(op: str, a: ir.Expr, b: ir.Expr, pos: SourcePos) -> ir.Expr:
    """``a op b`` wrapping around: atomic arithmetic on signed integers is two's
    complement, never undefined (OpenCL C 6.12.11, C11 7.17.7.5)."""
    t = a.type
    if t.kind is not ir.TypeKind.INT or not t.signed:
        return ir.BinOp(pos, t, op, a, b)
    unsigned = ir.ScalarType(ir.TypeKind.INT, t.bits, False)
    return ir.Cast(pos, t, ir.BinOp(pos, unsigned, op, ir.Cast(pos, unsigned, a),
                                    ir.Cast(pos, unsigned, b)))


def group_copy(low: KernelLowering, c: ci.Cursor, args: list[ci.Cursor], strided: bool,
               pos: SourcePos) -> ir.Expr:
    """``async_work_group_copy(dst, src, n, event)`` and the strided form, whose
    stride (an extra argument before the event) applies to the global side."""
    if len(args) != (5 if strided else 4):
        raise UnsupportedConstruct(f"call to '{c.spelling}' with {len(args)} arguments")
    pointee = ty.pointee(args[0].type)
    shape = ty.vector_shape(pointee)
    # Vectors live in memory as scalar cells (see veriscan.frontend.vectors): n
    # vectors are n * cells contiguous cells, which only the plain copy keeps linear.
    cells = shape.stride if shape is not None else 1
    t = shape.element if shape is not None else ty.scalar_type(pointee)
    if t.kind in (ir.TypeKind.OTHER, ir.TypeKind.GENERIC) or (strided and cells > 1):
        raise UnsupportedConstruct(f"async copy of elements of type "
                                   f"{ty.scalar_type(pointee)}")
    parts = low.seq.unsequenced(partial(low.ptrs.pointer, args[0]),
                                partial(low.ptrs.pointer, args[1]),
                                *(partial(low.exprs.expr, a) for a in args[2:]))
    dst, src, count = parts[0], parts[1], index(parts[2], pos)
    if cells > 1:
        count = ir.BinOp(pos, ir.LONG, "*", count, ir.Const(pos, ir.LONG, cells))
    unit = ir.Const(pos, ir.LONG, 1)
    stride = index(parts[3], pos) if strided else unit
    to_global = ty.opencl_space(pointee) is ir.MemSpace.GLOBAL
    event_t = ty.scalar_type(c.type)
    target = low.fresh("event", event_t)
    event = coerce(parts[-1], event_t, pos)

    def copy(to: str, source: str) -> ir.Stmt:
        return ir.GroupCopy(pos, to, dst.offset, source, src.offset, count,
                            unit if to_global else stride, stride if to_global else unit,
                            event, target)
    # A pointer that may point into several arrays: one copy per pair of targets.
    def from_src(to: str) -> list[ir.Stmt]:
        return low.targets.split(src, pos, {source: [copy(to, source)] for source in
                                            src.targets if is_valid_target(source)})
    for stmt in low.targets.split(dst, pos, {to: from_src(to) for to in dst.targets
                                             if is_valid_target(to)}):
        low.emit(stmt)
    return ir.Var(pos, event_t, target)


def wait_events(low: KernelLowering, c: ci.Cursor, args: list[ci.Cursor],
                pos: SourcePos) -> ir.Expr:
    """``wait_group_events(n, list)`` with ``n`` a compile-time constant: the events
    are the ``n`` loaded from ``list`` (``&e`` points into the one-cell array the
    lowering keeps for a variable whose address is taken)."""
    if len(args) != 2:
        raise UnsupportedConstruct(f"call to '{c.spelling}' with {len(args)} arguments")
    count = low.exprs.constant(args[0], "number of events")
    if not isinstance(count, int) or count < 1:
        raise UnsupportedConstruct("wait_group_events with a number of events that is "
                                   "not a positive compile-time constant")
    event_t = ty.scalar_type(ty.pointee(args[1].type))
    base = low.ptrs.pointer(args[1])
    events = [low.ptrs.load(base.moved(ir.BinOp(pos, ir.LONG, "+", base.offset,
                                                ir.Const(pos, ir.LONG, i))), event_t, pos)
              for i in range(count)]
    low.emit(ir.WaitEvents(pos, tuple(events)))
    return ir.Const(pos, ir.INT, 0)


def out_pointer(low: KernelLowering, args: list[ci.Cursor], name: str, t: ir.ScalarType,
                pos: SourcePos) -> ir.Expr:
    """``y = sincos(x, &c)``: ``y`` and ``c`` are two functions of ``x``."""
    if len(args) != 2:
        raise UnsupportedConstruct(f"call to '{name}' with {len(args)} arguments")
    value, ref = low.seq.unsequenced(partial(low.exprs.expr, args[0]),
                                     partial(low.ptrs.pointer, args[1]))
    out_t = ty.scalar_type(ty.pointee(args[1].type))
    second = ir.Opaque(pos, out_t, f"{name} (second result)", (value,))
    low.ptrs.access(ref, pos, lambda array: ir.Store(pos, array, ref.offset, second))
    return ir.Opaque(pos, t, name, (value,))


def exact_int(name: str, args: list[ir.Expr], t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
    """The integer built-in ``name`` of ``args`` (of their common type) as IR."""
    src = args[0].type
    if name in ("__mul24", "__umul24"):  # CUDA: the low 24 bits of each, sign- or zero-
        low24 = ir.ScalarType(ir.TypeKind.INT, 24, name == "__mul24")  # extended
        a, b = (ir.Cast(pos, src, ir.Cast(pos, low24, x)) for x in args)
        return _wrapping("*", a, b, pos)
    if name in ("mul24", "mad24"):
        return _mul24(name, args, t, pos)
    if name == "rotate":
        return _rotate(args[0], args[1], pos)
    if name == "upsample":  # (hi << bits) | lo, in the type twice as wide (bits wrap)
        unsigned = ir.ScalarType(ir.TypeKind.INT, t.bits, False)
        hi, lo = (ir.Cast(pos, unsigned, x) for x in args)
        shifted = ir.BinOp(pos, unsigned, "<<", hi, ir.Const(pos, ir.INT, src.bits))
        return ir.Cast(pos, t, ir.BinOp(pos, unsigned, "|", shifted, lo))
    # Twice the width holds every sum, difference and product of two operands; a
    # signed type for sums and differences (an unsigned a - b may be negative).
    wide = ir.ScalarType(ir.TypeKind.INT, 2 * src.bits, name != "mul_hi" or src.signed)
    a, b = (ir.Cast(pos, wide, x) for x in args)
    if name in ("hadd", "rhadd"):
        total = ir.BinOp(pos, wide, "+", a, b)
        if name == "rhadd":
            total = ir.BinOp(pos, wide, "+", total, ir.Const(pos, wide, 1))
        return ir.Cast(pos, t, ir.BinOp(pos, wide, ">>", total, ir.Const(pos, ir.INT, 1)))
    if name == "mul_hi":
        product = ir.BinOp(pos, wide, "*", a, b)
        return ir.Cast(pos, t, ir.BinOp(pos, wide, ">>", product,
                                        ir.Const(pos, ir.INT, src.bits)))
    if name == "abs_diff":
        diff = ir.BinOp(pos, wide, "-", a, b)
        negative = ir.BinOp(pos, ir.BOOL, "<", diff, ir.Const(pos, wide, 0))
        return ir.Cast(pos, t, ir.Select(pos, wide, negative, ir.UnOp(pos, wide, "-", diff),
                                         diff))
    # add_sat, sub_sat: the exact result, clamped to the type's range
    return saturated(ir.BinOp(pos, wide, "+" if name == "add_sat" else "-", a, b), t, pos)


def saturated(exact: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
    """The integer ``exact`` clamped to the range of integer type ``t``, as ``t``;
    ``exact``'s type must hold that range (add_sat, convert_T_sat)."""
    wide = exact.type
    bottom, top = value_range(t)
    high, low_ = ir.Const(pos, wide, top), ir.Const(pos, wide, bottom)
    clamped = ir.Select(pos, wide, ir.BinOp(pos, ir.BOOL, ">", exact, high), high,
                        ir.Select(pos, wide, ir.BinOp(pos, ir.BOOL, "<", exact, low_), low_,
                                  exact))
    return ir.Cast(pos, t, clamped)


def _mul24(name: str, args: list[ir.Expr], t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
    """``mul24(a, b)`` (``mad24``: plus ``c``): exact while ``a`` and ``b`` fit in 24
    bits, implementation-defined (an uninterpreted value) otherwise (OpenCL C 6.12.3)."""
    src = args[0].type
    low_, high = (-(1 << 23), (1 << 23) - 1) if src.signed else (0, (1 << 24) - 1)
    fits = [ir.BinOp(pos, ir.BOOL, op, x, ir.Const(pos, src, bound)) for x in args[:2]
            for op, bound in ((">=", low_), ("<=", high))]
    within = fits[0]
    for f in fits[1:]:
        within = ir.BinOp(pos, ir.BOOL, "&&", within, f)
    exact = _wrapping("*", args[0], args[1], pos)
    if name == "mad24":
        exact = _wrapping("+", exact, args[2], pos)
    return ir.Select(pos, t, within, exact, ir.Opaque(pos, t, name, tuple(args)))


def _rotate(v: ir.Expr, by: ir.Expr, pos: SourcePos) -> ir.Expr:
    """``rotate(v, i)``: ``v`` rotated left by ``i`` modulo its width."""
    t = v.type
    unsigned = ir.ScalarType(ir.TypeKind.INT, t.bits, False)
    u = ir.Cast(pos, unsigned, v)
    mask = ir.Const(pos, unsigned, t.bits - 1)
    count = ir.BinOp(pos, unsigned, "&", ir.Cast(pos, unsigned, by), mask)
    back = ir.BinOp(pos, unsigned, "&", ir.BinOp(pos, unsigned, "-", ir.Const(
        pos, unsigned, t.bits), count), mask)
    rotated = ir.BinOp(pos, unsigned, "|", ir.BinOp(pos, unsigned, "<<", u, count),
                       ir.BinOp(pos, unsigned, ">>", u, back))
    return ir.Cast(pos, t, rotated)
