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
    UNSUPPORTED = "unsupported"
    USER = "user"


@dataclass(frozen=True)
class CallInfo:
    kind: CallKind
    builtin: ir.BuiltinKind | None = None
    fences: ir.Fence = ir.Fence.NONE
    value: int = 0
    reason: str = ""


_OPENCL_IDS = {
    "get_local_id": ir.BuiltinKind.LOCAL_ID, "get_group_id": ir.BuiltinKind.GROUP_ID,
    "get_local_size": ir.BuiltinKind.LOCAL_SIZE, "get_num_groups": ir.BuiltinKind.NUM_GROUPS,
    "get_global_id": ir.BuiltinKind.GLOBAL_ID, "get_global_size": ir.BuiltinKind.GLOBAL_SIZE,
    "get_enqueued_local_size": ir.BuiltinKind.LOCAL_SIZE,
}
_BARRIERS = {"barrier": ir.Fence.NONE, "work_group_barrier": ir.Fence.NONE,
             "__syncthreads": ir.Fence.LOCAL | ir.Fence.GLOBAL}
# Fences order one thread's accesses but synchronise nobody: ignoring them can
# only make the race check more pessimistic, never less.
_FENCES = {"mem_fence", "read_mem_fence", "write_mem_fence", "__threadfence",
           "__threadfence_block"}
_PURE = {"sqrt", "exp", "log", "fabs", "floor", "ceil", "sin", "cos", "log2", "exp2",
         "rsqrt", "native_sqrt", "native_exp", "native_log", "fmin", "fmax", "pow", "mad",
         "sqrtf", "expf", "logf", "fabsf"}
_GPUVERIFY_CHECKED = {"__requires": CallKind.REQUIRES, "__global_requires": CallKind.REQUIRES,
                      "__assume": CallKind.ASSUME, "__assert": CallKind.ASSERT,
                      "__global_assert": CallKind.ASSERT, "__invariant": CallKind.INVARIANT,
                      "__global_invariant": CallKind.INVARIANT}
_CUDA_UNSUPPORTED = {"__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
                     "__syncwarp"}


def classify_call(c: ci.Cursor, dialect: ir.Dialect) -> CallInfo:
    decl = c.referenced
    if decl is None or decl.kind != ci.CursorKind.FUNCTION_DECL:
        return CallInfo(CallKind.UNSUPPORTED, reason="call through a function pointer")
    name = decl.spelling
    from_prelude = decl.location.file is not None and decl.location.file.name.startswith(
        "/veriscan-prelude/")
    if not from_prelude:
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
    if name in _PURE or name.startswith("as_"):  # as_uint(x) & co. reinterpret bits
        return CallInfo(CallKind.PURE)
    if name.startswith(("atomic", "atom_")):
        return CallInfo(CallKind.UNSUPPORTED, reason=f"atomic operation {name}")
    if name in _CUDA_UNSUPPORTED:
        return CallInfo(CallKind.UNSUPPORTED, reason=f"warp/counting barrier {name}")
    return CallInfo(CallKind.UNSUPPORTED, reason=f"built-in function {name}")
