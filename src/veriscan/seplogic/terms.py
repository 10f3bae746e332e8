"""The integers of ``veriscan spec``: C's arithmetic on mathematical integers.

Code and annotations share these operators, so an annotation means what the
same expression in the kernel means: ``/`` and ``%`` truncate toward zero (C99,
and VerCors' reading of them on C integers), bitwise operators and shifts are
exact where a constant operand makes them linear, and what has no exact
encoding is left to the caller (``None``), who over-approximates it.
"""

from __future__ import annotations

import itertools

import z3

from veriscan.errors import SourcePos
from veriscan.smt.symbols import APPROX

_fresh = itertools.count()
# Shift counts an annotation may use exactly (2**count stays a reasonable number).
_MAX_SHIFT = 1024


def fresh_int(prefix: str) -> z3.ArithRef:
    return z3.Int(f"{prefix}!{next(_fresh)}")


def fresh_approx(stem: str, sort: z3.SortRef) -> z3.ExprRef:
    """A fresh value that stands for a value the encoding does not follow (a float
    compared or converted): marked as the race checker marks its approximations
    (:data:`veriscan.smt.symbols.APPROX`), so a counterexample or a model that
    rests on it is unknown, never evidence."""
    return z3.Const(f"{APPROX}{stem}!{next(_fresh)}", sort)


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
    if nonneg_const(a):
        return a / b
    return z3.If(a >= 0, a / b, -((-a) / b))


def c_mod(a: z3.ArithRef, b: z3.ArithRef) -> z3.ArithRef:
    """C99 remainder: the sign of the dividend, the magnitude of ``|a| mod |b|``."""
    if nonneg_const(a):
        return a % b
    return z3.If(a >= 0, a % b, -((-a) % b))


def nonneg_const(e: z3.ArithRef) -> bool:
    return z3.is_int_value(e) and e.as_long() >= 0


def pos_const(e: z3.ArithRef) -> bool:
    return z3.is_int_value(e) and e.as_long() > 0


def to_bool(e: z3.ExprRef) -> z3.BoolRef:
    return e if z3.is_bool(e) else e != 0


def to_int(e: z3.ExprRef) -> z3.ArithRef:
    return z3.If(e, z3.IntVal(1), z3.IntVal(0)) if z3.is_bool(e) else e


def arith(op: str, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef | None:
    """A C binary operator on mathematical integers, or None where it has no exact
    encoding here (a bitwise operator or shift without a suitable constant).

    ``/`` and ``%`` truncate toward zero in code and in annotations alike:
    VerCors reads ``/`` and ``%`` on C integers in specifications as C's
    truncating operators, so an annotation means what the same expression in
    the kernel means (a zero divisor is the caller's business: the value here
    is Z3's, which means nothing).  Bitwise operators act on the infinite two's
    complement of the mathematical value, which makes ``x & (2**k - 1)`` the
    non-negative ``x mod 2**k`` and ``x >> k`` the floor of ``x / 2**k``.
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
    if op in ("<<", ">>"):
        if not z3.is_int_value(y) or not 0 <= y.as_long() <= _MAX_SHIFT:
            return None
        factor = z3.IntVal(2 ** y.as_long())
        return x * factor if op == "<<" else x / factor  # arithmetic shift = floor division
    return _bitwise(op, x, y)


def _bitwise(op: str, x: z3.ArithRef, y: z3.ArithRef) -> z3.ArithRef | None:
    """``& | ^`` exactly, when both operands or one of them is a constant that makes
    the result linear (0, -1, or ``2**k - 1`` for ``&``)."""
    if z3.is_int_value(x) and z3.is_int_value(y):
        a, b = x.as_long(), y.as_long()
        return z3.IntVal(a & b if op == "&" else a | b if op == "|" else a ^ b)
    if z3.is_int_value(x):
        x, y = y, x  # all three are commutative: the constant goes right
    if not z3.is_int_value(y):
        return None
    c = y.as_long()
    if c == 0:
        return z3.IntVal(0) if op == "&" else x
    if c == -1:
        return x if op == "&" else z3.IntVal(-1) if op == "|" else -x - 1
    if op == "&" and c > 0 and c & (c + 1) == 0:
        return x % (c + 1)  # Z3's % by a positive number is never negative
    return None
