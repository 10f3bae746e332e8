"""What every construct of the check shares: the launch, the views, C's values.

One :class:`Context` per check holds the arbitrary thread's ids and the
launch's bounds (device limits, the parameters' C ranges), the prover, and
the ways to look at the kernel: the thread's own view of an annotation, the
view of *another* thread at the same program point (for the group
obligations), and the evaluation of code with C's semantics.  The constructs
(:mod:`~veriscan.seplogic.statements`, :mod:`~veriscan.seplogic.loops`,
:mod:`~veriscan.seplogic.barriers`, ...) read and prove through it, so each
of them states only its own rule.

A :class:`State` is one path of the arbitrary thread; the constructs fork
it, never share it.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.ir.visit import expr_children, stmt_exprs, walk, written_arrays
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.attach import KernelSpec, attach
from veriscan.seplogic.cexpr import CodeEvaluator, Ranges
from veriscan.seplogic.cint import bounds, fits
from veriscan.seplogic.encode import Env, Evaluator, Need, Read
from veriscan.seplogic.identities import ThreadIds
from veriscan.seplogic.launch_facts import described, launch_clauses
from veriscan.seplogic.lockstep import Classification, classify
from veriscan.seplogic.macros import Macros
from veriscan.seplogic.prover import Prover
from veriscan.seplogic.terms import reset_names, to_int
from veriscan.seplogic.vacuity import refuse_undefined_at_entry
from veriscan.smt.solver import budgeted_solver
from veriscan.smt.translate import undefined_reason

# Device limits the checker assumes (listed in every verdict): work-items per
# work-group and work-groups, each per dimension, as powers of two.
_LOCAL_LOG2 = 13
_GROUPS_LOG2 = 18


@dataclass
class State:
    """One path of the arbitrary thread: private values, heap view, permissions, path.

    ``unset``: variables that have a value in ``vars`` only for the iterations
    after a loop's first (assigned in the loop, not before it), so they may
    still be unassigned: reading one is undefined behaviour the checker cannot
    rule out.  ``frames``: the loops the path is inside; each has set aside the
    permissions its invariant does not name, which ``held`` does not show and which
    come back after the loop.
    """

    vars: dict[str, z3.ExprRef]
    heap: dict[str, z3.ArrayRef]
    held: list[P.Clause]
    path: list[z3.BoolRef]
    unset: frozenset[str] = frozenset()
    frames: tuple[Frame, ...] = ()

    def fork(self, cond: z3.BoolRef | None = None) -> State:
        return State(dict(self.vars), dict(self.heap), list(self.held),
                     [*self.path, cond] if cond is not None else list(self.path), self.unset,
                     self.frames)


@dataclass(frozen=True)
class Frame:
    """A loop's entry: what the thread held there (``entry.held``) and what its
    invariant keeps (``kept``); the difference waits outside the loop."""

    entry: State
    kept: list[P.Clause]
    pos: SourcePos


@dataclass
class Split:
    """An assertion evaluated in some view: clauses, facts, the heap reads of its facts
    and the conditions it needs to be defined."""

    clauses: list[P.Clause]
    facts: list[z3.BoolRef]
    reads: list[Read]
    needs: list[Need] = field(default_factory=list)


def clauses_of(clauses: list[A.Clause], kinds: set[A.ClauseKind]) -> list[A.Clause]:
    """The clauses of a contract that have one of ``kinds``."""
    return [c for c in clauses if c.kind in kinds]


class Context:
    """The check's shared facts and views (see the module docstring)."""

    def __init__(self, kernel: n.Kernel, spec: KernelSpec | None, rlimit: int,
                 launch: Sequence[str] = ()):
        self._ids = itertools.count()
        reset_names()
        self.kernel = kernel
        self.spec = spec if spec is not None else attach(kernel)
        if launch:
            self.spec = replace(self.spec, contract=[*self.spec.contract,
                                                     *launch_clauses(kernel, launch)])
        self.rlimit = rlimit
        self.lockstep: Classification = classify(kernel)
        self.mutable = written_arrays(kernel.body)
        self.private = {a.name: a.size for a in kernel.arrays if a.space is n.MemSpace.PRIVATE}
        self.arrays = [p.name for p in kernel.params if p.is_pointer] + \
                      [a.name for a in kernel.arrays]
        self.assumptions: list[str] = [f"at most 2^{_LOCAL_LOG2} work-items per work-group "
                                       f"and 2^{_GROUPS_LOG2} work-groups in each dimension",
                                       "pointer parameters refer to distinct, non-null "
                                       "buffers",
                                       "a 64-bit device: size_t, ptrdiff_t and pointers are "
                                       "64 bits wide (in CUDA long too, and plain char is "
                                       "signed: an LP64 host)"]
        if kernel.dialect is n.Dialect.OPENCL:
            # The encoding's get_global_id is group * size + local, and it has one
            # local size for every group: OpenCL launches that break either are
            # outside what a verdict covers.
            self.assumptions += ["a global work offset of 0 (get_global_id(d) == "
                                 "get_group_id(d) * get_local_size(d) + get_local_id(d))",
                                 "uniform work-groups: the global size is a multiple of the "
                                 "local size in every dimension (no OpenCL 2.0 non-uniform "
                                 "work-groups)"]
        self.assumptions += described(launch)
        if kernel.ignored_annotations:
            self.assumptions.append("GPUVerify annotations the front end did not use, not "
                                    "checked: " + "; ".join(kernel.ignored_annotations))
        self.macros = Macros(kernel)
        self.ambiguous = shadowed_names(kernel)
        self._setup_ids()
        self.params = {p.name: z3.Int(f"param!{p.name}") for p in kernel.params
                       if not p.is_pointer}
        self.initial = {a: z3.Array(f"{a}!entry", z3.IntSort(), z3.IntSort())
                        for a in self.arrays}
        self.base: list[z3.BoolRef] = [self.ids.in_range()]
        for d in range(3):
            self.base += [self.ids.local_size[d] >= 1, self.ids.num_groups[d] >= 1]
        # get_work_dim(): 1, 2 or 3, and the dimensions past it have extent 1.
        work_dim = self.ids.work_dim
        if work_dim is not None:
            self.base += [work_dim >= 1, work_dim <= 3]
            self.base += [z3.Implies(work_dim <= d, z3.And(self.ids.local_size[d] == 1,
                                                           self.ids.num_groups[d] == 1))
                          for d in (1, 2)]
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
        # Another thread's ids (group.bound_thread's t{d}!..., g{d}!...) obey the same limits.
        others = tuple((f"{stem}{d}!", (0, limit - 1)) for d in range(3)
                       for stem, limit in (("t", local), ("g", groups)))
        self.code_ranges = Ranges({v.decl().name(): (lo, hi) for v, lo, hi in bounded},
                                  others)
        self.ranges = [z3.And(v >= lo, v <= hi) for v, lo, hi in bounded]
        self.ranges += [z3.Int(f"length!{p.name}") >= 0 for p in kernel.params if p.is_pointer]
        self.prover = Prover(rlimit, self.ids, self.used_dims, self.params, self.base)
        self.prover.limits = self.ranges
        self.prover.quantified_facts = any(_has_fact_quantifier(c.expr)
                                           for c in self.spec.contract)

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
        # get_work_dim() gets a symbol only where the text can ask for it (one that
        # asks anyway, through a -D macro, gets no value: unknown).  A symbol made
        # for nothing would still change how Z3 searches every other query.
        work_dim = z3.Int("work_dim") if "get_work_dim" in self.kernel.source else None
        self.ids = ThreadIds(local, group, size, ngroups,  # type: ignore[arg-type]
                             work_dim)
        self.used_dims = sorted(used_dims)
        if not groups:
            self.assumptions.append("launch with one work-group (the kernel never uses "
                                    "group ids)")
        if used_dims != {0, 1, 2}:
            unused = [d for d in range(3) if d not in used_dims]
            self.assumptions.append(f"work-group size 1 in dimension(s) {unused} "
                                    "(never referenced)")

    def next_id(self) -> int:
        """A number for a fresh name, counted per check so that one check's names
        (and so Z3's search) never depend on an earlier check."""
        return next(self._ids)

    # ---------------------------------------------------------------- solving
    def prove(self, state: State | None, hyps: list[z3.BoolRef], goal: z3.BoolRef,
              **kw: Any) -> None:
        self.prover.prove(state.path if state is not None else [], hyps, goal, **kw)

    def prove_having(self, state: State | None, hyps: list[z3.BoolRef],
                     goal: Callable[[bool], z3.BoolRef], **kw: Any) -> None:
        self.prover.prove_having(state.path if state is not None else [], hyps, goal, **kw)

    def feasible(self, state: State) -> bool:
        """Cheap pruning of impossible branches; when in doubt the branch is explored."""
        solver = budgeted_solver(self.rlimit // 16)
        solver.add(*self.base, *state.path)
        return solver.check() != z3.unsat

    # --------------------------------------------------------------- evaluation
    def own_env(self, state: State, heap: dict[str, z3.ArrayRef] | None = None) -> Env:
        def var(name: str) -> z3.ExprRef | None:
            if name in state.vars:
                return to_int(state.vars[name])
            return self.params.get(name)
        return self.env(self.ids, var, heap if heap is not None else state.heap,
                        self.initial, state)

    def env(self, ids: ThreadIds, var: Callable[[str], z3.ExprRef | None],
            heap: dict[str, z3.ArrayRef], old: dict[str, z3.ArrayRef], state: State) -> Env:
        """An annotation's view: ``ids``' thread, its variables and heaps, and what
        every view shares (entry values of parameters, macros, shadowed names)."""
        return Env(self.kernel, ids, var, heap, old,
                   known=[f for f in state.path if not _has_quantifier(f)],
                   entry=self.params.get, macros=self.macros.value,
                   ambiguous=self.ambiguous)

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
        return self.env(thread, var, heap, old, state)

    def split(self, clauses: list[A.Clause], env: Env) -> Split:
        ev = Evaluator(env)
        out = Split([], [], [])
        for clause in clauses:
            cs, fs = ev.assertion(clause.expr, clause.pos)
            out.clauses += cs
            out.facts += fs
        out.reads = list(env.reads)
        out.needs = list(env.needs)
        self.prover.binom |= env.uses_binom
        for read in out.reads:
            if read.old:  # \old reads the entry heap, in whatever clause it stands
                refuse_undefined_at_entry(self.kernel, read)
        return out

    # ------------------------------------------------------------- C's values
    def evaluator(self, var: Callable[[str], z3.ExprRef | None], ids: ThreadIds,
                  state: State | None = None) -> CodeEvaluator:
        """IR expressions with C's semantics; with ``state`` given, every undefined
        behaviour they could have (signed overflow, division by zero, ...) is an
        obligation on that state's path (see :mod:`veriscan.seplogic.cexpr`).
        Without ``state`` (another thread's view of the same code) they are the
        arbitrary thread's obligations, asked in its own run."""
        if state is None:
            return CodeEvaluator(var, self.kernel.var_types, ids, self.kernel.dialect,
                                 self.code_ranges)

        def obliged(cond: z3.BoolRef, pos: SourcePos, what: str) -> None:
            self.prove(state, self.ranges, cond, pos=pos, obligation="undefined behaviour",
                       message=f"possible undefined behaviour: {what}",
                       reason=undefined_reason(what))
        return CodeEvaluator(var, self.kernel.var_types, ids, self.kernel.dialect,
                             self.code_ranges, obliged, lambda name: name in state.unset)

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
        return self.kernel.element_type(array)

    def assign(self, state: State, target: str, value: z3.ExprRef,
               src: n.ScalarType, pos: SourcePos) -> None:
        """``target = value``: converted to the variable's declared type, as in C."""
        declared = self.kernel.var_types.get(target, src)
        state.vars[target] = self.evaluator(self.own_var(state), self.ids, state).converted(
            value, src, declared, pos)
        state.unset -= {target}

    def own_var(self, state: State) -> Callable[[str], z3.ExprRef | None]:
        def var(name: str) -> z3.ExprRef | None:
            if name in state.vars:
                return state.vars[name]
            return self.params.get(name)
        return var


def shadowed_names(kernel: n.Kernel) -> frozenset[str]:
    """Names that several declarations of the kernel share (an inner ``int t``
    shadowing an outer one, an inlined function's local): the front end renames
    all but one (``t``, ``t#2``), so an annotation's ``t`` could mean either."""
    names = {*kernel.var_types, *(a.name for a in kernel.arrays),
             *(p.name for p in kernel.params)}
    counts = Counter(name.split("#")[0] for name in names)
    return frozenset(name for name, count in counts.items() if count > 1)


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
                             r"get_global_id|get_global_size)\b|\\gtid\b", text))
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
