"""Annotations to Z3: pure assertions become formulas, resources become clauses.

One evaluator serves both views the checker needs: the arbitrary thread's own
view (its thread ids are symbolic constants) and the group view (thread ids
are bound variables ranging over all threads, used for the global barrier
obligations).  The difference is only in the :class:`Env` passed in.

Integers are mathematical (no overflow); C's truncating ``/`` and ``%`` are
encoded exactly.  Every heap read in a pure assertion is logged so the checker
can demand that the assertion is *framed* by permissions the thread holds.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import z3

from veriscan.errors import SourcePos, VeriscanError
from veriscan.ir import nodes as n
from veriscan.smt.solver import budgeted_solver
from veriscan.spec import ast as A
from veriscan.spec.perms import Clause

_fresh = itertools.count()
_SIGN_RLIMIT = 200_000
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+(\(?-?(?:0[xX][0-9a-fA-F]+|\d+)"
                     r"[uUlL]*\)?)[ \t]*$", re.MULTILINE)


def fresh_int(prefix: str) -> z3.ArithRef:
    return z3.Int(f"{prefix}!{next(_fresh)}")


def reset_names() -> None:
    """Restart fresh-name numbering, so a check's solver queries do not depend on
    what ran before it in the same process (Z3's search depends on names)."""
    global _fresh
    _fresh = itertools.count()


class UnsupportedSpec(Exception):
    """An annotation or construct the checker cannot reason about: verdict unknown."""

    def __init__(self, what: str, pos: SourcePos | None):
        super().__init__(what)
        self.what = what
        self.pos = pos


# --------------------------------------------------------------------- C arithmetic

def c_div(a: z3.ArithRef, b: z3.ArithRef) -> z3.ArithRef:
    """C99 division truncates toward zero; Z3's ``/`` on Int is Euclidean.

    The two agree whenever the dividend is non-negative, whatever the
    divisor's sign (both give ``-(a div |b|)`` for a negative divisor), so one
    case split on the dividend suffices.
    """
    if _nonneg_const(a):
        return a / b
    return z3.If(a >= 0, a / b, -((-a) / b))


def c_mod(a: z3.ArithRef, b: z3.ArithRef) -> z3.ArithRef:
    """C99 remainder: the sign of the dividend, the magnitude of ``|a| mod |b|``."""
    if _nonneg_const(a):
        return a % b
    return z3.If(a >= 0, a % b, -((-a) % b))


def _nonneg_const(e: z3.ArithRef) -> bool:
    return z3.is_int_value(e) and e.as_long() >= 0


def _pos_const(e: z3.ArithRef) -> bool:
    return z3.is_int_value(e) and e.as_long() > 0


def to_bool(e: z3.ExprRef) -> z3.BoolRef:
    return e if z3.is_bool(e) else e != 0


def to_int(e: z3.ExprRef) -> z3.ArithRef:
    return z3.If(e, z3.IntVal(1), z3.IntVal(0)) if z3.is_bool(e) else e


def arith(op: str, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef:
    """A C binary operator on mathematical integers (bitwise ones uninterpreted).

    ``/`` and ``%`` truncate toward zero in code and in annotations alike:
    VerCors reads ``/`` and ``%`` on C integers in specifications as C's
    truncating operators, so an annotation means what the same expression in
    the kernel means.
    """
    if op in ("&&", "||"):
        x, y = to_bool(a), to_bool(b)
        return z3.And(x, y) if op == "&&" else z3.Or(x, y)
    x, y = to_int(a), to_int(b)
    simple = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
              "/": lambda: c_div(x, y), "%": lambda: c_mod(x, y),
              "==": lambda: x == y, "!=": lambda: x != y, "<": lambda: x < y,
              "<=": lambda: x <= y, ">": lambda: x > y, ">=": lambda: x >= y}
    if op in simple:
        return simple[op]()
    if op in ("<<", ">>") and z3.is_int_value(y) and 0 <= y.as_long() < 63:
        factor = z3.IntVal(2 ** y.as_long())
        return x * factor if op == "<<" else x / factor  # arithmetic shift = floor division
    return z3.Function(f"bitop{op}", z3.IntSort(), z3.IntSort(), z3.IntSort())(x, y)


# ------------------------------------------------------------------------ identities

@dataclass
class ThreadIds:
    """The thread-identity built-ins of one thread, as Z3 terms."""

    local: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]
    group: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]
    local_size: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]
    num_groups: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]

    def builtin(self, kind: n.BuiltinKind, dim: int) -> z3.ArithRef:
        if kind is n.BuiltinKind.LOCAL_ID:
            return self.local[dim]
        if kind is n.BuiltinKind.GROUP_ID:
            return self.group[dim]
        if kind is n.BuiltinKind.LOCAL_SIZE:
            return self.local_size[dim]
        if kind is n.BuiltinKind.NUM_GROUPS:
            return self.num_groups[dim]
        if kind is n.BuiltinKind.GLOBAL_ID:
            return self.group[dim] * self.local_size[dim] + self.local[dim]
        return self.num_groups[dim] * self.local_size[dim]

    def in_range(self) -> z3.BoolRef:
        parts = []
        for d in range(3):
            parts += [self.local[d] >= 0, self.local[d] < self.local_size[d],
                      self.group[d] >= 0, self.group[d] < self.num_groups[d]]
        return z3.And(parts)

    def with_local(self, local: tuple[z3.ArithRef, ...],
                   group: tuple[z3.ArithRef, ...] | None = None) -> ThreadIds:
        return ThreadIds(tuple(local), tuple(group or self.group),  # type: ignore[arg-type]
                         self.local_size, self.num_groups)


