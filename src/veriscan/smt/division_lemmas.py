"""Valid lemmas about integer division by a symbolic divisor, for the solver.

Tree-shaped index arithmetic divides by a stride the proof does not fix:
``indicator / (2 * stride)`` where ``indicator == (tid + 1) * 2 * stride - 1``.
Z3 treats ``div`` and ``mod`` by a non-constant as non-linear and often gives up,
although the answer follows from what Euclidean division (Z3's, and C's for
the non-negative operands these are) is: for ``a == q * d + r``,

    0 <= r < d   implies  a div d == q      and  a mod d == r
    -d <= r < 0  implies  a div d == q - 1  and  a mod d == r + d

For every ground ``a div d`` or ``a mod d`` of a query with ``d`` a single
monomial (``2 * stride``), :func:`division_lemmas` writes ``a`` (with the
query's top-level definitions ``v == e`` substituted, so the lemma speaks of
what ``v`` is) as a polynomial, splits off the multiples of ``d`` as ``q`` and
states the two implications for the rest ``r``; they bring no new division
into the query.  Each lemma is a theorem of integer arithmetic (the
definitions are only used to choose which instance to state), so adding it to
a query changes no answer, only how fast the solver finds it.
"""

from __future__ import annotations

from collections import Counter

import z3

from veriscan.smt.dag import TermMap, subterms

# A monomial: the atoms multiplied (term, how often), sorted by the atoms' text.
Monomial = tuple[tuple[str, int], ...]
Polynomial = dict[Monomial, int]
_MAX_MONOMIALS = 32
_MAX_SUBSTITUTIONS = 8


def division_lemmas(query: list[z3.BoolRef]) -> list[z3.BoolRef]:
    """Lemmas for the divisions by a non-constant monomial in ``query`` (see above)."""
    divisions = [t for t in subterms(query)
                 if (z3.is_idiv(t) or z3.is_mod(t)) and not z3.is_int_value(t.arg(1))]
    if not divisions:
        return []
    defs = _definitions(query)
    lemmas: list[z3.BoolRef] = []
    done: set[tuple[str, str]] = set()
    for term in divisions:
        dividend, divisor = (_substituted(x, defs) for x in term.children())
        key = (dividend.sexpr(), divisor.sexpr())
        if key in done:
            continue
        done.add(key)
        lemmas += _lemmas_for(dividend, divisor)
    return lemmas


def _definitions(query: list[z3.BoolRef]) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
    """``(v, e)`` for every top-level conjunct ``v == e`` of an integer constant ``v``
    by a term without ``v``."""
    found: list[tuple[z3.ExprRef, z3.ExprRef]] = []
    stack = list(query)
    while stack:
        f = stack.pop()
        if z3.is_and(f):
            stack.extend(f.children())
        elif z3.is_implies(f) and z3.is_true(f.arg(0)):
            stack.append(f.arg(1))
        elif z3.is_eq(f) and z3.is_int(f.arg(0)):
            for v, e in ((f.arg(0), f.arg(1)), (f.arg(1), f.arg(0))):
                if _is_variable(v) and not _mentions(e, v):
                    found.append((v, e))
                    break
    return found


def _is_variable(t: z3.ExprRef) -> bool:
    return z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED


def _mentions(term: z3.ExprRef, v: z3.ExprRef) -> bool:
    return any(t.eq(v) for t in subterms([term]))


def _substituted(term: z3.ExprRef, defs: list[tuple[z3.ExprRef, z3.ExprRef]]) -> z3.ExprRef:
    """``term`` with the definitions substituted, a few rounds deep (they may chain)."""
    for _ in range(_MAX_SUBSTITUTIONS):
        if not defs:
            break
        after = z3.substitute(term, *defs)
        if after.eq(term):
            break
        term = after
    return term


