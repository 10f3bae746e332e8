"""Data races (001 Def. 5.2) as SMT queries over two symbolic threads.

Two distinct threads race when they access the same element with at least one
write and nothing orders the accesses.  Inside a group a barrier orders the
memory spaces named by its fence flags (``CLK_LOCAL_MEM_FENCE`` orders local
memory only, as in GPUVerify), so accesses are compared within *epochs*:
maximal runs of barrier intervals not separated by a barrier fencing that
space.  Threads of different groups are never ordered, so global-memory
accesses of different epochs are also compared, restricted to pairs of threads
in different groups.  One query per epoch asks for any conflicting pair at
once; the model names the pair.

Under GPUVerify's ``--warp-sync`` (a stated assumption, not the OpenCL or
CUDA memory model) the threads of one warp run in lock-step: each source
expression's accesses are one step, taken by the whole warp at once, so two
threads of one warp can only conflict within one step.  The checker asks for
the same access (the same group member) or two of one expression, leaves the
step unconstrained, which can only add pairs, and never lets lock-step order
an async copy (:func:`_unordered_in_warp`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.smt.dag import c_apps, live_id
from veriscan.smt.outcome import Finding
from veriscan.smt.pairs import KernelQueries
from veriscan.smt.symbols import conj, disj
from veriscan.smt.threads import same_group, same_warp
from veriscan.smt.trace import Access, Interval


@dataclass
class _Group:
    """Accesses that differ at most in one constant offset of their index.

    They share the array, the kind (read or write), the guard, the barrier
    epochs, the certain barriers before them and the stretch of code between
    two barriers they lie in, so whatever orders one of them against another
    access orders every one of them the same way; their indices are
    ``template`` with the placeholder set to each member's offset.  One query
    over a symbolic offset then stands for every pair of members, and equal
    offsets (the same access repeated) are one member.
    """

    first: Access
    template: z3.ExprRef
    offset: z3.ExprRef | None  # the placeholder in ``template`` (None: all members equal)
    members: dict[int, Access]  # offset (unsigned) -> the first access with it
    # Each source position's offsets among the members (for --warp-sync's steps).
    sites: dict[SourcePos, set[int]] = field(default_factory=dict)

    def allowed(self, offset: z3.ExprRef) -> z3.BoolRef:
        """``offset`` is one of the members' offsets, as runs of equal steps
        (a run lo, lo+d, ..., hi is one unsigned range test and a remainder)."""
        values = sorted(self.members)
        runs: list[z3.BoolRef] = []
        i = 0
        while i < len(values):
            j = i + 1
            if j < len(values):
                step = values[j] - values[i]
                while j + 1 < len(values) and values[j + 1] - values[j] == step:
                    j += 1
            if j - i < 2:
                runs += [offset == values[k] for k in range(i, min(j, len(values)))]
                i = j
                continue
            lo, hi = values[i], values[j]
            delta = offset - lo
            runs.append(z3.ULE(delta, hi - lo) if step == 1 else
                        conj(z3.ULE(delta, hi - lo), z3.URem(delta, step) == 0))
            i = j + 1
        return disj(*runs)

    def member(self, model: z3.ModelRef, offset: z3.ExprRef | None) -> Access:
        if offset is None:
            return self.first
        value = model.eval(offset, model_completion=True)
        return self.members[value.as_long()]  # type: ignore[attr-defined]


@dataclass
class _Candidate:
    """Some access of ``left`` (by thread A) and some of ``right`` (by thread B)
    conflict when ``formula`` holds; the model's offsets name which."""

    formula: z3.BoolRef
    left: _Group
    right: _Group
    offsets: tuple[z3.ExprRef, z3.ExprRef]

    def accesses(self, model: z3.ModelRef) -> tuple[Access, Access]:
        """The pair of accesses the model's offsets pick."""
        return self.left.member(model, self.offsets[0]), self.right.member(model, self.offsets[1])

    @property
    def pairs(self) -> int:
        """How many distinct pairs of accesses this candidate stands for."""
        m, n = len(self.left.members), len(self.right.members)
        return m * (m + 1) // 2 if self.left is self.right else m * n


@dataclass
class RaceStats:
    queries: int = 0
    pairs: int = 0


