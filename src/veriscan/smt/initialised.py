"""Reads of memory that nothing wrote: ``__local`` and private arrays.

Global memory and kernel arguments are the host's to initialise; local memory
(declared ``__local``/``__shared__`` arrays and ``__local`` pointer arguments)
and private arrays start with whatever the hardware left there.  A read is
initialised when, on every execution reaching it, the cell was written
before it: by the same thread earlier in program order, or by any thread of
the group before a barrier that orders local memory (private arrays: only
the same thread, and only in the same lifetime of the array: one declared in
a loop or an inlined function is a new array each time its declaration is
reached, see :class:`~veriscan.ir.nodes.Indeterminate`).  The property is
checked for thread A with a universal quantifier over the writing thread B:

    some read R by A at index i  and  no earlier own write of i
                                and  for all B of A's group: no ordered write of i by B

A model is a read of a cell that no thread wrote, with its thread, array and
index.  Writes of other threads whose guard or index depend on
over-approximated values cannot take part soundly (the quantifier would
range over values B never holds), so they are left out, and a model found
without them is only a possible uninitialised read (unknown); so is one
involving a loop abstracted to a single symbolic iteration, whose other
iterations' writes the trace does not hold.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import z3

from veriscan.ir import nodes as ir
from veriscan.smt.bounds import Extent
from veriscan.smt.dag import live_id
from veriscan.smt.outcome import Finding
from veriscan.smt.pairs import KernelQueries
from veriscan.smt.symbols import INDEX_BITS, Approximate, applications, conj, disj
from veriscan.smt.threads import ThreadIds, in_launch, same_group
from veriscan.smt.trace import Access

_ZERO = z3.BitVecVal(0, 32)
ENUMERATE_MAX = 64  # group sizes up to this try every writer one by one


def check_initialised(q: KernelQueries, extents: dict[str, Extent]) -> Finding | None:
    """The first read of never-written local or private memory, else None.

    ``extents`` are the arrays' sizes (as for the bounds check, which proves
    the reads in bounds): an array whose first barrier-ordered writes fill
    all of it needs no per-read reasoning after them."""
    assert q.trace is not None
    spaces = _uninitialised_spaces(q.kernel)
    epoch: dict[int, int] = {}
    accesses: dict[str, list[Access]] = {}
    number = 0
    for interval in q.trace.intervals:
        if ir.Fence.LOCAL in interval.fences:
            number += 1
        for acc in interval.accesses:
            if acc.array in spaces:
                epoch[id(acc)] = number
                accesses.setdefault(acc.array, []).append(acc)
    # (read, not covered by its own thread, ordered writes of any thread, left out,
    #  covered by a guessed writer)
    reads: list[tuple[Access, z3.BoolRef, list[tuple[z3.BoolRef, Access]], list[str],
                      z3.BoolRef]] = []
    cell = z3.BitVec("initialised cell", INDEX_BITS)
    for name, group in accesses.items():
        writes = [w for w in group if w.write]
        shared = spaces[name] is ir.MemSpace.LOCAL
        approximate = Approximate()

        def inexact(w: Access, approximate: Approximate = approximate) -> bool:
            return approximate(w.guard) or approximate(w.index)
        # Reads of a cell the thread itself wrote before (the very same index, under
        # its guard) are covered: no query, and no fill proof when all reads are such.
        own_same = _own_same_cell(group)
        unsettled = [r for r in group if not r.write and not own_same[id(r)]]
        filled = shared and bool(unsettled) and _fills(q, writes, extents.get(name), epoch,
                                                       inexact, cell)
        pending = [r for r in unsettled if not (filled and epoch[id(r)] > epoch[id(writes[0])])]
        before = _covers_before(q, writes, epoch, inexact, cell) if shared and pending else [
            z3.BoolVal(False)]
        for read in pending:
            # Only the object the read reads: a private array declared in a loop or
            # an inlined function is a new one each time (Access.lifetime).
            earlier = [w for w in writes if w.seq < read.seq and w.lifetime == read.lifetime]
            own = disj(*(conj(w.guard, w.index == read.index) for w in earlier)) \
                if earlier else z3.BoolVal(False)
            ordered, left_out = _ordered_writes(earlier if shared else [], read, epoch, inexact)
            if read.abstracted or any(w.abstracted for w in earlier):
                # one symbolic iteration stands for all: other iterations' writes unseen
                left_out.append("a loop abstracted to one symbolic iteration")
            same_epoch = [o for o in ordered if epoch[id(o[1])] == epoch[id(read)]]
            prior = before[min(epoch[id(read)], len(before) - 1)]
            guessed = disj(z3.substitute(prior, (cell, read.index)),
                           _some_writer(q, same_epoch, read.index, guess=True))
            reads.append((read, z3.simplify(conj(read.guard, z3.Not(own))), ordered,
                          left_out, guessed))
    live = [r for r in reads if not z3.is_false(r[1])]
    if not live:
        return None
    # Writers guessed by inverting each write's index (no quantifier) first;
    # only if that leaves a read uncovered, every writer (enumerated or quantified).
    first = [z3.simplify(conj(uncovered, z3.Not(guessed)))
             for _, uncovered, _, _, guessed in live]
    if q.query(False, disj(*first))[0] == z3.unsat:
        return None
    obligations = [(z3.simplify(conj(uncovered, z3.Not(_some_writer(q, ordered, read.index,
                                                                    guess=False)))),
                    read, left_out) for read, uncovered, ordered, left_out, _ in live]
    live_obligations = [o for o in obligations if not z3.is_false(o[0])]
    if not live_obligations:
        return None
    result, solver = q.query(False, disj(*(o[0] for o in live_obligations)))
    if result == z3.unsat:
        return None
    if result != z3.sat:
        return Finding("initialisation", "solver gave up on the initialisation check "
                       f"({solver.reason_unknown()})", undecided="solver_gave_up")
    found = q.witness(solver, [o[0] for o in live_obligations])
    if found is None:
        return Finding("initialisation", "solver found a possibly uninitialised read but "
                       "could not confirm any single one", undecided="solver_gave_up")
    (formula, read, left_out), model = live_obligations[found[0]], found[1]
    index = model.eval(read.index, model_completion=True).as_signed_long()  # type: ignore
    thread = q.pair.describe(model, q.pair.a)
    approx = q.doubts(formula, model) + left_out
    witness = {"array": read.array, "element": index, "at": str(read.pos), "thread": thread,
               "interval": q.trace.intervals[read.interval].describe(),
               "inputs": q.inputs(model)}
    text = (f"read of uninitialised {spaces[read.array].value} memory {read.array}[{index}] "
            f"at {read.pos} by thread {thread['local_id']} of group {thread['group_id']}: no "
            "thread wrote it before")
    if approx:
        witness["depends_on"] = approx
        text = f"possible {text} (depends on {', '.join(approx)})"
    return Finding("initialisation", text, exact=not approx, witness=witness,
                   reason="unwritten_cell")


def _own_same_cell(group: list[Access]) -> dict[int, bool]:
    """Per read (by ``id``) of one array's accesses in program order: whether an
    earlier write of the same thread has the very same index term, the same
    lifetime of the array and a guard that is true or the read's own.  Such a
    read is covered, whatever else the thread or others wrote; found with one
    pass and a table instead of comparing every read with every earlier write
    (quadratic in long kernels)."""
    guards: dict[tuple[int, int], list[z3.BoolRef]] = {}
    out: dict[int, bool] = {}
    for acc in group:
        cell = (live_id(acc.index), acc.lifetime)
        if acc.write:
            guards.setdefault(cell, []).append(acc.guard)
        else:
            out[id(acc)] = any(z3.is_true(g) or g.eq(acc.guard) for g in guards.get(cell, ()))
    return out


def _uninitialised_spaces(kernel: ir.Kernel) -> dict[str, ir.MemSpace]:
    """Arrays whose contents nobody sets before the kernel starts."""
    out = {a.name: a.space for a in kernel.arrays
           if a.space in (ir.MemSpace.LOCAL, ir.MemSpace.PRIVATE)}
    out.update({p.name: ir.MemSpace.LOCAL for p in kernel.params
                if p.is_pointer and p.space is ir.MemSpace.LOCAL})
    return out


def _ordered_writes(earlier: list[Access], read: Access, epoch: dict[int, int],
                    inexact: Callable[[Access], bool]
                    ) -> tuple[list[tuple[z3.BoolRef, Access]], list[str]]:
    """Writes of any thread that a barrier orders before ``read`` (with the condition
    on the barrier counts under which it does), and those left out as
    over-approximated (``inexact``: whether a write's guard or index is)."""
    out: list[tuple[z3.BoolRef, Access]] = []
    left_out: list[str] = []
    for w in earlier:
        if epoch[id(w)] < epoch[id(read)]:
            ordered: z3.BoolRef = z3.BoolVal(True)
        else:
            ordered = z3.simplify(z3.ULT((w.epochs or (_ZERO, _ZERO))[0],
                                         (read.epochs or (_ZERO, _ZERO))[0]))
            if z3.is_false(ordered):
                continue
        if inexact(w):
            left_out.append(f"a write of {w.array} at {w.pos} by another thread")
            continue
        out.append((ordered, w))
    return out, list(dict.fromkeys(left_out))


def _covers_before(q: KernelQueries, writes: list[Access], epoch: dict[int, int],
                   inexact: Callable[[Access], bool], cell: z3.ExprRef) -> list[z3.BoolRef]:
    """Item e: some thread wrote ``cell`` in a barrier epoch before e (guessed
    writers, exact writes only); the last item stands for every later epoch.
    One formula per epoch, instantiated per read by substituting its index."""
    out: list[z3.BoolRef] = []
    so_far: z3.BoolRef = z3.BoolVal(False)
    for e in range(max((epoch[id(w)] for w in writes), default=-1) + 2):
        out.append(so_far)
        mine = [(z3.BoolVal(True), w) for w in writes
                if epoch[id(w)] == e and not inexact(w)]
        if mine:
            so_far = z3.simplify(disj(so_far, _some_writer(q, mine, cell, guess=True)))
    return out


def _fills(q: KernelQueries, writes: list[Access], extent: Extent | None,
           epoch: dict[int, int], inexact: Callable[[Access], bool], cell: z3.ExprRef) -> bool:
    """Whether the writes of the first barrier interval that writes the array
    cover every cell of it (with guessed writers): then every read after the
    next barrier reads written memory, given that it is in bounds."""
    if extent is None or not writes or any(w.abstracted for w in writes):
        return False
    head = [w for w in writes if epoch[id(w)] == epoch[id(writes[0])]]
    if any(inexact(w) for w in head):
        return False
    size = z3.BitVecVal(extent, INDEX_BITS) if isinstance(extent, int) else extent
    writer = _some_writer(q, [(z3.BoolVal(True), w) for w in head], cell, guess=True)
    return q.query(False, cell >= 0, cell < size, z3.Not(writer))[0] == z3.unsat


def _some_writer(q: KernelQueries, ordered: list[tuple[z3.BoolRef, Access]],
                 cell: z3.ExprRef, guess: bool) -> z3.BoolRef:
    """Some thread B of A's group performs one of the ``ordered`` writes at ``cell``.

    ``guess``: B is, for each write, the thread whose index solves
    ``index(B) = cell`` if the index is affine in the local id (a sufficient
    condition); otherwise every B, one by one for a small group (when B has no
    private values of its own), else quantified."""
    pair = q.pair
    if not ordered:
        return z3.BoolVal(False)
    writes = [conj(when, pair.to_b(w.guard), pair.to_b(w.index) == cell)
              for when, w in ordered]
    same = [(b, a) for b, a in zip(pair.b.group + pair.b.local[1:],
                                   pair.a.group + pair.a.local[1:], strict=True)]
    x = pair.b.local[0]
    if guess:
        found = []
        for term, (_, w) in zip(writes, ordered, strict=True):
            x_w = _inverse(w.index, cell, pair.a)
            if x_w is not None:
                found.append(conj(z3.ULT(x_w, q.launch.local_term(0)),
                                  z3.substitute(term, *same, (x, x_w))))
        return disj(*found) if found else z3.BoolVal(False)
    writer = disj(*writes)
    bound = [c for c in applications(writer) if z3.is_const(c)
             and c.decl().kind() == z3.Z3_OP_UNINTERPRETED and c.decl().name().endswith("@B")]
    sizes = [q.launch.local_term(d) for d in range(3)]
    if not bound and all(z3.is_bv_value(s) for s in sizes):
        counts = [s.as_long() for s in sizes]  # type: ignore[attr-defined]
        if counts[0] * counts[1] * counts[2] <= ENUMERATE_MAX:
            return disj(*(z3.substitute(writer, *zip(pair.b.group, pair.a.group, strict=True),
                                        *zip(pair.b.local, (z3.BitVecVal(v, 64) for v in ids),
                                             strict=True))
                          for ids in itertools.product(*(range(c) for c in counts))))
    bound += [v for v in pair.b.local + pair.b.group if not any(v.eq(c) for c in bound)]
    return z3.Exists(bound, conj(in_launch(pair.b, q.launch), same_group(pair.a, pair.b),
                                 writer))


def _inverse(index: z3.ExprRef, cell: z3.ExprRef, a: ThreadIds) -> z3.ExprRef | None:
    """The local id x with ``index(x) == cell`` when ``index`` is ``c*x + d`` for a
    constant stride ``c`` (None for other strides: dividing by a term is too
    costly for a guess)."""
    x = a.local[0]
    d = z3.simplify(z3.substitute(index, (x, z3.BitVecVal(0, 64))))
    c = z3.simplify(z3.substitute(index, (x, z3.BitVecVal(1, 64))) - d)
    if not z3.is_bv_value(c) or c.as_long() == 0:  # type: ignore[attr-defined]
        return None
    return z3.simplify(z3.UDiv(cell - d, c))
