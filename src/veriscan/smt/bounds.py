"""In-bounds accesses, undefined arithmetic and ``__assert``s, one thread at a time.

All are single-thread properties: some thread reaches an access whose index
is negative or not below the array's extent (local and private arrays have
declared sizes; global ones only when the caller gives them), forms a pointer
by arithmetic outside the array or more than one past its end (C11 6.5.6p8,
undefined even if never dereferenced), reaches an operation C leaves
undefined (recorded by the expression encoder), or an assertion that is
false.  An OpenCL kernel argument points at the start of its buffer (memory
object or local allocation), so below index 0 is outside whatever its size:
an unsized one is checked for that, where the index is the kernel's own
(not computed from memory contents, which like undefined arithmetic on them
are the data's business: the verdict names the argument as not checked).  A
CUDA pointer argument may point into the middle of an allocation, so an
unsized one is not checked at all.  One query covers a chunk of accesses
(every access of all but the longest kernels); the model names the first
failing one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import z3

from veriscan.ir import nodes as ir
from veriscan.smt.dag import first_of_each, subterms
from veriscan.smt.outcome import Finding
from veriscan.smt.pairs import KernelQueries
from veriscan.smt.symbols import (
    APPROX,
    CHOSEN_BY_INPUT,
    INDEX_BITS,
    Mentions,
    applications,
    conj,
    disj,
)
from veriscan.smt.threads import in_launch
from veriscan.smt.trace import Access, AssertionSite, AssumedDefined, PointerSite, UndefinedSite
from veriscan.smt.translate import is_overflow, undefined_reason

Extent = int | z3.ExprRef  # a term in parametric proofs (e.g. N)


def array_extents(q: KernelQueries, given: dict[str, Extent]) -> dict[str, Extent]:
    """Declared sizes of the kernel's arrays, overridden by ``given`` (any array)."""
    sizes: dict[str, Extent] = {a.name: a.size for a in q.kernel.arrays}
    known = sizes.keys() | {p.name for p in q.kernel.params if p.is_pointer}
    sizes.update({name: size for name, size in given.items() if name in known})
    for p in q.kernel.params:  # a size given in vectors, cells counted in scalars
        if p.is_pointer and p.cells_per_element != 1 and p.name in given:
            sizes[p.name] = given[p.name] * p.cells_per_element
    return sizes


def check_bounds(q: KernelQueries, sizes: dict[str, Extent]) -> Finding | None:
    """The first access, or pointer formed by arithmetic, outside its array."""
    assert q.trace is not None
    sites: list[Access | PointerSite] = [acc for interval in q.trace.intervals
                                         for acc in interval.accesses]
    sites += q.trace.pointers
    reads_memory = Mentions(q.trace.data)
    checked: list[tuple[z3.BoolRef, Access | PointerSite, Extent | None]] = []
    for site in sites:
        extent = sizes.get(site.array)
        if extent is None and not (_starts_buffer(q.kernel, site.array)
                                   and not reads_memory(site.index)):
            continue
        outside = z3.simplify(conj(site.guard, _outside(site, extent)))
        if not z3.is_false(outside):
            checked.append((outside, site, extent))
    if not checked:
        return None
    checked = first_of_each(checked, lambda c: c[0])
    result, solver = first_satisfiable(q, [c[0] for c in checked])
    if result == z3.unsat:
        return None
    if result != z3.sat:
        return Finding("bounds", f"solver gave up on the bounds check ({solver.reason_unknown()})",
                       undecided="solver_gave_up")
    model = q.counterexample(solver)
    formula, acc, size = next(c for c in checked
                              if z3.is_true(model.eval(c[0], model_completion=True)))
    index = model.eval(acc.index, model_completion=True).as_signed_long()  # type: ignore
    if size is not None and not isinstance(size, int):
        size = model.eval(size, model_completion=True).as_long()  # type: ignore
    approx = q.doubts(formula, model)
    thread = q.pair.describe(model, q.pair.a)
    interval = q.trace.intervals[acc.interval]
    witness = {"array": acc.array, "element": index, "size": size, "access": acc.kind,
               "at": str(acc.pos), "thread": thread, "interval": interval.describe(),
               "inputs": q.inputs(model)}
    where = f"at {acc.pos} by thread {thread['local_id']} of group {thread['group_id']}"
    before = "before the start of the buffer its argument points at"
    if isinstance(acc, PointerSite):
        limits = before if size is None else \
            f"outside {acc.array} + 0 to {acc.array} + {size}, all C defines"
        text = f"pointer arithmetic gives {acc.array} + {index}, {limits}, {where}"
    else:
        text = (f"out-of-bounds {acc.kind} of {q.kernel.cell(acc.array, index)} "
                f"({before if size is None else f'size {size}'}) {where}")
    if approx:
        witness["depends_on"] = approx
        text = f"possible {text} (depends on {', '.join(approx)})"
    return Finding("bounds", text, exact=not approx, witness=witness,
                   reason="pointer_out_of_range" if acc.kind == "pointer"
                   else "index_out_of_range")