def check_races(q: KernelQueries, *, inter_group: bool = True, benign_writes: bool = False,
                warp: int | None = None) -> tuple[Finding | None, RaceStats]:
    """The first exact race, else the first possible one, else None (race-free).

    ``inter_group=False`` leaves out pairs of threads in different groups;
    ``benign_writes`` leaves out write-write pairs that store the same value;
    ``warp`` (lanes per warp) leaves out pairs of one warp at different accesses.

    All candidates go to the solver as disjunctions first, up to
    :data:`QUERY_CHUNK` per query (one query proves most race-free kernels;
    a single disjunction of thousands of barrier intervals costs the solver
    more than linear time); only when that finds a conflict built from
    over-approximated values are the batches searched one by one for an
    exact race, which must win over a possible one.
    """
    assert q.trace is not None
    stats = RaceStats()
    batches = [b for b in _batches(q, inter_group, benign_writes, warp) if b]
    stats.pairs = sum(c.pairs for b in batches for c in b)
    if not batches:
        return None, stats
    candidates = [c for b in batches for c in b]
    found = None
    for start in range(0, len(candidates), QUERY_CHUNK):
        found = _query(q, None, candidates[start:start + QUERY_CHUNK], stats)
        if found is not None:
            break
    if found is None or found.exact or len(batches) == 1 or not found.witness.get("thread_a"):
        return found, stats  # proved, a real race, or the solver gave up
    shared = q.solver(both=True)
    for batch in batches:
        exact = _query(q, shared, batch, stats)
        if exact is not None and exact.exact:
            return exact, stats
    return found, stats


def _batches(q: KernelQueries, inter_group: bool, benign_writes: bool,
             warp: int | None) -> list[list[_Candidate]]:
    """Candidate conflicting pairs: per epoch for threads of one group, plus (with
    several groups) every pair of global accesses for threads of different groups.

    Accesses are first gathered into groups (see :class:`_Group`), so the
    candidates grow with the number of distinct access shapes, not with the
    square of the number of accesses."""
    assert q.trace is not None
    spaces = {name: q.kernel.space_of(name) for name in _arrays(q.trace.intervals)}
    vector = {name: _vector_shift(q.kernel, name) for name in spaces}
    group = same_group(q.pair.a, q.pair.b)
    lockstep = None if warp is None else same_warp(q.pair.a, q.pair.b, q.launch, warp)
    multi_group = inter_group and any(d > 1 for d in q.launch.num_groups)
    stretch = _stretches(q.trace.intervals)
    shapes: dict[int, _Shape] = {}
    b_side: dict[int, tuple[z3.BoolRef, z3.ExprRef, tuple[z3.ExprRef, z3.ExprRef]]] = {}

    def of_b(g: _Group) -> tuple[z3.BoolRef, z3.ExprRef, tuple[z3.ExprRef, z3.ExprRef]]:
        key = id(g)
        if key not in b_side:
            template = q.pair.to_b(g.template)
            if g.offset is not None:
                template = z3.substitute(template, (g.offset, _other(g.offset)))
            epochs = g.first.epochs or (_ZERO, _ZERO)
            b_side[key] = (q.pair.to_b(g.first.guard), template,
                           (q.pair.to_b(epochs[0]), q.pair.to_b(epochs[1])))
        return b_side[key]

    def pairs(accesses: list[Access], fence: ir.Fence | None,
              extra: z3.BoolRef) -> list[_Candidate]:
        """Conflicts between two of ``accesses``, one by A and one by B; ``fence``
        None means threads of different groups, which no barrier orders."""
        found = []
        for groups in _groups(accesses, stretch, fence is not None, benign_writes,
                              shapes).values():
            for x, left in enumerate(groups):
                for right in groups[x:]:
                    a, b = left.first, right.first
                    if not (a.write or b.write) or (a.atomic and b.atomic):
                        continue  # atomics do not race each other
                    if left is right and a.collective and fence is not None:
                        continue  # one group copy is one copy
                    if fence is not None and a.separated_from(b, fence):
                        continue
                    guard_b, index_b, epochs_b = of_b(right)
                    offset_b = None if right.offset is None else _other(right.offset)
                    same_cell = left.template == index_b
                    parts = [a.guard, guard_b, extra,
                             same_cell if vector[a.array] == 0 else
                             z3.LShR(left.template, vector[a.array]) ==
                             z3.LShR(index_b, vector[a.array])]
                    if left.offset is not None:
                        parts.append(left.allowed(left.offset))
                    if offset_b is not None:
                        parts.append(right.allowed(offset_b))
                    if benign_writes and a.write and b.write:
                        parts.append(z3.Or(_differ(q, a, b), z3.Not(same_cell)))
                    if fence is not None:
                        slot = 0 if fence is ir.Fence.LOCAL else 1
                        parts.append((a.epochs or (_ZERO, _ZERO))[slot] == epochs_b[slot])
                        if lockstep is not None:
                            parts.append(_unordered_in_warp(lockstep, left, right, offset_b))
                    formula = z3.simplify(conj(*parts))
                    if not z3.is_false(formula):
                        found.append(_Candidate(formula, left, right, (left.offset, offset_b)))
        return found

    out: list[list[_Candidate]] = []
    for fence, kinds in ((ir.Fence.LOCAL, (ir.MemSpace.LOCAL,)),
                         (ir.Fence.GLOBAL, (ir.MemSpace.GLOBAL, ir.MemSpace.CONSTANT))):
        for epoch in _epochs(q.trace.intervals, fence):
            out.append(pairs([a for a in epoch if spaces[a.array] in kinds], fence, group))
    if multi_group:
        shared = [a for it in q.trace.intervals for a in it.accesses
                  if spaces[a.array] in (ir.MemSpace.GLOBAL, ir.MemSpace.CONSTANT)]
        out.append(pairs(shared, None, z3.Not(group)))
    return out


