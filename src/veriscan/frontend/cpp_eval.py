"""The value of an ``#if`` / ``#elif`` controlling expression, by C99 6.10.1 (C++14 [cpp.cond]).

pcpp's own evaluator computes with Python integers and operators: ``%`` takes
the divisor's sign, ``/`` goes through a float, and C++'s ``true`` is an
unknown identifier, so a kernel could select one branch for the proof and the
real compiler another.  This module is a small evaluator of its own, written
from the standard rather than from Python's arithmetic:

* every integer is ``intmax_t`` or ``uintmax_t`` (64 bits), an integer
  constant has the first of them that holds it (a decimal one only the signed),
  and a binary operator converts a signed operand to unsigned when the other
  is unsigned (the usual arithmetic conversions); ``<<``/``>>`` keep the
  left operand's type, relational and logical operators give a signed 0 or 1,
  ``?:`` has the common type of both arms;
* unsigned arithmetic wraps, ``/`` and ``%`` truncate toward zero;
* ``&&``, ``||`` and ``?:`` leave operands unevaluated, where division by zero
  or overflow do not count (C99 6.6p3);
* in C++ ``true``/``false`` are 1 and 0 and ``and``, ``or``, ``not``... are
  operators; any other identifier left after macro expansion is 0.

What the standard leaves undefined or to the implementation (signed overflow,
shift counts out of range, a multi-character constant or one above 127, ...)
is not given a silent value: it is returned as a *doubt*, which the caller
turns into an unknown verdict, since another compiler may take the other
branch.  What every conforming preprocessor rejects (division by zero in an
evaluated operand, a floating constant, a syntax error) raises
:class:`ExpressionError`.  ``defined`` and macro expansion are the caller's:
the evaluator sees the fully expanded token spellings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

BITS = 64
MASK = (1 << BITS) - 1
SIGNED_MAX = (1 << (BITS - 1)) - 1
SIGNED_MIN = -(1 << (BITS - 1))

IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_INTEGER = re.compile(r"(?P<digits>0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)"
                      r"(?P<suffix>[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)?")
_CHARACTER = re.compile(r"(?P<prefix>u8|u|U|L)?'(?P<body>.*)'", re.S)
_SIMPLE_ESCAPES = {"'": 39, '"': 34, "?": 63, "\\": 92, "a": 7, "b": 8, "f": 12, "n": 10,
                   "r": 13, "t": 9, "v": 11}
# C++'s alternative spellings ([lex.digraph]); in C they are plain identifiers.
_ALTERNATIVE = {"and": "&&", "or": "||", "not": "!", "bitand": "&", "bitor": "|", "xor": "^",
                "compl": "~", "not_eq": "!=", "and_eq": "&=", "or_eq": "|=", "xor_eq": "^="}
# Binary operators by precedence, loosest first (C99 6.5.5-6.5.14).
_BINARY = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7,
           "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}
_UNARY = frozenset({"+", "-", "~", "!"})


class ExpressionError(Exception):
    """The expression is ill-formed: a conforming preprocessor rejects it."""


@dataclass(frozen=True)
class Value:
    """An ``intmax_t`` (``unsigned`` false) or ``uintmax_t`` value, within its range."""

    number: int
    unsigned: bool = False

    def converted(self, unsigned: bool) -> Value:
        """This value as the type the usual arithmetic conversions give it."""
        return Value(self.number & MASK, True) if unsigned else self


@dataclass
class Evaluation:
    """The value of one controlling expression and what it rested on."""

    value: Value
    # Identifiers (not macros) that took the value 0, in order of appearance.
    identifiers: list[str] = field(default_factory=list)
    # Identifiers used as functions, ``__has_include(...)``: no C preprocessor
    # accepts one, but a compiler may give it a meaning of its own.
    calls: list[str] = field(default_factory=list)
    # Why a compiler may give the expression another value (undefined or
    # implementation-defined behaviour in an evaluated operand).
    doubts: list[str] = field(default_factory=list)


def evaluate(tokens: Sequence[str], cplusplus: bool = False) -> Evaluation:
    """The value of the macro-expanded controlling expression ``tokens`` (spellings).

    ``cplusplus`` selects C++14's rules (``true``, ``false``, alternative
    operator spellings, digit separators) over C99's.
    """
    words = [_ALTERNATIVE.get(t, t) if cplusplus else t for t in tokens]
    if not words:
        raise ExpressionError("#if with no expression")
    parser = _Parser(words, cplusplus)
    value = parser.comma(True)
    if parser.at < len(words):
        raise ExpressionError(f"missing binary operator before '{words[parser.at]}'")
    return Evaluation(value, parser.identifiers, parser.calls, parser.doubts)


def _wrap_signed(number: int) -> int:
    return ((number - SIGNED_MIN) & MASK) + SIGNED_MIN


def integer_constant(spelling: str, cplusplus: bool = False) -> tuple[Value, str | None]:
    """An integer constant's value and type in ``#if`` (C99 6.4.4.1), with a doubt if any."""
    text = spelling
    if cplusplus and "'" in text:  # C++14 digit separators, only between digits
        if not re.fullmatch(r"(0[xXbB])?[0-9a-fA-F]+('[0-9a-fA-F]+)*[uUlL]*", text):
            raise ExpressionError(f"invalid integer constant '{spelling}'")
        text = text.replace("'", "")
    match = _INTEGER.fullmatch(text)
    if match is None:
        if re.fullmatch(r"(\d+\.\d*|\.\d+)([eE][+-]?\d+)?\w*|\d+[eE][+-]?\d+\w*"
                        r"|0[xX][\w.]*[pP][+-]?\d+\w*", text):
            raise ExpressionError(f"floating constant '{spelling}' in a preprocessor expression")
        raise ExpressionError(f"invalid integer constant '{spelling}'")
    digits, suffix = match.group("digits"), match.group("suffix") or ""
    base = {"x": 16, "b": 2}.get(digits[1:2].lower(), 8) if digits.startswith("0") else 10
    number = int(digits[2:] if base in (2, 16) else digits, base)
    if number > MASK:
        raise ExpressionError(f"integer constant '{spelling}' is too large for uintmax_t")
    if "u" in suffix.lower():
        return Value(number, True), None
    if number <= SIGNED_MAX:
        return Value(number), None
    if base == 10:  # C99 6.4.4.1p5: a decimal constant has only signed types
        return Value(number, True), (f"decimal constant {spelling} does not fit intmax_t "
                                     "(compilers read it as unsigned, C gives it no type)")
    return Value(number, True), None


