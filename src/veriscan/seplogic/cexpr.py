"""Kernel code as Z3 integers, with the C semantics the race checker gives it.

The permission accounting quantifies over indices and solves linear index
equations, which bit-vectors would make far harder, so values are Z3
integers here, computed as in mathematics.  To keep one kernel from meaning
two things, every decision about C's integers is the race checker's (the
usual arithmetic conversions and promotions,
:func:`veriscan.smt.encode.common_type` / :func:`~veriscan.smt.encode.int_type`,
which behaviours are undefined, the shift rules of each dialect), and the
mathematical value is used only where it provably *is* C's value:

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

Floats, ``TYPE`` values and other opaque data follow the race checker's rules
(:func:`veriscan.smt.encode.convert` and ``ExprEncoder._BinOp``): their
arithmetic is an uninterpreted function of the operands named by their C types
(a float's ``+`` is no double's), a conversion between floating types is a
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
from veriscan.smt.encode import _unpromoted, common_type, int_type
from veriscan.smt.floats import (
    literal_conversion,
    literal_number,
    literal_term,
    rounded,
    type_key,
)
from veriscan.smt.symbols import APPROX

# The name of the constant a floating literal is, followed by its value's repr: the
# number itself, the same whatever the literal's floating type (as in the race
# checker, :mod:`veriscan.smt.floats`).

# Receives (a condition without which the operation is undefined, where, what).
ObligedHook = Callable[[z3.BoolRef, SourcePos, str], None]
Vars = Callable[[str], z3.ExprRef | None]


def is_integer(t: n.ScalarType) -> bool:
    return t.kind in (n.TypeKind.INT, n.TypeKind.BOOL)


def opaque(name: str, args: list[z3.ArithRef], approx: bool = False) -> z3.ArithRef:
    """An uninterpreted function of ``args``; ``approx`` marks it as standing for an
    exact operation the encoding does not follow (a model may give it a value the
    operation never has)."""
    fn = z3.Function(f"{APPROX if approx else ''}{name}", *([z3.IntSort()] * len(args)),
                     z3.IntSort())
    return fn(*args)


def is_opaque(t: n.ScalarType) -> bool:
    """Values of ``t`` are not integers to the encoding (floats, ``TYPE``, structs)."""
    return not is_integer(t)


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


class CodeEvaluator:
    """One thread's view of IR expressions; ``obliged`` (if given) receives the
    conditions under which the mathematical value is C's."""

    def __init__(self, var: Vars, var_types: dict[str, n.ScalarType], ids: ThreadIds,
                 dialect: n.Dialect, ranges: Ranges, obliged: ObligedHook | None = None,
                 maybe_unset: Callable[[str], bool] | None = None):
        self.ranges = ranges
        self.var = var
        # Whether a variable may still be unassigned where it is read (a value
        # assigned in an earlier loop iteration only).
        self.maybe_unset = maybe_unset or (lambda _: False)
        self.var_types = var_types
        self.ids = ids
        self.dialect = dialect
        self.obliged = obliged
        self._path: list[z3.BoolRef] = []

    def require(self, cond: z3.BoolRef, pos: SourcePos, what: str) -> None:
        """``cond`` must hold for the operation at ``pos`` to be defined.  Without
        ``obliged`` (another thread's view of the same code) it is asked of that
        thread in its own run, the arbitrary thread's."""
        if self.obliged is None:
            return
        cond = z3.simplify(z3.Implies(z3.And(*self._path), cond) if self._path else cond)
        if not z3.is_true(cond):
            self.obliged(cond, pos, what)

    def fit(self, v: z3.ArithRef, src: n.ScalarType | None, dst: n.ScalarType,
            pos: SourcePos, overflow: str | None = None) -> z3.ArithRef:
        """``v`` (of type ``src``, or an exact result when None) as a value of ``dst``:
        the mathematical value where it fits, else reduced modulo ``2**bits`` as C
        wraps, or, for an ``overflow`` C leaves undefined (its description), the
        mathematical value with the obligation that it fits."""
        lo, hi = C.bounds(dst)
        if src is not None and lo <= C.bounds(src)[0] and C.bounds(src)[1] <= hi:
            return v
        if self.ranges.fits(v, dst):
            return v
        if overflow is None:
            return C.wrap(v, dst)
        self.require(z3.And(v >= lo, v <= hi), pos, overflow)
        return v

    def convert(self, value: z3.ExprRef, src: n.ScalarType, dst: n.ScalarType,
                pos: SourcePos) -> z3.ExprRef:
        """C's conversion of a value of type ``src`` to ``dst``, by the race checker's
        rule (:func:`veriscan.smt.encode.convert`): between integers exact (or an
        obligation), between opaque types by :func:`_opaque_conversion` (unchanged
        only within one C type), and across the border a fresh over-approximated
        value (in ``dst``'s range for an integer)."""
        if is_integer(src) and is_integer(dst):
            if dst.kind is n.TypeKind.BOOL:
                return to_bool(value)
            return self.fit(to_int(value), src, dst, pos)
        if is_opaque(src) and is_opaque(dst):
            return _opaque_conversion(value, src, dst)
        if dst.kind is n.TypeKind.BOOL:
            return fresh_approx(f"bool_of_{src}", z3.BoolSort())
        fresh = fresh_approx(f"{dst}_of_{src}", z3.IntSort())
        if dst.kind is not n.TypeKind.INT:
            return fresh
        lo, hi = C.bounds(dst)
        return z3.If(z3.And(fresh >= lo, fresh <= hi), fresh, lo)

    def guarded(self, cond: z3.BoolRef, e: n.Expr, t: n.ScalarType | None) -> z3.ExprRef:
        self._path.append(cond)
        try:
            return self.eval(e) if t is None else self.typed(e, t)
        finally:
            self._path.pop()

    def typed(self, e: n.Expr, t: n.ScalarType) -> z3.ExprRef:
        return self.convert(self.eval(e), e.type, t, e.pos)

    def eval(self, e: n.Expr) -> z3.ExprRef:
        method = getattr(self, f"_{type(e).__name__}", None)
        if method is None:
            raise UnsupportedSpec(f"expression {type(e).__name__}", e.pos)
        return method(e)

    def _Const(self, e: n.Const) -> z3.ExprRef:
        if isinstance(e.value, bool) or e.type.kind is n.TypeKind.BOOL:
            return z3.BoolVal(bool(e.value))
        if e.type.kind is n.TypeKind.FLOAT:
            value = rounded(float(e.value), e.type.bits)  # as the type holds it
            if value is None:  # a NaN (its bits unknown, one NaN need not be another)
                return fresh_approx(f"{e.type} constant", z3.IntSort())
            return _literal(value)
        if isinstance(e.value, float) or e.type.kind is not n.TypeKind.INT:
            return z3.Function(f"literal!{e.value!r}", z3.IntSort())()
        return C.wrap(z3.IntVal(int(e.value)), e.type)

    def _Var(self, e: n.Var) -> z3.ExprRef:
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
            self.require(z3.BoolVal(False), e.pos, what)
            value = fresh_approx(f"unassigned {name}", z3.IntSort())
        return self.convert(value, self.var_types.get(e.name, e.type), e.type, e.pos)

    def _Builtin(self, e: n.Builtin) -> z3.ExprRef:
        return self.ids.builtin(e.kind, e.dim, e.pos)

    def _Cast(self, e: n.Cast) -> z3.ExprRef:
        return self.typed(e.operand, e.type)

    def _Select(self, e: n.Select) -> z3.ExprRef:
        c = to_bool(self.typed(e.cond, n.BOOL))
        a = self.guarded(c, e.then, e.type)
        b = self.guarded(z3.Not(c), e.other, e.type)
        if z3.is_bool(a) or z3.is_bool(b):
            return z3.If(c, to_bool(a), to_bool(b))
        return z3.If(c, to_int(a), to_int(b))

    def _UnOp(self, e: n.UnOp) -> z3.ExprRef:
        if e.op == "!":
            return z3.Not(to_bool(self.typed(e.operand, n.BOOL)))
        if e.type.kind is not n.TypeKind.INT:
            x = to_int(self.eval(e.operand))
            literal = _literal_value(x)
            if e.op == "-" and literal is not None:  # ``-1.5f`` is a literal too
                return _literal(-literal)
            return opaque(f"un{e.op}", [x])
        x = to_int(self.typed(e.operand, e.type))
        if e.op == "-":
            return self.fit(-x, None, e.type, e.pos, f"signed overflow in '-' ({e.type})"
                            if e.type.signed else None)
        return self.fit(-x - 1, None, e.type, e.pos)

    def _BinOp(self, e: n.BinOp) -> z3.ExprRef:
        op = e.op
        if op in ("&&", "||"):
            a = to_bool(self.typed(e.lhs, n.BOOL))
            b = to_bool(self.guarded(a if op == "&&" else z3.Not(a), e.rhs, n.BOOL))
            return z3.And(a, b) if op == "&&" else z3.Or(a, b)
        t = common_type(e.lhs.type, e.rhs.type)
        if t is not None and _unpromoted(e):
            t = e.type  # a vector lane: OpenCL C does not promote it (smt.encode)
        if t is None or (op not in _COMPARE and e.type.kind is not n.TypeKind.INT):
            # Opaque operands: arithmetic uninterpreted, and a comparison (even of a
            # value with itself: NaN) unknown, as in the race checker.
            a, b = to_int(self.eval(e.lhs)), to_int(self.eval(e.rhs))
            if op in _COMPARE:
                return fresh_approx("comparison of opaque values", z3.BoolSort())
            if e.type.kind is n.TypeKind.BOOL:
                return fresh_approx(f"opaque '{op}'", z3.BoolSort())
            # named by the C types: a float's and a double's '+' round differently
            lhs, rhs, result = (type_key(x.type) for x in (e.lhs, e.rhs, e))
            return opaque(f"{lhs}{op}{rhs}->{result}", [a, b])
        if op in ("<<", ">>"):
            return self.shift(e)
        a, b = to_int(self.typed(e.lhs, t)), to_int(self.typed(e.rhs, t))
        if op in _COMPARE:
            return _COMPARE[op](a, b)
        lo, hi = C.bounds(t)
        if op in ("/", "%"):
            self.require(b != 0, e.pos, f"'{op}' by zero")
            if t.signed:
                self.require(z3.Or(a != lo, b != -1), e.pos,
                             f"'{op}' of the most negative {t} by -1 (overflow)")
            # In range wherever defined (MIN / -1 is an obligation above).
            return self.convert(c_div(a, b) if op == "/" else c_mod(a, b), t, e.type, e.pos)
        if op in ("+", "-", "*"):
            result = a + b if op == "+" else a - b if op == "-" else a * b
            result = self.fit(result, None, t, e.pos,
                              f"signed overflow in '{op}' ({t})" if t.signed else None)
            return self.convert(result, t, e.type, e.pos)
        # & | ^: exact on constants, otherwise a function of the operands in t's range
        if z3.is_int_value(a) and z3.is_int_value(b):
            x, y = a.as_long(), b.as_long()
            return C.wrap(z3.IntVal(x & y if op == "&" else x | y if op == "|" else x ^ y), t)
        result = opaque(f"bitop{op}!{t}", [a, b], approx=True)
        return self.convert(z3.If(z3.And(result >= lo, result <= hi), result, lo), t, e.type,
                            e.pos)

    def shift(self, e: n.BinOp) -> z3.ExprRef:
        """The race checker's rule: computed in the promoted left operand's type, the
        count masked to ``width - 1`` (OpenCL's definition); CUDA's undefined cases
        (a count outside the width, a signed ``<<`` of a negative value or losing
        bits) are obligations.  A count that is not a constant leaves the value
        uninterpreted."""
        t = e.type if e.type.kind is n.TypeKind.INT else int_type(e.lhs.type)
        a = to_int(self.typed(e.lhs, t))
        count_t = int_type(e.rhs.type)
        count = to_int(self.typed(e.rhs, count_t))
        lo, hi = C.bounds(t)
        if self.dialect is n.Dialect.CUDA:
            self.require(z3.And(count >= 0, count < t.bits), e.pos,
                         f"shift count outside 0..{t.bits - 1}")
        masked = count % t.bits  # Z3's % is non-negative: two's-complement masking
        masked = z3.simplify(masked)
        if not z3.is_int_value(masked):
            result = opaque(f"shift{e.op}!{t}", [a, masked], approx=True)
            return z3.If(z3.And(result >= lo, result <= hi), result, lo)
        factor = z3.IntVal(1 << masked.as_long())
        if e.op == ">>":
            return a / factor  # floor division: the arithmetic shift of a signed value
        product = a * factor
        if self.dialect is n.Dialect.CUDA and t.signed:
            self.require(z3.And(a >= 0, product <= hi), e.pos,
                         f"'<<' of a negative or too large {t} (undefined in C++)")
            return product
        return self.fit(product, None, t, e.pos)

    def _GenericOp(self, e: n.GenericOp) -> z3.ExprRef:
        return opaque("OPERATOR", [to_int(self.eval(e.lhs)), to_int(self.eval(e.rhs))])

    def _GenericIdentity(self, e: n.GenericIdentity) -> z3.ExprRef:
        return z3.Int("IDENTITY")

    def _Opaque(self, e: n.Opaque) -> z3.ExprRef:
        # As in the race checker: deterministic, but a model may give it any value.
        return opaque(f"call!{e.name}", [to_int(self.eval(a)) for a in e.args], approx=True)