def _vector_shift(kernel: ir.Kernel, array: str) -> int:
    """log2 of the cells one element of ``array`` takes when it holds vectors, else 0.

    Two lanes of one vector are one memory location here: a store to ``v.y`` may be
    a read of the whole vector, the lane replaced and the vector written back (clang
    without optimisation emits that, and Oclgrind reports such pairs), so lanes
    written by two work-items race, as a lane written and another read do."""
    holder = kernel.array(array) or kernel.param(array)
    cells = ir.cells_per_vector(holder.lanes) if holder is not None else 1
    return cells.bit_length() - 1


def _unordered_in_warp(lockstep: z3.BoolRef, left: _Group, right: _Group,
                       offset_b: z3.ExprRef | None) -> z3.BoolRef:
    """What lock-step leaves of a pair: threads of different warps, or one access.

    Accesses merged into one member (the same index repeated) count as one
    access, and an access in a loop run as one symbolic iteration stands for
    all its iterations; both only add pairs.  The accesses of one source
    expression are one step (a ``vstore2`` may be one vector store, whose two
    cells two lanes may share), and an async copy's are the copy engine's,
    running until the wait: lock-step orders neither."""
    if left.first.collective or right.first.collective:
        return z3.BoolVal(True)
    if left is not right:
        return z3.BoolVal(True) if left.sites.keys() & right.sites.keys() else \
            z3.Not(lockstep)
    if any(len(offsets) > 1 for offsets in left.sites.values()):
        return z3.BoolVal(True)
    if left.offset is None or offset_b is None:
        return z3.BoolVal(True)
    return z3.Or(z3.Not(lockstep), left.offset == offset_b)


def _stretches(intervals: list[Interval]) -> dict[int, int]:
    """Per access (by ``id``): how many barriers ran before it in program order
    (any barrier: certain or not, splitting an interval or not).  Accesses and
    barriers each take the next sequence number, so a gap between the numbers
    of consecutive accesses is a barrier between them."""
    out: dict[int, int] = {}
    stretch, last = 0, 0
    for it in intervals:
        for acc in it.accesses:
            if acc.seq != last + 1:
                stretch += 1
            out[id(acc)] = stretch
            last = acc.seq
    return out


