"""CUDA cooperative groups: the block's and the grid's handles and their barriers.

The stub ``<cooperative_groups.h>`` (``preludes/cuda/``) declares two handle
types.  A handle holds nothing a kernel can change: every ``thread_block``
value is the calling thread's block and every ``grid_group`` value the whole
grid, whichever call or copy produced it.  So the lowering needs no state for
them: the static type of the handle says which group a ``sync`` waits for.

* ``thread_block``: ``sync()`` / ``synchronize(b)`` is ``__syncthreads()``,
  ``thread_rank()`` the thread's linear index in the block, ``size()`` the
  block's thread count.
* ``grid_group``: its barrier spans blocks, which the analysis does not model,
  so any use of it other than holding the handle is unsupported.

A handle expression is accepted only when evaluating it can do nothing but
produce the handle (calls of ``this_thread_block``/``this_grid``, copies,
names of other handles); anything else in it is refused, never dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.cursors import Outcome, children, kind_of
from veriscan.frontend.dialects import STUB_DIR
from veriscan.frontend.lower_rules import UnsupportedConstruct
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind
HEADER = f"{STUB_DIR}/cooperative_groups.h"
BLOCK, GRID = "thread_block", "grid_group"
_MAKERS = {"this_thread_block", "this_grid"}
# Cursor kinds a pure handle expression is built from (besides the calls above).
_HANDLE_PARTS = {K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.DECL_REF_EXPR, K.NAMESPACE_REF,
                 K.TYPE_REF, K.CALL_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR}


def _from_header(decl: ci.Cursor | None) -> bool:
    """Declared by the stub header, and (for a function) given no body by the kernel:
    a definition in the kernel's file would be what runs, so it is not the built-in."""
    where = decl.location.file if decl is not None else None
    if where is None or where.name != HEADER:
        return False
    return decl.kind == K.STRUCT_DECL or decl.get_definition() is None


def group_kind(t: ci.Type) -> str | None:
    """``thread_block`` or ``grid_group`` when ``t`` is (a const or reference to) a handle."""
    canon = t.get_canonical()
    if ty.type_kind(canon) in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
        canon = canon.get_pointee().get_canonical()
    decl = canon.get_declaration()
    if decl.kind == K.STRUCT_DECL and _from_header(decl) and decl.spelling in (BLOCK, GRID):
        return decl.spelling
    return None


class GroupLowering:
    """The cooperative-group rules of one kernel's lowering (see the module doc)."""

    def __init__(self, lowering: KernelLowering):
        self.lw = lowering

    def declare(self, c: ci.Cursor, init: ci.Cursor | None) -> bool:
        """A local handle variable: nothing to store; True when ``c`` was one."""
        if self.lw.dialect is not ir.Dialect.CUDA or group_kind(c.type) is None:
            return False
        if init is not None:
            self.handle(init)
        self.lw.consume(*(k for k in children(c) if k != init))
        return True

    def call(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr | None:
        """The value of a call on a handle, or None when ``c`` is no such call."""
        decl = c.referenced
        if self.lw.dialect is not ir.Dialect.CUDA or not _from_header(decl):
            return None
        name = decl.spelling
        if name in _MAKERS:
            self.handle(c)
            return ir.Const(pos, ir.INT, 0)
        args = list(c.get_arguments())
        callee = [k for k in children(c) if k not in args]
        if decl.kind == K.CXX_METHOD:  # b.sync(): the object is under the member reference
            objects = [o for m in callee for o in children(m)]
            kind = decl.semantic_parent.spelling
        else:
            objects, kind = args, (group_kind(args[0].type) if args else None)
        for handle in objects:
            self.handle(handle)
        self.lw.consume(*callee)
        if kind != BLOCK:
            raise UnsupportedConstruct(f"cooperative_groups {name} on a grid_group (a "
                                       "grid-wide barrier is not modelled)")
        if name in ("sync", "synchronize"):
            self.lw.emit(ir.Barrier(pos, ir.Fence.LOCAL | ir.Fence.GLOBAL))
            return ir.Const(pos, ir.INT, 0)
        if name in ("thread_rank", "size"):
            return self._linear(pos, rank=name == "thread_rank")
        raise UnsupportedConstruct(f"cooperative_groups thread_block::{name}")

    def handle(self, c: ci.Cursor) -> None:
        """Accept ``c`` as an effect-free handle expression (see the module doc)."""
        stack = [c]
        while stack:
            node = stack.pop()
            kind = kind_of(node)
            ref = node.referenced if kind in (K.CALL_EXPR, K.DECL_REF_EXPR) else None
            maker = ref is not None and ref.spelling in _MAKERS and _from_header(ref)
            if kind == K.CALL_EXPR and ref is not None:
                # Only the header's makers and copies: a function of the kernel's own
                # that returns a handle could do anything on the way.
                fine = maker or (ref.kind == K.CONSTRUCTOR and _from_header(ref))
            else:
                fine = kind in _HANDLE_PARTS and (kind not in (K.CALL_EXPR, K.DECL_REF_EXPR)
                                                  or maker or group_kind(node.type) is not None)
            if not fine:
                self.lw.note(node, Outcome.REFUSED)
                raise UnsupportedConstruct("cooperative_groups handle from an expression "
                                           "the front end does not model")
            self.lw.consume(node)
            stack.extend(children(node))

    @staticmethod
    def _linear(pos: SourcePos, rank: bool) -> ir.Expr:
        """x + X*(y + Y*z) over the block (thread_rank), or X*Y*Z (size)."""
        t = ir.UINT
        size = [ir.Builtin(pos, t, ir.BuiltinKind.LOCAL_SIZE, d) for d in range(3)]
        if not rank:
            return ir.BinOp(pos, t, "*", ir.BinOp(pos, t, "*", size[0], size[1]), size[2])
        ids = [ir.Builtin(pos, t, ir.BuiltinKind.LOCAL_ID, d) for d in range(3)]
        inner = ir.BinOp(pos, t, "+", ids[1], ir.BinOp(pos, t, "*", size[1], ids[2]))
        return ir.BinOp(pos, t, "+", ids[0], ir.BinOp(pos, t, "*", size[0], inner))
