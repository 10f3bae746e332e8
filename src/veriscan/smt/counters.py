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
    steps = []
    for s in walk(kernel.body):
        if isinstance(s, ir.Store) and s.atomic and s.array == array:
            step = _step(s.value)
            if step is None:
                return []
            steps.append(step)
    return steps


def _step(value: ir.Expr) -> int | None:
    """``c`` when ``value`` is ``old + c`` (under casts) for a constant ``c > 0``."""
    value = _bare(value)
    if not (isinstance(value, ir.BinOp) and value.op == "+" and isinstance(
            _bare(value.lhs), ir.Var)):
        return None
    c = _bare(value.rhs)
    if isinstance(c, ir.Const) and isinstance(c.value, int) and not isinstance(
            c.value, bool) and 0 < c.value < 1 << 31:
        return c.value
    return None


def _bare(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast):
        e = e.operand
    return e


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
