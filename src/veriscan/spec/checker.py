"""Check a kernel against its VerCors-style specification, for every size the spec allows.

The method is paper 003's: verify *one arbitrary thread* (its ids and the
sizes are symbolic) by symbolic execution of the IR with a permission heap,
treating every barrier as a call that takes the barrier's precondition and
the resources it names and gives back its postcondition and resources; then
discharge the *global* obligations that make the thread-local proof sound
for the whole group, quantified over all threads:

* the permissions the threads start with never exceed 1 on any location;
* at each barrier, what the threads receive is covered by what they handed
  in (so a write can only come from a full permission, and only one thread
  gets it);
* each barrier postcondition follows from the preconditions of all threads
  (a shared heap satisfying ``forall t. pre(t)``).

Memory values: the thread sees the kernel-entry heap until its first
barrier; after a barrier (and at a loop head) it keeps only the values of
locations it still holds, everything else comes from the specification.
Arrays the kernel never stores to keep their entry values throughout;
private arrays need no permission (only their bounds are checked) and are
never shared with other threads' reasoning.

Code has C's semantics (:mod:`veriscan.spec.cexpr`): a value is used as a
mathematical integer only where it is proven to be C's value, signed overflow
and division by zero are violations, an unsigned wrap-around the encoding
does not follow makes the verdict unknown.  Annotations are mathematical, with
C's truncating ``/`` and ``%`` (VerCors' rule).  Pointer parameters do not
alias, device limits bound the launch, and launch dimensions that neither
kernel nor spec mentions are fixed to 1; these assumptions are listed in every
verdict.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.ir.visit import assigned_vars, expr_children, stmt_exprs, walk
from veriscan.smt.solver import budgeted_solver, fresh_context
from veriscan.spec import ast as A
from veriscan.spec import perms as P
from veriscan.spec.attach import KernelSpec, attach
from veriscan.spec.cexpr import CodeEvaluator, Ranges
from veriscan.spec.cint import bounds, fits
from veriscan.spec.encode import (
    Env,
    Evaluator,
    Read,
    ThreadIds,
    UnsupportedSpec,
    fresh_int,
    reset_names,
    to_bool,
    to_int,
)
from veriscan.spec.lockstep import Classification, classify
from veriscan.spec.prover import CHECK, DEFAULT_RLIMIT, Prover, Stop
from veriscan.verdict import Verdict, unknown, verified, violation

_ids = itertools.count()


@dataclass
class State:
    """One path of the arbitrary thread: private values, heap view, permissions, path."""

    vars: dict[str, z3.ExprRef]
    heap: dict[str, z3.ArrayRef]
    held: list[P.Clause]
    path: list[z3.BoolRef]

    def fork(self, cond: z3.BoolRef | None = None) -> State:
        return State(dict(self.vars), dict(self.heap), list(self.held),
                     [*self.path, cond] if cond is not None else list(self.path))


@dataclass
class _Split:
    """An assertion evaluated in some view: clauses, facts and the heap reads of its facts."""

    clauses: list[P.Clause]
    facts: list[z3.BoolRef]
    reads: list[Read]


@dataclass
class Result:
    verdict: Verdict
    obligations: int = 0
    assumptions: list[str] = field(default_factory=list)


# Device limits the checker assumes (listed in every verdict): work-items per
# work-group and work-groups, each per dimension, as powers of two.
_LOCAL_LOG2 = 13
_GROUPS_LOG2 = 18


class Checker:
    def __init__(self, kernel: n.Kernel, spec: KernelSpec | None = None,
                 rlimit: int = DEFAULT_RLIMIT):
        global _ids
        _ids = itertools.count()
        reset_names()
        self.kernel = kernel
        self.spec = spec if spec is not None else attach(kernel)
        self.rlimit = rlimit
        self.lockstep: Classification = classify(kernel)
        self.mutable = {s.array for s in walk(kernel.body) if isinstance(s, n.Store)}
        self.private = {a.name: a.size for a in kernel.arrays if a.space is n.MemSpace.PRIVATE}
        self.arrays = [p.name for p in kernel.params if p.is_pointer] + \
                      [a.name for a in kernel.arrays]
        self.assumptions: list[str] = [f"at most 2^{_LOCAL_LOG2} work-items per work-group "
                                       f"and 2^{_GROUPS_LOG2} work-groups in each dimension",
                                       "signed arithmetic on values read from memory does "
                                       "not overflow (as in the race checker)",
                                       "pointer parameters refer to distinct, non-null "
                                       "buffers"]
        self._setup_ids()
        self.params = {p.name: z3.Int(f"param!{p.name}") for p in kernel.params
                       if not p.is_pointer}
        self.initial = {a: z3.Array(f"{a}!entry", z3.IntSort(), z3.IntSort())
                        for a in self.arrays}
        self.base: list[z3.BoolRef] = [self.ids.in_range()]
        for d in range(3):
            self.base += [self.ids.local_size[d] >= 1, self.ids.num_groups[d] >= 1]
        # The device's limits (a listed assumption) and the scalar parameters' C
        # ranges.  They decide where C's wrap-around cannot happen (so the encoding
        # needs no term for it) and join the queries that prove arithmetic
        # defined; the other queries go without, as their search only slows.
        local, groups = 1 << _LOCAL_LOG2, 1 << _GROUPS_LOG2
        bounded = [(v, lo, hi) for d in range(3) for v, lo, hi in (
            (self.ids.local[d], 0, local - 1), (self.ids.local_size[d], 1, local),
            (self.ids.group[d], 0, groups - 1), (self.ids.num_groups[d], 1, groups))
            if z3.is_const(v) and not z3.is_int_value(v)]
        bounded += [(self.params[p.name], *bounds(p.type)) for p in kernel.params
                    if not p.is_pointer and p.type.kind is n.TypeKind.INT]
        self.code_ranges = Ranges({v.decl().name(): (lo, hi) for v, lo, hi in bounded})
        self.ranges = [z3.And(v >= lo, v <= hi) for v, lo, hi in bounded]
        self.ranges += [z3.Int(f"length!{p.name}") >= 0 for p in kernel.params if p.is_pointer]
        self.prover = Prover(rlimit, self.ids, self.used_dims, self.params, self.base)
        self.prover.quantified_facts = any(_has_fact_quantifier(c.expr)
                                           for c in self.spec.contract)

    # ------------------------------------------------------------------ set-up
    def _setup_ids(self) -> None:
        used_dims, groups = used_dimensions(self.kernel)
        one = z3.IntVal(1)
        zero = z3.IntVal(0)
        local = tuple(z3.Int(f"lid{d}") if d in used_dims else zero for d in range(3))
        size = tuple(z3.Int(f"lsize{d}") if d in used_dims else one for d in range(3))
        group = tuple(z3.Int(f"gid{d}") if groups and d in used_dims else zero
                      for d in range(3))
        ngroups = tuple(z3.Int(f"ngroups{d}") if groups and d in used_dims else one
                        for d in range(3))
        self.ids = ThreadIds(local, group, size, ngroups)  # type: ignore[arg-type]
        self.used_dims = sorted(used_dims)
        if not groups:
            self.assumptions.append("launch with one work-group (the kernel never uses "
                                    "group ids)")
        if used_dims != {0, 1, 2}:
            unused = [d for d in range(3) if d not in used_dims]
            self.assumptions.append(f"work-group size 1 in dimension(s) {unused} "
                                    "(never referenced)")

    # ---------------------------------------------------------------- solving
    def prove(self, state: State | None, hyps: list[z3.BoolRef], goal: z3.BoolRef,
              **kw: Any) -> None:
        self.prover.prove(state.path if state is not None else [], hyps, goal, **kw)

    def prove_having(self, state: State | None, hyps: list[z3.BoolRef],
                     goal: Callable[[bool], z3.BoolRef], **kw: Any) -> None:
        self.prover.prove_having(state.path if state is not None else [], hyps, goal, **kw)

    # --------------------------------------------------------------- evaluation
    def own_env(self, state: State, heap: dict[str, z3.ArrayRef] | None = None) -> Env:
        def var(name: str) -> z3.ExprRef | None:
            if name in state.vars:
                return to_int(state.vars[name])
            return self.params.get(name)
        return Env(self.kernel, self.ids, var, heap if heap is not None else state.heap,
                   self.initial, known=[f for f in state.path if not _has_quantifier(f)])

    def group_env(self, state: State, thread: ThreadIds, heap: dict[str, z3.ArrayRef],
                  tag: str) -> Env:
        """The view of another thread ``thread`` at the same program point.

        Its private variables and private arrays are its own: unknown values
        per thread (uninterpreted functions of its ids), never this thread's.
        """
        ls = self.lockstep
        ids = (*thread.local, *thread.group)
        heap = dict(heap)
        old = dict(self.initial)
        for name in self.private:
            for view, when in ((heap, "now"), (old, "entry")):
                copy = z3.Function(f"{name}@{when}{tag}", *([z3.IntSort()] * 6),
                                   z3.ArraySort(z3.IntSort(), z3.IntSort()))
                view[name] = copy(*ids)

        def var(name: str) -> z3.ExprRef | None:
            if name in self.params and name not in state.vars:
                return self.params[name]  # a parameter not (yet) assigned
            if name in ls.lockstep and name in state.vars:
                return to_int(state.vars[name])
            if name in ls.thread_defs and name in state.vars:
                return to_int(self.eval_ir(ls.thread_defs[name], var, thread))
            if name in state.vars:
                fn = z3.Function(f"{name}@{tag}", *([z3.IntSort()] * 6), z3.IntSort())
                return fn(*ids)
            return None
        return Env(self.kernel, thread, var, heap, old,
                   known=[f for f in state.path if not _has_quantifier(f)])

    def split(self, clauses: list[A.Clause], env: Env) -> _Split:
        ev = Evaluator(env)
        out = _Split([], [], [])
        for clause in clauses:
            cs, fs = ev.assertion(clause.expr, clause.pos)
            out.clauses += cs
            out.facts += fs
        out.reads = list(env.reads)
        self.prover.binom |= env.uses_binom
        return out

    def evaluator(self, var: Callable[[str], z3.ExprRef | None], ids: ThreadIds,
                  state: State | None = None) -> CodeEvaluator:
        """IR expressions with C's semantics; with ``state`` given, every undefined
        behaviour they could have (signed overflow, division by zero, ...) and every
        wrap-around the encoding does not follow is an obligation on that state's
        path (see :mod:`veriscan.spec.cexpr`)."""
        def obliged(cond: z3.BoolRef, pos: SourcePos, what: str, undefined: bool) -> None:
            if state is not None:
                self.prove(state, self.ranges, cond, pos=pos, refuted_is_unknown=not undefined,
                           obligation="undefined behaviour" if undefined else "wrap-around",
                           message=f"possible undefined behaviour: {what}" if undefined
                           else what)
        return CodeEvaluator(var, self.kernel.var_types, ids, self.kernel.dialect,
                             self.code_ranges, obliged)

    def eval_ir(self, e: n.Expr, var: Callable[[str], z3.ExprRef | None],
                ids: ThreadIds, state: State | None = None) -> z3.ExprRef:
        return self.evaluator(var, ids, state).eval(e)

    def typed(self, e: n.Expr, t: n.ScalarType, state: State) -> z3.ArithRef:
        """The thread's value of ``e`` converted to ``t``, as C converts."""
        return to_int(self.evaluator(self.own_var(state), self.ids, state).typed(e, t))

    @staticmethod
    def in_type(value: z3.ExprRef, t: n.ScalarType | None) -> list[z3.BoolRef]:
        """What C's type says of a value the checker did not compute (a loop-carried
        variable, a value read from memory): it lies in the type's range."""
        if t is None or t.kind is not n.TypeKind.INT or not z3.is_int(value):
            return []
        return [fits(value, t)]

    def element_type(self, array: str) -> n.ScalarType:
        decl = self.kernel.array(array)
        if decl is not None:
            return decl.type
        param = self.kernel.param(array)
        return param.type if param is not None else n.INT

    def assign(self, state: State, target: str, value: z3.ExprRef,
               src: n.ScalarType, pos: SourcePos) -> None:
        """``target = value``: converted to the variable's declared type, as in C."""
        declared = self.kernel.var_types.get(target, src)
        state.vars[target] = self.evaluator(self.own_var(state), self.ids, state).convert(
            value, src, declared, pos)

    def own_var(self, state: State) -> Callable[[str], z3.ExprRef | None]:
        def var(name: str) -> z3.ExprRef | None:
            if name in state.vars:
                return state.vars[name]
            return self.params.get(name)
        return var

    # ------------------------------------------------------- permission checks
    def require_perms(self, state: State, need: list[P.Clause], *, obligation: str,
                      pos: SourcePos, what: str) -> None:
        """The thread holds at least ``need`` (every location, every array)."""
        self.check_injective(state, need, [], obligation=obligation, what=what)
        for array in P.arrays_of(need):
            mine = [c for c in need if c.array == array]
            message = (f"{what}: the thread does not hold the permission on {array}[x] that "
                       "it must give up")
            # Disjoint fractions: one clause at a time, at a named binding of it,
            # so there is no existential on the side that must be covered.
            self.check_covered(state, [], state.held, mine, array, pos,
                               each=self.disjoint_fractions(state, mine),
                               obligation=obligation, message=message, tag="!n")

    def disjoint_fractions(self, state: State, clauses: list[P.Clause]) -> bool:
        """All clauses are fractions and no two of them reach a common location."""
        if any(c.amount.kind is A.AmountKind.READ for c in clauses):
            return False
        for i, a in enumerate(clauses):
            for b in clauses[i + 1:]:
                # Two encodings of "they share a location"; either one refuted suffices.
                ca, cb = a.renamed("!p"), b.renamed("!q")
                x = fresh_int("loc")
                queries = ([ca.guard, cb.guard, ca.index == cb.index],
                           [P.covers(a, x), P.covers(b, x)])
                refuted = (self.prover.solve([*self.base, *state.path, *q], stage="quick")[0]
                           for q in queries)
                if z3.unsat not in refuted:
                    return False
        return True

    def check_injective(self, state: State | None, clauses: list[P.Clause],
                        hyps: list[z3.BoolRef], *, obligation: str, what: str,
                        threads: int = 0) -> None:
        """Each fractional clause reaches every location from at most one binding.

        The first ``threads`` bound variables are thread ids: a clash there is
        reported as two threads receiving permission on one location.
        """
        for clause in clauses:
            if clause.amount.kind is A.AmountKind.READ or not clause.bound:
                continue
            a, b = clause.renamed("!a"), clause.renamed("!b")
            differ = z3.Or([u != v for u, v in zip(a.bound, b.bound, strict=True)])
            clash = z3.And(a.guard, b.guard, a.index == b.index, differ)
            witness: dict[str, Any] = {"location": a.index}
            if threads:
                # the ids of the two threads, in the order bound_thread made them
                witness["thread_a"] = a.bound[:threads]
                witness["thread_b"] = b.bound[:threads]
            if threads:
                message = (f"{what}: two threads both receive {clause.amount} permission "
                           f"on the same location of {clause.array}")
            else:
                message = (f"{what}: the quantified permission on {clause.array} names one "
                           f"location twice")
            if clause.amount.is_write:
                self.prove(state, hyps, z3.Not(clash), obligation=obligation,
                           pos=clause.origin, message=message, witness=witness)
            else:
                try:
                    self.prove(state, hyps, z3.Not(clash), obligation=obligation,
                               pos=clause.origin, message=message, witness=witness)
                except Stop as stop:
                    raise Stop(unknown(CHECK, f"cannot count the fractional permissions of "
                                               f"line {clause.origin.line}: they may name one "
                                               f"location of {clause.array} more than "
                                               f"once")) from stop

    def check_framed(self, state: State, reads: list[Read], held: list[P.Clause],
                     what: str) -> None:
        """Every heap value an assertion mentions is protected by a held permission."""
        for read in reads:
            if read.array not in self.mutable or read.array in self.private:
                continue
            have = P.totals(held, read.array, read.index)
            self.prove(state, [], z3.Implies(read.guard, P.readable(have)),
                       obligation="framing", pos=read.pos,
                       message=f"{what} mentions {read.array}[...] without holding a "
                               "permission on it", witness={"location": read.index})

    def assume_heap_kept(self, old_heap: dict[str, z3.ArrayRef], kept: list[P.Clause],
                         tag: str) -> tuple[dict[str, z3.ArrayRef], list[z3.BoolRef]]:
        """A fresh heap that agrees with ``old_heap`` wherever ``kept`` gives a permission."""
        heap = dict(old_heap)
        facts: list[z3.BoolRef] = []
        for array in sorted(self.mutable - set(self.private)):
            fresh = z3.Array(f"{array}@{tag}", z3.IntSort(), z3.IntSort())
            heap[array] = fresh
            x = fresh_int("kept")
            facts.append(z3.ForAll([x], z3.Implies(P.readable(P.totals(kept, array, x)),
                                                   fresh[x] == old_heap[array][x]),
                                   patterns=[fresh[x]]))
        return heap, facts

    # ----------------------------------------------------------------- driver
    def run(self) -> Result:
        start = time.perf_counter()
        try:
            for what, pos in self.spec.unsupported:
                raise UnsupportedSpec(f"annotation keyword '{what}'", pos)
            for barrier in self.lockstep.divergent_barriers:
                raise UnsupportedSpec("barrier under a condition that is not lock-step-safe "
                                      "(threads may diverge)", barrier.pos)
            self.check_kernel()
            verdict = verified(
                CHECK, f"{self.kernel.name}: every thread satisfies its specification and all "
                       f"barrier obligations hold, for every size the specification allows "
                       f"({self.prover.obligations} proof obligations)")
        except Stop as stop:
            verdict = stop.verdict
        except UnsupportedSpec as exc:
            where = f" at {exc.pos}" if exc.pos else ""
            verdict = unknown(CHECK, f"unsupported: {exc.what}{where}",
                              line=exc.pos.line if exc.pos else None)
        verdict.details.setdefault("assumptions", self.assumptions)
        verdict.details["obligations"] = self.prover.obligations
        verdict.details["solver"] = self.prover.policy()
        verdict.seconds = time.perf_counter() - start
        return Result(verdict, self.prover.obligations, self.assumptions)

    def _clauses(self, clauses: list[A.Clause], kinds: set[A.ClauseKind]) -> list[A.Clause]:
        return [c for c in clauses if c.kind in kinds]

    def check_kernel(self) -> None:
        contract = self.spec.contract
        pre = self._clauses(contract, {A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT,
                                       A.ClauseKind.CONTEXT_EVERYWHERE})
        post = self._clauses(contract, {A.ClauseKind.ENSURES, A.ClauseKind.CONTEXT,
                                        A.ClauseKind.CONTEXT_EVERYWHERE})
        for c in contract:
            if c.kind is A.ClauseKind.LOOP_INVARIANT:
                raise UnsupportedSpec("loop_invariant outside a loop", c.pos)
        state = State({}, dict(self.initial), [], [])
        entry = self.split(pre, self.own_env(state))
        state.held = list(entry.clauses)
        state.path += entry.facts
        self.check_framed(state, entry.reads, state.held, "kernel precondition")
        for read in entry.reads:
            decl = self.kernel.array(read.array)
            if decl is not None:
                raise Stop(violation(
                    CHECK, f"the kernel precondition states a fact about {decl.space.value} "
                           f"array {read.array}, whose contents are undefined at kernel entry "
                           f"(line {read.pos.line}): the proof would assume garbage",
                    {"obligation": "vacuity", "array": read.array, "line": read.pos.line,
                     "source": str(read.pos)}))
        self.check_entry_consistency(state, pre)
        for final in self.exec_block(self.kernel.body, [state]):
            self.finish(final, post)

    def check_entry_consistency(self, state: State, pre: list[A.Clause]) -> None:
        """The threads' initial permissions add up to at most 1 everywhere."""
        # Global memory is shared by every work-group, local memory by one.
        thread, tvars = self.bound_thread("entry", any_group=True)
        env = self.group_env(state, thread, dict(self.initial), "entry")
        group = self.split(pre, env)
        hyps = [z3.ForAll(tvars, z3.Implies(thread.in_range(), z3.And(group.facts)))] \
            if group.facts and tvars else list(group.facts)
        if pre:
            self.prover.require_satisfiable([*state.path, *hyps], pos=pre[0].pos,
                                            message="the kernel precondition of all threads")
        same_group = z3.And([a == b for a, b in zip(thread.group, self.ids.group, strict=True)])
        clauses = [c if self.kernel.space_of(c.array) is not n.MemSpace.LOCAL
                   else replace(c, guard=z3.And(same_group, c.guard))
                   for c in self.groupify(group.clauses, thread, tvars)]
        self.check_injective(state, clauses, hyps, obligation="entry permissions",
                             what="kernel precondition", threads=len(tvars))
        for c in clauses:
            fixed = c.renamed("!e")
            x = fixed.index
            self.prove(state, [*hyps, fixed.guard],
                       P.at_least(P.one(), P.totals(clauses, c.array, x)),
                       obligation="entry permissions", pos=c.origin,
                       message=f"the threads' preconditions together claim more than a full "
                               f"permission on a location of {c.array}",
                       witness={"location": x})
            # A kernel-declared array exists only within its declared size (for
            # parameters the host's permissions vouch for the memory).
            decl = self.kernel.array(c.array)
            if decl is not None:
                self.prove(state, [*hyps, fixed.guard], z3.And(x >= 0, x < decl.size),
                           obligation="entry permissions", pos=c.origin,
                           message=f"the preconditions give a permission outside "
                                   f"{c.array}[{decl.size}]", witness={"location": x})

    def bound_thread(self, tag: str, any_group: bool = False
                     ) -> tuple[ThreadIds, list[z3.ArithRef]]:
        """Another thread of the same group (or of any group), as bound variables.

        The variables come per used dimension: group id (with ``any_group``),
        then local id.
        """
        local: list[z3.ArithRef] = []
        group: list[z3.ArithRef] = []
        tvars = []
        for d in range(3):
            v = z3.Int(f"t{d}!{tag}{next(_ids)}") if d in self.used_dims else z3.IntVal(0)
            local.append(v)
            g = self.ids.group[d]
            if any_group and not z3.is_int_value(g):
                g = z3.Int(f"g{d}!{tag}{next(_ids)}")
                tvars.append(g)
            group.append(g)
            if d in self.used_dims:
                tvars.append(v)
        return self.ids.with_local(tuple(local), tuple(group)), tvars

    def groupify(self, clauses: list[P.Clause], thread: ThreadIds,
                 tvars: list[z3.ArithRef]) -> list[P.Clause]:
        rng = thread.in_range()
        return [replace(c.rebound(tuple(tvars)), guard=z3.And(rng, c.guard)) for c in clauses]

    def finish(self, state: State, post: list[A.Clause]) -> None:
        pos = self.kernel.pos or SourcePos(self.kernel.file, 1)
        end = self.split(post, self.own_env(state))
        self.check_framed(state, end.reads, state.held, "thread postcondition")
        for fact in end.facts:
            self.prove(state, [], fact, obligation="postcondition", pos=pos,
                       message="the thread postcondition does not hold at the end")
        self.require_perms(state, end.clauses, obligation="postcondition", pos=pos,
                           what="thread postcondition")

    # -------------------------------------------------------------- statements
    def exec_block(self, stmts: list[n.Stmt], states: list[State]) -> list[State]:
        for stmt in stmts:
            for state in states:
                self.check_asserts(stmt, state)
            states = [out for s in states for out in self.exec_stmt(stmt, s)]
        return states

    def check_asserts(self, stmt: n.Stmt, state: State) -> None:
        """``//@ assert`` before ``stmt``: its facts hold and its permissions are held."""
        clauses = self.spec.asserts.get(id(stmt), [])
        if not clauses:
            return
        here = self.split(clauses, self.own_env(state))
        self.check_framed(state, here.reads, state.held, "assertion")
        for fact in here.facts:
            self.prove(state, [], fact, obligation="assert", pos=clauses[0].pos,
                       message="annotated assertion may fail")
        self.require_perms(state, here.clauses, obligation="assert", pos=clauses[0].pos,
                           what="annotated assertion")

    def exec_stmt(self, stmt: n.Stmt, state: State) -> list[State]:
        own = self.own_var(state)
        if isinstance(stmt, n.Assign):
            value = self.eval_ir(stmt.value, own, self.ids, state)
            state = state.fork()
            self.assign(state, stmt.target, value, stmt.value.type, stmt.pos)
            return [state]
        if isinstance(stmt, n.Load):
            idx = self.typed(stmt.index, n.LONG, state)
            self.access(state, stmt.array, idx, A.READ, stmt.pos)
            value = state.heap[stmt.array][idx]
            state = state.fork(*self.in_type(value, self.element_type(stmt.array))[:1])
            self.assign(state, stmt.target, value, self.element_type(stmt.array), stmt.pos)
            return [state]
        if isinstance(stmt, n.Store):
            idx = self.typed(stmt.index, n.LONG, state)
            value = self.typed(stmt.value, self.element_type(stmt.array), state)
            self.access(state, stmt.array, idx, A.WRITE, stmt.pos)
            state = state.fork()
            state.heap[stmt.array] = z3.Store(state.heap[stmt.array], idx, value)
            return [state]
        if isinstance(stmt, n.If):
            cond = to_bool(self.eval_ir(stmt.cond, own, self.ids, state))
            out = []
            for guard, block in ((cond, stmt.then), (z3.Not(cond), stmt.other)):
                branch = state.fork(guard)
                if self.feasible(branch):
                    out += self.exec_block(block, [branch])
            return out
        if isinstance(stmt, n.Loop):
            return self.exec_loop(stmt, state)
        if isinstance(stmt, n.Barrier):
            return [self.exec_barrier(stmt, state)]
        if isinstance(stmt, n.Assume):
            cond = to_bool(self.eval_ir(stmt.cond, own, self.ids, state))
            return [state.fork(cond)]
        if isinstance(stmt, n.Assert):
            cond = to_bool(self.eval_ir(stmt.cond, own, self.ids, state))
            self.prove(state, [], cond, obligation="assert", pos=stmt.pos,
                       message="assertion may fail")
            return [state]
        if isinstance(stmt, n.Unsupported):
            raise UnsupportedSpec(f"kernel construct {stmt.construct}", stmt.pos)
        raise UnsupportedSpec(f"statement {type(stmt).__name__.lower()}", stmt.pos)

    def feasible(self, state: State) -> bool:
        """Cheap pruning of impossible branches; when in doubt the branch is explored."""
        solver = budgeted_solver(self.rlimit // 16)
        solver.add(*self.base, *state.path)
        return solver.check() != z3.unsat

    def access(self, state: State, array: str, idx: z3.ArithRef, amount: A.Amount,
               pos: SourcePos) -> None:
        if array not in state.heap:
            raise UnsupportedSpec(f"access to unknown array {array}", pos)
        kind = "write" if amount.is_write else "read"
        if array in self.private:
            # The thread's own array: no permission involved, only its bounds.
            size = self.private[array]
            self.prove(state, [], z3.And(idx >= 0, idx < size), obligation="bounds",
                       pos=pos, message=f"{kind} of {array}[...] outside its {size} elements",
                       witness={"index": idx})
            return
        hints = tuple(self.ids.local[d] for d in self.used_dims)

        def goal(under: bool) -> z3.BoolRef:
            have = P.totals(state.held, array, idx, hints, under)
            return P.at_least(have, P.single(amount)) if amount.is_write else P.readable(have)
        self.prove_having(state, [], goal, obligation=f"{kind} permission", pos=pos,
                          message=f"{kind} of {array}[...] without {kind} permission",
                          witness={"index": idx})

    # ------------------------------------------------------------------- loops
    def exec_loop(self, loop: n.Loop, state: State) -> list[State]:
        clauses = self.spec.loops.get(id(loop), [])
        for c in clauses:
            if c.kind is not A.ClauseKind.LOOP_INVARIANT:
                raise UnsupportedSpec(f"'{c.kind.value}' on a loop (use loop_invariant)", c.pos)
        inv = clauses + self.spec.everywhere()
        exits: list[State] = []
        for entry in self.exec_block(loop.init, [state]):
            here = self.split(inv, self.own_env(entry))
            self.check_framed(entry, here.reads, entry.held, "loop invariant")
            for fact in here.facts:
                self.prove(entry, [], fact, obligation="loop invariant (entry)", pos=loop.pos,
                           message="loop invariant does not hold on entry")
            self.require_perms(entry, here.clauses, obligation="loop invariant (entry)",
                               pos=loop.pos, what="loop invariant on entry")
            frame = entry.held + [c.negated() for c in here.clauses]
            head = entry.fork()
            tag = f"loop{loop.pos.line}#{next(_ids)}"
            for name in sorted(assigned_vars(loop.body + loop.step)):
                head.vars[name] = fresh_int(f"{name}@{tag}")
                head.path += self.in_type(head.vars[name], self.kernel.var_types.get(name))
            head.heap, kept = self.assume_heap_kept(entry.heap, frame, tag)
            head.path += kept
            inv_head = self.split(inv, self.own_env(head))
            head.held = list(inv_head.clauses)
            head.path += inv_head.facts
            cond = to_bool(self.eval_ir(loop.cond, self.own_var(head), self.ids, head))
            if loop.test_first:
                bodies = [head.fork(cond)]
                done = head.fork(z3.Not(cond))
                if self.feasible(done):
                    exits.append(self._after_loop(done, frame))
            else:
                bodies = [head]
            ends = self.exec_block(loop.step, self.exec_block(loop.body, bodies)) \
                if any(self.feasible(b) for b in bodies) else []
            for end in ends:
                if not loop.test_first:
                    again = to_bool(self.eval_ir(loop.cond, self.own_var(end), self.ids, end))
                    done = end.fork(z3.Not(again))
                    if self.feasible(done):
                        exits.append(self._after_loop(done, frame))
                    end = end.fork(again)
                    if not self.feasible(end):
                        continue
                self.reestablish(end, inv, loop)
        return exits

    def _after_loop(self, state: State, frame: list[P.Clause]) -> State:
        """Leaving the loop: the frame set aside on entry comes back."""
        out = state.fork()
        out.held = frame + state.held
        return out

    def reestablish(self, state: State, inv: list[A.Clause], loop: n.Loop) -> None:
        again = self.split(inv, self.own_env(state))
        self.check_framed(state, again.reads, state.held, "loop invariant")
        for fact in again.facts:
            self.prove(state, [], fact, obligation="loop invariant (preserved)", pos=loop.pos,
                       message="loop invariant is not preserved by the loop body")
        self.require_perms(state, again.clauses, obligation="loop invariant (preserved)",
                           pos=loop.pos, what="loop invariant after an iteration")

    # ---------------------------------------------------------------- barriers
    def exec_barrier(self, barrier: n.Barrier, state: State) -> State:
        clauses = self.spec.barriers.get(id(barrier), [])
        for c in clauses:
            if c.kind in (A.ClauseKind.LOOP_INVARIANT, A.ClauseKind.CONTEXT_EVERYWHERE):
                raise UnsupportedSpec(f"'{c.kind.value}' on a barrier", c.pos)
        everywhere = self.spec.everywhere()
        pre = self._clauses(clauses, {A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT}) + everywhere
        post = self._clauses(clauses, {A.ClauseKind.ENSURES, A.ClauseKind.CONTEXT}) + everywhere
        pos = barrier.pos

        # The arbitrary thread: precondition and the resources it hands in.
        mine = self.split(pre, self.own_env(state))
        self.check_framed(state, mine.reads, state.held, "barrier precondition")
        for fact in mine.facts:
            self.prove(state, [], fact, obligation="barrier precondition", pos=pos,
                       message="the barrier precondition does not hold when the thread "
                               "arrives")
        self.require_perms(state, mine.clauses, obligation="barrier resources", pos=pos,
                           what="barrier precondition")

        # Memory at the barrier, shared by the whole group: what the thread
        # still holds keeps the value it sees, everything else is unknown.
        kept = state.held + [c.negated() for c in mine.clauses]
        shared, facts = self.assume_heap_kept(state.heap, kept, f"barrier{pos.line}#{next(_ids)}")
        self.check_barrier_globally(state, pre, post, barrier, shared, facts)

        # After the barrier: keep the rest, receive the post-resources.
        after = state.fork()
        after.heap = shared
        after.path += facts
        got = self.split(post, self.own_env(after))
        after.held = kept + got.clauses
        after.path += got.facts
        self.check_framed(after, got.reads, after.held, "barrier postcondition")
        return after

    def fenced(self, barrier: n.Barrier, array: str) -> bool:
        """Writes to ``array`` before ``barrier`` are visible to the group after it.

        A private array is never shared: another thread's facts about its own
        copy say nothing about this thread's.
        """
        if array in self.private:
            return False
        return array not in self.mutable or self.redistributes(barrier, array)

    def redistributes(self, barrier: n.Barrier, array: str) -> bool:
        """The barrier fences ``array``'s memory space, so it may move permissions on it
        between threads (paper 003 §5); read-only constant memory is never written."""
        space = self.kernel.space_of(array)
        if space is n.MemSpace.CONSTANT:
            return True
        wanted = n.Fence.LOCAL if space is n.MemSpace.LOCAL else n.Fence.GLOBAL
        return bool(barrier.fences & wanted)

    def check_conserved(self, state: State, hyps: list[z3.BoolRef], given: list[P.Clause],
                        received: list[P.Clause], array: str, pos: SourcePos) -> None:
        """What the group receives on ``array`` is covered by what it handed in.

        When every received clause is a write, the check is split (each pair of
        clauses is disjoint; wherever one of them lands, a full permission was
        handed in): the same statement, but in pieces the solver digests far
        better than one sum over all clauses.
        """
        message = (f"the barrier hands out permission on {array}[x] that the threads did not "
                   "hand in")
        all_writes = all(c.amount.is_write for c in received)
        if all_writes:
            for i, a in enumerate(received):
                for b in received[i + 1:]:
                    ca, cb = a.renamed("!p"), b.renamed("!q")
                    x = ca.index
                    self.prove(state, hyps, z3.Not(z3.And(ca.guard, cb.guard, x == cb.index)),
                               obligation="barrier redistribution", pos=pos,
                               message=f"the barrier gives write permission on {array}[x] "
                                       f"twice (lines {a.origin.line} and {b.origin.line})",
                               witness={"location": x})
        self.check_covered(state, hyps, given, received, array, pos,
                           each=all_writes,
                           obligation="barrier redistribution", message=message, tag="!w")

    def check_covered(self, state: State, hyps: list[z3.BoolRef], have: list[P.Clause],
                      clauses: list[P.Clause], array: str, pos: SourcePos, *, each: bool,
                      obligation: str, message: str, tag: str) -> None:
        """Wherever one of ``clauses`` lands, ``have`` holds what the clauses ask there.

        ``each``: the clauses are known not to overlap, so each one's own
        amount is what it asks; otherwise their sum at that location.  Only
        locations some clause reaches can fall short, so one binding of each
        clause is named (with ``tag``) instead of quantifying over locations;
        its values are the natural candidates for the other thread.
        """
        for c in clauses:
            fixed = c.renamed(tag)
            x = fixed.index
            hints = fixed.bound + tuple(self.ids.local[d] for d in self.used_dims)
            self.prove_having(
                state, [*hyps, fixed.guard],
                lambda under, c=c, x=x, hints=hints: P.at_least(
                    P.totals(have, array, x, hints, under),
                    P.single(c.amount) if each else P.totals(clauses, array, x)),
                obligation=obligation, pos=pos, message=message, witness={"location": x})

    def check_barrier_globally(self, state: State, pre: list[A.Clause], post: list[A.Clause],
                               barrier: n.Barrier, shared: dict[str, z3.ArrayRef],
                               kept: list[z3.BoolRef]) -> None:
        """The group-level obligations of one barrier, over the shared memory at it.

        Other threads' facts about memory the barrier does not fence say nothing
        about what this thread will see (their writes need not be visible), so
        those facts are stated over unrelated copies of the unfenced arrays.
        """
        pos = barrier.pos
        tag = f"g{pos.line}#{next(_ids)}"
        thread, tvars = self.bound_thread(tag)
        hand = self.split(pre, self.group_env(state, thread, shared, tag))
        visible = {a: (shared[a] if self.fenced(barrier, a) else
                       z3.Array(f"{a}@unfenced{tag}", z3.IntSort(), z3.IntSort()))
                   for a in shared}
        seen = self.split(pre, self.group_env(state, thread, visible, tag))
        pre_all = [z3.ForAll(tvars, z3.Implies(thread.in_range(), f)) if tvars else f
                   for f in seen.facts]
        # The arbitrary thread's own view of private variables at this barrier.
        own_pre = self.split(pre, self.own_env(state, shared))
        hyps = pre_all + own_pre.facts + kept
        if pre_all:
            self.prover.require_satisfiable([*state.path, *hyps], pos=pos,
                                            message="the barrier preconditions of all threads")
        given = self.groupify(hand.clauses, thread, tvars)
        recv_thread, rvars = self.bound_thread(tag + "r")
        recv = self.split(post, self.group_env(state, recv_thread, shared, tag))
        received = self.groupify(recv.clauses, recv_thread, rvars)

        self.check_injective(state, received, hyps, obligation="barrier redistribution",
                             what="barrier postcondition", threads=len(rvars))
        mine_after = self.split(post, self.own_env(state, shared))
        for array in P.arrays_of(received):
            if self.redistributes(barrier, array):
                self.check_conserved(state, hyps, given,
                                     [c for c in received if c.array == array], array, pos)
            else:
                # No fence on this memory space: nothing moves between threads,
                # so each thread gets back at most what it handed in itself.
                space = self.kernel.space_of(array).value
                self.check_covered(
                    state, hyps, own_pre.clauses,
                    [c for c in mine_after.clauses if c.array == array], array, pos,
                    each=False, obligation="barrier redistribution", tag="!f",
                    message=f"the barrier does not fence {space} memory, so it cannot move "
                            f"permission on {array}[x] between threads")
        for fact in mine_after.facts:
            self.prove(state, hyps, fact, obligation="barrier postcondition", pos=pos,
                       message="the barrier postcondition does not follow from the "
                               "preconditions of all threads")


def used_dimensions(kernel: n.Kernel) -> tuple[set[int], bool]:
    """Launch dimensions the kernel or its annotations refer to, and whether group ids are."""
    used = {0}
    groups = False
    for stmt in walk(kernel.body):
        for e in _stmt_exprs_deep(stmt):
            if isinstance(e, n.Builtin):
                used.add(e.dim)
                groups |= e.kind in (n.BuiltinKind.GROUP_ID, n.BuiltinKind.NUM_GROUPS,
                                     n.BuiltinKind.GLOBAL_ID, n.BuiltinKind.GLOBAL_SIZE)
    text = kernel.source
    for d, letter in ((1, "y"), (2, "z")):
        if re.search(rf"get_\w+\s*\(\s*{d}\s*\)|(threadIdx|blockIdx|blockDim|gridDim)"
                     rf"\.{letter}\b", text):
            used.add(d)
    groups |= bool(re.search(r"\b(get_group_id|blockIdx|get_num_groups|gridDim|"
                             r"get_global_id|get_global_size)\b", text))
    return used, groups


def _has_fact_quantifier(e: A.SExpr) -> bool:
    if isinstance(e, A.Quant):
        return not e.star or _has_fact_quantifier(e.body)
    if isinstance(e, A.Binary):
        return _has_fact_quantifier(e.lhs) or _has_fact_quantifier(e.rhs)
    if isinstance(e, A.Cond):
        return any(_has_fact_quantifier(x) for x in (e.cond, e.then, e.other))
    if isinstance(e, A.Unary):
        return _has_fact_quantifier(e.operand)
    return False


def _has_quantifier(fact: z3.BoolRef) -> bool:
    stack = [fact]
    while stack:
        e = stack.pop()
        if z3.is_quantifier(e):
            return True
        stack.extend(e.children())
    return False


def _stmt_exprs_deep(stmt: n.Stmt) -> list[n.Expr]:
    out: list[n.Expr] = []
    stack = list(stmt_exprs(stmt))
    while stack:
        e = stack.pop()
        out.append(e)
        stack.extend(expr_children(e))
    return out


def check_spec(kernel: n.Kernel, rlimit: int = DEFAULT_RLIMIT) -> Result:
    """The verdict for ``kernel``'s specification, independent of any check that ran
    before it in this process (a Z3 context of its own)."""
    with fresh_context():
        return Checker(kernel, rlimit=rlimit).run()
