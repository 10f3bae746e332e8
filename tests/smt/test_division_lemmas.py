"""The division lemmas given to the separation-logic prover are theorems, and useful.

A wrong lemma would be an unsound hypothesis in every query that divides by a
symbolic stride, so each one generated from random polynomial dividends and
monomial divisors is evaluated at many integer points (negative, zero and
positive divisors included); Z3's own ``div``/``mod`` decide its truth there.
"""

from __future__ import annotations

import itertools
import random

import z3

from veriscan.seplogic.identities import binom_function
from veriscan.smt.division_lemmas import division_lemmas
from veriscan.smt.solver import fresh_context, per_context

X, Y, Z = z3.Ints("x y z")


def _random_polynomial(rng: random.Random, depth: int = 2) -> z3.ArithRef:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice([X, Y, Z, z3.IntVal(rng.randint(-5, 5))])
    a, b = _random_polynomial(rng, depth - 1), _random_polynomial(rng, depth - 1)
    return rng.choice([a + b, a - b, a * b, -a])


def _holds_everywhere(lemma: z3.BoolRef, values: range) -> bool:
    for x, y, z in itertools.product(values, repeat=3):
        point = z3.simplify(z3.substitute(lemma, (X, z3.IntVal(x)), (Y, z3.IntVal(y)),
                                          (Z, z3.IntVal(z))))
        if not z3.is_true(point):
            return False
    return True


def test_every_lemma_holds_at_every_point() -> None:
    rng = random.Random(20261208)
    made = 0
    for _ in range(60):
        dividend = _random_polynomial(rng)
        divisor = rng.choice([X, 2 * Y, -3 * Z, X * Y, Y + 0])
        # a definition the lemma substitutes: z == 2*x*y - 1
        query = [Z == 2 * X * Y - 1, dividend / divisor > dividend % divisor]
        for lemma in division_lemmas(query):
            made += 1
            assert _holds_everywhere(lemma, range(-3, 4)), lemma
    assert made > 50  # the generator does make lemmas


def test_the_tree_index_identity_is_stated() -> None:
    # indicator == (tid + 1) * 2 * stride - 1 lies one below a multiple of 2 * stride
    tid, stride, indicator = z3.Ints("tid stride indicator")
    facts = [stride >= 1, tid >= 0, indicator == (tid + 1) * 2 * stride - 1]
    goal = z3.And(indicator / (2 * stride) == tid, indicator % stride == stride - 1)
    query = [*facts, z3.Not(goal)]
    solver = z3.Solver()
    solver.set("rlimit", 200_000)
    solver.add(*query, *division_lemmas(query))
    assert solver.check() == z3.unsat


def test_no_lemma_for_a_constant_divisor() -> None:
    assert division_lemmas([X / 4 == Y, X % 2 == 1]) == []


def test_terms_made_per_context_die_with_it() -> None:
    # a cache that outlived its check kept a dead context alive, which changed the
    # next check's search; per_context values are dropped when the context ends
    with fresh_context() as first:
        made = per_context("test", lambda: z3.Int("t"))
        assert per_context("test", lambda: z3.Int("u")) is made
        assert binom_function().ctx is first
    with fresh_context() as second:
        again = per_context("test", lambda: z3.Int("t"))
        assert again is not made and again.ctx is second
        assert binom_function().ctx is second