def character_constant(spelling: str) -> tuple[Value, str | None]:
    """A character constant's value in ``#if`` (C99 6.4.4.4), with a doubt if any.

    Only a plain one-character constant below 128 has one value everywhere;
    wider prefixes, several characters, or a value that depends on whether
    ``char`` is signed are implementation-defined (C99 6.4.4.4p10, 6.10.1p4).
    """
    match = _CHARACTER.fullmatch(spelling)
    if match is None:
        raise ExpressionError(f"invalid character constant {spelling}")
    body, units, doubt = match.group("body"), [], None
    at = 0
    while at < len(body):
        if body[at] != "\\":
            units.append(ord(body[at]))
            at += 1
            continue
        escape = body[at + 1:at + 2]
        if escape in _SIMPLE_ESCAPES:
            units.append(_SIMPLE_ESCAPES[escape])
            at += 2
        elif escape and escape in "01234567":
            octal = re.match(r"[0-7]{1,3}", body[at + 1:])
            assert octal is not None
            units.append(int(octal.group(), 8))
            at += 1 + len(octal.group())
        elif escape == "x" and re.match(r"[0-9a-fA-F]", body[at + 2:at + 3]):
            hexa = re.match(r"[0-9a-fA-F]+", body[at + 2:])
            assert hexa is not None
            units.append(int(hexa.group(), 16))
            at += 2 + len(hexa.group())
        else:
            doubt = f"escape sequence '\\{escape}' in {spelling} (not C99, or a universal name)"
            units.append(ord(escape) if escape else 0)
            at += 2
    if not units:
        raise ExpressionError("empty character constant ''")
    if match.group("prefix"):
        doubt = doubt or (f"character constant {spelling}: the width and signedness of its type "
                          "differ between compilers and dialects")
    elif len(units) > 1:
        doubt = doubt or f"multi-character constant {spelling} (implementation-defined value)"
    elif units[0] > 127:
        doubt = doubt or (f"character constant {spelling} above 127: its value depends on "
                          "whether char is signed")
    number = 0
    for unit in units:  # gcc's and clang's reading, for the doubted cases
        number = (number << 8) | (unit & 0xFF)
    if len(units) == 1 and not match.group("prefix"):
        number = units[0] - 256 if 127 < units[0] < 256 else units[0]
    return Value(_wrap_signed(number)), doubt


