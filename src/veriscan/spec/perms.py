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
to each other, but reads never add up to a write.  Handing in a read leaves a
smaller positive remainder, recorded by a negative read clause, which forbids
a later write until the thread receives fresh fractions.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from veriscan.errors import SourcePos
from veriscan.spec import ast as A


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
    if _mentions(k, var):
        return None
    solver = z3.Solver()
    solver.set(timeout=1000)
    solver.add(index != k * var + rest)
    return (k, rest) if solver.check() == z3.unsat else None


def _mentions(expr: z3.ExprRef, var: z3.ExprRef) -> bool:
    if expr.eq(var):
        return True
    return any(_mentions(child, var) for child in expr.children())


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
            if lhs.eq(var) and not _mentions(rhs, var):
                return rhs
            if rhs.eq(var) and not _mentions(lhs, var):
                return lhs
    return None


@dataclass(frozen=True)
class Totals:
    """What a clause set gives to one location: exact sum, any read, any read handed in."""

    fraction: z3.ArithRef
    read: z3.BoolRef
    spent_read: z3.BoolRef


def totals(clauses: list[Clause], array: str, x: z3.ArithRef,
           hints: tuple[z3.ArithRef, ...] = (), under: bool = False) -> Totals:
    fraction: z3.ArithRef = z3.RealVal(0)
    reads: list[z3.BoolRef] = []
    spent: list[z3.BoolRef] = []
    for c in clauses:
        if c.array != array:
            continue
        hit = covers(c, x, hints, under and c.sign > 0)
        if c.amount.kind is A.AmountKind.READ:
            (reads if c.sign > 0 else spent).append(hit)
        else:
            frac = c.amount.fraction
            value = z3.Q(frac.numerator, frac.denominator) * c.sign
            fraction = fraction + z3.If(hit, value, z3.RealVal(0))
    return Totals(z3.simplify(fraction), z3.Or(reads) if reads else z3.BoolVal(False),
                  z3.Or(spent) if spent else z3.BoolVal(False))


def at_least(have: Totals, need: Totals) -> z3.BoolRef:
    """``have`` is enough to give away ``need`` at this location.

    Equal exact parts need the infinitesimal parts to compare too: a read
    needs a read (or a spare fraction), and a remainder left after handing in
    a read is less than the exact part it came from.
    """
    return z3.Or(have.fraction > need.fraction,
                 z3.And(have.fraction == need.fraction,
                        z3.Or(have.read, z3.And(z3.Not(need.read), z3.Not(have.spent_read)))))


def one() -> Totals:
    return Totals(z3.RealVal(1), z3.BoolVal(False), z3.BoolVal(False))


def single(amount: A.Amount) -> Totals:
    if amount.kind is A.AmountKind.READ:
        return Totals(z3.RealVal(0), z3.BoolVal(True), z3.BoolVal(False))
    return Totals(z3.Q(amount.fraction.numerator, amount.fraction.denominator),
                  z3.BoolVal(False), z3.BoolVal(False))


def readable(have: Totals) -> z3.BoolRef:
    return z3.Or(have.fraction > 0, have.read)


def arrays_of(clauses: list[Clause]) -> list[str]:
    return sorted({c.array for c in clauses})
