"""Permission accounting: exact fractions, reads as wildcards, solved coverage."""

from fractions import Fraction

import pytest
import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.spec import ast as A
from veriscan.spec import perms as P
from veriscan.spec.lockstep import classify

POS = SourcePos("t.cl", 1)
HALF = A.Amount(A.AmountKind.FRACTION, Fraction(1, 2))


def clause(amount, index=lambda v: v, guard=lambda v: z3.And(v >= 0, v < 8), sign=1):
    v = z3.Int("b")
    return P.Clause("a", (v,), guard(v), index(v), amount, sign, POS)


def valid(formula) -> bool:
    solver = z3.Solver()
    solver.add(z3.Not(formula))
    return solver.check() == z3.unsat


def test_two_halves_make_a_write_but_reads_never_do():
    x = z3.Int("x")
    halves = [clause(HALF), clause(HALF)]
    inside = z3.And(x >= 0, x < 8)
    assert valid(z3.Implies(inside, P.at_least(P.totals(halves, "a", x), P.single(A.WRITE))))
    reads = [clause(A.READ), clause(A.READ), clause(A.READ)]
    assert not valid(z3.Implies(inside, P.at_least(P.totals(reads, "a", x),
                                                   P.single(A.WRITE))))
    assert valid(z3.Implies(inside, P.readable(P.totals(reads, "a", x))))


def test_a_write_minus_a_read_is_readable_but_not_writable():
    x = z3.Int("x")
    held = [clause(A.WRITE), clause(A.READ, sign=-1)]
    inside = z3.And(x >= 0, x < 8)
    have = P.totals(held, "a", x)
    assert valid(z3.Implies(inside, P.readable(have)))
    assert not valid(z3.Implies(inside, P.at_least(have, P.single(A.WRITE))))


@pytest.mark.parametrize(("index", "hit", "miss"), [
    (lambda v: 2 * v + 1, 7, 6),      # constant coefficient: solved with divisibility
    (lambda v: 5 - v, 5, 6),           # negative coefficient
    (lambda v: (v + 1) % 8, 0, 9),     # not linear: stays an existential
])
def test_coverage_is_exact(index, hit, miss):
    c = clause(A.WRITE, index=index)
    assert valid(P.covers(c, z3.IntVal(hit)))
    assert valid(z3.Not(P.covers(c, z3.IntVal(miss))))


def test_symbolic_coefficient_keeps_the_zero_case():
    k = z3.Int("k")
    c = clause(A.WRITE, index=lambda v: k * v + 3)
    # with k == 0 every binding lands on 3, and coverage must still say so
    assert valid(z3.Implies(k == 0, P.covers(c, z3.IntVal(3))))
    assert valid(z3.Implies(k == 4, z3.Not(P.covers(c, z3.IntVal(5)))))
    assert valid(z3.Implies(k == 4, P.covers(c, z3.IntVal(7))))


def test_under_approximation_only_drops_coverage():
    x = z3.Int("x")
    c = clause(A.WRITE, index=lambda v: (v + 1) % 8)
    assert valid(z3.Implies(P.covers(c, x, under=True), P.covers(c, x)))
    assert valid(z3.Not(P.covers(c, x, under=True)))


def _var(name):
    return n.Var(POS, n.INT, name)


def test_lockstep_and_thread_defined_variables():
    tid = n.Builtin(POS, n.INT, n.BuiltinKind.LOCAL_ID, 0)
    size = n.Builtin(POS, n.INT, n.BuiltinKind.LOCAL_SIZE, 0)
    one = n.Const(POS, n.INT, 1)
    body = [
        n.Assign(POS, "t", tid),
        n.Assign(POS, "off", one),
        n.Assign(POS, "shifted", n.BinOp(POS, n.INT, "+", _var("t"), _var("off"))),
        n.Loop(POS, [], n.BinOp(POS, n.BOOL, "<", _var("off"), size),
               [n.Barrier(POS, n.Fence.LOCAL),
                n.If(POS, n.BinOp(POS, n.BOOL, "<", _var("t"), _var("off")),
                     [n.Barrier(POS, n.Fence.LOCAL)])],
               [n.Assign(POS, "off", n.BinOp(POS, n.INT, "*", _var("off"), _var("off")))]),
    ]
    kernel = n.Kernel("k", n.Dialect.OPENCL, [], [], body, "t.cl", "")
    result = classify(kernel)
    assert "off" in result.lockstep and "t" not in result.lockstep
    assert "t" in result.thread_defs
    # defined from a lock-step variable that changes later: not a fixed function
    assert "shifted" not in result.thread_defs and "shifted" not in result.lockstep
    assert len(result.divergent_barriers) == 1
