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
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from veriscan.ir import nodes as ir
from veriscan.smt.outcome import Finding
from veriscan.smt.pairs import KernelQueries
from veriscan.smt.symbols import conj, disj
from veriscan.smt.threads import same_group
from veriscan.smt.trace import Access, Interval


@dataclass
class _Candidate:
    formula: z3.BoolRef
    a: Access
    b: Access
    index_b: z3.ExprRef


@dataclass
class RaceStats:
    queries: int = 0
    pairs: int = 0


def check_races(q: KernelQueries, *, inter_group: bool = True,
                benign_writes: bool = False) -> tuple[Finding | None, RaceStats]:
    """The first exact race, else the first possible one, else None (race-free).

    ``inter_group=False`` leaves out pairs of threads in different groups;
    ``benign_writes`` leaves out write-write pairs that store the same value.

    All batches go to the solver as one disjunction first (one query proves a
    race-free kernel); only when that finds a conflict built from
    over-approximated values are the batches searched one by one for an
    exact race, which must win over a possible one.
    """
    assert q.trace is not None
    stats = RaceStats()
    batches = [b for b in _batches(q, inter_group, benign_writes) if b]
    stats.pairs = sum(len(b) for b in batches)
    if not batches:
        return None, stats
    found = _query(q, None, [c for b in batches for c in b], stats)
    if found is None or found.exact or len(batches) == 1 or not found.witness.get("thread_a"):
        return found, stats  # proved, a real race, or the solver gave up
    shared = q.solver(both=True)
    for batch in batches:
        exact = _query(q, shared, batch, stats)
        if exact is not None and exact.exact:
            return exact, stats
    return found, stats


def _batches(q: KernelQueries, inter_group: bool,
             benign_writes: bool) -> list[list[_Candidate]]:
    """Candidate conflicting pairs: per epoch for threads of one group, plus (with
    several groups) every pair of global accesses for threads of different groups."""
    assert q.trace is not None
    b_terms: dict[int, tuple[z3.BoolRef, z3.ExprRef, tuple[z3.ExprRef, z3.ExprRef]]] = {}

    def of_b(acc: Access) -> tuple[z3.BoolRef, z3.ExprRef, tuple[z3.ExprRef, z3.ExprRef]]:
        key = id(acc)
        if key not in b_terms:
            epochs = acc.epochs or (_ZERO, _ZERO)
            b_terms[key] = (q.pair.to_b(acc.guard), q.pair.to_b(acc.index),
                            (q.pair.to_b(epochs[0]), q.pair.to_b(epochs[1])))
        return b_terms[key]

    spaces = {name: q.kernel.space_of(name) for name in _arrays(q.trace.intervals)}
    group = same_group(q.pair.a, q.pair.b)
    multi_group = inter_group and any(d > 1 for d in q.launch.num_groups)
    out: list[list[_Candidate]] = []

    def pairs(left: list[Access], right: list[Access], fence: ir.Fence | None,
              extra: z3.BoolRef) -> list[_Candidate]:
        """Conflicts between ``left`` (thread A) and ``right`` (thread B); ``fence``
        None means threads of different groups, which no barrier orders."""
        found = []
        for x, a in enumerate(left):
            for b in right[x:] if left is right else right:
                if a.array != b.array or not (a.write or b.write):
                    continue
                if (a.atomic and b.atomic) or (a is b and a.collective and fence is not None):
                    continue  # atomics do not race each other; one group copy is one copy
                if fence is not None and a.separated_from(b, fence):
                    continue
                guard_b, index_b, epochs_b = of_b(b)
                parts = [a.guard, guard_b, a.index == index_b, extra]
                if benign_writes and a.write and b.write:
                    parts.append(_differ(q, a, b))
                if fence is not None:
                    slot = 0 if fence is ir.Fence.LOCAL else 1
                    parts.append((a.epochs or (_ZERO, _ZERO))[slot] == epochs_b[slot])
                formula = z3.simplify(conj(*parts))
                if not z3.is_false(formula):
                    found.append(_Candidate(formula, a, b, index_b))
        return found

    for fence, kinds in ((ir.Fence.LOCAL, (ir.MemSpace.LOCAL,)),
                         (ir.Fence.GLOBAL, (ir.MemSpace.GLOBAL, ir.MemSpace.CONSTANT))):
        for epoch in _epochs(q.trace.intervals, fence):
            mine = [a for a in epoch if spaces[a.array] in kinds]
            out.append(pairs(mine, mine, fence, group))
    if multi_group:
        shared = [a for it in q.trace.intervals for a in it.accesses
                  if spaces[a.array] in (ir.MemSpace.GLOBAL, ir.MemSpace.CONSTANT)]
        out.append(pairs(shared, shared, None, z3.Not(group)))
    return out


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
        return _outcome(q, solver, result, candidates)
    shared.push()
    try:
        shared.add(formula, *facts)
        return _outcome(q, shared, shared.check(), candidates)
    finally:
        shared.pop()