class _Parser:
    """Recursive descent over the token spellings; ``live`` is false in an
    operand the expression does not evaluate (C99 6.5.13-6.5.15)."""

    def __init__(self, words: list[str], cplusplus: bool) -> None:
        self.words = words
        self.cplusplus = cplusplus
        self.at = 0
        self.identifiers: list[str] = []
        self.calls: list[str] = []
        self.doubts: list[str] = []

    # ------------------------------------------------------------------ helpers
    def peek(self) -> str | None:
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self, expected: str) -> None:
        if self.peek() != expected:
            found = self.peek()
            raise ExpressionError(f"expected '{expected}'" +
                                  (f" before '{found}'" if found else " at the end"))
        self.at += 1

    def doubt(self, live: bool, reason: str | None) -> None:
        if live and reason:
            self.doubts.append(reason)

    def signed(self, number: int, live: bool, what: str) -> Value:
        """A signed result, wrapped as gcc and clang wrap it; overflow is a doubt."""
        if not SIGNED_MIN <= number <= SIGNED_MAX:
            self.doubt(live, f"signed overflow in {what} (undefined behaviour)")
            number = _wrap_signed(number)
        return Value(number)

    # -------------------------------------------------------------- the grammar
    def comma(self, live: bool) -> Value:
        value = self.conditional(live)
        while self.peek() == ",":
            self.at += 1
            value = self.conditional(live)
        return value

    def conditional(self, live: bool) -> Value:
        condition = self.binary(1, live)
        if self.peek() != "?":
            return condition
        self.at += 1
        chosen = condition.number != 0
        first = self.comma(live and chosen)
        self.take(":")
        second = self.conditional(live and not chosen)
        unsigned = first.unsigned or second.unsigned
        return (first if chosen else second).converted(unsigned)

    def binary(self, lowest: int, live: bool) -> Value:
        left = self.unary(live)
        while (op := self.peek()) in _BINARY and _BINARY[op] >= lowest:
            self.at += 1
            if op in ("&&", "||"):
                decided = (left.number == 0) if op == "&&" else (left.number != 0)
                right = self.binary(_BINARY[op] + 1, live and not decided)
                truth = (left.number != 0 and right.number != 0) if op == "&&" else \
                    (left.number != 0 or right.number != 0)
                left = Value(int(truth))
            else:
                right = self.binary(_BINARY[op] + 1, live)
                left = self.apply(op, left, right, live)
        return left

    def unary(self, live: bool) -> Value:
        op = self.peek()
        if op in _UNARY:
            self.at += 1
            operand = self.unary(live)
            if op == "!":
                return Value(int(operand.number == 0))
            if op == "+":
                return operand
            if op == "~":
                return Value(MASK ^ operand.number, True) if operand.unsigned else \
                    Value(~operand.number)
            if operand.unsigned:
                return Value(-operand.number & MASK, True)
            return self.signed(-operand.number, live, f"-({operand.number})")
        return self.primary(live)

    def primary(self, live: bool) -> Value:
        word = self.peek()
        if word is None:
            raise ExpressionError("expression ends where an operand is expected")
        self.at += 1
        if word == "(":
            value = self.comma(live)
            self.take(")")
            return value
        if word[0].isdigit() or (word[0] == "." and word[1:2].isdigit()):
            value, doubt = integer_constant(word, self.cplusplus)
            self.doubt(live, doubt)
            return value
        if _CHARACTER.fullmatch(word):
            value, doubt = character_constant(word)
            self.doubt(live, doubt)
            return value
        if IDENTIFIER.fullmatch(word):
            if self.cplusplus and word in ("true", "false"):
                return Value(int(word == "true"))
            if self.peek() == "(":
                self.skip_arguments()
                self.calls.append(word)
                return Value(0)
            self.identifiers.append(word)
            return Value(0)
        if word.startswith(('"', 'u8"', 'u"', 'U"', 'L"')):
            raise ExpressionError(f"string literal {word} in a preprocessor expression")
        raise ExpressionError(f"'{word}' cannot begin an operand in a preprocessor expression")

    def skip_arguments(self) -> None:
        depth = 0
        while (word := self.peek()) is not None:
            self.at += 1
            depth += (word == "(") - (word == ")")
            if depth == 0:
                return
        raise ExpressionError("missing ')' in a preprocessor expression")

    # -------------------------------------------------------------- arithmetic
    def apply(self, op: str, left: Value, right: Value, live: bool) -> Value:
        if op in ("<<", ">>"):
            return self.shift(op, left, right, live)
        unsigned = left.unsigned or right.unsigned
        a, b = left.converted(unsigned).number, right.converted(unsigned).number
        what = f"{a} {op} {b}"
        if op in ("==", "!=", "<", ">", "<=", ">="):
            return Value(int({"==": a == b, "!=": a != b, "<": a < b, ">": a > b,
                              "<=": a <= b, ">=": a >= b}[op]))
        if op in ("&", "|", "^"):
            bits = {"&": (a & MASK) & (b & MASK), "|": (a & MASK) | (b & MASK),
                    "^": (a & MASK) ^ (b & MASK)}[op]
            return Value(bits, True) if unsigned else Value(_wrap_signed(bits))
        if op in ("/", "%"):
            if b == 0:
                if live:
                    raise ExpressionError(f"division by zero in a preprocessor expression "
                                          f"({what})")
                return Value(0, unsigned)
            quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
            if op == "%":
                if not unsigned and quotient > SIGNED_MAX:  # INTMAX_MIN % -1
                    self.doubt(live, f"{what}: the quotient overflows (undefined behaviour)")
                    return Value(0)
                number = a - b * quotient
            else:
                number = quotient
        else:
            number = {"+": a + b, "-": a - b, "*": a * b}[op]
        if unsigned:
            return Value(number & MASK, True)
        return self.signed(number, live, what)

    def shift(self, op: str, left: Value, right: Value, live: bool) -> Value:
        """``<<``/``>>`` (C99 6.5.7): the left operand's type; a count outside
        0..63, or a left shift of a negative value or past the top, is undefined."""
        count, a = right.number, left.number
        what = f"{a} {op} {count}"
        if not 0 <= count < BITS:
            self.doubt(live, f"shift count out of range in {what} (undefined behaviour)")
            if count < 0:  # gcc's reading: the other direction
                op, count = (">>" if op == "<<" else "<<"), -count
            count = min(count, BITS)
        if op == ">>":  # arithmetic on a negative value, as every compiler does
            return Value(a >> count, left.unsigned)
        if left.unsigned:
            return Value((a << count) & MASK, True)
        if a < 0:
            self.doubt(live, f"left shift of a negative value in {what} (undefined behaviour)")
            return Value(_wrap_signed(a << count))
        return self.signed(a << count, live, what)


__all__ = ["Evaluation", "ExpressionError", "Value", "character_constant", "evaluate",
           "integer_constant"]