_CL_IDS = {"get_local_id": n.BuiltinKind.LOCAL_ID, "get_group_id": n.BuiltinKind.GROUP_ID,
           "get_local_size": n.BuiltinKind.LOCAL_SIZE, "get_num_groups": n.BuiltinKind.NUM_GROUPS,
           "get_global_id": n.BuiltinKind.GLOBAL_ID, "get_global_size": n.BuiltinKind.GLOBAL_SIZE}
_CUDA_IDS = {"threadIdx": n.BuiltinKind.LOCAL_ID, "blockIdx": n.BuiltinKind.GROUP_ID,
             "blockDim": n.BuiltinKind.LOCAL_SIZE, "gridDim": n.BuiltinKind.NUM_GROUPS}
# Names 003/000 use for the thread id and group size, when the kernel has no
# variable of that name.
_ALIASES = {"tid": (n.BuiltinKind.LOCAL_ID, 0), "lid": (n.BuiltinKind.LOCAL_ID, 0),
            "gid": (n.BuiltinKind.GROUP_ID, 0), "gsize": (n.BuiltinKind.LOCAL_SIZE, 0),
            "bsize": (n.BuiltinKind.LOCAL_SIZE, 0), "tcount": (n.BuiltinKind.GLOBAL_SIZE, 0)}
_DIMS = {"x": 0, "y": 1, "z": 2}


_BINOM: list[z3.FuncDeclRef] = []


def binom_function() -> z3.FuncDeclRef:
    """binom(m, k): the binomial coefficient (0 outside 0 <= k <= m), as a recursive definition.

    A recursive definition (rather than quantified Pascal axioms) lets Z3 both
    prove facts and build genuine counterexamples by unfolding.
    """
    if _BINOM and _BINOM[0].ctx != z3.main_ctx():
        _BINOM.clear()  # made in another check's context
    if not _BINOM:
        b = z3.RecFunction("binom", z3.IntSort(), z3.IntSort(), z3.IntSort())
        m, k = z3.Ints("binom_m binom_k")
        z3.RecAddDefinition(b, [m, k], z3.If(z3.Or(k < 0, k > m), 0,
                                             z3.If(z3.Or(k == 0, k == m), 1,
                                                   b(m - 1, k - 1) + b(m - 1, k))))
        _BINOM.append(b)
    return _BINOM[0]


# ----------------------------------------------------------------------- environment

@dataclass(frozen=True)
class Read:
    """A heap read inside an assertion, for the framing check."""

    array: str
    index: z3.ArithRef
    guard: z3.BoolRef
    pos: SourcePos


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

    def macro(self, name: str) -> int | None:
        """The value of an integer macro (``#define N 64`` or ``-D N=64``), as C sees it
        in the kernel; a name defined more than once is refused, not guessed."""
        found = [m.group(2) for m in _DEFINE.finditer(self.kernel.source)
                 if m.group(1) == name]
        if name in self.kernel.defines:
            found.append(self.kernel.defines[name])
        if not found:
            return None
        if len(found) > 1 or "#undef" in self.kernel.source:
            raise UnsupportedSpec(f"macro '{name}' defined more than once or undefined", None)
        text = found[0].strip().strip("()").rstrip("uUlL")
        try:
            return int(text, 0)
        except ValueError:
            raise UnsupportedSpec(f"macro '{name}' in an annotation is not an integer "
                                  "literal", None) from None

    def pointer(self, name: str) -> bool:
        param = self.kernel.param(name)
        return param is not None and param.is_pointer

    def check_array(self, loc: A.Index) -> None:
        if loc.array in self.heap:
            return
        param = self.kernel.param(loc.array)
        if param is not None:  # e.g. `int a[]`, which the front end does not lower
            raise UnsupportedSpec(f"kernel parameter '{loc.array}' of type {param.type} "
                                  "as an array", loc.pos)
        raise VeriscanError(f"unknown array '{loc.array}' in annotation", loc.pos)


