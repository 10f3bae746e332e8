"""The permission heap: quantified permission clauses and their accounting.

A resource formula becomes a list of :class:`Clause` s, each "for every value of
the bound variables satisfying ``guard``, ``amount`` on ``array[index]``".
The amount a set of clauses gives to one location ``x`` is a finite sum over
the clauses, provided each clause reaches ``x`` from at most one binding
(*injectivity*, checked separately wherever it matters, exactly as VerCors and
Viper demand for quantified permissions).  So no obligation ever needs a sum
over an unbounded number of threads.

Amounts: exact fractions (``write`` = 1) are added up exactly.  ``read`` is an
arbitrarily small positive amount (a wildcard): any number of reads fit next
to each other, but reads never add up to a write.  A thread that hands in a
read loses it (a negative read clause): with no fraction left the location
is unreadable until a read comes back, and a dented fraction never becomes
whole again by receiving some other read.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from veriscan.errors import SourcePos
from veriscan.seplogic import ast as A
from veriscan.smt.dag import subterms
from veriscan.smt.solver import budgeted_solver

_LINEAR_RLIMIT = 2_000_000  # a linearity check is a simple identity or nothing


@dataclass(frozen=True)
class Clause:
    array: str
    bound: tuple[z3.ArithRef, ...]
    guard: z3.BoolRef
    index: z3.ArithRef
    amount: A.Amount
    sign: int
    origin: SourcePos

    def negated(self) -> Clause:
        return Clause(self.array, self.bound, self.guard, self.index, self.amount,
                      -self.sign, self.origin)

    def rebound(self, extra: tuple[z3.ArithRef, ...]) -> Clause:
        return Clause(self.array, (*extra, *self.bound), self.guard, self.index, self.amount,
                      self.sign, self.origin)

    def renamed(self, suffix: str) -> Clause:
        """The same clause over fresh copies of its bound variables."""
        fresh = [z3.Int(f"{v}{suffix}") for v in self.bound]
        pairs = list(zip(self.bound, fresh, strict=True))
        return Clause(self.array, tuple(fresh), z3.substitute(self.guard, *pairs) if pairs
                      else self.guard, z3.substitute(self.index, *pairs) if pairs
                      else self.index, self.amount, self.sign, self.origin)


def _linear_in(index: z3.ArithRef, var: z3.ArithRef) -> tuple[z3.ArithRef, z3.ArithRef] | None:
    """(k, rest) with index == k*var + rest, var in neither k nor rest; or None."""
    rest = z3.simplify(z3.substitute(index, (var, z3.IntVal(0))))
    k = z3.simplify(z3.substitute(index, (var, z3.IntVal(1))) - rest)
    if z3.is_int_value(k) and k.as_long() == 0:
        return None
    if mentions(k, var):
        return None
    solver = budgeted_solver(_LINEAR_RLIMIT)
    solver.add(index != k * var + rest)
    return (k, rest) if solver.check() == z3.unsat else None


def mentions(expr: z3.ExprRef, var: z3.ExprRef) -> bool:
    """Whether ``var`` occurs in ``expr`` (under quantifiers too).

    Each shared subterm is visited once, and no term is built: making terms
    (fresh names above all) would change what later queries look like to Z3,
    and so whether they finish within their resource limit."""
    return any(e.eq(var) for e in subterms([expr], quantifiers=True))


def covers(clause: Clause, x: z3.ArithRef, hints: tuple[z3.ArithRef, ...] = (),
           under: bool = False) -> z3.BoolRef:
    """Whether the clause reaches location x, with bound variables solved where linear.

    ``exists b. guard(b) and index(b) == x`` is rewritten exactly: a bound
    variable that occurs linearly with a coefficient k not containing it is
    replaced by ``(x - rest) / k`` together with divisibility; for a symbolic
    k the case ``k == 0`` keeps the existential.  What cannot be solved stays
    an existential for the solver; ``hints`` are terms worth trying for a
    single unsolved variable (the existential stays, so this is still exact).
    ``under`` drops the existentials that remain: an under-approximation,
    sound only for what a thread or group *has*, never for what it needs.
    """
    return _solve(list(clause.bound), clause.guard, clause.index, x, hints, under)


def _solve(remaining: list[z3.ArithRef], guard: z3.BoolRef, index: z3.ArithRef | None,
           x: z3.ArithRef, hints: tuple[z3.ArithRef, ...] = (),
           under: bool = False) -> z3.BoolRef:
    """``exists remaining. guard and index == x`` (``index`` None: already encoded).

    Order of attack: a variable with a constant coefficient (exact, cheap), a
    variable pinned by an equality in the guard, and otherwise the hint
    instances ``var := h`` *in disjunction with* the exact form (division by
    a symbolic coefficient, or the existential) -- so hints only ever help.
    """
    if not remaining:
        return guard if index is None else z3.And(guard, index == x)
    symbolic: list[tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]] = []
    for var in remaining if index is not None else []:
        found = _linear_in(index, var)
        if found is None:
            continue
        k, rest = found
        if not z3.is_int_value(k):
            symbolic.append((var, k, rest))
            continue
        step = k.as_long()
        diff = x - rest if step > 0 else rest - x
        value = diff if abs(step) == 1 else diff / abs(step)
        side = [] if abs(step) == 1 else [diff % abs(step) == 0]
        others = [v for v in remaining if not v.eq(var)]
        # The divisibility side condition may mention the other bound
        # variables, so it belongs inside their quantifier.
        return _solve(others, z3.And(*side, z3.substitute(guard, (var, value))), None, x,
                      hints, under)
    for var in remaining:
        value = _defined_by(guard, var)
        if value is not None:
            others = [v for v in remaining if not v.eq(var)]
            return _solve(others, z3.substitute(guard, (var, value)),
                          None if index is None else z3.substitute(index, (var, value)),
                          x, hints, under)
    tries = []
    for var in remaining:
        others = [v for v in remaining if not v.eq(var)]
        for h in hints:
            tries.append(_solve(others, z3.substitute(guard, (var, h)),
                                None if index is None else z3.substitute(index, (var, h)),
                                x, (), under))
    if symbolic:
        var, k, rest = symbolic[0]
        value = (x - rest) / k
        others = [v for v in remaining if not v.eq(var)]
        solved = _solve(others, z3.And((x - rest) % k == 0, z3.substitute(guard, (var, value))),
                        None, x, hints, under)
        degenerate = z3.BoolVal(False) if under else \
            z3.Exists(remaining, z3.And(guard, index == x))
        exact = z3.If(k != 0, solved, degenerate)
    else:
        body = guard if index is None else z3.And(guard, index == x)
        exact = z3.BoolVal(False) if under else z3.Exists(remaining, body)
    return z3.Or(*tries, exact) if tries else exact


def _defined_by(guard: z3.BoolRef, var: z3.ArithRef) -> z3.ArithRef | None:
    """``e`` when ``var == e`` (e free of var) is a top-level conjunct of ``guard``."""
    stack = [guard]
    while stack:
        g = stack.pop()
        if z3.is_and(g):
            stack.extend(g.children())
        elif z3.is_eq(g):
            lhs, rhs = g.children()
            if lhs.eq(var) and not mentions(rhs, var):
                return rhs
            if rhs.eq(var) and not mentions(lhs, var):
                return lhs
    return None


@dataclass(frozen=True)
class Totals:
    """What a clause set gives to one location: the exact fraction and the read counts.

    ``reads`` counts the read clauses that reach the location, ``spent`` the
    reads handed in there.  Each read is its own unknown infinitesimal amount,
    so the counts are compared, never cancelled against a fraction.
    """

    fraction: z3.ArithRef
    reads: z3.ArithRef
    spent: z3.ArithRef


def totals(clauses: list[Clause], array: str, x: z3.ArithRef,
           hints: tuple[z3.ArithRef, ...] = (), under: bool = False) -> Totals:
    fraction: z3.ArithRef = z3.RealVal(0)
    reads: z3.ArithRef = z3.IntVal(0)
    spent: z3.ArithRef = z3.IntVal(0)
    for c in clauses:
        if c.array != array:
            continue
        hit = covers(c, x, hints, under and c.sign > 0)
        if c.amount.kind is A.AmountKind.READ:
            if c.sign > 0:
                reads = reads + z3.If(hit, 1, 0)
            else:
                spent = spent + z3.If(hit, 1, 0)
        else:
            frac = c.amount.fraction
            value = z3.Q(frac.numerator, frac.denominator) * c.sign
            fraction = fraction + z3.If(hit, value, z3.RealVal(0))
    return Totals(z3.simplify(fraction), z3.simplify(reads), z3.simplify(spent))


def _remaining_reads(have: Totals) -> z3.BoolRef:
    """The thread still holds an undented read: every read it handed in is charged,
    whole, to one read it held (a read handed in is gone until handed back)."""
    return have.reads - have.spent >= 1


def at_least(have: Totals, need: Totals) -> z3.BoolRef:
    """``have`` is enough to give away ``need`` at this location.

    A larger exact part wins (reads are infinitesimal).  With equal exact
    parts, a needed read needs a read still held; and a read handed in may
    have been taken out of the exact part, which a read received later (a
    different, possibly smaller amount) never makes whole again: so a dented
    positive fraction is never equal to the undented one.
    """
    equal = [have.fraction == need.fraction]
    if not _is_zero(have.spent):
        equal.append(z3.Or(have.spent == 0, have.fraction == 0))
    if not _is_zero(need.reads):
        equal.append(z3.Or(need.reads == 0, _remaining_reads(have)))
    return z3.Or(have.fraction > need.fraction, z3.And(equal))


def _is_zero(count: z3.ArithRef) -> bool:
    """Known to be 0 without asking the solver (keeps read-free formulas small)."""
    return z3.is_int_value(count) and count.as_long() == 0


def one() -> Totals:
    return Totals(z3.RealVal(1), z3.IntVal(0), z3.IntVal(0))


def single(amount: A.Amount) -> Totals:
    if amount.kind is A.AmountKind.READ:
        return Totals(z3.RealVal(0), z3.IntVal(1), z3.IntVal(0))
    return Totals(z3.Q(amount.fraction.numerator, amount.fraction.denominator),
                  z3.IntVal(0), z3.IntVal(0))


def readable(have: Totals) -> z3.BoolRef:
    """A positive exact part, or a read that was not handed in."""
    if _is_zero(have.reads):
        return have.fraction > 0
    return z3.Or(have.fraction > 0, _remaining_reads(have))


def arrays_of(clauses: list[Clause]) -> list[str]:
    return sorted({c.array for c in clauses})