def _opaque_conversion(value: z3.ExprRef, src: n.ScalarType,
                       dst: n.ScalarType) -> z3.ExprRef:
    """C's conversion between two opaque types, by the race checker's rule
    (:func:`veriscan.smt.encode.convert`): unchanged only within one C type (a
    typedef of it; C converts no struct to another), a floating literal to the
    number every device converts it to where that is certain
    (:func:`veriscan.smt.floats.literal_conversion`), and otherwise an
    over-approximated function of the value per pair of types: ``(float)1e300`` is
    infinity, no double, and rounding, overflow and flushing of subnormals are
    not followed."""
    if type_key(src) == type_key(dst) or n.TypeKind.OTHER is src.kind is dst.kind:
        return value
    literal = _literal_value(value)
    if literal is not None and src.kind is dst.kind is n.TypeKind.FLOAT:
        exact = literal_conversion(literal, src, dst)
        if exact is not None:
            return _literal(exact)
    return opaque(f"conversion {type_key(src)} to {type_key(dst)}", [to_int(value)],
                  approx=True)


def _literal(value: float) -> z3.ExprRef:
    return literal_term(value, z3.IntSort())


def _literal_value(value: z3.ExprRef) -> float | None:
    return literal_number(value, z3.IntSort())


def _guarded_range(e: z3.ExprRef) -> tuple[int, int] | None:
    """The range of ``If(lo <= x <= hi, x, ...)``'s first arm: ``lo..hi``, the shape
    :func:`veriscan.seplogic.cint.wrap` and the opaque conversions give a value of a
    type."""
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
