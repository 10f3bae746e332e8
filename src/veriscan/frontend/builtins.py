"""What each called name means to the verifier, for OpenCL C and CUDA C.

One table decides, per callee, whether a call is a thread-identity built-in, a
barrier, a generic-kernel placeholder, a GPUVerify annotation, a pure math
function (an opaque value), something unsupported (atomics, warp primitives),
or a user function to inline.  Keeping the table in one place means a new
built-in is added once and the soundness policy ("anything not understood is
unsupported") is visible at a glance.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import clang.cindex as ci

from veriscan.frontend import types as ty
from veriscan.frontend.consteval import evaluate_constant
from veriscan.frontend.cursors import peek
from veriscan.frontend.dialects import from_prelude
from veriscan.ir import nodes as ir


class CallKind(enum.Enum):
    BUILTIN_ID = "builtin_id"
    CONSTANT = "constant"
    BARRIER = "barrier"
    NO_EFFECT = "no_effect"
    GENERIC_OP = "generic_op"
    GENERIC_IDENTITY = "generic_identity"
    ASSUME = "assume"
    ASSERT = "assert"
    REQUIRES = "requires"    # assumed for the kernel, checked for an inlined function
    INVARIANT = "invariant"  # checked where evaluated; dropped if inexpressible
    IGNORED = "ignored"      # a GPUVerify annotation nothing relies on
    MIN_MAX_ABS = "min_max_abs"
    PURE = "pure"
    VECTOR = "vector"  # vload/vstore, convert_*, select, shuffle, any, all, clamp (vectors.py)
    ATOMIC = "atomic"
    CURAND = "curand"  # a cuRAND generator on a state in memory (intrinsics.py)
    EXACT_INT = "exact_int"
    READ_ONLY_LOAD = "read_only_load"  # CUDA __ldg(p): a read of *p (lower_calls.py)
    OUT_POINTER = "out_pointer"
    GROUP_COPY = "group_copy"
    WAIT_EVENTS = "wait_events"
    UNSUPPORTED = "unsupported"
    USER = "user"


@dataclass(frozen=True)
class CallInfo:
    kind: CallKind
    builtin: ir.BuiltinKind | None = None
    fences: ir.Fence = ir.Fence.NONE
    value: int = 0
    reason: str = ""
    # ATOMIC: the operation (see veriscan.frontend.intrinsics); GROUP_COPY: "strided";
    # EXACT_INT, OUT_POINTER: the function
    op: str = ""


_OPENCL_IDS = {
    "get_local_id": ir.BuiltinKind.LOCAL_ID, "get_group_id": ir.BuiltinKind.GROUP_ID,
    "get_local_size": ir.BuiltinKind.LOCAL_SIZE, "get_num_groups": ir.BuiltinKind.NUM_GROUPS,
    "get_global_id": ir.BuiltinKind.GLOBAL_ID, "get_global_size": ir.BuiltinKind.GLOBAL_SIZE,
    "get_enqueued_local_size": ir.BuiltinKind.LOCAL_SIZE,
    "get_work_dim": ir.BuiltinKind.WORK_DIM,
}
_BARRIERS = {"barrier": ir.Fence.NONE, "work_group_barrier": ir.Fence.NONE,
             "__syncthreads": ir.Fence.LOCAL | ir.Fence.GLOBAL}
# Fences order one thread's accesses but synchronise nobody: ignoring them can
# only make the race check more pessimistic, never less.
_FENCES = {"mem_fence", "read_mem_fence", "write_mem_fence", "__threadfence",
           "__threadfence_block"}
_PURE = {"sqrt", "exp", "log", "fabs", "floor", "ceil", "sin", "cos", "log2", "exp2",
         "rsqrt", "native_sqrt", "native_exp", "native_log", "fmin", "fmax", "pow", "mad",
         "sqrtf", "expf", "logf", "fabsf",
         # OpenCL C 6.12.2-6.12.6 (scalar forms declared in the prelude)
         "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atanh", "atanpi",
         "cbrt", "cosh", "cospi", "erf", "erfc", "exp10", "expm1", "log10", "log1p", "logb",
         "rint", "round", "sinh", "sinpi", "tan", "tanh", "tanpi", "tgamma", "lgamma", "trunc",
         "degrees", "radians", "sign", "native_cos", "native_sin", "native_tan",
         "native_exp2", "native_exp10", "native_log2", "native_log10", "native_recip",
         "native_rsqrt", "native_divide", "native_powr", "half_cos", "half_sin", "half_tan",
         "half_sqrt", "half_rsqrt", "half_recip", "half_exp", "half_exp2", "half_exp10",
         "half_log", "half_log2", "half_log10", "half_divide", "half_powr", "atan2",
         "atan2pi", "copysign", "fdim", "fmod", "hypot", "maxmag", "minmag", "nextafter",
         "powr", "remainder", "step", "fma", "mix", "smoothstep", "ldexp", "rootn", "ilogb",
         "isnan", "isinf", "isfinite", "isnormal", "signbit", "isequal", "isnotequal",
         "isgreater", "isgreaterequal", "isless", "islessequal", "islessgreater",
         "isordered", "isunordered", "popcount", "clz", "mad_hi", "mad_sat",
         # CUDA's math library
         "sinf", "cosf", "tanf", "exp2f", "exp10f", "log2f", "log10f", "floorf", "ceilf",
         "rsqrtf", "truncf", "roundf", "powf", "fminf", "fmaxf", "__expf", "__exp10f",
         "__logf", "__sinf", "__cosf", "__powf", "__fdividef"}
# Integer built-ins computed exactly (veriscan.frontend.intrinsics), and pure
# functions that also store a second result through a pointer.
_EXACT_INT = {"add_sat", "sub_sat", "hadd", "rhadd", "abs_diff", "mul_hi", "rotate", "mul24",
              "mad24", "upsample", "__mul24", "__umul24"}
_OUT_POINTER = {"sincos", "modf", "fract", "frexp"}
_GPUVERIFY_CHECKED = {"__requires": CallKind.REQUIRES, "__global_requires": CallKind.REQUIRES,
                      "__assume": CallKind.ASSUME, "__assert": CallKind.ASSERT,
                      "__global_assert": CallKind.ASSERT, "__invariant": CallKind.INVARIANT,
                      "__global_invariant": CallKind.INVARIANT}
# Atomic read-modify-writes, by the operation applied to the old value.
_OPENCL_ATOMICS = {"add", "sub", "xchg", "min", "max", "and", "or", "xor", "inc", "dec",
                   "cmpxchg"}
_CUDA_ATOMICS = {"atomicAdd": "add", "atomicSub": "sub", "atomicExch": "xchg",
                 "atomicMin": "min", "atomicMax": "max", "atomicAnd": "and", "atomicOr": "or",
                 "atomicXor": "xor", "atomicInc": "wrapinc", "atomicDec": "wrapdec",
                 "atomicCAS": "cmpxchg"}
_GROUP_COPIES = {"async_work_group_copy": "", "async_work_group_strided_copy": "strided"}
# OpenCL's vector built-ins, lowered lane by lane in veriscan.frontend.vectors.
_VECTOR = {"select", "shuffle", "shuffle2", "any", "all", "clamp", "pown", *(
    f"{fast}{name}" for fast in ("", "fast_") for name in ("dot", "length", "distance",
                                                           "normalize")), "cross"}
_VECTOR_PREFIXES = ("vload", "vstore", "convert_")
_CUDA_UNSUPPORTED = {"__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
                     "__syncwarp"}
# Warp primitives whose value comes from other lanes of the warp (and which every
# lane of the mask must reach together): the IR has no warps, so a kernel using
# one gets unknown, never a verdict resting on a guessed value.
_CUDA_WARP_VALUES = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
                     "__activemask", "__ballot_sync", "__any_sync", "__all_sync"}


# CUDA built-ins the real headers declare with one signature, the prelude's (an
# atomic's overload is fixed by its pointer argument): an argument converted to
# it is converted by nvcc too.  Every other CUDA built-in that computes a value
# may be overloaded in the real headers, so a call that converts an argument
# to a narrower type is refused (narrowed_argument): the prelude may lack the
# overload nvcc would call.
_CUDA_ONE_SIGNATURE = frozenset({
    "sqrtf", "expf", "logf", "fabsf", "sinf", "cosf", "tanf", "exp2f", "exp10f", "log2f",
    "log10f", "floorf", "ceilf", "rsqrtf", "truncf", "roundf", "powf", "fminf", "fmaxf",
    "__expf", "__exp10f", "__logf", "__sinf", "__cosf", "__powf", "__fdividef", "__mul24",
    "__umul24", "labs", "llabs", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax",
    *_CUDA_ATOMICS})
_VALUE_KINDS = frozenset({CallKind.MIN_MAX_ABS, CallKind.PURE, CallKind.EXACT_INT,
                          CallKind.OUT_POINTER, CallKind.ATOMIC})


def narrowed_argument(c: ci.Cursor) -> str | None:
    """Why a call converts an argument to a type that may not hold its value
    (``abs(long)`` resolved to ``abs(int)``; any conversion between integer and
    floating types), or None; a constant that the conversion keeps is fine."""
    for arg in c.get_arguments():
        if arg is None:
            continue
        source = peek(arg)
        if source == arg:
            continue
        was, now = ty.scalar_type(source.type), ty.scalar_type(arg.type)
        if _holds(now, was):
            continue
        value = evaluate_constant(source)
        if value is not None and _holds_value(now, value):
            continue
        return (f"call to '{c.spelling}' converts an argument from {was} to {now}: the "
                "real headers may have an overload for it that the front end's do not")
    return None


def _holds(t: ir.ScalarType, s: ir.ScalarType) -> bool:
    """Whether type ``t`` holds every value of type ``s`` (both arithmetic), with no
    change between integer and floating kinds; other types are not judged here."""
    kinds = (ir.TypeKind.INT, ir.TypeKind.BOOL, ir.TypeKind.FLOAT)
    if s.kind not in kinds or t.kind not in kinds or s == t or s.kind is ir.TypeKind.BOOL:
        return True
    if t.kind is not s.kind:
        return False
    if t.kind is ir.TypeKind.FLOAT:
        return t.bits >= s.bits
    if s.signed and not t.signed:
        return False
    return t.bits > s.bits or (t.bits == s.bits and t.signed == s.signed)


def _holds_value(t: ir.ScalarType, value: int | float) -> bool:
    if t.kind is ir.TypeKind.INT and isinstance(value, int):
        low = -(1 << (t.bits - 1)) if t.signed else 0
        return low <= value < (1 << (t.bits - (1 if t.signed else 0)))
    return False


def is_prelude(decl: ci.Cursor | None, name: str) -> bool:
    """``decl`` is the prelude's declaration of ``name`` (not one of the kernel's own)."""
    return decl is not None and decl.spelling == name and from_prelude(decl)


# The device-side cuRAND calls the stub <curand_kernel.h> declares.
_CURAND = frozenset({"curand_init", "curand", "curand_uniform", "curand_uniform_double",
                     "curand_normal", "curand_normal_double", "curand_poisson"})


def classify_call(c: ci.Cursor, dialect: ir.Dialect) -> CallInfo:
    info = _classify(c, dialect)
    if (dialect is ir.Dialect.CUDA and info.kind in _VALUE_KINDS
            and c.referenced.spelling not in _CUDA_ONE_SIGNATURE):
        problem = narrowed_argument(c)
        if problem is not None:
            return CallInfo(CallKind.UNSUPPORTED, reason=problem)
    return info


def _classify(c: ci.Cursor, dialect: ir.Dialect) -> CallInfo:
    decl = c.referenced
    if decl is not None and decl.kind == ci.CursorKind.CONSTRUCTOR:
        return CallInfo(CallKind.UNSUPPORTED, reason=f"a call of the C++ constructor "
                        f"'{decl.spelling}' (a struct made or copied by value)")
    if decl is None or decl.kind != ci.CursorKind.FUNCTION_DECL:
        return CallInfo(CallKind.UNSUPPORTED, reason="call through a function pointer")
    name = decl.spelling
    if not from_prelude(decl):
        return CallInfo(CallKind.USER)
    if name in _OPENCL_IDS and dialect is ir.Dialect.OPENCL:
        return CallInfo(CallKind.BUILTIN_ID, builtin=_OPENCL_IDS[name])
    if name == "get_global_offset":
        return CallInfo(CallKind.CONSTANT, value=0)
    if name in _BARRIERS:
        return CallInfo(CallKind.BARRIER, fences=_BARRIERS[name])
    if name in _FENCES:
        return CallInfo(CallKind.NO_EFFECT)
    if name == "__veriscan_operator":
        return CallInfo(CallKind.GENERIC_OP)
    if name == "__veriscan_identity":
        return CallInfo(CallKind.GENERIC_IDENTITY)
    if name in _GPUVERIFY_CHECKED:
        return CallInfo(_GPUVERIFY_CHECKED[name])
    if name.startswith("__veriscan_gpuverify"):
        annotation = name.removeprefix("__veriscan_gpuverify")
        return CallInfo(CallKind.UNSUPPORTED, reason=f"GPUVerify annotation {annotation}")
    if name.startswith("__veriscan_gv_ignored"):
        return CallInfo(CallKind.IGNORED, reason=name.removeprefix("__veriscan_gv_ignored"))
    if name in ("min", "max", "abs"):
        return CallInfo(CallKind.MIN_MAX_ABS)
    if name in _VECTOR or name.startswith(_VECTOR_PREFIXES):
        return CallInfo(CallKind.VECTOR)
    if name in _PURE or name.startswith("as_"):  # as_uint(x) & co. reinterpret bits
        return CallInfo(CallKind.PURE)
    if name in _EXACT_INT:
        return CallInfo(CallKind.EXACT_INT, op=name)
    if name in _OUT_POINTER:
        return CallInfo(CallKind.OUT_POINTER, op=name)
    op = _atomic_op(name, dialect)
    if op:
        return CallInfo(CallKind.ATOMIC, op=op)
    if name.startswith(("atomic", "atom_")):
        return CallInfo(CallKind.UNSUPPORTED, reason=f"atomic operation {name}")
    if name in _GROUP_COPIES and dialect is ir.Dialect.OPENCL:
        return CallInfo(CallKind.GROUP_COPY, op=_GROUP_COPIES[name])
    if name == "wait_group_events" and dialect is ir.Dialect.OPENCL:
        return CallInfo(CallKind.WAIT_EVENTS)
    if name in _CURAND and dialect is ir.Dialect.CUDA:
        return CallInfo(CallKind.CURAND, op=name)
    if name == "__ldg" and dialect is ir.Dialect.CUDA:
        return CallInfo(CallKind.READ_ONLY_LOAD)
    if name in _CUDA_WARP_VALUES:
        return CallInfo(CallKind.UNSUPPORTED, reason=f"warp primitive {name} (its value comes "
                        "from other lanes of the warp, which are not modelled)")
    if name in _CUDA_UNSUPPORTED:
        return CallInfo(CallKind.UNSUPPORTED, reason=f"warp/counting barrier {name}")
    return CallInfo(CallKind.UNSUPPORTED, reason=f"built-in function {name}")


def _atomic_op(name: str, dialect: ir.Dialect) -> str:
    """The read-modify-write an atomic built-in performs ("" if ``name`` is none).

    Only the OpenCL 1.x ``atomic_*``/``atom_*`` functions and CUDA's device-wide
    ``atomicOp``: the ``_block``/``_system`` scopes and the C11-style OpenCL 2.0
    functions (memory orders, atomic types) stay unsupported.
    """
    if dialect is ir.Dialect.CUDA:
        return _CUDA_ATOMICS.get(name, "")
    for prefix in ("atomic_", "atom_"):
        if name.startswith(prefix) and name[len(prefix):] in _OPENCL_ATOMICS:
            return name[len(prefix):]
    return ""
