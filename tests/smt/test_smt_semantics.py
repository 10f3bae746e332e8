"""The SMT layer: C integer semantics, exact vs over-approximated counterexamples, timeouts."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3

from veriscan.check import Launch, check_kernel
from veriscan.ir import nodes as ir
from veriscan.smt import pairs
from veriscan.smt.encode import _compare, convert
from veriscan.smt.symbols import SymbolTable, approximations
from veriscan.smt.translate import common_type
from veriscan.verdict import Status

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"
SCHAR = ir.ScalarType(ir.TypeKind.INT, 8, True, "char")


def value(term: z3.ExprRef) -> int:
    return z3.simplify(term).as_long()  # type: ignore[attr-defined]


def test_conversions_follow_c() -> None:
    symbols = SymbolTable()
    minus_one = z3.BitVecVal(-1 % 2**32, 32)
    assert value(convert(minus_one, ir.INT, ir.LONG, symbols)) == 2**64 - 1   # sign-extend
    assert value(convert(minus_one, ir.UINT, ir.LONG, symbols)) == 2**32 - 1  # zero-extend
    assert value(convert(z3.BitVecVal(0x1FF, 32), ir.INT, SCHAR, symbols)) == 0xFF  # truncate
    assert z3.is_true(z3.simplify(convert(z3.BitVecVal(2, 32), ir.INT, ir.BOOL, symbols)))


def test_usual_arithmetic_conversions() -> None:
    assert common_type(ir.INT, ir.UINT) == ir.UINT
    assert common_type(ir.INT, ir.SIZE_T) == ir.SIZE_T
    assert common_type(ir.UINT, ir.LONG) == ir.LONG
    assert common_type(SCHAR, SCHAR) == ir.INT
    assert common_type(ir.GENERIC, ir.INT) is None


def test_signedness_picks_the_comparison() -> None:
    minus_one, zero = z3.BitVecVal(2**32 - 1, 32), z3.BitVecVal(0, 32)
    assert z3.is_true(z3.simplify(_compare("<", minus_one, zero, signed=True)))
    assert z3.is_false(z3.simplify(_compare("<", minus_one, zero, signed=False)))


def test_approximated_symbols_are_recognised() -> None:
    symbols = SymbolTable()
    exact = symbols.fresh("k", z3.BitVecSort(64), exact=True)
    havoc = symbols.fresh("x", z3.BitVecSort(64))
    assert approximations(exact + 1 == 3) == []
    assert [n.split("!")[0] for n in approximations(exact == havoc)] == ["~x"]


def test_possible_race_on_havocked_index_is_unknown_not_violation() -> None:
    v = check_kernel(CORPUS / "indirect_local_index.cl", launch=Launch((64,)),
                     array_sizes={"out": 64})
    assert v.status is Status.UNKNOWN
    assert "possible" in v.summary and "tmp[...]" in " ".join(v.witness["depends_on"])


class _GivesUp(z3.Solver):
    def check(self, *assumptions: z3.ExprRef) -> z3.CheckSatResult:
        return z3.unknown


def test_solver_timeout_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pairs, "budgeted_solver", lambda *a, **k: _GivesUp())
    v = check_kernel(CORPUS / "kogge_stone_ok.cl", launch=Launch((64,)), defines={"N": "64"})
    assert v.status is Status.UNKNOWN
    assert "gave up" in v.summary
