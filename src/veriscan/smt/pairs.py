"""The per-kernel query context shared by the race, divergence and bounds checks.

It owns the two symbolic threads, the shared symbols (kernel scalars, the
read-only inputs as uninterpreted functions of the index) and the stated
assumptions, and runs the symbolic execution of thread A.  Read-only inputs
are functions so both threads see the same contents; that is what lets a
``DistinctWhere`` assumption about an index array mean something.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import z3

from veriscan.ir import nodes as ir
from veriscan.ir.visit import entry_loads, written_arrays
from veriscan.smt.counters import counter_facts
from veriscan.smt.dag import subterms
from veriscan.smt.execute import Executor
from veriscan.smt.outcome import Finding
from veriscan.smt.solver import FIRST_TRY_RLIMIT, QUERY_RLIMIT, budgeted_solver
from veriscan.smt.symbols import (
    INDEX_BITS,
    SymbolTable,
    applications,
    approximations,
    readable,
    sort_of,
)
from veriscan.smt.threads import Launch, Pair, in_launch, same_group
from veriscan.smt.trace import Iteration, Trace


@dataclass(frozen=True)
class DistinctWhere:
    """For indices i != j (with guard[i] != 0 and guard[j] != 0 when a guard is given),
    array[i] != array[j].  Stated by the caller; verdicts list it as used."""

    array: str
    guard: str | None = None

    def describe(self) -> str:
        cond = f" where {self.guard}[i] != 0 and {self.guard}[j] != 0" if self.guard else ""
        return f"{self.array}[i] != {self.array}[j] for all i != j{cond}"


class HostContent:
    """What the host put in the kernel's buffers, as functions of the index: one per
    buffer the kernel only reads, and one per buffer it writes, for the reads that
    come before any write to it (:func:`~veriscan.ir.visit.entry_loads`)."""

    def __init__(self, kernel: ir.Kernel):
        written = written_arrays(kernel.body)
        self.read_only: dict[str, z3.FuncDeclRef] = {}
        self.written: dict[str, z3.FuncDeclRef] = {}
        for p in kernel.params:
            if p.is_pointer:
                into = self.written if p.name in written else self.read_only
                into[p.name] = z3.Function(f"{p.name}{'@entry' if p.name in written else ''}[]",
                                           z3.BitVecSort(INDEX_BITS), sort_of(p.type))
        self._entry_loads = entry_loads(kernel.body)

    def functions(self) -> list[z3.FuncDeclRef]:
        return [*self.read_only.values(), *self.written.values()]

    def initial(self, load: ir.Load) -> z3.FuncDeclRef | None:
        """The host's content of ``load``'s buffer when the load reads it: always for
        a buffer the kernel only reads, and for one it writes when no write can have
        come before (then every read of one cell, by any work-item, sees one value)."""
        if load.array in self.read_only:
            return self.read_only[load.array]
        return self.written.get(load.array) if id(load) in self._entry_loads else None


class KernelQueries:
    def __init__(self, kernel: ir.Kernel, launch: Launch,
                 scalar_values: dict[str, int] | None = None,
                 assumptions: tuple[DistinctWhere, ...] = (),
                 constants: dict[int, z3.ExprRef] | None = None,
                 rlimit: int = QUERY_RLIMIT, deadline: float | None = None):
        self.kernel = kernel
        self.launch = launch
        self.symbols = SymbolTable()
        self.pair = Pair(launch, self.symbols)
        self.assumptions = assumptions
        self.scalar_values = dict(scalar_values or {})
        self.constants = dict(constants or {})
        self.rlimit = rlimit  # Z3 resource units per query
        self.deadline = deadline  # time.monotonic() after which queries answer unknown
        self.content = HostContent(kernel)
        self._scalars: dict[str, z3.ExprRef] = {}
        # Every by-value parameter (each lane of a vector one) is an input: a given
        # integer value, else a free symbol (floats and TYPE values: opaque ones).
        for p in kernel.params:
            for name in [] if p.is_pointer else p.values:
                exact = p.type.kind in (ir.TypeKind.INT, ir.TypeKind.BOOL)
                if exact and name in self.scalar_values:
                    value = self.scalar_values[name]
                    self._scalars[name] = (z3.BoolVal(bool(value)) if p.type.kind is
                                           ir.TypeKind.BOOL else
                                           z3.BitVecVal(value % (1 << p.type.bits), p.type.bits))
                else:
                    self._scalars[name] = z3.Const(name, sort_of(p.type))
        for a in assumptions:
            for name in (a.array, a.guard):
                if name is not None and name not in self.content.read_only:
                    raise Finding("assumptions", f"assumption '{a.describe()}' names '{name}', "
                                  "which is not a read-only pointer parameter of the kernel",
                                  undecided="unsupported_construct")
        self.trace: Trace | None = None
        self._counters: list[z3.BoolRef] = []  # facts about atomic counters (smt.counters)
        self._quick: z3.Solver | None = None

    def inputs(self, model: z3.ModelRef) -> dict[str, int]:
        """The model's choice of the free inputs a witness depends on: kernel
        scalars not fixed by the caller and, in a parametric proof, n."""
        out: dict[str, int] = {}
        for name, sym in self._scalars.items():
            if (name not in self.scalar_values and z3.is_const(sym) and not z3.is_bv_value(sym)
                    and (z3.is_bv(sym) or z3.is_bool(sym))):
                value = model.eval(sym, model_completion=True)
                out[name] = (int(z3.is_true(value)) if z3.is_bool(value)
                             else value.as_signed_long())  # type: ignore[attr-defined]
        for stand_in in self.constants.values():
            out["n"] = model.eval(stand_in, model_completion=True).as_long()  # type: ignore
        return out

    def is_input(self, term: z3.ExprRef) -> bool:
        """Whether ``term`` is built from the launch's inputs alone (scalar parameters,
        the host's buffer contents at such indices, the stand-ins for n, constants):
        the same for every work-item, unlike its ids or what it read or computed."""
        inputs = {sym.decl() for sym in self._scalars.values() if z3.is_const(sym)}
        inputs |= {sym.decl() for sym in self.constants.values()}
        arrays = set(self.content.functions())
        for e in subterms([term]):
            if not z3.is_app(e):
                return False
            decl = e.decl()
            if decl.kind() == z3.Z3_OP_UNINTERPRETED and decl not in inputs | arrays:
                return False
        return True

    def scalar(self, name: str) -> z3.ExprRef | None:
        return self._scalars.get(name)

    def execute(self, progress: Callable[[int], None] | None = None) -> Trace:
        """Thread A's trace; ``progress`` hears how many top-level statements are done.

        The time budget is also watched between top-level statements, so a huge
        straight-line kernel (no solver query to notice it) ends as unknown in time."""
        executor = Executor(self.kernel, self.launch, self.pair.a, self.symbols, self.scalar,
                            self.content.initial, self, self.constants)
        self.trace = executor.trace  # assumptions become visible to queries as they appear
        total = len(self.kernel.body)

        def step(done: int) -> None:
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise Finding("execution", "the time budget of this proof attempt ran out "
                              f"during the symbolic execution ({done} of {total} top-level "
                              "statements done)", undecided="budget_exhausted")
            if progress is not None:
                progress(done)
        trace = executor.run(step)
        self._counters = counter_facts(self.kernel, self.launch, trace, self.pair)
        return trace

    # --------------------------------------------------------- solver helpers

    def query(self, both: bool, *formulas: z3.BoolRef) -> tuple[z3.CheckSatResult, z3.Solver]:
        """Check ``formulas`` for one thread (or the pair); the solver keeps the model.

        When the solver gives up and the launch has cases (parametric proofs:
        one per value of lg n), each case is tried on its own: the symbolic
        execution is shared, only the solving is split.
        """
        cases = self.launch.cases()
        s = self.solver(both=both)
        s.add(*formulas)
        # With cases to fall back on, the whole problem only gets a short try.
        result = self._check(s, FIRST_TRY_RLIMIT if cases else self.rlimit)
        if result != z3.unknown or not cases:
            return result, s
        for case in cases:
            s = self.solver(both=both)
            s.add(case, *formulas)
            result = self._check(s, self.rlimit)
            if result != z3.unsat:
                return result, s
        return z3.unsat, s

    def _check(self, s: z3.Solver, rlimit: int) -> z3.CheckSatResult:
        """One query within ``rlimit`` resource units.  The check's wall-clock budget
        also bounds it, but running into that ends the check (the verdict names it)
        instead of answering unknown for this query alone: an answer that depends
        on the clock must not steer the analysis."""
        s.set("rlimit", rlimit)
        if self.deadline is not None:
            left_ms = int((self.deadline - time.monotonic()) * 1000)
            if left_ms <= 0:
                raise Finding("execution", "the time budget of this proof attempt ran out",
                              undecided="budget_exhausted")
            s.set("timeout", left_ms)
        result = s.check()
        if result == z3.unknown and s.reason_unknown() == "timeout":
            raise Finding("execution", "the time budget of this proof attempt ran out "
                          "during a solver query", undecided="budget_exhausted")
        return result

    def check(self, s: z3.Solver) -> z3.CheckSatResult:
        """``s.check()`` under this check's policy (for callers holding a solver)."""
        return self._check(s, self.rlimit)

    def solver(self, *, both: bool) -> z3.Solver:
        s = budgeted_solver(self.rlimit)
        if both:
            s.add(self.pair.constraints(), *self._counters)
        else:
            s.add(in_launch(self.pair.a, self.launch), *self.launch.facts())
        for fact in self.trace.assumptions if self.trace else ():
            s.add(fact)
            if both:
                s.add(self.pair.to_b(fact))
        return s

    def distinctness(self, formula: z3.ExprRef) -> list[z3.BoolRef]:
        """Instances of the DistinctWhere assumptions for the reads in ``formula``."""
        facts: list[z3.BoolRef] = []
        for a in self.assumptions:
            fn = self.content.read_only[a.array]
            reads = _applications(formula, fn)
            for i, x in enumerate(reads):
                for y in reads[i + 1:]:
                    xi, yi = x.arg(0), y.arg(0)
                    cond = [xi != yi]
                    if a.guard is not None:
                        g = self.content.read_only[a.guard]
                        zero = z3.BitVecVal(0, g.range().size()) if z3.is_bv_sort(
                            g.range()) else None
                        if zero is None:
                            continue
                        cond += [g(xi) != zero, g(yi) != zero]
                    facts.append(z3.Implies(z3.And(*cond), x != y))
        return facts

    def witness(self, solver: z3.Solver, formulas: list[z3.BoolRef], both: bool = False,
                facts: list[z3.BoolRef] | None = None) -> tuple[int, z3.ModelRef] | None:
        """Which of ``formulas`` holds in a model, their disjunction (with ``facts``)
        having been found satisfiable by ``solver``; and that model.  The disjunction's
        model usually settles one of them; where it does not (a quantified part it
        leaves undecided), each is asked on its own, with the same facts.  None: none
        could be confirmed."""
        model = self.counterexample(solver)
        for k, formula in enumerate(formulas):
            if z3.is_true(model.eval(formula, model_completion=True)):
                return k, model
        for k, formula in enumerate(formulas):
            result, alone = self.query(both, formula, *(facts or []))
            if result == z3.sat:
                return k, self.counterexample(alone)
        return None

    def counterexample(self, solver: z3.Solver) -> z3.ModelRef:
        """The model of a satisfiable ``solver``, preferring one where no
        abstracted loop counter wrapped around (such an iteration may never run)."""
        model = solver.model()
        wraps = self._wraps()
        if any(z3.is_false(model.eval(w, model_completion=True)) for w in wraps):
            solver.push()
            solver.add(*wraps)
            if self.check(solver) == z3.sat:
                model = solver.model()
            solver.pop()
        return model

    def doubts(self, formula: z3.ExprRef, model: z3.ModelRef) -> list[str]:
        """Why ``model`` of ``formula`` might not be a real execution (empty: it is one)."""
        reasons = list(dict.fromkeys(readable(n) for n in approximations(formula)))
        if any(z3.is_false(model.eval(w, model_completion=True)) for w in self._wraps()):
            reasons.append("a loop counter wrapping around")
        return reasons

    def _wraps(self) -> list[z3.BoolRef]:
        wraps = list(self.trace.no_wrap) if self.trace else []
        return wraps + [self.pair.to_b(w) for w in wraps]

    # ------------------------------------------------------ barrier oracle

    def satisfiable(self, formula: z3.BoolRef) -> bool:
        """A quick yes/no for one thread ("unknown" counts as yes), on one
        incremental solver: these small questions come by the hundred during
        symbolic execution, and a fresh solver each time costs more than the
        answer."""
        if self._quick is None:
            self._quick = budgeted_solver(self.rlimit)
            self._quick.add(in_launch(self.pair.a, self.launch), *self.launch.facts())
        self._quick.push()
        try:
            self._quick.add(*(self.trace.assumptions if self.trace else ()), formula)
            return self._check(self._quick, self.rlimit) != z3.unsat
        finally:
            self._quick.pop()

    def feasible(self, guard: z3.BoolRef) -> bool:
        return self.satisfiable(guard)

    def uniform(self, guard: z3.BoolRef, terms: list[z3.ExprRef], stmt: ir.Stmt,
                what: str) -> None:
        """Raise a divergence unless ``terms`` agree in all work-items of a group
        that reach ``stmt``: a work-group function called with differing arguments
        is undefined (OpenCL C 6.12.10)."""
        differ = [t != self.pair.to_b(t) for t in terms if not self.pair.to_b(t).eq(t)]
        if not differ:
            return
        formula = z3.And(same_group(self.pair.a, self.pair.b), guard, self.pair.to_b(guard),
                         z3.Or(*differ))
        result, s = self.query(True, formula)
        if result == z3.unsat:
            return
        if result != z3.sat:
            raise Finding("divergence", f"solver gave up on the arguments of {what} at "
                          f"{stmt.pos} ({s.reason_unknown()})", witness={"at": str(stmt.pos)},
                          undecided="solver_gave_up")
        model = self.counterexample(s)
        approx = self.doubts(formula, model)
        a = self.pair.describe(model, self.pair.a)
        b = self.pair.describe(model, self.pair.b)
        text = (f"{what} at {stmt.pos} is called with different arguments by work-items "
                f"{a['local_id']} and {b['local_id']} of group {a['group_id']} (all "
                "work-items of a group must pass the same)")
        if approx:
            text = "possible " + text + " (depends on " + ", ".join(approx) + ")"
        witness = {"at": str(stmt.pos), "thread_a": a, "thread_b": b,
                   "inputs": self.inputs(model)}
        if approx:
            witness["depends_on"] = approx
        raise Finding("divergence", text, exact=not approx, witness=witness,
                      reason="arguments_differ")

    def reached_by_all(self, guard: z3.BoolRef, barrier: ir.Stmt,
                       context: tuple[Iteration, ...]) -> bool:
        """True when every thread reaches the barrier, False when a whole group does
        or does not depending on uniform values; a disagreement within a group is
        a divergence (raised)."""
        if not self.satisfiable(z3.Not(guard)):
            return True
        guard_b = self.pair.to_b(guard)
        if guard_b.eq(guard):
            return False  # no thread id or thread-local value in it: the same everywhere
        disagree = z3.And(same_group(self.pair.a, self.pair.b), guard, z3.Not(guard_b))
        result, s = self.query(True, disagree)
        where = {"barrier": str(barrier.pos),
                 "loop_iterations": [it.to_json() for it in context]}
        if result == z3.sat:
            model = self.counterexample(s)
            approx = self.doubts(disagree, model)
            witness = {"barrier": where["barrier"],
                       "reaching_thread": self.pair.describe(model, self.pair.a),
                       "skipping_thread": self.pair.describe(model, self.pair.b),
                       "loop_iterations": where["loop_iterations"],
                       "inputs": self.inputs(model)}
            if approx:
                witness["depends_on"] = approx
            raise Finding("divergence", _divergence_summary(barrier, witness, approx),
                          exact=not approx, witness=witness, reason="not_all_threads")
        if result == z3.unsat:
            return False
        raise Finding("divergence", f"solver gave up on the barrier at {barrier.pos} "
                      f"({s.reason_unknown()})", witness=where, undecided="solver_gave_up")


def _divergence_summary(barrier: ir.Stmt, witness: dict, approx: list[str]) -> str:
    a = witness["reaching_thread"]
    b = witness["skipping_thread"]
    what = "barrier" if isinstance(barrier, ir.Barrier) else "work-group function"
    text = (f"{what} divergence at {barrier.pos}: thread {a['local_id']} of group "
            f"{a['group_id']} reaches it, thread {b['local_id']} of the same group does not")
    if approx:
        text = "possible " + text + " (depends on " + ", ".join(approx) + ")"
    return text


def _applications(term: z3.ExprRef, fn: z3.FuncDeclRef) -> list[z3.ExprRef]:
    out: list[z3.ExprRef] = []
    for t in applications(term):
        if t.decl().eq(fn) and not any(t.eq(o) for o in out):
            out.append(t)
    return out
