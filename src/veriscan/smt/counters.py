"""Atomic counters: distinct increments of one cell return distinct values.

What an atomic returns is otherwise unconstrained (a value read from memory).
For a cell that the kernel only ever changes by atomic increments of positive
constants (``atomic_inc``, ``atomic_add(p, 4)``, ``atomicAdd(p, 1)``) the
hardware serialises the increments, so each returns the cell's value plus the
sum of the increments before it: as long as the sum of all of them stays
below ``2^bits``, no two return the same value, whatever the initial value.
That is the one fact added here, for a pair of increments (of two threads, or
two of one thread) that hit the same cell.  Its conditions are checked on the
whole kernel, not assumed:

* every atomic store to the array is such an increment (the IR's stored value
  is ``old + c`` with a constant ``c > 0``);
* each recorded atomic runs at most once per thread (none in a loop abstracted
  to one symbolic iteration), so the launch's threads times the increments per
  thread bound the sum;
* every other write to the array (a plain store, an async copy) comes before
  every increment, separated by a barrier of all threads that orders the
  array's memory (for global memory, only with one work-group).
"""

from __future__ import annotations

import z3

from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk
from veriscan.smt.symbols import conj
from veriscan.smt.threads import Launch, Pair, same_group
from veriscan.smt.trace import Access, Trace

MAX_OPS = 32  # increments of one array given facts (pairs of them grow quadratically)


def counter_facts(kernel: ir.Kernel, launch: Launch, trace: Trace, pair: Pair
                  ) -> list[z3.BoolRef]:
    """Facts over threads A and B: increments of one cell return distinct values."""
    if type(launch) is not Launch:  # a launch whose size is a term: no count to bound
        return []
    reads: dict[str, list[tuple[Access, z3.ExprRef]]] = {}
    for access, value in trace.atomic_reads:
        reads.setdefault(access.array, []).append((access, value))
    facts: list[z3.BoolRef] = []
    for array, ops in reads.items():
        steps = _increments(kernel, array)
        space = kernel.space_of(array)
        if (not steps or len(ops) > MAX_OPS or any(a.abstracted for a, _ in ops)
                or not _written_before(trace, array, ops, space, launch)):
            continue
        bits = _element(kernel, array).bits
        threads = _product(launch.local_size) * (
            1 if space is ir.MemSpace.LOCAL else _product(launch.num_groups))
        if threads * len(ops) * max(steps) >= 1 << bits:
            continue
        together = same_group(pair.a, pair.b) if space is ir.MemSpace.LOCAL else z3.BoolVal(
            True)
        for i, (x, vx) in enumerate(ops):
            for j, (y, vy) in enumerate(ops):
                both = conj(together, x.guard, pair.to_b(y.guard), x.index == pair.to_b(y.index))
                facts.append(z3.Implies(both, vx != pair.to_b(vy)))
                if i < j:  # two increments of one thread
                    own = z3.Implies(conj(x.guard, y.guard, x.index == y.index), vx != vy)
                    facts += [own, pair.to_b(own)]
    return facts


def _increments(kernel: ir.Kernel, array: str) -> list[int]:
    """The constant of every atomic increment of ``array``; empty if some atomic
    store to it is anything else."""
    olds = {s.target for s in walk(kernel.body)
            if isinstance(s, ir.Load) and s.atomic and s.array == array}
    steps = []
    for s in walk(kernel.body):
        if isinstance(s, ir.Store) and s.atomic and s.array == array:
            step = _step(s.value, olds, _element(kernel, array))
            if step is None:
                return []
            steps.append(step)
    return steps


def _step(value: ir.Expr, olds: set[str], element: ir.ScalarType) -> int | None:
    """``c`` when ``value`` is ``old + c`` for the value ``old`` an atomic read of the
    same array returned (an exchange or a store of anything else is no increment),
    and ``c``, folded through its casts as C converts, is positive in the cell's
    type (``(uchar)256`` adds nothing).  The cell keeps its value modulo 2^bits, so
    casts to types at least that wide change nothing that matters here."""
    value = _modular(value, element.bits)
    if not (isinstance(value, ir.BinOp) and value.op == "+"):
        return None
    lhs = _modular(value.lhs, element.bits)
    if not (isinstance(lhs, ir.Var) and lhs.name in olds):
        return None
    c = _constant(value.rhs)
    if c is None:
        return None
    c %= 1 << element.bits
    return c if 0 < c < min(1 << 31, 1 << (element.bits - element.signed)) else None


def _modular(e: ir.Expr, bits: int) -> ir.Expr:
    """``e`` without the integer casts that keep its value modulo ``2^bits``."""
    while (isinstance(e, ir.Cast) and e.type.kind is ir.TypeKind.INT
           and e.operand.type.kind in (ir.TypeKind.INT, ir.TypeKind.BOOL)
           and e.type.bits >= bits and e.operand.type.bits >= bits):
        e = e.operand
    return e


def _constant(e: ir.Expr) -> int | None:
    """The value of an integer constant under its casts, each converting as C does."""
    if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    if isinstance(e, ir.Cast) and e.type.kind is ir.TypeKind.INT:
        inner = _constant(e.operand)
        if inner is None:
            return None
        inner %= 1 << e.type.bits
        return inner - (1 << e.type.bits) if e.type.signed and inner >> (e.type.bits - 1) \
            else inner
    return None


def _written_before(trace: Trace, array: str, ops: list[tuple[Access, z3.ExprRef]],
                    space: ir.MemSpace, launch: Launch) -> bool:
    """Every non-atomic write of ``array`` lies in an earlier barrier interval than
    every increment, with a barrier between them that orders ``array``'s memory
    for all threads that can see it."""
    writes = [a for it in trace.intervals for a in it.accesses
              if a.array == array and a.write and not a.atomic]
    if not writes:
        return True
    if space is not ir.MemSpace.LOCAL and _product(launch.num_groups) > 1:
        return False
    fence = ir.Fence.LOCAL if space is ir.MemSpace.LOCAL else ir.Fence.GLOBAL
    return all(any(fence in trace.intervals[k].fences
                   for k in range(w.interval + 1, op.interval + 1))
               for w in writes for op, _ in ops)


def _element(kernel: ir.Kernel, array: str) -> ir.ScalarType:
    decl = kernel.array(array)
    if decl is not None:
        return decl.type
    param = kernel.param(array)
    assert param is not None
    return param.type


def _product(dims: tuple[int, ...]) -> int:
    out = 1
    for d in dims:
        out *= d
    return out
