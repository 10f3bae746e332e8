"""Kernel code as Z3 integers, with the C semantics the race checker gives it.

The permission accounting quantifies over indices and solves linear index
equations, which bit-vectors would make far harder, so values are Z3
integers here, computed as in mathematics: the integer
:class:`~veriscan.smt.translate.Domain` of the one C translator
(:mod:`veriscan.smt.translate`), which the race checker shares, so every
decision about C (the usual arithmetic conversions and promotions, which
behaviours are undefined, the shift rules of each dialect, floats and opaque
values) is made in one place, and the mathematical value is used only where
it provably *is* C's value:

* a wrap-around C defines (unsigned arithmetic, every integer conversion,
  implementation-defined for signed types and two's complement on every
  device, as in the race checker's bit-vectors) is followed exactly:
  ``If(fits, v, v reduced modulo 2**bits)`` (:func:`veriscan.seplogic.cint.wrap`),
  the modular branch never looked at where the path shows the value fits;
* a result C leaves undefined must fit its type, a proof obligation whose
  failure is a violation: signed ``+ - *``, unary ``-`` and ``MIN / -1``
  (where the ranges of the operands show it fits, :class:`Ranges`, nothing is
  asked), division and remainder by zero, and CUDA's undefined shifts.

No assumption excuses an operation on data: a kernel that adds two ints it
read from memory must show, from its contract, that the sum fits (or compute
in an unsigned type).  An assumption that data does not overflow would be
about values the proof does not follow, and a value the kernel computed
itself, stored and read back after a loop or barrier (whose heap the proof
renews) would pass for such data, which made a certain overflow "verified".

Obligations are reported through the ``obliged`` callback, guarded by the
path inside the expression (the taken arm of ``?:``, the evaluated side of
``&&``/``||``).  Annotations, by contrast, are mathematical (VerCors' rule),
see :mod:`veriscan.seplogic.encode`.

Floats, ``TYPE`` values and other opaque data follow the translator's rules:
their arithmetic is an uninterpreted function of the operands named by their C
types (a float's ``+`` is no double's; the race checker, which needs no
values, takes a fresh one), a conversion between floating types is a
function of its own per pair of types (a literal's exactly where every device
agrees, :mod:`veriscan.smt.floats`), a NaN constant is a fresh value, and
vector lanes compute unpromoted in their own type; everything that
would observe a value (a comparison, a conversion to or from an integer or a
truth value) gives a fresh over-approximated value, since the encoding
follows no IEEE rounding and no NaN (``z != z`` holds for a NaN;
``(int)(float)i`` need not be ``i``).  Such a value, a call without a body, and
a bitwise operation or shift the encoding does not follow carry the race
checker's :data:`~veriscan.smt.symbols.APPROX` mark: a counterexample that
depends on one is unknown, not a violation.

A read of a variable that was never assigned is undefined behaviour (a
violation where the path reaching it is feasible); a read of one that may not
have been assigned (assigned in an earlier iteration of a loop only) makes the
verdict unknown.  Neither ever gets an invented value.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.seplogic import cint as C
from veriscan.seplogic.identities import ThreadIds
from veriscan.seplogic.terms import UnsupportedSpec, c_div, c_mod, fresh_approx, to_bool, to_int
from veriscan.smt.dag import TermMap
from veriscan.smt.symbols import APPROX
from veriscan.smt.translate import CTranslator, Domain

# Receives (a condition without which the operation is undefined, where, what).
ObligedHook = Callable[[z3.BoolRef, SourcePos, str], None]
Vars = Callable[[str], z3.ExprRef | None]


def opaque(name: str, args: list[z3.ExprRef], approx: bool = False) -> z3.ArithRef:
    """An uninterpreted function of ``args``; ``approx`` marks it as standing for an
    exact operation the encoding does not follow (a model may give it a value the
    operation never has)."""
    fn = z3.Function(f"{APPROX if approx else ''}{name}", *([z3.IntSort()] * len(args)),
                     z3.IntSort())
    return fn(*(to_int(a) for a in args))


class Ranges:
    """Interval bounds of integer terms, from the bounds of their symbols: a
    result that provably fits its type this way needs no solver query.  The
    bounds of thread ids and sizes are the device limits (a listed
    assumption), those of scalar parameters their C types; ``families`` bound
    the symbols whose names start alike (another thread's ids, made per query)."""

    def __init__(self, known: dict[str, tuple[int, int]],
                 families: tuple[tuple[str, tuple[int, int]], ...] = ()):
        self.known = known
        self.families = families
        self.memo: TermMap[tuple[int, int] | None] = TermMap()

    def of(self, e: z3.ExprRef) -> tuple[int, int] | None:
        if e not in self.memo:
            self.memo[e] = self._of(e)
        return self.memo[e]

    def _of(self, e: z3.ExprRef) -> tuple[int, int] | None:
        if z3.is_int_value(e):
            return e.as_long(), e.as_long()
        if z3.is_const(e):
            name = e.decl().name()
            return self.known.get(name) or next(
                (bound for prefix, bound in self.families if name.startswith(prefix)), None)
        if z3.is_app_of(e, z3.Z3_OP_ITE):
            then, other = _guarded_range(e) or self.of(e.arg(1)), self.of(e.arg(2))
            if then is None or other is None:
                return None
            return min(then[0], other[0]), max(then[1], other[1])
        if z3.is_mod(e) and z3.is_int_value(e.arg(1)) and e.arg(1).as_long() > 0:
            return 0, e.arg(1).as_long() - 1  # Z3's % by a positive number (cint.wrap)
        if not (z3.is_add(e) or z3.is_sub(e) or z3.is_mul(e)):
            return None
        parts = [self.of(c) for c in e.children()]
        if any(p is None for p in parts):
            return None
        lo, hi = parts[0]  # type: ignore[misc]
        for plo, phi in parts[1:]:  # type: ignore[misc]
            if z3.is_add(e):
                lo, hi = lo + plo, hi + phi
            elif z3.is_sub(e):
                lo, hi = lo - phi, hi - plo
            else:
                corners = (lo * plo, lo * phi, hi * plo, hi * phi)
                lo, hi = min(corners), max(corners)
        return lo, hi

    def fits(self, v: z3.ArithRef, t: n.ScalarType) -> bool:
        found = self.of(v)
        lo, hi = C.bounds(t)
        return found is not None and lo <= found[0] and found[1] <= hi


class Integers(Domain):
    """Integers as Z3 integers, exact where the value fits its type (``ranges`` show
    that without the solver) and reduced modulo ``2**bits`` where C wraps;
    opaque values are integers too, told apart from C's by their types only."""

    def __init__(self, ranges: Ranges):
        self.ranges = ranges
        self.opaque_sort = z3.IntSort()  # in the context of the check (made per check)

    def number(self, value: int, t: n.ScalarType) -> z3.ExprRef:
        return C.wrap(z3.IntVal(value), t)

    def fresh(self, stem: str, sort: z3.SortRef) -> z3.ExprRef:
        return fresh_approx(stem, sort)

    def sort(self, t: n.ScalarType) -> z3.SortRef:
        return z3.BoolSort() if t.kind is n.TypeKind.BOOL else z3.IntSort()

    def of_type(self, value: z3.ExprRef, t: n.ScalarType) -> z3.ExprRef:
        if t.kind is not n.TypeKind.INT:
            return value
        return z3.If(C.fits(value, t), value, C.bounds(t)[0])

    def nonzero(self, value: z3.ExprRef) -> z3.BoolRef:
        return to_bool(value)

    def from_truth(self, value: z3.BoolRef, t: n.ScalarType) -> z3.ExprRef:
        return to_int(value)

    def fit(self, v: z3.ArithRef, src: n.ScalarType | None, dst: n.ScalarType) -> z3.ArithRef:
        """``v`` (of type ``src``, or an exact result when None) as a value of ``dst``:
        the mathematical value where it fits, else reduced modulo ``2**bits``."""
        lo, hi = C.bounds(dst)
        if src is not None and lo <= C.bounds(src)[0] and C.bounds(src)[1] <= hi:
            return v
        if self.ranges.fits(v, dst):
            return v
        return C.wrap(v, dst)

    def int_convert(self, value: z3.ExprRef, src: n.ScalarType,
                    dst: n.ScalarType) -> z3.ExprRef:
        return self.fit(to_int(value), src, dst)

    def compare(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: n.ScalarType) -> z3.BoolRef:
        return _COMPARE[op](to_int(a), to_int(b))

    def _checked(self, result: z3.ArithRef,
                 t: n.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        """A signed result is the mathematical one, undefined where it does not fit
        (unless the ranges show it does); an unsigned one wraps."""
        if not t.signed:
            return self.fit(result, None, t), None
        if self.ranges.fits(result, t):
            return result, None
        return result, z3.Not(C.fits(result, t))

    def arith(self, op: str, a: z3.ExprRef, b: z3.ExprRef,
              t: n.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        x, y = to_int(a), to_int(b)
        return self._checked(x + y if op == "+" else x - y if op == "-" else x * y, t)

    def negate(self, a: z3.ExprRef, t: n.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        return self._checked(-to_int(a), t)

    def complement(self, a: z3.ExprRef, t: n.ScalarType) -> z3.ExprRef:
        return self.fit(-to_int(a) - 1, None, t)

    def divide(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: n.ScalarType) -> z3.ExprRef:
        # in range wherever defined (MIN / -1 is reported by the translator)
        return c_div(a, b) if op == "/" else c_mod(a, b)

    def bitwise(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: n.ScalarType) -> z3.ExprRef:
        """Exact on constants, otherwise a function of the operands in ``t``'s range."""
        x, y = z3.simplify(a), z3.simplify(b)
        if z3.is_int_value(x) and z3.is_int_value(y):
            x, y = x.as_long(), y.as_long()
            return C.wrap(z3.IntVal(x & y if op == "&" else x | y if op == "|" else x ^ y), t)
        return self.of_type(opaque(f"bitop{op}!{t}", [a, b], approx=True), t)

    def shift(self, op: str, a: z3.ExprRef, count: z3.ExprRef, t: n.ScalarType,
              exact_signed: bool) -> tuple[z3.ExprRef, z3.BoolRef]:
        """Exact: a product by, or the floor quotient by, a power of two, which for a
        count that is not a constant is one linear case per possible count."""
        _, hi = C.bounds(t)
        a = to_int(a)
        masked = z3.simplify(count % t.bits)  # Z3's % is non-negative: two's-complement masking

        def by_count(term: Callable[[z3.ArithRef], z3.ArithRef]) -> z3.ArithRef:
            if z3.is_int_value(masked):
                return term(z3.IntVal(1 << masked.as_long()))
            result = term(z3.IntVal(1 << (t.bits - 1)))
            for k in reversed(range(t.bits - 1)):
                result = z3.If(masked == k, term(z3.IntVal(1 << k)), result)
            return result

        if op == ">>":
            return by_count(lambda factor: a / factor), z3.BoolVal(False)  # floor: arithmetic
        product = by_count(lambda factor: a * factor)
        lost = z3.Or(a < 0, product > hi)
        return (product if exact_signed else self.fit(product, None, t)), lost

    def opaque_op(self, name: str, args: list[z3.ExprRef], t: n.ScalarType) -> z3.ExprRef:
        if t.kind is n.TypeKind.BOOL:
            return self.fresh(f"opaque '{name}'", z3.BoolSort())
        return self.of_type(opaque(name, args), t)

    def generic_op(self, a: z3.ExprRef, b: z3.ExprRef, t: n.ScalarType) -> z3.ExprRef:
        return opaque("OPERATOR", [a, b])

    def generic_identity(self, t: n.ScalarType) -> z3.ExprRef:
        return z3.Int("IDENTITY")


class CodeEvaluator(CTranslator):
    """One thread's view of IR expressions; ``obliged`` (if given) receives the
    conditions under which the mathematical value is C's."""

    def __init__(self, var: Vars, var_types: dict[str, n.ScalarType], ids: ThreadIds,
                 dialect: n.Dialect, ranges: Ranges, obliged: ObligedHook | None = None,
                 maybe_unset: Callable[[str], bool] | None = None):
        super().__init__(Integers(ranges), dialect)
        self.var = var
        # Whether a variable may still be unassigned where it is read (a value
        # assigned in an earlier loop iteration only).
        self.maybe_unset = maybe_unset or (lambda _: False)
        self.var_types = var_types
        self.ids = ids
        self.obliged = obliged

    @property
    def reporting(self) -> bool:
        """Without ``obliged`` (another thread's view of the same code) an obligation
        is asked of that thread in its own run, the arbitrary thread's."""
        return self.obliged is not None

    def undefined_when(self, cond: z3.BoolRef, pos: SourcePos, what: str,
                       operands: tuple[z3.ExprRef, ...]) -> None:
        defined = z3.simplify(z3.Not(cond))
        if self.obliged is not None and not z3.is_true(defined):
            self.obliged(defined, pos, what)

    def unsupported(self, e: n.Expr) -> z3.ExprRef:
        raise UnsupportedSpec(f"expression {type(e).__name__}", e.pos)

    def declared(self, e: n.Var) -> n.ScalarType:
        return self.var_types.get(e.name, e.type)

    def read_var(self, e: n.Var) -> z3.ExprRef:
        name = e.name.split("#")[0]
        if self.maybe_unset(e.name):
            raise UnsupportedSpec(f"read of '{name}', which may not have been assigned "
                                  "(undefined behaviour if it was not)", e.pos)
        value = self.var(e.name)
        if value is None:
            # Never assigned on this path: undefined behaviour wherever it is reached.
            what = f"read of '{name}', which was never assigned"
            if self.obliged is None:
                raise UnsupportedSpec(what, e.pos)
            self.flag(z3.BoolVal(True), e.pos, what)
            value = fresh_approx(f"unassigned {name}", z3.IntSort())
        return value

    def builtin(self, e: n.Builtin) -> z3.ExprRef:
        return self.ids.builtin(e.kind, e.dim, e.pos)


def _guarded_range(e: z3.ExprRef) -> tuple[int, int] | None:
    """The range of ``If(lo <= x <= hi, x, ...)``'s first arm: ``lo..hi``, the shape
    :func:`veriscan.seplogic.cint.wrap` and :meth:`Integers.of_type` give a value of
    a type."""
    cond, then = e.arg(0), e.arg(1)
    if not (z3.is_and(cond) and cond.num_args() == 2):
        return None
    low, high = cond.arg(0), cond.arg(1)
    if not (z3.is_ge(low) and z3.is_le(high) and low.arg(0).eq(then) and high.arg(0).eq(then)
            and z3.is_int_value(low.arg(1)) and z3.is_int_value(high.arg(1))):
        return None
    return low.arg(1).as_long(), high.arg(1).as_long()


_COMPARE: dict[str, Callable[[z3.ArithRef, z3.ArithRef], z3.BoolRef]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
