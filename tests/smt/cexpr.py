"""Random OpenCL C integer expressions with a reference semantics, for differential tests.

Each generated expression comes with its C type (worked out here by the
rules of C99/OpenCL C: integer promotions, usual arithmetic conversions,
literal typing, masked shift counts) and a Python evaluator that computes
its value exactly or raises :class:`Undefined` when C leaves the result
undefined (signed overflow, division or remainder by zero, ``MIN / -1``).
The evaluator is only the oracle for *whether* a case is defined; the
values compared are the device's and the SMT encoder's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

Env = dict[str, int]


class Undefined(Exception):
    """The expression has undefined behaviour for these inputs."""


@dataclass(frozen=True)
class CType:
    name: str
    bits: int
    signed: bool

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def hi(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1


BOOL = CType("bool", 1, False)
CHAR, UCHAR = CType("char", 8, True), CType("uchar", 8, False)
SHORT, USHORT = CType("short", 16, True), CType("ushort", 16, False)
INT, UINT = CType("int", 32, True), CType("uint", 32, False)
LONG, ULONG = CType("long", 64, True), CType("ulong", 64, False)
SIZE_T = CType("size_t", 64, False)  # 64-bit on PoCL
INTEGERS = (CHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG)


def wrap(value: int, t: CType) -> int:
    """``value`` converted to ``t`` (two's complement truncation, as clang does)."""
    if t is BOOL:
        return int(value != 0)
    value &= (1 << t.bits) - 1
    return value - (1 << t.bits) if t.signed and value > t.hi else value


def promote(t: CType) -> CType:
    return INT if t.bits < 32 else t


def usual(a: CType, b: CType) -> CType:
    """C's usual arithmetic conversions."""
    a, b = promote(a), promote(b)
    if a.signed == b.signed:
        return a if a.bits >= b.bits else b
    u, s = (a, b) if not a.signed else (b, a)
    return u if u.bits >= s.bits else s


def arith(op: str, x: int, y: int, t: CType) -> int:
    """``x op y`` computed in ``t`` (both already of type ``t``)."""
    if op in ("/", "%"):
        if y == 0 or (t.signed and x == t.lo and y == -1):
            raise Undefined(op)
        q = abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1)
        exact = q if op == "/" else x - y * q
    elif op in ("<<", ">>"):
        count = y & (t.bits - 1)  # OpenCL C: the count modulo the width
        exact = x << count if op == "<<" else x >> count
        return wrap(exact, t)
    else:
        exact = {"+": x + y, "-": x - y, "*": x * y, "&": x & y, "|": x | y, "^": x ^ y}[op]
    if t.signed and op in "+-*" and not t.lo <= exact <= t.hi:
        raise Undefined(op)
    return wrap(exact, t)


@dataclass(frozen=True)
class Expr:
    text: str
    type: CType
    value: Callable[[Env], int]


VARIABLES = {"i0": INT, "i1": INT, "u0": UINT, "u1": UINT, "l0": LONG, "l1": LONG,
             "q0": ULONG, "s0": SHORT, "t0": USHORT, "c0": CHAR, "b0": UCHAR, "lid": SIZE_T}

# (spelling, type, value): C's typing of unsuffixed decimal and hex literals included.
LITERALS = [("0", INT, 0), ("1", INT, 1), ("2", INT, 2), ("7", INT, 7), ("31", INT, 31),
            ("32", INT, 32), ("33", INT, 33), ("63", INT, 63), ("64", INT, 64),
            ("100000", INT, 100000), ("2147483647", INT, 2**31 - 1),
            ("2147483648", LONG, 2**31), ("0x7fffffff", INT, 2**31 - 1),
            ("0x80000000", UINT, 2**31), ("0xffffffff", UINT, 2**32 - 1),
            ("4294967295u", UINT, 2**32 - 1), ("1u", UINT, 1), ("32u", UINT, 32),
            ("4294967296", LONG, 2**32), ("1L", LONG, 1), ("1UL", ULONG, 1),
            ("9223372036854775807L", LONG, 2**63 - 1),
            ("0x8000000000000000UL", ULONG, 2**63), ("0xffffffffffffffffUL", ULONG, 2**64 - 1),
            ("'a'", INT, 97), ("65535", INT, 65535), ("255", INT, 255)]

BINARY = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
          "<", "<=", ">", ">=", "==", "!=", "&&", "||"]
COMPOUND = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"]