def _groups(accesses: list[Access], stretch: dict[int, int], ordered: bool,
            benign_writes: bool, shapes: dict[int, _Shape]) -> dict[str, list[_Group]]:
    """The accesses gathered into groups, per array, in program order.

    ``ordered`` (threads of one group, where barriers matter): members also
    share their epochs, the barriers certain before them and the barrier-free
    stretch of code they lie in.  Then all members of a group lie between the
    same two barriers, so for two groups either no barrier lies between any
    of their members or the same barriers lie between every pair: whether a
    barrier separates them is one answer for all pairs, given by the first
    members.  Writes compared by value (``benign_writes``) must also store the
    same value; parts of a group copy stay alone (a copy does not race
    itself, but two copies do).  ``shapes`` memoises :func:`_shape` per access."""
    found: dict[tuple, _Group] = {}
    out: dict[str, list[_Group]] = {}
    for acc in accesses:
        if id(acc) not in shapes:
            shapes[id(acc)] = _shape(acc.index)
        template, offset, value = shapes[id(acc)]
        key: tuple = (acc.array, acc.write, acc.atomic, live_id(acc.guard), live_id(template))
        if ordered:
            epochs = acc.epochs or (_ZERO, _ZERO)
            key += (live_id(epochs[0]), live_id(epochs[1]), id(acc.after), stretch[id(acc)])
        if benign_writes and acc.write:
            key += (None if acc.value is None else live_id(acc.value),)
        if acc.collective:
            key += (id(acc),)
        g = found.get(key)
        if g is None:
            g = found[key] = _Group(acc, template, offset, {})
            out.setdefault(acc.array, []).append(g)
        g.members.setdefault(value, acc)
        g.sites.setdefault(acc.pos, set()).add(value)
    # A group of one access needs no offset variable: its own index keeps the
    # query as simple as before grouping (most kernels are all such groups).
    return {array: [_Group(g.first, g.first.index, None, g.members, g.sites)
                    if len(g.members) == 1 and g.offset is not None else g for g in groups]
            for array, groups in out.items()}


_Shape = tuple[z3.ExprRef, z3.ExprRef | None, int]


def _shape(index: z3.ExprRef) -> _Shape:
    """``index`` as a template, its offset variable (None: no offset) and the
    offset's value in this access.

    The offset is the constant addend of the first sum met from the top
    (``tid*K + j`` gives ``tid*K + o`` and ``j``); a sum without one has
    offset 0, a constant index is all offset.  Setting the variable to the
    value gives back a term equal to ``index`` (addition modulo 2^bits is
    associative and commutative), so no pair is gained or lost."""
    if z3.is_bv_value(index):
        offset = _offset_of(index.size())
        return offset, offset, index.as_long()  # type: ignore[attr-defined]
    total = _first_sum(index)
    if total is None:
        return index, None, 0
    constants = [c for c in total.children() if z3.is_bv_value(c)]
    rest = [c for c in total.children() if not z3.is_bv_value(c)]
    value = sum(c.as_long() for c in constants) % (1 << total.size())  # type: ignore
    body = rest[0] if len(rest) == 1 else total.decl()(*rest)
    offset = _offset_of(total.size())
    return z3.substitute(index, (total, offset + body)), offset, value


def _first_sum(term: z3.ExprRef) -> z3.ExprRef | None:
    """The first bit-vector sum with a non-constant part, in pre-order from the top.

    Walked through Z3's C API (:func:`~veriscan.smt.dag.c_apps`): building Python
    wrappers for every node costs more than the whole pairing on big kernels."""
    core = z3.z3core
    for ref, ast, app in c_apps(term):
        if core.Z3_get_decl_kind(ref, core.Z3_get_app_decl(ref, app)) == z3.Z3_OP_BADD and any(
                core.Z3_get_ast_kind(ref, core.Z3_get_app_arg(ref, app, k)) != z3.Z3_NUMERAL_AST
                for k in range(core.Z3_get_app_num_args(ref, app))):
            return z3.z3._to_expr_ref(ast, term.ctx)
    return None


def _offset_of(bits: int) -> z3.BitVecRef:
    """Thread A's offset variable for templates of ``bits``-bit sums."""
    return z3.BitVec(f"race offset/{bits}.A", bits)


def _other(offset: z3.ExprRef) -> z3.BitVecRef:
    """Thread B's offset variable beside A's ``offset``."""
    return z3.BitVec(offset.decl().name()[:-2] + ".B", offset.size())  # type: ignore


_ZERO = z3.BitVecVal(0, 32)


def _differ(q: KernelQueries, a: Access, b: Access) -> z3.BoolRef:
    """The two writes store different values (a write of unknown value may differ)."""
    if a.value is None or b.value is None or a.value.sort() != b.value.sort():
        return z3.BoolVal(True)
    return a.value != q.pair.to_b(b.value)


def _arrays(intervals: list[Interval]) -> set[str]:
    return {a.array for it in intervals for a in it.accesses}


def _epochs(intervals: list[Interval], fence: ir.Fence) -> list[list[Access]]:
    epochs: list[list[Access]] = []
    for it in intervals:
        if not epochs or fence in it.fences:
            epochs.append([])
        epochs[-1].extend(it.accesses)
    return epochs


INCREMENTAL_MAX_PAIRS = 24
QUERY_CHUNK = 256  # candidates per query of the first pass


