"""Annotations to Z3: pure assertions become formulas, resources become clauses.

One evaluator serves both views the checker needs: the arbitrary thread's own
view (its thread ids are symbolic constants) and the group view (thread ids
are bound variables ranging over all threads, used for the global barrier
obligations).  The difference is only in the :class:`Env` passed in.

Integers are mathematical (no overflow); C's truncating ``/`` and ``%`` are
encoded exactly, and so are the bitwise operators and shifts wherever a
constant operand makes them linear.  What has no exact encoding becomes an
over-approximated function (its name carries :data:`APPROX`), so a model that
rests on it proves nothing: a counterexample through one is unknown, and so is
a satisfiability check that found its model through one.  Every heap read in a
pure assertion is logged so the checker can demand that the assertion is
*framed* by permissions the thread holds, and that it never reads memory whose
contents are undefined; every condition the assertion needs to have a value at
all (a divisor that is not zero, a shift count that is not negative) is logged
so the checker can prove it where the assertion is evaluated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import z3

from veriscan.errors import SourcePos, VeriscanError
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic.cint import bounds
from veriscan.seplogic.identities import (
    CUDA_IDS,
    OPENCL_IDS,
    PAPER_ALIASES,
    ThreadIds,
    binom_function,
    cuda_builtin,
    declares,
)
from veriscan.seplogic.perms import Clause
from veriscan.seplogic.terms import (
    UnsupportedSpec,
    arith,
    fresh_approx,
    fresh_int,
    nonneg_const,
    to_bool,
    to_int,
)
from veriscan.smt.solver import budgeted_solver
from veriscan.smt.symbols import APPROX

_SIGN_RLIMIT = 200_000
# The range of a quantified variable by its declared type: VerCors' `int` is the
# unbounded integer of every annotation, the unsigned types have C's range.
_QUANT_TYPES: dict[str, n.ScalarType | None] = {"int": None, "unsigned": n.UINT,
                                                "uint": n.UINT, "size_t": n.SIZE_T}

# ----------------------------------------------------------------------- environment

@dataclass(frozen=True)
class Read:
    """A heap read inside an assertion, for the framing check; ``old`` marks a read
    of the kernel-entry heap (under ``\\old``), which needs no permission but must
    not read memory whose contents are undefined at entry."""

    array: str
    index: z3.ArithRef
    guard: z3.BoolRef
    pos: SourcePos
    old: bool = False


@dataclass(frozen=True)
class Need:
    """A condition an assertion needs to have a value at all: ``cond`` must hold
    wherever the assertion is evaluated, else it is ill-defined (``what``)."""

    cond: z3.BoolRef
    pos: SourcePos
    what: str


def _no_value(name: str) -> z3.ArithRef | None:
    return None


def _no_macro(name: str, pos: SourcePos | None) -> int | None:
    return None


@dataclass
class Env:
    """Everything an assertion may refer to, in one thread's (or the group's) view."""

    kernel: n.Kernel
    ids: ThreadIds
    var: Callable[[str], z3.ArithRef | None]
    heap: dict[str, z3.ArrayRef]
    old: dict[str, z3.ArrayRef]
    reads: list[Read] = field(default_factory=list)
    uses_binom: bool = False
    # Quantifier-free facts of the thread's path, to settle signs of dividends.
    known: list[z3.BoolRef] = field(default_factory=list)
    # Kernel-entry values of scalars (the parameters), for \old(name).
    entry: Callable[[str], z3.ArithRef | None] = _no_value
    # Integer macros, as C computes them (see veriscan.seplogic.macros).
    macros: Callable[[str, SourcePos | None], int | None] = _no_macro
    # Names several declarations of the kernel share (one shadows another): an
    # annotation cannot say which it means.
    ambiguous: frozenset[str] = frozenset()
    needs: list[Need] = field(default_factory=list)

    def array_index(self, loc: A.Index, indices: list[z3.ArithRef]) -> z3.ArithRef:
        decl = self.kernel.array(loc.array)
        if decl is not None and len(decl.dims) == len(indices):
            flat = indices[0]
            for dim, idx in zip(decl.dims[1:], indices[1:], strict=True):
                flat = flat * dim + idx
            return flat
        if len(indices) != 1:
            raise VeriscanError(f"array {loc.array} is indexed with {len(indices)} subscripts; "
                                "pointer parameters take one (flattened) index", loc.pos)
        return indices[0]

    def pointer(self, name: str) -> bool:
        param = self.kernel.param(name)
        return param is not None and param.is_pointer

    def check_array(self, loc: A.Index) -> None:
        if loc.array in self.ambiguous:
            raise UnsupportedSpec(f"'{loc.array}' names several declarations of the kernel "
                                  "(one shadows another), so the annotation's is unclear",
                                  loc.pos)
        if loc.array in self.heap:
            return
        param = self.kernel.param(loc.array)
        if param is not None:  # e.g. `int a[]`, which the front end does not lower
            raise UnsupportedSpec(f"kernel parameter '{loc.array}' of type {param.type} "
                                  "as an array", loc.pos)
        raise VeriscanError(f"unknown array '{loc.array}' in annotation", loc.pos)


# ------------------------------------------------------------------------ evaluation

def _and(a: z3.BoolRef, b: z3.BoolRef) -> z3.BoolRef:
    """``a and b``, without a ``true`` conjunct (which would change the formula, and
    with it how Z3 searches)."""
    return b if z3.is_true(a) else z3.And(a, b)


def has_resources(e: A.SExpr) -> bool:
    if isinstance(e, A.Perm):
        return True
    if isinstance(e, A.Binary):
        return has_resources(e.lhs) or has_resources(e.rhs)
    if isinstance(e, A.Cond):
        return has_resources(e.then) or has_resources(e.other)
    if isinstance(e, A.Quant):
        return has_resources(e.body)
    return False


# Values the annotation language follows exactly; any other kind is opaque.
_EXACT = (n.TypeKind.INT, n.TypeKind.BOOL)
_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")


class Evaluator:
    """Evaluates assertions in one :class:`Env`; quantified names are scoped here."""

    def __init__(self, env: Env):
        self.env = env
        self.bound: dict[str, z3.ArithRef] = {}

    def inexact(self, e: A.SExpr) -> bool:
        """Whether ``e`` may be a floating-point (or other non-integer) C value.

        Such values are opaque here, as in the code: an annotation comparing them
        (``a[t] == b[t]`` of two NaNs is false in C, a contracted ``x*y+z`` may
        differ in its last bit from the same expression elsewhere) gets an
        unconstrained truth value, so it is never shown to hold."""
        if isinstance(e, A.Index):
            return self.env.kernel.element_type(e.array).kind not in _EXACT
        if isinstance(e, (A.Name, A.Member)):
            name = e.name if isinstance(e, A.Name) else f"{e.base}.{e.field}"
            return name not in self.bound and name in self._non_integer_names()
        if isinstance(e, (A.Unary, A.Binary, A.Cond, A.Old, A.Call)):
            parts = {A.Unary: lambda u: (u.operand,), A.Binary: lambda b: (b.lhs, b.rhs),
                     A.Cond: lambda c: (c.then, c.other), A.Old: lambda o: (o.expr,),
                     A.Call: lambda c: c.args}[type(e)](e)
            return any(self.inexact(x) for x in parts)
        return False

    def _non_integer_names(self) -> set[str]:
        """The kernel's scalar parameters and private variables of a non-integer type."""
        kernel = self.env.kernel
        return {*(v for p in kernel.params if not p.is_pointer and p.type.kind not in _EXACT
                  for v in p.values),
                *(name for name, t in kernel.var_types.items() if t.kind not in _EXACT)}

    # -- pure expressions ------------------------------------------------------
    def pure(self, e: A.SExpr, guard: z3.BoolRef, old: bool = False) -> z3.ExprRef:
        ev = self.pure
        if isinstance(e, A.IntLit):
            return z3.IntVal(e.value)
        if isinstance(e, A.BoolLit):
            return z3.BoolVal(e.value)
        if isinstance(e, A.Name):
            return self.name(e, old)
        if isinstance(e, A.Member):
            if e.field == "length" and self.env.pointer(e.base):
                return z3.Int(f"length!{e.base}")  # the buffer's element count
            return self.member(e, old)
        if isinstance(e, A.Call):
            return self.call(e, guard, old)
        if isinstance(e, A.Index):
            self.env.check_array(e)
            idx = self.env.array_index(e, [to_int(ev(i, guard, old)) for i in e.indices])
            self.env.reads.append(Read(e.array, idx, guard, e.pos, old))
            return (self.env.old if old else self.env.heap)[e.array][idx]
        if isinstance(e, A.Unary):
            x = ev(e.operand, guard, old)
            if e.op == "!":
                return z3.Not(to_bool(x))
            if e.op == "-":
                return -to_int(x)
            return -to_int(x) - 1
        if isinstance(e, A.Binary):
            return self.binary(e, guard, old)
        if isinstance(e, A.Cond):
            c = to_bool(ev(e.cond, guard, old))
            then = ev(e.then, z3.And(guard, c), old)
            other = ev(e.other, z3.And(guard, z3.Not(c)), old)
            if z3.is_bool(then) or z3.is_bool(other):
                return z3.If(c, to_bool(then), to_bool(other))
            return z3.If(c, then, other)
        if isinstance(e, A.Old):
            return ev(e.expr, guard, True)
        if isinstance(e, A.Quant):
            if e.star:
                raise VeriscanError("\\forall* quantifies resources; use \\forall for facts",
                                    e.pos)
            var, typed = self.bind(e.var, e.type, e.pos)
            try:
                rng = _and(typed, to_bool(ev(e.range, _and(guard, typed), old)))
                body = to_bool(ev(e.body, z3.And(guard, rng), old))
            finally:
                self.unbind(e.var)
            return z3.ForAll([var], z3.Implies(rng, body))
        if isinstance(e, A.Unknown):
            raise UnsupportedSpec(f"annotation construct {e.what}", e.pos)
        if isinstance(e, A.Perm):
            raise VeriscanError("Perm(...) may appear only where resources are allowed "
                                "(not under !, || or inside a value)", e.pos)
        raise UnsupportedSpec(f"annotation construct {type(e).__name__}", e.pos)

    def binary(self, e: A.Binary, guard: z3.BoolRef, old: bool) -> z3.ExprRef:
        ev = self.pure
        if e.op == "**":
            raise VeriscanError("'**' joins resources; use '&&' between pure facts", e.pos)
        if e.op in ("==>", "&&", "||"):
            lhs = to_bool(ev(e.lhs, guard, old))
            rguard = z3.And(guard, lhs) if e.op != "||" else z3.And(guard, z3.Not(lhs))
            rhs = to_bool(ev(e.rhs, rguard, old))
            return {"==>": z3.Implies, "&&": z3.And, "||": z3.Or}[e.op](lhs, rhs)
        null = self.null_test(e)
        if null is not None:
            return null
        lhs, rhs = ev(e.lhs, guard, old), ev(e.rhs, guard, old)
        if e.op in _COMPARISONS and (self.inexact(e.lhs) or self.inexact(e.rhs)):
            return fresh_approx(f"annotation '{e.op}' of floating-point values", z3.BoolSort())
        if e.op in ("/", "%"):
            if not (z3.is_int_value(to_int(rhs)) and to_int(rhs).as_long() != 0):
                self.need(guard, to_int(rhs) != 0, e.pos, f"'{e.op}' by zero")
            if self.nonneg_under(guard, to_int(lhs)):
                # Euclidean and truncating agree for a non-negative dividend, and
                # the value only matters where the guard holds.
                return to_int(lhs) / to_int(rhs) if e.op == "/" else to_int(lhs) % to_int(rhs)
        if e.op in ("<<", ">>") and not nonneg_const(to_int(rhs)):
            self.need(guard, to_int(rhs) >= 0, e.pos, f"'{e.op}' by a negative count")
        value = arith(e.op, lhs, rhs)
        if value is None:
            # No exact encoding: a function of the operands that stands for every
            # possible value, so nothing that depends on it counts as shown.
            fn = z3.Function(f"{APPROX}annotation '{e.op}'", z3.IntSort(), z3.IntSort(),
                             z3.IntSort())
            return fn(to_int(lhs), to_int(rhs))
        return value

    def need(self, guard: z3.BoolRef, cond: z3.BoolRef, pos: SourcePos, what: str) -> None:
        """Log that the assertion has a value only where ``cond`` holds (for every
        value of the quantified variables in scope)."""
        fact = z3.Implies(guard, cond)
        bound = list(self.bound.values())
        self.env.needs.append(Need(z3.ForAll(bound, fact) if bound else fact, pos, what))

    def null_test(self, e: A.Binary) -> z3.BoolRef | None:
        """``p != null`` / ``p == NULL`` for a pointer parameter: kernel buffers are
        never null (an assumption every verdict lists), so the test is constant."""
        if e.op not in ("==", "!="):
            return None
        sides = (e.lhs, e.rhs)
        names = {s.name for s in sides if isinstance(s, A.Name)}
        if not names & {"null", "NULL"}:
            return None
        if not any(isinstance(s, A.Name) and self.env.pointer(s.name) for s in sides):
            raise UnsupportedSpec("comparison with null of something other than a pointer "
                                  "parameter", e.pos)
        return z3.BoolVal(e.op == "!=")

    def nonneg_under(self, guard: z3.BoolRef, value: z3.ArithRef) -> bool:
        """``value >= 0`` wherever ``guard`` holds, for any thread and launch (a small,
        deterministic query; failing to prove it only costs a case split)."""
        if nonneg_const(value):
            return True
        ids = self.env.ids
        solver = budgeted_solver(_SIGN_RLIMIT)
        solver.add(guard, ids.in_range(), value < 0, *self.env.known,
                   *[size >= 1 for size in (*ids.local_size, *ids.num_groups)])
        return solver.check() == z3.unsat

    def name(self, e: A.Name, old: bool = False) -> z3.ExprRef:
        """A name as the annotation's scope sees it: a quantified variable, a kernel
        variable or parameter (under ``\\old`` its value at kernel entry, which
        only parameters have), a macro, or one of the thread-id aliases."""
        if e.name in self.bound:
            return self.bound[e.name]
        if e.name in self.env.ambiguous:
            raise UnsupportedSpec(f"'{e.name}' names several declarations of the kernel (one "
                                  "shadows another), so the annotation's is unclear", e.pos)
        if old:
            value = self.env.entry(e.name)
            if value is not None:
                return value
            if self.env.var(e.name) is not None:
                raise VeriscanError(f"\\old({e.name}): '{e.name}' is a variable of the "
                                    "kernel body, which has no value at kernel entry", e.pos)
        else:
            value = self.env.var(e.name)
            if value is not None:
                return value
        macro = self.env.macros(e.name, e.pos)
        if macro is not None:
            return z3.IntVal(macro)
        if e.name in PAPER_ALIASES:
            return self.env.ids.builtin(*PAPER_ALIASES[e.name], e.pos)
        if self.env.kernel.param(e.name) is not None:
            raise UnsupportedSpec(f"kernel parameter '{e.name}' used as a value", e.pos)
        if e.name in ("NULL", "null", "read", "write"):
            raise UnsupportedSpec(f"'{e.name}' outside a permission amount", e.pos)
        raise VeriscanError(f"unknown name '{e.name}' in annotation", e.pos)

    def member(self, e: A.Member, old: bool) -> z3.ExprRef:
        """``threadIdx.x`` and friends: CUDA's built-in unless the kernel declares a
        ``threadIdx`` of its own (:func:`cuda_builtin`); a member of a struct
        parameter, which the front end splits into scalar parameters, is that
        parameter.  A member of anything else is unsupported: the kernel's own
        ``uint3 threadIdx`` in some block shadows the built-in only in its scope,
        which the IR does not keep."""
        builtin = cuda_builtin(self.env.kernel, e.base, e.field)
        if builtin is not None:
            return self.env.ids.builtin(*builtin, e.pos)
        member = f"{e.base}.{e.field}"
        param = self.env.kernel.param(member)
        if param is not None and not param.is_pointer:
            return self.name(A.Name(e.pos, member), old)
        if e.base in CUDA_IDS and declares(self.env.kernel, e.base):
            raise UnsupportedSpec(f"'{member}': the kernel declares a '{e.base}' of its own, "
                                  "which shadows CUDA's built-in where it is in scope", e.pos)
        raise UnsupportedSpec(f"'{member}'", e.pos)

    def call(self, e: A.Call, guard: z3.BoolRef, old: bool) -> z3.ExprRef:
        if e.func in OPENCL_IDS:
            if len(e.args) != 1 or not isinstance(e.args[0], A.IntLit) \
                    or e.args[0].value not in (0, 1, 2):
                raise VeriscanError(f"{e.func} takes a constant dimension 0, 1 or 2", e.pos)
            return self.env.ids.builtin(OPENCL_IDS[e.func], e.args[0].value, e.pos)
        if e.func == "get_work_dim" and not e.args:
            return self.env.ids.builtin(n.BuiltinKind.WORK_DIM, 0, e.pos)
        if e.func == "binom" and len(e.args) == 2:
            self.env.uses_binom = True
            a, b = (to_int(self.pure(x, guard, old)) for x in e.args)
            return binom_function()(a, b)
        raise UnsupportedSpec(f"function '{e.func}' in annotation", e.pos)

    def bind(self, name: str, type_name: str = "int",
             pos: SourcePos | None = None) -> tuple[z3.ArithRef, z3.BoolRef]:
        """A fresh variable for ``name`` and the range its declared type gives it."""
        if name in self.bound:
            raise VeriscanError(f"quantified variable '{name}' shadows another", pos)
        if type_name not in _QUANT_TYPES:
            raise VeriscanError(f"quantified variables must be integers, not {type_name}", pos)
        var = fresh_int(name)
        self.bound[name] = var
        t = _QUANT_TYPES[type_name]
        if t is None:
            return var, z3.BoolVal(True)
        lo, hi = bounds(t)
        return var, z3.And(var >= lo, var <= hi)

    def unbind(self, name: str) -> None:
        del self.bound[name]

    # -- resources ---------------------------------------------------------------
    def assertion(self, e: A.SExpr, origin: SourcePos) -> tuple[list[Clause], list[z3.BoolRef]]:
        """Split an assertion into permission clauses and pure facts."""
        clauses: list[Clause] = []
        facts: list[z3.BoolRef] = []
        self._split(e, z3.BoolVal(True), (), clauses, facts, origin)
        return clauses, facts

    def _split(self, e: A.SExpr, guard: z3.BoolRef, bound: tuple[z3.ArithRef, ...],
               clauses: list[Clause], facts: list[z3.BoolRef], origin: SourcePos) -> None:
        if not has_resources(e):
            fact = z3.Implies(guard, to_bool(self.pure(e, guard)))
            facts.append(z3.ForAll(list(bound), fact) if bound else fact)
            return
        if isinstance(e, A.Perm):
            self.env.check_array(e.loc)
            if e.amount == A.NONE:
                return  # no permission: nothing held, nothing asked
            idx = self.env.array_index(e.loc, [to_int(self.pure(i, guard)) for i in e.loc.indices])
            clauses.append(Clause(e.loc.array, bound, guard, idx, e.amount, 1, e.pos))
            return
        if isinstance(e, A.Binary) and e.op in ("**", "&&"):
            self._split(e.lhs, guard, bound, clauses, facts, origin)
            self._split(e.rhs, guard, bound, clauses, facts, origin)
            return
        if isinstance(e, A.Binary) and e.op == "==>" and not has_resources(e.lhs):
            cond = to_bool(self.pure(e.lhs, guard))
            self._split(e.rhs, z3.And(guard, cond), bound, clauses, facts, origin)
            return
        if isinstance(e, A.Cond) and not has_resources(e.cond):
            cond = to_bool(self.pure(e.cond, guard))
            self._split(e.then, z3.And(guard, cond), bound, clauses, facts, origin)
            self._split(e.other, z3.And(guard, z3.Not(cond)), bound, clauses, facts, origin)
            return
        if isinstance(e, A.Quant):
            if not e.star:
                raise VeriscanError("permissions under \\forall need the separating "
                                    "quantifier \\forall*", e.pos)
            var, typed = self.bind(e.var, e.type, e.pos)
            try:
                rng = _and(typed, to_bool(self.pure(e.range, _and(guard, typed))))
                self._split(e.body, z3.And(guard, rng), (*bound, var), clauses, facts, origin)
            finally:
                self.unbind(e.var)
            return
        raise VeriscanError("permissions may only be combined with **, &&, ==>, ? : and "
                            "\\forall*", e.pos)