def edge_values(t: CType, rng: random.Random) -> int:
    """A value of ``t``: mostly the edges that break encodings, some random."""
    edges = [0, 1, 2, t.hi, t.lo, t.hi - 1, 31, 32, 33, 63, 64, 7, -1, -32,
             1 << (t.bits - 1), (1 << (t.bits // 2)) + 1]
    if rng.random() < 0.7:
        return wrap(rng.choice(edges), t)
    return wrap(rng.getrandbits(t.bits), t)


class Generator:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def leaf(self) -> Expr:
        r = self.rng.random()
        if r < 0.5:
            name = self.rng.choice(list(VARIABLES))
            return Expr(name, VARIABLES[name], lambda env, n=name: env[n])
        if r < 0.55:
            return Expr("get_local_id(0)", SIZE_T, lambda env: env["lid"])
        text, t, v = self.rng.choice(LITERALS)
        return Expr(text, t, lambda env, v=v: v)

    def expr(self, depth: int) -> Expr:
        if depth <= 0 or self.rng.random() < 0.15:
            return self.leaf()
        r = self.rng.random()
        if r < 0.55:
            return self.binary(self.rng.choice(BINARY), self.expr(depth - 1),
                               self.expr(depth - 1))
        if r < 0.67:
            return self.unary(self.rng.choice("-~!"), self.expr(depth - 1))
        if r < 0.79:
            return self.cast(self.rng.choice((*INTEGERS, BOOL)), self.expr(depth - 1))
        if r < 0.92:
            return self.ternary(self.expr(depth - 1), self.expr(depth - 1),
                                self.expr(depth - 1))
        # The left operand is a leaf: the front end drops a discarded comma
        # operand, so undefined behaviour inside it would go unseen (reported).
        a, b = self.leaf(), self.expr(depth - 1)

        def comma(env: Env) -> int:
            a.value(env)
            return b.value(env)
        return Expr(f"({a.text}, {b.text})", b.type, comma)

    def binary(self, op: str, a: Expr, b: Expr) -> Expr:
        text = f"({a.text} {op} {b.text})"
        if op in ("&&", "||"):
            def logical(env: Env) -> int:
                left = a.value(env) != 0
                if left == (op == "||"):
                    return int(left)
                return int(b.value(env) != 0)
            return Expr(text, INT, logical)
        if op in ("<", "<=", ">", ">=", "==", "!="):
            t = usual(a.type, b.type)

            def compare(env: Env) -> int:
                x, y = wrap(a.value(env), t), wrap(b.value(env), t)
                return int({"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y,
                            "==": x == y, "!=": x != y}[op])
            return Expr(text, INT, compare)
        t = promote(a.type) if op in ("<<", ">>") else usual(a.type, b.type)

        def compute(env: Env) -> int:
            x, y = a.value(env), b.value(env)
            return arith(op, wrap(x, t), y if op in ("<<", ">>") else wrap(y, t), t)
        return Expr(text, t, compute)

    def unary(self, op: str, a: Expr) -> Expr:
        if op == "!":
            return Expr(f"(!{a.text})", INT, lambda env: int(a.value(env) == 0))
        t = promote(a.type)

        def compute(env: Env) -> int:
            x = wrap(a.value(env), t)
            return arith("-", 0, x, t) if op == "-" else wrap(~x, t)
        return Expr(f"({op}{a.text})", t, compute)

    def cast(self, t: CType, a: Expr) -> Expr:
        return Expr(f"(({t.name}){a.text})", t, lambda env: wrap(a.value(env), t))

    def ternary(self, c: Expr, a: Expr, b: Expr) -> Expr:
        t = usual(a.type, b.type)

        def choose(env: Env) -> int:
            return wrap((a if c.value(env) != 0 else b).value(env), t)
        return Expr(f"({c.text} ? {a.text} : {b.text})", t, choose)

    def statement(self, slot: int, target: str) -> tuple[str, Callable[[Env], int]]:
        """One slot: ``target = (ulong)(expr);`` or a compound assignment / ``++``
        on a local of a random type, then stored."""
        r = self.rng.random()
        if r < 0.7:
            e = self.expr(self.rng.randint(1, 4))
            return f"{target} = (ulong)({e.text});", lambda env: wrap(e.value(env), ULONG)
        t = self.rng.choice(INTEGERS)
        init = self.expr(self.rng.randint(0, 2))
        name = f"x{slot}"
        if r < 0.8:
            op = self.rng.choice(["++", "--"])
            text = f"{t.name} {name} = ({t.name})({init.text}); {name}{op};"

            def step(env: Env) -> int:
                start = wrap(init.value(env), t)
                return wrap(arith(op[0], start, 1, promote(t)), t)
            return f"{{ {text} {target} = (ulong){name}; }}", lambda env: wrap(step(env), ULONG)
        op = self.rng.choice(COMPOUND)
        rhs = self.expr(self.rng.randint(0, 3))
        work = promote(t) if op in ("<<", ">>") else usual(t, rhs.type)
        text = f"{t.name} {name} = ({t.name})({init.text}); {name} {op}= {rhs.text};"

        def update(env: Env) -> int:
            start = wrap(init.value(env), t)
            y = rhs.value(env)
            return wrap(arith(op, wrap(start, work), y if op in ("<<", ">>") else
                              wrap(y, work), work), t)
        return f"{{ {text} {target} = (ulong){name}; }}", lambda env: wrap(update(env), ULONG)