def _query(q: KernelQueries, shared: z3.Solver | None, candidates: list[_Candidate],
           stats: RaceStats) -> Finding | None:
    """One satisfiability query for "some candidate pair conflicts".

    Small queries may reuse an incremental solver (cheap set-up); large ones
    get a fresh solver, because Z3's one-shot bit-vector tactics are orders of
    magnitude faster than its incremental core on big disjunctions.
    """
    formula = disj(*(c.formula for c in candidates))
    facts = q.distinctness(formula)
    stats.queries += 1
    if shared is None or len(candidates) > INCREMENTAL_MAX_PAIRS:
        result, solver = q.query(True, formula, *facts)
        return _outcome(q, solver, result, candidates, facts)
    shared.push()
    try:
        shared.add(formula, *facts)
        return _outcome(q, shared, q.check(shared), candidates, facts)
    finally:
        shared.pop()


def _outcome(q: KernelQueries, solver: z3.Solver, result: z3.CheckSatResult,
             candidates: list[_Candidate], facts: list[z3.BoolRef]) -> Finding | None:
    if result == z3.unsat:
        return None
    if result != z3.sat:
        first = candidates[0].left.first
        return Finding("races", f"solver gave up on accesses to '{first.array}' "
                       f"({solver.reason_unknown()}); race freedom not established",
                       witness={"array": first.array, "access": str(first.pos)},
                       undecided="solver_gave_up")
    found = q.witness(solver, [c.formula for c in candidates], both=True, facts=facts)
    if found is None:
        first = candidates[0].left.first
        return Finding("races", f"solver found a possible race on '{first.array}' but could "
                       "not confirm any single pair of accesses; race freedom not established",
                       witness={"array": first.array, "access": str(first.pos)},
                       undecided="solver_gave_up")
    hit, model = candidates[found[0]], found[1]
    return _finding(q, model, hit, q.doubts(hit.formula, model))


def _finding(q: KernelQueries, model: z3.ModelRef, hit: _Candidate,
             approx: list[str]) -> Finding:
    assert q.trace is not None
    a, b = hit.accesses(model)
    index = model.eval(a.index, model_completion=True).as_signed_long()  # type: ignore
    space = q.kernel.space_of(a.array)
    intervals = q.trace.intervals
    witness = {
        "array": a.array, "memory": space.value, "element": index,
        "thread_a": {**q.pair.describe(model, q.pair.a), "access": a.kind,
                     "at": str(a.pos), "interval": intervals[a.interval].describe()},
        "thread_b": {**q.pair.describe(model, q.pair.b), "access": b.kind,
                     "at": str(b.pos), "interval": intervals[b.interval].describe()},
        "inputs": q.inputs(model),
    }
    ta, tb = witness["thread_a"], witness["thread_b"]
    where = _where(intervals[a.interval])
    other = model.eval(q.pair.to_b(b.index), model_completion=True).as_signed_long()  # type: ignore
    lane = "" if other == index else \
        f" ({q.kernel.cell(a.array, other)} for thread B: lanes of one vector)"
    text = (f"data race on {q.kernel.cell(a.array, index)}{lane} ({space.value} memory): "
            f"thread {ta['local_id']} of group {ta['group_id']} {a.kind}s at {a.pos}, thread "
            f"{tb['local_id']} of group {tb['group_id']} {b.kind}s at {b.pos}{where}"
            + _with_inputs(witness["inputs"]))
    if approx:
        witness["depends_on"] = approx
        text = ("possible " + text + "; the pair depends on over-approximated values ("
                + ", ".join(approx) + "), so it may be spurious")
    reason = ("atomic_plain" if a.atomic != b.atomic
              else "write_write" if a.write and b.write else "read_write")
    return Finding("races", text, exact=not approx, witness=witness, reason=reason)


def _where(interval: Interval) -> str:
    parts = [f"{it.loop} iteration {it.iteration}" +
             ("".join(f", {k} = {v}" for k, v in it.values))
             for it in interval.context if it.iteration >= 0]
    opened = f"after the barrier at {interval.opened_by}" if interval.opened_by else \
        "before any barrier"
    return f", {opened}" + (f" ({'; '.join(parts)})" if parts else "")


def _with_inputs(inputs: dict[str, int]) -> str:
    return f" (with {', '.join(f'{k} = {v}' for k, v in inputs.items())})" if inputs else ""