def check_assertions(q: KernelQueries) -> Finding | None:
    assert q.trace is not None
    found = _first_failure(q, q.trace.assertions, "assertions", "__assert")
    if not isinstance(found, _Failure):
        return found
    thread = found.thread
    text = f"__assert at {found.site.pos} fails for thread {thread['local_id']} of group " \
           f"{thread['group_id']}"
    if found.approx:
        text = f"possibly {text} (depends on {', '.join(found.approx)})"
    return Finding("assertions", text, exact=not found.approx,
                   witness={"at": str(found.site.pos), "thread": thread},
                   reason="assertion_false")


def check_undefined(q: KernelQueries, *, overflow: bool = True) -> Finding | None:
    """Some thread reaches an operation C leaves undefined (signed overflow,
    division by zero, ``MIN / -1``, a CUDA shift out of range, a read of a
    private variable that was not assigned); ``overflow=False`` leaves signed
    overflow out (``--skip-overflow-check``)."""
    assert q.trace is not None
    found = _first_failure(q, _counted(q.trace.undefined, overflow), "undefined",
                           "undefined behaviour")
    if not isinstance(found, _Failure):
        return found
    site, thread = found.site, found.thread
    assert isinstance(site, UndefinedSite)
    text = (f"undefined behaviour at {site.pos}: {site.what}, reached by thread "
            f"{thread['local_id']} of group {thread['group_id']}")
    witness = {"at": str(site.pos), "operation": site.what, "thread": thread,
               "inputs": found.inputs}
    if found.approx:
        witness["depends_on"] = found.approx
        text = f"possible {text} (depends on {', '.join(found.approx)})"
    return Finding("undefined", text, exact=not found.approx, witness=witness,
                   reason=undefined_reason(site.what))


S = TypeVar("S", UndefinedSite, AssumedDefined)


def _counted(sites: list[S], overflow: bool) -> list[S]:
    """The undefined operations a check asks about: with ``overflow`` off
    (``--skip-overflow-check``), all but signed overflow."""
    return [s for s in sites if overflow or not is_overflow(s.what)]


def check_assumed_defined(q: KernelQueries, *, overflow: bool = True) -> Finding | None:
    """The model assumes arithmetic on the host's inputs defined; that is only a
    model of some run if some input makes it so.  An operation undefined for every
    content of memory wherever a thread reaches it (``x / (in[t] & 0)``) is a
    violation; operations that no single input makes defined for every work-item at
    once (thread 0 needs ``in[0] < 0``, thread 1 needs ``in[0] >= 0``), or for which
    the solver cannot tell, leave the proof vacuous (unknown)."""
    assert q.trace is not None
    sites = first_of_each(_counted(q.trace.assumed_defined, overflow),
                          lambda s: conj(s.reached, s.undefined))
    for site in sites:
        # Some thread reaches it, and whatever memory holds, wherever it reaches it the
        # operation is undefined.  Every read of memory is its own value here, even two
        # reads of one cell: more contents than memory can hold, so "undefined for all"
        # is only ever claimed when it is true.
        over = _over_any_memory(site.reached, site.undefined, q.trace.data)
        if over is None:
            continue
        reached, undefined, contents = over
        always = z3.Implies(reached, undefined)
        result, solver = q.query(False, site.reached,
                                 z3.ForAll(contents, always) if contents else always)
        if result != z3.sat:
            continue
        model = q.counterexample(solver)
        thread = q.pair.describe(model, q.pair.a)
        approx = q.doubts(conj(site.reached, site.undefined), model)
        text = (f"undefined behaviour at {site.pos}: {site.what} for every value memory "
                f"can hold, reached by thread {thread['local_id']} of group "
                f"{thread['group_id']}")
        return Finding("undefined", f"possible {text} (depends on {', '.join(approx)})"
                       if approx else text, exact=not approx,
                       witness={"at": str(site.pos), "operation": site.what,
                                "thread": thread}, reason=undefined_reason(site.what))
    if sites and not any(_uniform_input_serves(q, sites, c) for c in (0, 1)) and \
            q.query(False, _for_every_thread(q, sites))[0] != z3.sat:
        return Finding("undefined", "no input is known to make every operation on the "
                       "values read from it defined for every work-item at once (the "
                       "model's assumption), so the checks could hold vacuously",
                       exact=False, undecided="vacuous_assumption")
    return None


