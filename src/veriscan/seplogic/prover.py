"""Discharging proof obligations with Z3 and turning the answers into verdicts.

Every obligation is "path and hypotheses imply goal", checked by refuting its
negation: unsat means proven, a model means a violation (with the thread, the
sizes and the named witness terms read off the model), anything else means
unknown.  Non-linear index arithmetic makes Z3's running time depend heavily
on its random choices, so a query gets a few short runs with different seeds,
then a hunt for a counterexample among small sizes, then one long run.

Every run is bounded by Z3's resource counter (``rlimit``), never by the clock,
so a verdict does not depend on how busy the machine is; the policy (budget
per obligation, stages, seeds) is recorded in every verdict.

A model is evidence only when every symbol in its query is exact.  A query
that mentions an over-approximated value (the race checker's ``~`` mark,
see :func:`veriscan.smt.symbols.approximations`: a float comparison, an operator
the encoding does not follow) may have models no execution has, so a
counterexample through one is unknown, and so is a satisfiability check that
found its model through one (it cannot rule out a vacuous precondition).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import z3

from veriscan.diagnostics import spec_error
from veriscan.errors import SourcePos
from veriscan.seplogic.identities import ThreadIds, binom_bounds, binom_function
from veriscan.smt.dag import TermMap, array_constants, subterms
from veriscan.smt.division_lemmas import division_lemmas
from veriscan.smt.solver import LIMIT_KIND, budgeted_solver
from veriscan.smt.symbols import APPROX, readable
from veriscan.verdict import Verdict, unknown, violation

CHECK = "spec"
_SMALL_COMBOS = 24
# Z3 resource units for one proof obligation's longest run.  Every obligation
# of the shipped kernels is decided within 3 million; a violation the seeds
# miss is usually found by the small-size search within 2 million.
DEFAULT_RLIMIT = 12_000_000
# (seed, share of the budget) of each stage, in the order they are tried
_STAGES = {"quick": [(0, 1 / 16)], "short": [(0, 1 / 4)], "retry": [(1, 1 / 4), (2, 1 / 2)],
           "long": [(3, 1.0)]}
_SMALL_SHARE = 1 / 48


class Stop(Exception):
    def __init__(self, verdict: Verdict):
        super().__init__(verdict.summary)
        self.verdict = verdict


class Prover:
    """Solver policy for one kernel check: resource budgets, seeds, counterexample search."""

    def __init__(self, rlimit: int, ids: ThreadIds, used_dims: list[int],
                 params: dict[str, z3.ArithRef], base: list[z3.BoolRef]):
        self.rlimit = rlimit
        self.ids = ids
        self.used_dims = used_dims
        self.params = params
        self.base = base
        self.obligations = 0
        # Set by the checker: quantified facts in the contract make model-based
        # instantiation slow and rarely conclusive (E-matching alone still
        # proves soundly); binom marks the recursive binomial definition in use.
        self.quantified_facts = False
        self.binom = False
        # Set by the context: the device's limits (a listed assumption).  Left out of
        # the queries, whose search they only slow, but a counterexample must obey them.
        self.limits: list[z3.BoolRef] = []
        self._array_cache: TermMap[set[str]] = TermMap()

    def prove(self, path: list[z3.BoolRef], hyps: list[z3.BoolRef], goal: z3.BoolRef, *,
              obligation: str, pos: SourcePos | None, message: str,
              witness: dict[str, Any] | None = None, refuted_is_unknown: bool = False,
              reason: str = "assertion_false") -> None:
        """Discharge ``path and hyps => goal`` or raise :class:`Stop` with the verdict.

        ``witness`` names terms (or tuples of terms) to read off a counterexample;
        ``reason`` is the violation's reason id (:mod:`veriscan.diagnostics`), and the
        unknown's where a counterexample is no defect (``refuted_is_unknown``).
        ``refuted_is_unknown``: a counterexample shows where the model stops
        following C, not a defect, so it gives unknown.
        """
        self.obligations += 1
        query = [*self.base, *path, *hyps, z3.Not(goal)]
        # theorems about its divisions (valid, so also in the slim query, a subset)
        lemmas = division_lemmas(query)
        slim = [*self.base, *self.relevant(path, [*hyps, z3.Not(goal)]), *hyps, z3.Not(goal),
                *lemmas]
        query += lemmas
        if len(slim) < len(query) and self.solve(slim, stage="short")[0] == z3.unsat:
            return  # fewer hypotheses, same goal: a proof of the slim query is one of all
        result, solver = self.solve(query, stage="short")
        if result == z3.unknown:
            result, solver = self._search_small(query, solver)
        for stage in ("retry", "long"):
            if result == z3.unknown:
                result, solver = self.solve(query, stage=stage)
        if result == z3.sat and not self._within_limits(solver.model()):
            query = [*query, *self.limits]  # a counterexample the device can run
            for stage in ("short", "retry", "long"):
                result, solver = self.solve(query, stage=stage)
                if result != z3.unknown:
                    break
        if result == z3.unsat:
            return
        where = f" (line {pos.line})" if pos else ""
        ids = {"error": spec_error(obligation), "pos": pos, "obligation": obligation,
               "line": pos.line if pos else None}
        if result == z3.unknown:
            raise Stop(unknown(CHECK, f"could not decide: {message}{where} "
                                      f"(solver: {solver.reason_unknown()})",
                               reason="solver_gave_up", **ids))
        if refuted_is_unknown:
            raise Stop(unknown(CHECK, f"{message}{where}", reason=reason, **ids))
        approximated = _approximated(query)
        if approximated:
            raise Stop(unknown(CHECK, f"{message}{where}, unless the counterexample rests on "
                                      f"what the encoding over-approximates ({approximated})",
                               reason="approximation", **ids))
        model = solver.model()
        data: dict[str, Any] = {"obligation": obligation, "message": message,
                                "source": str(pos) if pos else None,
                                "line": pos.line if pos else None}
        data["thread"] = {f"local_id[{d}]": _value(model, self.ids.local[d])
                          for d in self.used_dims}
        data["sizes"] = {f"local_size[{d}]": _value(model, self.ids.local_size[d])
                         for d in self.used_dims}
        if self.params:
            data["params"] = {k: _value(model, v) for k, v in self.params.items()}
        for key, term in (witness or {}).items():
            data[key] = ([_value(model, t) for t in term] if isinstance(term, tuple)
                         else _value(model, term))
        raise Stop(violation(CHECK, f"{message}{where}", data, error=spec_error(obligation),
                             reason=reason, pos=pos))

    def require_satisfiable(self, facts: list[z3.BoolRef], *, pos: SourcePos | None,
                            message: str, approximations_matter: bool = True) -> None:
        """Some launch, heap and thread satisfy ``facts``; otherwise every proof that
        assumes them is vacuous, which is reported as a violation (the contradictory
        assumptions are the evidence), and an undecided query as unknown.  A model
        found through an over-approximation is no such launch (unknown), unless
        the caller knows the facts hold in every run anyway
        (``approximations_matter=False``)."""
        self.obligations += 1
        query = [*self.base, *facts]
        # A model is easiest to find for one small launch (the quantifiers over
        # threads then range over a few values); the general query is the fallback.
        result, _ = self._search_small(query, z3.Solver())
        for stage in ("short", "retry", "long"):
            if result != z3.unknown:
                break
            result, _ = self.solve(query, stage=stage)
        where = f" (line {pos.line})" if pos else ""
        if result == z3.unsat:
            raise Stop(violation(CHECK, f"{message}{where}: no launch satisfies it, so every "
                                        "proof from it would be vacuous",
                                 {"obligation": "vacuity", "message": message,
                                  "source": str(pos) if pos else None,
                                  "line": pos.line if pos else None},
                                 error="spec.vacuity", reason="unsatisfiable", pos=pos))
        ids = {"error": "spec.vacuity", "pos": pos, "obligation": "vacuity",
               "line": pos.line if pos else None}
        if result == z3.unknown:
            raise Stop(unknown(CHECK, f"could not decide whether {message}{where} is "
                                      "satisfiable (a vacuous proof cannot be ruled out)",
                               reason="solver_gave_up", **ids))
        approximated = _approximated(query) if approximations_matter else ""
        if approximated:
            raise Stop(unknown(CHECK, f"cannot rule out a vacuous precondition: whether "
                                      f"{message}{where} can hold depends on what the "
                                      f"encoding over-approximates ({approximated})",
                               reason="approximation", **ids))

    def _within_limits(self, model: z3.ModelRef) -> bool:
        return all(z3.is_true(model.eval(limit, model_completion=True))
                   for limit in self.limits)

    def prove_having(self, path: list[z3.BoolRef], hyps: list[z3.BoolRef],
                     goal: Callable[[bool], z3.BoolRef], **kw: Any) -> None:
        """``prove`` for a goal about what is *held*: first with held permissions
        under-approximated (no existentials, quick), then exactly.

        The first attempt can only succeed when the exact goal holds too; the
        second gives the verdict (and a counterexample) otherwise.
        """
        exact, under = goal(False), goal(True)
        if not under.eq(exact):
            query = [*self.base, *path, *hyps, z3.Not(under)]
            if self.solve([*query, *division_lemmas(query)], stage="quick")[0] == z3.unsat:
                self.obligations += 1
                return
        self.prove(path, hyps, exact, **kw)

    def solve(self, query: list[z3.BoolRef], stage: str) -> tuple[z3.CheckSatResult, z3.Solver]:
        """Run Z3 for one stage of the policy: ``quick`` and ``short`` (one run each),
        ``retry`` (two more seeds) or ``long`` (one run with the whole budget)."""
        result, solver = z3.unknown, z3.Solver()
        if self.binom:
            query = [*query, binom_bounds()]
        if stage == "short" and self.binom:
            # Most binom facts follow by equality alone; unfolding the recursive
            # definition can send Z3 astray, so try without it first (a weaker
            # hypothesis: only an unsat answer is used).
            plain = z3.Function("binom_opaque", z3.IntSort(), z3.IntSort(), z3.IntSort())
            body = plain(z3.Var(0, z3.IntSort()), z3.Var(1, z3.IntSort()))
            opaque = [z3.substitute_funs(f, (binom_function(), body)) for f in query]
            if self._run(opaque, 0, self.rlimit // 8)[0] == z3.unsat:
                return z3.unsat, solver
        for seed, share in _STAGES[stage]:
            result, solver = self._run(query, seed, int(self.rlimit * share))
            if result != z3.unknown:
                break
        return result, solver

    def _run(self, query: list[z3.BoolRef], seed: int,
             limit: int) -> tuple[z3.CheckSatResult, z3.Solver]:
        solver = budgeted_solver(limit, seed)
        if self.quantified_facts:
            solver.set(mbqi=False)
        solver.add(*query)
        return solver.check(), solver

    def _search_small(self, query: list[z3.BoolRef],
                      undecided: z3.Solver) -> tuple[z3.CheckSatResult, z3.Solver]:
        """Look for a counterexample among small sizes when the general query is undecided.

        Fixing the sizes and scalar parameters to small numbers makes the index
        arithmetic nearly linear; a model found this way is a model of the
        general query too, so a hit is a genuine violation.  A miss proves
        nothing and leaves the verdict unknown.
        """
        symbols = [v for v in (*self.ids.local_size, *self.ids.num_groups,
                               *self.params.values()) if not z3.is_int_value(v)]
        if not symbols:
            return z3.unknown, undecided
        # Equal sizes first (most annotated kernels tie parameters to the
        # work-group size), then everything else by total size.
        combos = sorted(itertools.product(range(1, 6), repeat=len(symbols)),
                        key=lambda c: (len(set(c)) > 1, sum(c), c))[:_SMALL_COMBOS]
        for combo in combos:
            solver = budgeted_solver(int(self.rlimit * _SMALL_SHARE))
            solver.add(*query, *[v == k for v, k in zip(symbols, combo, strict=True)])
            if solver.check() == z3.sat:
                return z3.sat, solver
        return z3.unknown, undecided

    def policy(self) -> dict[str, Any]:
        """The solver policy, for the verdict: the same policy gives the same verdict."""
        return {"limit": LIMIT_KIND,
                "rlimit_per_obligation": self.rlimit,
                "stages": {k: [[seed, int(self.rlimit * share)] for seed, share in v]
                           for k, v in _STAGES.items()},
                "small_size_search": [_SMALL_COMBOS, int(self.rlimit * _SMALL_SHARE)],
                "z3": z3.get_version_string()}


    def relevant(self, facts: list[z3.BoolRef], anchors: list[z3.BoolRef]) -> list[z3.BoolRef]:
        """The facts worth giving the solver for a goal about ``anchors``.

        Facts that mention no heap array are always kept; a fact about arrays
        is kept when one of its arrays is mentioned by the anchors or by a kept
        fact.  Dropping the others (typically the quantified "memory kept at the
        barrier" facts, useless to a permission goal) only weakens the premise,
        so an unsat answer without them is a proof; any other answer is retried
        with everything.
        """
        return _relevant([self._arrays_of(f) for f in facts], facts,
                         set().union(*(array_constants(a) for a in anchors)))

    def _arrays_of(self, fact: z3.BoolRef) -> set[str]:
        """``array_constants`` for path facts, which recur in many queries."""
        if fact not in self._array_cache:
            self._array_cache[fact] = array_constants(fact)
        return self._array_cache[fact]


def _approximated(query: list[z3.BoolRef]) -> str:
    """The over-approximated operations a query mentions, for a message ('' if none).

    The race checker's mark, looked for as
    :func:`~veriscan.smt.symbols.approximations` does, but inside quantified
    facts too (the race checker's queries have none).
    """
    found: dict[str, None] = {}
    for e in subterms(query, quantifiers=True):
        if z3.is_app(e) and e.decl().name().startswith(APPROX):
            found[readable(e.decl().name())] = None
    return ", ".join(found)


def _relevant(arrays: list[set[str]], facts: list[z3.BoolRef],
              wanted: set[str]) -> list[z3.BoolRef]:
    keep = [not names for names in arrays]
    changed = True
    while changed:
        changed = False
        for i, names in enumerate(arrays):
            if not keep[i] and names & wanted:
                keep[i] = changed = True
                wanted |= names
    return [f for f, k in zip(facts, keep, strict=True) if k]


def _value(model: z3.ModelRef, term: z3.ExprRef) -> Any:
    value = model.eval(term, model_completion=True)
    if z3.is_int_value(value):
        return value.as_long()
    if z3.is_rational_value(value):
        frac = value.as_fraction()
        return str(frac) if frac.denominator != 1 else frac.numerator
    if z3.is_true(value) or z3.is_false(value):
        return z3.is_true(value)
    return str(value)