def _lemmas_for(dividend: z3.ExprRef, divisor: z3.ExprRef) -> list[z3.BoolRef]:
    atoms: dict[str, z3.ExprRef] = {}
    poly, by = _polynomial(dividend, atoms), _polynomial(divisor, atoms)
    if poly is None or by is None or len(by) != 1:
        return []
    ((d_mono, d_coeff),) = by.items()
    if not d_mono:
        return []  # a constant divisor: linear, Z3's business
    quotient: Polynomial = {}
    rest: Polynomial = {}
    for mono, coeff in poly.items():
        left = _divide(mono, d_mono)
        if left is not None and coeff % d_coeff == 0:
            quotient[left] = quotient.get(left, 0) + coeff // d_coeff
        else:
            rest[mono] = coeff
    d = z3.simplify(divisor)
    q, r = _term(quotient, atoms), _term(rest, atoms)
    # dividend == q * d + r: the quotient and remainder when r lies in one period of d
    lemmas = [z3.Implies(z3.And(r >= 0, r < d), z3.And(dividend / d == q, dividend % d == r)),
              z3.Implies(z3.And(r < 0, r >= -d),
                         z3.And(dividend / d == q - 1, dividend % d == r + d))]
    return [lemma for lemma in map(z3.simplify, lemmas) if not z3.is_true(lemma)]


def _polynomial(term: z3.ExprRef, atoms: dict[str, z3.ExprRef]) -> Polynomial | None:
    """``term`` as a sum of monomials with integer coefficients, or None when it has
    too many; anything other than ``+ - *`` and numerals is an atom."""
    memo: TermMap[Polynomial | None] = TermMap()

    def walk(t: z3.ExprRef) -> Polynomial | None:
        if t in memo:
            return memo[t]
        result: Polynomial | None
        if z3.is_int_value(t):
            result = {(): t.as_long()} if t.as_long() else {}
        elif z3.is_add(t) or z3.is_sub(t):
            parts = [walk(c) for c in t.children()]
            result = None if any(p is None for p in parts) else _sum(
                parts[0], *(_scaled(p, -1) if z3.is_sub(t) else p for p in parts[1:]))
        elif z3.is_app_of(t, z3.Z3_OP_UMINUS):
            inner = walk(t.arg(0))
            result = None if inner is None else _scaled(inner, -1)
        elif z3.is_mul(t):
            result = {(): 1}
            for c in t.children():
                factor = walk(c)
                result = None if factor is None or result is None else _product(result, factor)
        else:
            key = t.sexpr()
            atoms.setdefault(key, t)
            result = {((key, 1),): 1}
        if result is not None and len(result) > _MAX_MONOMIALS:
            result = None
        memo[t] = result
        return result

    return walk(term)


def _sum(first: Polynomial, *rest: Polynomial) -> Polynomial:
    out = dict(first)
    for p in rest:
        for mono, coeff in p.items():
            out[mono] = out.get(mono, 0) + coeff
    return {m: c for m, c in out.items() if c}


def _scaled(p: Polynomial, k: int) -> Polynomial:
    return {m: c * k for m, c in p.items()}


def _product(a: Polynomial, b: Polynomial) -> Polynomial:
    out: Polynomial = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            mono = _multiply(ma, mb)
            out[mono] = out.get(mono, 0) + ca * cb
    return {m: c for m, c in out.items() if c}


def _multiply(a: Monomial, b: Monomial) -> Monomial:
    counts = Counter(dict(a))
    counts.update(dict(b))
    return tuple(sorted(counts.items()))


def _divide(mono: Monomial, by: Monomial) -> Monomial | None:
    """``mono / by`` when ``by`` divides it, else None."""
    counts = Counter(dict(mono))
    for atom, power in by:
        if counts[atom] < power:
            return None
        counts[atom] -= power
    return tuple(sorted((a, p) for a, p in counts.items() if p))


def _term(p: Polynomial, atoms: dict[str, z3.ExprRef]) -> z3.ArithRef:
    parts: list[z3.ArithRef] = []
    for mono, coeff in sorted(p.items()):
        factors: list[z3.ArithRef] = [atoms[a] for a, power in mono for _ in range(power)]
        product = factors[0] if factors else z3.IntVal(1)
        for f in factors[1:]:
            product = product * f
        parts.append(product if coeff == 1 else z3.IntVal(coeff) * product)
    if not parts:
        return z3.IntVal(0)
    total = parts[0]
    for x in parts[1:]:
        total = total + x
    return total