def _uniform_input_serves(q: KernelQueries, sites: list[AssumedDefined], value: int) -> bool:
    """Whether buffers holding ``value`` in every cell leave every site defined, for
    every work-item and every value of anything else: a concrete input for which the
    assumption holds, found without quantifiers (the usual case, tried first)."""
    swaps = []
    for function in q.content.functions():
        sort = function.range()
        if isinstance(sort, z3.BitVecSortRef):
            swaps.append((function, z3.BitVecVal(value, sort)))
        elif isinstance(sort, z3.FPSortRef):
            swaps.append((function, z3.FPVal(value, sort)))
        elif sort == z3.BoolSort():
            swaps.append((function, z3.BoolVal(bool(value))))
        else:
            return False
    fails = disj(*(conj(s.reached, s.undefined) for s in sites))
    if swaps:
        fails = z3.substitute_funs(fails, *swaps)
    return q.query(False, fails)[0] == z3.unsat


def _for_every_thread(q: KernelQueries, sites: list[AssumedDefined]) -> z3.BoolRef:
    """Every work-item of the launch leaves every site defined, whatever the opaque
    operations return.  The inputs (read-only functions, scalars, sizes) are shared and
    stay free; the thread's ids and its own symbols are bound, so one input has to serve
    every work-item (two threads' demands on one cell can contradict each other).  An
    over-approximated value (an opaque float operation's result) is bound too: the
    device computes one value there that the model does not know, so the input found
    must serve for every value it could be (``in[t] + 2 - (int)floor(2.5f)`` is
    ``in[t]`` on every device, and a divisor ``d - in[t]`` is zero for every input
    however a solver would like ``floor`` to round)."""
    assert q.trace is not None
    a = q.pair.a
    defined = z3.And(*(z3.Implies(s.reached, z3.Not(s.undefined)) for s in sites))
    premise = z3.And(in_launch(a, q.launch), *q.trace.assumptions)
    body, approximated = _approximations_as_constants(z3.Implies(premise, defined),
                                                      q.trace.data)
    own = {t.decl().name() for t in q.symbols.thread_local}
    bound = {t.decl().name(): t for t in [*a.local, *a.group, *approximated] + [
        t for t in applications(body) if z3.is_const(t) and t.decl().name() in own]}
    return z3.ForAll(list(bound.values()), body)


def _approximations_as_constants(formula: z3.BoolRef, data: set[str]
                                 ) -> tuple[z3.BoolRef, list[z3.ExprRef]]:
    """``formula`` with every over-approximated value (an application of an opaque
    operation, or a symbol named as approximate) a constant of its own, and those
    constants.  A property the input chooses (:data:`CHOSEN_BY_INPUT`) of a cell read
    straight from the input (a function in ``data``) stays as it is: only of such a
    cell is it known that some content lacks it.  One term is one constant;
    applications to different argument terms become different constants even where
    their arguments are equal, which only makes a universal claim over them stronger.
    Replaced outermost first, again until none is left (an inner application that also
    stands alone goes in a later round)."""
    constants: list[z3.ExprRef] = []
    while True:
        outermost = [t for t in subterms([formula], quantifiers=True,
                                         below=lambda t: not _approximate(t, data))
                     if _approximate(t, data)]
        applied = [t for t in outermost if t.num_args()]
        constants += [t for t in outermost if not t.num_args()]
        if not applied:
            return formula, list({c.decl().name(): c for c in constants}.values())
        fresh = [(t, z3.Const(f"{APPROX}value!{len(constants) + k}", t.sort()))
                 for k, t in enumerate(applied)]
        constants += [c for _, c in fresh]
        formula = z3.substitute(formula, *fresh)


def _approximate(term: z3.ExprRef, data: set[str]) -> bool:
    if not z3.is_app(term) or not term.decl().name().startswith(APPROX):
        return False
    chosen = term.decl().name().startswith(CHOSEN_BY_INPUT) and term.num_args() == 1 and \
        z3.is_app(term.arg(0)) and term.arg(0).num_args() == 1 and \
        term.arg(0).decl().name() in data
    return not chosen


