"""Lowering of GPUVerify's annotations (the prelude ``gpuverify.h`` declares them).

What each one becomes, and why that is sound:

* ``__assert``/``__global_assert``: an :class:`~veriscan.ir.nodes.Assert`, checked.
* ``__requires``/``__global_requires`` of the kernel, and ``__assume``: an
  :class:`~veriscan.ir.nodes.Assume`.  The kernel's preconditions are what the
  caller promises; ``check`` names every assumption in the verdict and refuses
  ones that leave a thread out (``_vacuous_assumptions``).
* ``__requires`` of an inlined function: an ``Assert``.  It is the callee's
  precondition, which the caller must establish; assuming it unchecked would
  let a function restrict the threads that call it.
* ``__invariant``/``__global_invariant``: an ``Assert`` where the loop head
  evaluates it (the loop's condition), so it is checked on every iteration the
  analysis explores; nothing assumes it.
* ignored annotations (postconditions, candidate, function-wide and barrier
  invariants, access specifications): nothing, and a note for the verdict.
  veriscan inlines calls and never assumes them, so dropping them loses no
  soundness, only the check of the user's claim, which the note states.

An assumption or invariant whose condition veriscan cannot express (an
access-log or two-thread predicate such as ``__write(p)`` or
``__uniform_int(x)``) is dropped with a note: dropping an assumption only
widens what is checked, and nothing relies on an invariant.  A counterexample
found without a dropped assumption may break it, so ``check`` reports it as
unknown, never as a violation.  An assertion veriscan cannot express stays
unsupported, so the verdict is unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend.builtins import CallInfo, CallKind
from veriscan.frontend.lower_rules import UnsupportedConstruct
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

ANNOTATIONS = (CallKind.ASSUME, CallKind.ASSERT, CallKind.REQUIRES, CallKind.INVARIANT,
               CallKind.IGNORED)


def lower_call(low: KernelLowering, c: ci.Cursor, args: list[ci.Cursor], info: CallInfo,
               pos: SourcePos) -> ir.Expr:
    """The statement an annotation call stands for; the call's value is 0."""
    done = ir.Const(pos, ir.INT, 0)
    if info.kind is CallKind.IGNORED:
        low.consume(*args)
        low.ignored_annotations.append(f"{info.reason} at {pos} (not checked)")
        return done
    checked = info.kind in (CallKind.ASSERT, CallKind.INVARIANT) or (
        info.kind is CallKind.REQUIRES and low.inlining)
    droppable = info.kind is CallKind.INVARIANT or not checked
    with low.block() as emitted:
        try:
            cond = low.exprs.condition(args[0])
        except UnsupportedConstruct as exc:
            if not droppable:
                raise
            # Dropped on purpose, and said so: consumed, not refused (a refused
            # cursor must leave an Unsupported statement behind).
            low.consume(*args)
            note = f"{c.spelling} at {pos} ({exc.construct}: not expressible, so not used)"
            low.ignored_annotations.append(note)
            if not checked:
                low.unexpressed_assumptions.append(note)
            return done
    for s in emitted:
        low.emit(s)
    if c.spelling.startswith("__global_") and checked:
        low.ignored_annotations.append(f"{c.spelling} at {pos} checked for the threads that "
                                       "reach it, not for every thread as in GPUVerify")
    low.emit(ir.Assert(pos, cond, invariant=info.kind is CallKind.INVARIANT) if checked
             else ir.Assume(pos, cond))
    return done
