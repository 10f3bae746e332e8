"""Calls to functions declared without a body, which the kernel cannot see into.

Such a function may do anything: touch memory through its pointer arguments or
through globals, hold a barrier, never return.  So the call is unsupported, and
any verdict that rests on it unknown, unless the caller grants the stated
assumption :data:`~veriscan.ir.nodes.PURE_CALLS` (GPUVerify's view of a
bodiless procedure): the function touches no memory, has no barrier, returns,
and gives an arbitrary value.  The lowering writes the call for both cases at
once, an :class:`~veriscan.ir.nodes.Unsupported` waived by that assumption and
the result as :class:`~veriscan.ir.nodes.Arbitrary`, so the IR does not depend
on what the caller grants.  The arguments are the kernel's own code, evaluated
with their side effects and undefined behaviour as in any call.

What the assumption cannot cover stays unsupported outright: a result the IR
cannot hold (a struct or a vector value; a pointer is refused where pointers
are resolved), and a function that promises the compiler something
(``noreturn`` contradicts "returns"; ``const`` or ``pure`` let the compiler
merge calls the model keeps apart).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend.lower_rules import UnsupportedConstruct
from veriscan.frontend.promises import broken_promises
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower_calls import CallLowering


def lower_call(calls: CallLowering, c: ci.Cursor, args: list[ci.Cursor], t: ir.ScalarType,
               pos: SourcePos) -> ir.Expr:
    """The value of the bodiless call ``c`` (of result type ``t``); its arguments'
    statements and the waivable :class:`~veriscan.ir.nodes.Unsupported` are emitted."""
    what = f"call to '{c.spelling}', whose body is not in the file"
    void = c.type.kind == ci.TypeKind.VOID
    if t.kind is ir.TypeKind.OTHER and not void:
        raise UnsupportedConstruct(what)
    promised = broken_promises(c.referenced)
    if promised:
        raise UnsupportedConstruct(f"{what}: {'; '.join(promised)}")
    values = calls.seq.unsequenced(*(partial(calls.exprs.expr, a) for a in args))
    low = calls.low
    low.emit(ir.Unsupported(pos, what, waived_by=ir.PURE_CALLS))
    if void:
        return ir.Const(pos, ir.INT, 0)
    # For a pass that reads values only: a function of the work-item too, never uniform.
    ids = tuple(ir.Builtin(pos, ir.SIZE_T, kind, d) for kind in (
        ir.BuiltinKind.LOCAL_ID, ir.BuiltinKind.GROUP_ID) for d in range(3))
    target = low.fresh(f"{c.spelling}.result", t)
    low.emit(ir.Arbitrary(pos, target, ir.Opaque(pos, t, f"{c.spelling}.result",
                                                 (*values, *ids))))
    return ir.Var(pos, t, target)