def _outcome(q: KernelQueries, solver: z3.Solver, result: z3.CheckSatResult,
             candidates: list[_Candidate]) -> Finding | None:
    if result == z3.unsat:
        return None
    if result != z3.sat:
        first = candidates[0]
        return Finding("races", f"solver gave up on accesses to '{first.a.array}' "
                       f"({solver.reason_unknown()}); race freedom not established",
                       witness={"array": first.a.array, "access": str(first.a.pos)})
    model = q.counterexample(solver)
    hit = next(c for c in candidates if z3.is_true(model.eval(c.formula, model_completion=True)))
    return _finding(q, model, hit, q.doubts(hit.formula, model))


def _finding(q: KernelQueries, model: z3.ModelRef, c: _Candidate,
             approx: list[str]) -> Finding:
    assert q.trace is not None
    index = model.eval(c.a.index, model_completion=True).as_signed_long()  # type: ignore
    space = q.kernel.space_of(c.a.array)
    intervals = q.trace.intervals
    witness = {
        "array": c.a.array, "memory": space.value, "element": index,
        "thread_a": {**q.pair.describe(model, q.pair.a), "access": c.a.kind,
                     "at": str(c.a.pos), "interval": intervals[c.a.interval].describe()},
        "thread_b": {**q.pair.describe(model, q.pair.b), "access": c.b.kind,
                     "at": str(c.b.pos), "interval": intervals[c.b.interval].describe()},
        "inputs": q.inputs(model),
    }
    ta, tb = witness["thread_a"], witness["thread_b"]
    where = _where(intervals[c.a.interval])
    text = (f"data race on {c.a.array}[{index}] ({space.value} memory): thread "
            f"{ta['local_id']} of group {ta['group_id']} {c.a.kind}s at {c.a.pos}, thread "
            f"{tb['local_id']} of group {tb['group_id']} {c.b.kind}s at {c.b.pos}{where}"
            + _with_inputs(witness["inputs"]))
    if approx:
        witness["depends_on"] = approx
        text = ("possible " + text + "; the pair depends on over-approximated values ("
                + ", ".join(approx) + "), so it may be spurious")
    return Finding("races", text, exact=not approx, witness=witness)


def _where(interval: Interval) -> str:
    parts = [f"{it.loop} iteration {it.iteration}" +
             ("".join(f", {k} = {v}" for k, v in it.values))
             for it in interval.context if it.iteration >= 0]
    opened = f"after the barrier at {interval.opened_by}" if interval.opened_by else \
        "before any barrier"
    return f", {opened}" + (f" ({'; '.join(parts)})" if parts else "")


def _with_inputs(inputs: dict[str, int]) -> str:
    return f" (with {', '.join(f'{k} = {v}' for k, v in inputs.items())})" if inputs else ""
