"""Calls: built-ins by what they mean, the kernel's own functions inlined.

What a called name means is decided once, by :func:`.builtins.classify_call`:
a thread-identity built-in, a barrier, a placeholder of the generic kernel, a
GPUVerify annotation (:mod:`.gpuverify`), an atomic or another intrinsic
(:mod:`.intrinsics`), a vector built-in (:mod:`.vector_builtins`), a pure math
function (an opaque value of its arguments), something unsupported, or one of
the kernel's own functions, which is inlined: its parameters bound to the
arguments (a reference to what it aliases, a pointer to where it points, a
struct or vector copied), its body lowered in place, its final ``return``
assigned to a result variable.  A ``return`` anywhere else in an inlined
function, and recursion, are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import gpuverify, intrinsics, lower_curand, lower_external
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallInfo, CallKind, classify_call, is_prelude
from veriscan.frontend.consteval import has_side_effects
from veriscan.frontend.cursors import Outcome, children
from veriscan.frontend.lower_expressions import coerce
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct
from veriscan.frontend.lower_sequencing import Operand
from veriscan.frontend.pointers import PointerRef, decl_key, unset_pointer
from veriscan.frontend.promises import broken_promises
from veriscan.frontend.structs import StructPlace, is_struct
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind
FULL_WARP_MASK = 0xFFFFFFFF
# Reads of CUDA texture references (declared by the CUDA prelude).
_TEXTURE_READS = ("tex1Dfetch", "tex1D", "tex2D")
# Calls whose only effect is their value.
_VALUE_ONLY = frozenset({CallKind.BUILTIN_ID, CallKind.CONSTANT, CallKind.GENERIC_OP,
                         CallKind.GENERIC_IDENTITY, CallKind.PURE, CallKind.MIN_MAX_ABS})


@dataclass
class InlineFrame:
    """A function being inlined: the variable its ``return`` assigns (of type
    ``result_type``) and, when it may return before its end, the flag that says it
    has (:meth:`.lower_statements.StatementLowering.sequence` skips what follows)."""

    function: str
    result: str | None
    result_type: ir.ScalarType
    returned: str | None = None

    def has_returned(self, pos: SourcePos) -> ir.Expr:
        """Whether a ``return`` has run (never, for a function without the flag)."""
        if self.returned is None:
            return ir.Const(pos, ir.BOOL, False)
        return ir.BinOp(pos, ir.BOOL, "!=", ir.Var(pos, ir.INT, self.returned),
                        ir.Const(pos, ir.INT, 0))


class CallLowering(Translator):
    """Calls: built-ins by what they mean, the kernel's own functions inlined."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        self.frames: list[InlineFrame] = []  # the functions being inlined, innermost last

    def call_parts(self, c: ci.Cursor) -> tuple[CallInfo, list[ci.Cursor]]:
        """What a call means (see :mod:`.builtins`) and its argument cursors."""
        args = list(c.get_arguments())
        if any(a is None for a in args):
            raise UnsupportedConstruct(f"call to '{c.spelling}' with an argument libclang "
                                       "does not show")
        callee = [k for k in children(c) if k not in args]
        self.low.consume(*callee)  # the name of the function called
        return classify_call(c, self.low.dialect), args

    def pure_call(self, c: ci.Cursor) -> bool:
        """Whether a call only computes a value from its arguments (a work-item id,
        OPERATOR, a math built-in), so evaluating it twice is evaluating it once."""
        return classify_call(c, self.low.dialect).kind in _VALUE_ONLY

    def call(self, c: ci.Cursor) -> ir.Expr:
        """The value of a call; its effects (a barrier, stores, an inlined body) are
        emitted."""
        pos = self.low.pos(c)
        if self.low.dialect is ir.Dialect.CUDA and is_prelude(c.referenced, "__syncwarp"):
            return self.warp_barrier(c, pos)
        if self.low.dialect is ir.Dialect.CUDA and any(is_prelude(c.referenced, name)
                                                       for name in _TEXTURE_READS):
            return self.texture_read(c, pos)
        group = self.low.groups.call(c, pos)  # cooperative_groups: b.sync(), b.thread_rank()
        if group is not None:
            t = ty.scalar_type(c.type)
            return group if t.kind is ir.TypeKind.OTHER else coerce(group, t, pos)
        info, args = self.call_parts(c)
        decl = c.referenced
        vector = self.vector_builtins.call_scalar(c, info, args)  # vstore4(v, i, p), any(v < 0)
        if vector is not None:
            return vector
        t = ty.scalar_type(c.type)
        if info.kind is CallKind.BUILTIN_ID:
            dim = self.exprs.constant(args[0], f"{c.spelling} dimension") if args else 0
            if not isinstance(dim, int) or not 0 <= dim <= 2:
                raise UnsupportedConstruct(f"{c.spelling} with a dimension that is not 0, 1 "
                                           "or 2")
            return ir.Builtin(pos, t, info.builtin, dim)  # type: ignore[arg-type]
        if info.kind is CallKind.BARRIER:
            fences = info.fences
            if args:
                flags = self.exprs.constant(args[0], "barrier flags")
                if not isinstance(flags, int):
                    raise UnsupportedConstruct("barrier flags that are not an integer")
                fences = (ir.Fence.LOCAL if flags & 1 else ir.Fence.NONE) | (
                    ir.Fence.GLOBAL if flags & 2 else ir.Fence.NONE)
            self.low.emit(ir.Barrier(pos, fences))
            return ir.Const(pos, ir.INT, 0)
        if info.kind in (CallKind.CONSTANT, CallKind.NO_EFFECT):
            # arguments are still evaluated, side effects and all
            self.seq.unsequenced(*(partial(self.exprs.expr, a) for a in args))
            return ir.Const(pos, t if info.kind is CallKind.CONSTANT else ir.INT, info.value)
        if info.kind is CallKind.GENERIC_OP:
            if any(has_side_effects(x, self.pure_call) for x in args):
                # OPERATOR is a macro: a user's operator may name an argument twice
                # or not at all, so its side effects happen any number of times.
                self.low.emit(ir.Unsupported(pos, "an OPERATOR argument with a side effect "
                                             "(OPERATOR is a macro and may evaluate an "
                                             "argument more than once, or not at all)",
                                             True))
            a, b = self.seq.unsequenced(*(partial(self.exprs.expr, x) for x in args))
            return ir.GenericOp(pos, t, a, b)
        if info.kind is CallKind.GENERIC_IDENTITY:
            return ir.GenericIdentity(pos, t)
        if info.kind in gpuverify.ANNOTATIONS:
            return gpuverify.lower_call(self.low, c, args, info, pos)
        if info.kind is CallKind.MIN_MAX_ABS and t.kind is ir.TypeKind.INT:
            values = self.seq.unsequenced(*(partial(self.exprs.expr, a) for a in args))
            return min_max_abs(c.spelling, values, t, pos)
        if info.kind in (CallKind.PURE, CallKind.MIN_MAX_ABS):
            name = overload_name(c)  # mad_hi(int,...) and mad_hi(uint,...) are two functions
            values = self.seq.unsequenced(*(partial(self.exprs.expr, a) for a in args))
            return ir.Opaque(pos, t, name, tuple(values))
        if info.kind is CallKind.CURAND:
            return lower_curand.lower_call(self.low, c, args, info.op, pos)
        if info.kind in intrinsics.KINDS:
            return intrinsics.lower_call(self.low, c, args, info, pos)
        if info.kind is CallKind.READ_ONLY_LOAD:
            return self.ptrs.read_only_load(args, t, pos)
        if info.kind is CallKind.UNSUPPORTED:
            raise UnsupportedConstruct(info.reason)
        definition = decl.get_definition() if decl is not None else None
        if definition is None:
            return lower_external.lower_call(self, c, args, t, pos)
        return self.inline(definition, args, t, pos)

    def texture_read(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """``tex1Dfetch(tex, i)``: a read of a texture reference.

        A texture is read-only while a kernel runs, so the read races with
        nothing and its value is an unknown function of the texture and the
        coordinates: an opaque value of them, the coordinates lowered as usual.
        """
        args = list(c.get_arguments())
        self.low.consume(*(k for k in children(c) if k not in args))
        t = ty.scalar_type(c.type)
        texture = args[0] if args else None
        refs = [r for r in texture.walk_preorder() if r.kind == K.DECL_REF_EXPR] \
            if texture is not None else []
        target = refs[0].referenced if len(refs) == 1 else None
        if (texture is None or target is None or target.kind != K.VAR_DECL
                or t.kind is ir.TypeKind.OTHER
                or target.semantic_parent.kind != K.TRANSLATION_UNIT):
            raise UnsupportedConstruct(f"{c.spelling} of a texture the front end cannot name")
        for node in texture.walk_preorder():  # the texture object, passed by copy
            self.low.consume(node)
        coords = self.seq.unsequenced(*(partial(self.exprs.expr, a) for a in args[1:]))
        return ir.Opaque(pos, t, f"{c.spelling}:{target.spelling}", tuple(coords))

    def warp_barrier(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """``__syncwarp(mask)``: a barrier of the threads of one warp.

        The order it gives inside a warp is not modelled: it is a no-op for
        synchronisation, which can only add races, never hide one.  Its own
        requirement, that every thread of the mask reaches it, is not modelled
        either, so it is accepted only where that certainly holds: with the
        full mask, in the kernel's straight-line code (not under a condition,
        in a loop or after a return).
        """
        args = list(c.get_arguments())
        self.low.consume(*(k for k in children(c) if k not in args))
        mask = self.exprs.constant(args[0], "__syncwarp mask") if args else FULL_WARP_MASK
        if mask != FULL_WARP_MASK:
            raise UnsupportedConstruct("__syncwarp with a mask other than 0xffffffff (which "
                                       "threads must reach it is not modelled)")
        if self.low.current is not self.stmts.top_block or self.stmts.returned:
            raise UnsupportedConstruct("__syncwarp under a condition, in a loop or after a "
                                       "return (that the whole warp reaches it is not "
                                       "modelled)")
        return ir.Const(pos, ir.INT, 0)

    def inline(self, fn: ci.Cursor, args: list[ci.Cursor], t: ir.ScalarType,
               pos: SourcePos, pointer_result: bool = False) -> ir.Expr:
        """The call's value (with ``pointer_result``, a variable named as the pointer
        variable that holds what the function returns)."""
        if any(frame.function == fn.spelling for frame in self.frames):
            raise UnsupportedConstruct(f"recursive call to '{fn.spelling}'")
        promised = broken_promises(fn)
        if promised:
            raise UnsupportedConstruct("; ".join(promised))
        if ty.is_reference(fn.result_type):
            raise UnsupportedConstruct(f"call to '{fn.spelling}', which returns a reference")
        params = list(fn.get_arguments())
        if len(params) != len(args):
            raise UnsupportedConstruct(f"call to variadic function '{fn.spelling}'")
        bound: list[Operand] = self.seq.unsequenced(
            *(partial(self.argument, param, arg, pos) for param, arg in zip(params, args,
                                                                              strict=True)))
        caller = self.low.scopes.path()  # where the returned value lives
        with self.low.scopes.scope():  # the callee's parameters and locals
            for param, value in zip(params, bound, strict=True):
                name = self.low.fresh(f"{fn.spelling}.{param.spelling}",
                                      ty.scalar_type(param.type))
                self.low.names[decl_key(param)] = name
                if isinstance(value, list):  # a vector's lanes
                    del self.low.var_types[name]
                    self.vectors.bind(name, param.type, value,
                                      decl_key(param) in self.low.addressed, pos)
                    continue
                if isinstance(value, ir.Expr) and decl_key(param) in self.low.addressed:
                    del self.low.var_types[name]
                    self.decls.private_cell(name, ty.scalar_type(param.type), value, pos)
                    continue
                if isinstance(value, ir.Expr):
                    self.low.emit(ir.Assign(pos, name, coerce(value, self.low.var_types[name],
                                                              pos)))
                    continue
                del self.low.var_types[name]
                if isinstance(value, StructPlace):
                    self.structs.private_struct(name, decl_key(param), param.type, pos)
                    self.structs.struct_copy(StructPlace(prefix=name), value, param.type, pos)
                elif isinstance(value, PointerRef):
                    self.ptrs.new_pointer(name, decl_key(param))
                    self.ptrs.set_pointer(name, value, pos)
                else:
                    self.decls.refs[name] = value
            body = next((ch for ch in children(fn) if ch.kind == K.COMPOUND_STMT), None)
            if body is None:
                raise UnsupportedConstruct(f"function '{fn.spelling}' whose body is not a block")
            result = None if t.kind is ir.TypeKind.OTHER and ty.is_void(fn.result_type) else \
                self.low.fresh(f"{fn.spelling}.result", t)
            if pointer_result and result is not None:
                del self.low.var_types[result]
                self.ptrs.new_pointer(result, decl_key(fn))
                self.low.scopes.pointer_declared(result, caller)
            result_shape = ty.vector_shape(fn.result_type)
            if result_shape is not None and result is not None:
                del self.low.var_types[result]
                self.vectors.name_lanes(result, result_shape)
            if result is not None:
                self.result_starts_unset(result, t, pos)
            stmts = children(body)
            tail = stmts[-1] if stmts and stmts[-1].kind == K.RETURN_STMT else None
            frame = InlineFrame(fn.spelling, result, t)
            if any(may_return(s) for s in (stmts if tail is None else stmts[:-1])):
                # A return before the end: every return sets a flag, and what follows a
                # statement that may have returned runs only while the flag is clear.
                frame.returned = self.low.fresh(f"{fn.spelling}.returned", ir.INT)
                self.low.emit(ir.Assign(pos, frame.returned, ir.Const(pos, ir.INT, 0)))
                tail = None
            self.frames.append(frame)
            try:
                if self.low.audit is not None:
                    self.low.audit.roots.append(body)
                self.low.note(body, Outcome.LOWERED)
                self.stmts.sequence(stmts if tail is None else stmts[:-1])
                if tail is not None:
                    self.low.note(tail, Outcome.LOWERED)
                    self.tail_return(tail, result, t)
                elif result is not None and self.low.dialect is ir.Dialect.CUDA:
                    self.must_have_returned(frame, pos)
            finally:
                self.frames.pop()
        if result is None:
            return ir.Const(pos, ir.INT, 0)
        return ir.Var(pos, t, result)

    def early_return_frame(self) -> InlineFrame | None:
        """The function being inlined, if it may return before its end."""
        frame = self.frames[-1] if self.frames else None
        return frame if frame is not None and frame.returned is not None else None

    def must_have_returned(self, frame: InlineFrame, pos: SourcePos) -> None:
        """C++ (CUDA) leaves flowing off the end of a non-void function undefined even
        when nobody uses the value (C only a use of it, which the result's unset
        value already catches)."""
        self.low.emit(ir.Assert(pos, frame.has_returned(pos),
                                f"'{frame.function}' ends without returning a value"))

    def result_starts_unset(self, result: str, t: ir.ScalarType, pos: SourcePos) -> None:
        """A call's result holds nothing until a ``return`` gives it a value.  One
        variable serves every call from this site (a loop reaches it again), so a path
        that falls off the function's end must not read what an earlier call returned."""
        if result in self.ptrs.aliases:
            self.ptrs.set_pointer(result, unset_pointer(pos), pos)
        elif result in self.vectors.lanes_of:
            for lane in self.vectors.lanes_of[result]:
                self.low.emit(ir.Indeterminate.of(pos, lane, self.low.var_types[lane]))
        else:
            self.low.emit(ir.Indeterminate.of(pos, result, t))

    def argument(self, param: ci.Cursor, arg: ci.Cursor, pos: SourcePos) -> Operand:
        """What an inlined parameter is bound to: a reference's target, an element, a value."""
        if ty.is_reference(param.type):
            return self.decls.bind_reference(arg, param.type.get_canonical(), pos)
        if ty.is_pointer(param.type):
            return self.ptrs.pointer(arg)
        if is_struct(param.type):  # by value: copied field by field into the parameter
            return self.structs.struct_place(arg)
        shape = ty.vector_shape(param.type)
        if shape is not None:  # by value: copied lane by lane into the parameter
            return self.vector_values.lanes(arg, shape)
        return self.exprs.expr(arg)

    def tail_return(self, tail: ci.Cursor, result: str | None, t: ir.ScalarType) -> None:
        """A ``return`` of an inlined function, the final one or (with its flag) an early
        one: its operand is always evaluated.

        ``return g();`` and ``return (void)g();`` in a void function still run
        ``g`` with all its stores and barriers.
        """
        operand = children(tail)
        if not operand:
            return
        self.low.at = self.low.pos(tail)
        try:
            if result is None:
                self.exprs.discard(operand[0])
            elif result in self.ptrs.aliases:
                self.ptrs.set_pointer(result, self.ptrs.pointer(operand[0]),
                                      self.low.pos(tail))
            elif result in self.vectors.lanes_of:
                self.vectors.returned(result, operand[0])
            else:
                self.low.emit(ir.Assign(self.low.pos(tail), result,
                                        coerce(self.exprs.expr(operand[0]), t,
                                               self.low.pos(tail))))
        except UnsupportedConstruct as exc:
            self.low.note(tail, Outcome.REFUSED)
            self.low.emit(ir.Unsupported(self.low.pos(tail), exc.construct,
                                         exc.breaks_genericity))


def overload_name(c: ci.Cursor) -> str:
    """The function a call of a built-in resolves to, named by its whole C signature
    (``mad_hi(unsigned int, unsigned int, unsigned int) -> unsigned int``): an opaque
    value is an uninterpreted function of its arguments, and two calls may share one
    only if they call the same C function.  Overloads of one name differ in
    signedness (``mad_hi``), precision (``exp`` of a float or a double), vector
    length or address space; canonical types make a typedef (``uint``) and what it
    names one type."""
    decl = c.referenced
    proto = decl.type.get_canonical() if decl is not None else None
    if proto is None or ty.type_kind(proto) != ci.TypeKind.FUNCTIONPROTO:
        raise UnsupportedConstruct(f"call to '{c.spelling}' without a prototype the front "
                                   "end can read")
    params = ", ".join(p.get_canonical().spelling for p in proto.argument_types())
    variadic = ", ..." if proto.is_function_variadic() else ""
    result = proto.get_result().get_canonical().spelling
    return f"{decl.spelling}({params}{variadic}) -> {result}"


def may_return(c: ci.Cursor) -> bool:
    """Whether a ``return`` statement is somewhere inside ``c``."""
    return any(k.kind == K.RETURN_STMT for k in c.walk_preorder())


def min_max_abs(name: str, args: list[ir.Expr], t: ir.ScalarType,
                pos: SourcePos) -> ir.Expr:
    """``min``/``max``/``abs`` of integers with result type ``t``.  ``abs`` tests the
    sign in its argument's own type: OpenCL's ``abs(int)`` is a ``uint`` (so
    ``abs(INT_MIN)`` is 2^31), CUDA's is an ``int`` (and ``abs(INT_MIN)`` overflows)."""
    if name == "abs":
        (a,) = args
        negative = ir.BinOp(pos, ir.BOOL, "<", a, ir.Const(pos, a.type, 0))
        value = coerce(a, t, pos)
        return ir.Select(pos, t, negative, ir.UnOp(pos, t, "-", value), value)
    a, b = (coerce(x, t, pos) for x in args)
    pick_a = ir.BinOp(pos, ir.BOOL, "<" if name == "min" else ">", a, b)
    return ir.Select(pos, t, pick_a, a, b)