# ------------------------------------------------------------------------ evaluation

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


class Evaluator:
    """Evaluates assertions in one :class:`Env`; quantified names are scoped here."""

    def __init__(self, env: Env):
        self.env = env
        self.bound: dict[str, z3.ArithRef] = {}

    # -- pure expressions ------------------------------------------------------
    def pure(self, e: A.SExpr, guard: z3.BoolRef, old: bool = False) -> z3.ExprRef:
        ev = self.pure
        if isinstance(e, A.IntLit):
            return z3.IntVal(e.value)
        if isinstance(e, A.BoolLit):
            return z3.BoolVal(e.value)
        if isinstance(e, A.Name):
            return self.name(e)
        if isinstance(e, A.Member):
            if e.field == "length" and self.env.pointer(e.base):
                return z3.Int(f"length!{e.base}")  # the buffer's element count
            kind = _CUDA_IDS.get(e.base)
            if kind is None or e.field not in _DIMS:
                raise UnsupportedSpec(f"'{e.base}.{e.field}'", e.pos)
            return self.env.ids.builtin(kind, _DIMS[e.field])
        if isinstance(e, A.Call):
            return self.call(e, guard, old)
        if isinstance(e, A.Index):
            self.env.check_array(e)
            idx = self.env.array_index(e, [to_int(ev(i, guard, old)) for i in e.indices])
            if old:
                return self.env.old[e.array][idx]
            self.env.reads.append(Read(e.array, idx, guard, e.pos))
            return self.env.heap[e.array][idx]
        if isinstance(e, A.Unary):
            x = ev(e.operand, guard, old)
            if e.op == "!":
                return z3.Not(to_bool(x))
            if e.op == "-":
                return -to_int(x)
            return -to_int(x) - 1
        if isinstance(e, A.Binary):
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
            if e.op in ("/", "%") and self.nonneg_under(guard, to_int(lhs)):
                # Euclidean and truncating agree for a non-negative dividend, and
                # the value only matters where the guard holds.
                return to_int(lhs) / to_int(rhs) if e.op == "/" else to_int(lhs) % to_int(rhs)
            return arith(e.op, lhs, rhs)
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
            var = self.bind(e.var)
            try:
                rng = to_bool(ev(e.range, guard, old))
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
        if _nonneg_const(value):
            return True
        ids = self.env.ids
        solver = budgeted_solver(_SIGN_RLIMIT)
        solver.add(guard, ids.in_range(), value < 0, *self.env.known,
                   *[size >= 1 for size in (*ids.local_size, *ids.num_groups)])
        return solver.check() == z3.unsat

    def name(self, e: A.Name) -> z3.ExprRef:
        if e.name in self.bound:
            return self.bound[e.name]
        value = self.env.var(e.name)
        if value is not None:
            return value
        macro = self.env.macro(e.name)
        if macro is not None:
            return z3.IntVal(macro)
        if e.name in _ALIASES:
            return self.env.ids.builtin(*_ALIASES[e.name])
        if self.env.kernel.param(e.name) is not None:
            raise UnsupportedSpec(f"kernel parameter '{e.name}' used as a value", e.pos)
        if e.name in ("NULL", "null", "read", "write"):
            raise UnsupportedSpec(f"'{e.name}' outside a permission amount", e.pos)
        raise VeriscanError(f"unknown name '{e.name}' in annotation", e.pos)

    def call(self, e: A.Call, guard: z3.BoolRef, old: bool) -> z3.ExprRef:
        if e.func in _CL_IDS:
            if len(e.args) != 1 or not isinstance(e.args[0], A.IntLit) \
                    or e.args[0].value not in (0, 1, 2):
                raise VeriscanError(f"{e.func} takes a constant dimension 0, 1 or 2", e.pos)
            return self.env.ids.builtin(_CL_IDS[e.func], e.args[0].value)
        if e.func == "binom" and len(e.args) == 2:
            self.env.uses_binom = True
            a, b = (to_int(self.pure(x, guard, old)) for x in e.args)
            return binom_function()(a, b)
        raise UnsupportedSpec(f"function '{e.func}' in annotation", e.pos)

    def bind(self, name: str) -> z3.ArithRef:
        if name in self.bound:
            raise VeriscanError(f"quantified variable '{name}' shadows another", None)
        var = fresh_int(name)
        self.bound[name] = var
        return var

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
            var = self.bind(e.var)
            try:
                rng = to_bool(self.pure(e.range, guard))
                self._split(e.body, z3.And(guard, rng), (*bound, var), clauses, facts, origin)
            finally:
                self.unbind(e.var)
            return
        raise VeriscanError("permissions may only be combined with **, &&, ==>, ? : and "
                            "\\forall*", e.pos)