def _over_any_memory(reached: z3.BoolRef, undefined: z3.BoolRef, data: set[str]
                     ) -> tuple[z3.BoolRef, z3.BoolRef, list[z3.ExprRef]] | None:
    """``reached`` and ``undefined`` with every value read from memory (a symbol or an
    application of a read-only input's function named in ``data``), and every value the
    encoding over-approximates, replaced by a constant of its own, and those constants.
    None when they hold an uninterpreted function besides (an opaque float
    operation): the solver would choose what it means, so "for every value" could
    not be asked of it.  (Not :func:`~veriscan.smt.symbols.applications`: the walk
    stops at a read, so a read inside another read's index stays part of that one
    value instead of leaving a read of a free function behind after substitution.)"""
    def one_value(term: z3.ExprRef) -> bool:
        return z3.is_app(term) and (term.decl().name() in data
                                    or term.decl().name().startswith(APPROX))

    found: list[z3.ExprRef] = []
    for term in subterms([reached, undefined], quantifiers=True,
                         below=lambda t: not one_value(t)):
        if one_value(term):
            found.append(term)
        elif z3.is_app(term) and term.num_args() and \
                term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            return None
    pairs = [(term, z3.Const(f"memory!{k}", term.sort())) for k, term in enumerate(found)]
    if not pairs:
        return reached, undefined, []
    return (z3.substitute(reached, *pairs), z3.substitute(undefined, *pairs),
            [fresh for _, fresh in pairs])


def _starts_buffer(kernel: ir.Kernel, array: str) -> bool:
    """Whether ``array`` is an OpenCL kernel argument: a pointer to the start of its
    buffer, so that index 0 is its first element whatever its size."""
    param = kernel.param(array)
    return kernel.dialect is ir.Dialect.OPENCL and param is not None and param.is_pointer


def _outside(site: Access | PointerSite, extent: Extent | None) -> z3.BoolRef:
    """When ``site``'s index is outside its array: below 0, or past the last element
    (an access) or one past it (a pointer); below 0 only when the size is unknown."""
    below = site.index < 0
    if extent is None:
        return below
    size = z3.BitVecVal(extent, INDEX_BITS) if isinstance(extent, int) else extent
    return disj(below, site.index > size if isinstance(site, PointerSite) else
                site.index >= size)




QUERY_CHUNK = 512  # formulas per query, so each stays small enough for its time limit


def first_satisfiable(q: KernelQueries, formulas: list[z3.BoolRef]
                      ) -> tuple[z3.CheckSatResult, z3.Solver]:
    """Whether some thread makes one of ``formulas`` true: one query per chunk, in
    order, stopping at the first that is not unsat (its solver holds the model).

    A single disjunction of every formula grows with the kernel, and on a loaded
    machine its one wall-clock limit is reached long before its chunks' would be."""
    for start in range(0, len(formulas), QUERY_CHUNK):
        result, solver = q.query(False, disj(*formulas[start:start + QUERY_CHUNK]))
        if result != z3.unsat:
            return result, solver
    return z3.unsat, solver


@dataclass
class _Failure:
    site: AssertionSite | UndefinedSite
    thread: dict[str, list[int]]
    inputs: dict[str, int]
    approx: list[str]  # over-approximations the model depends on (empty: exact)


def _first_failure(q: KernelQueries, all_sites: Sequence[AssertionSite | UndefinedSite],
                   check: str, what: str) -> _Failure | Finding | None:
    """Queries for "some thread reaches a failing site" (:func:`first_satisfiable`);
    the model names the first such site and the thread."""
    sites = first_of_each([s for s in all_sites if not z3.is_false(s.failure)],
                           lambda s: s.failure)
    if not sites:
        return None
    result, solver = first_satisfiable(q, [s.failure for s in sites])
    if result == z3.unsat:
        return None
    if result != z3.sat:
        return Finding(check, f"solver gave up on {what} ({solver.reason_unknown()})",
                       undecided="solver_gave_up")
    found = q.witness(solver, [s.failure for s in sites])
    if found is None:
        return Finding(check, f"solver found a failing {what} site but could not confirm any "
                       "single one", undecided="solver_gave_up")
    site, model = sites[found[0]], found[1]
    return _Failure(site, q.pair.describe(model, q.pair.a), q.inputs(model),
                    q.doubts(site.failure, model))
