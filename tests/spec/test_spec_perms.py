"""Permission accounting: exact fractions, reads as wildcards, solved coverage."""

from fractions import Fraction

import pytest
import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.lockstep import classify

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


def test_a_variable_read_before_any_assignment_is_never_lockstep():
    from veriscan.seplogic.lockstep import maybe_unassigned

    size = n.Builtin(POS, n.INT, n.BuiltinKind.LOCAL_SIZE, 0)
    half = n.BinOp(POS, n.INT, "/", _var("x"), n.Const(POS, n.INT, 2))
    body = [
        n.Assign(POS, "x", half),  # x = x / 2 with x never assigned: garbage per thread
        n.Assign(POS, "s", size),
        n.Loop(POS, [], n.BinOp(POS, n.BOOL, "<", _var("s"), size),
               [n.Indeterminate.of(POS, "z", n.INT), n.Assign(POS, "z", size),
                n.Assign(POS, "w", _var("z")), n.Assign(POS, "y", _var("s"))], []),
        n.Assign(POS, "v", _var("y")),
        n.If(POS, n.BinOp(POS, n.BOOL, ">", _var("x"), n.Const(POS, n.INT, 5)),
             [n.Barrier(POS, n.Fence.LOCAL)]),
    ]
    kernel = n.Kernel("k", n.Dialect.OPENCL, [], [], body, "t.cl", "")
    # y is assigned in the loop only, which may run no iteration; z is assigned
    # again after each new lifetime before it is read
    assert maybe_unassigned(kernel) == {"x", "y"}
    result = classify(kernel)
    assert not {"x", "y", "v"} & result.lockstep
    assert {"s", "z", "w"} <= result.lockstep
    assert len(result.divergent_barriers) == 1


@pytest.mark.parametrize(("op", "const", "expect"), [
    ("&", 0, lambda x: z3.IntVal(0)), ("&", -1, lambda x: x), ("&", 7, lambda x: x % 8),
    ("|", 0, lambda x: x), ("|", -1, lambda x: z3.IntVal(-1)), ("^", -1, lambda x: -x - 1),
    ("<<", 70, lambda x: x * 2 ** 70), (">>", 3, lambda x: x / 8),
])
def test_annotation_bitwise_operators_are_exact_where_a_constant_allows(op, const, expect):
    from veriscan.seplogic.terms import arith

    x = z3.Int("x")
    assert valid(arith(op, x, z3.IntVal(const)) == expect(x))
    if op in "&|^":
        assert valid(arith(op, z3.IntVal(const), x) == expect(x))
    # the infinite two's complement agrees with Python's integers
    for value in (-9, -1, 0, 5, 12):
        got = z3.simplify(z3.substitute(arith(op, x, z3.IntVal(const)), (x, z3.IntVal(value))))
        python = {"&": int.__and__, "|": int.__or__, "^": int.__xor__,
                  "<<": int.__lshift__, ">>": int.__rshift__}[op]
        want = python(value, const)
        assert got.as_long() == want


def test_annotation_bitwise_operators_without_an_exact_encoding_are_left_to_the_caller():
    from veriscan.seplogic.terms import arith

    x, y = z3.Ints("x y")
    assert arith("^", x, y) is None and arith("&", x, z3.IntVal(6)) is None
    assert arith("<<", x, y) is None and arith(">>", x, z3.IntVal(-1)) is None
