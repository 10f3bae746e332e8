"""The annotation language: VerCors-style assertions over one thread's view.

Assertions mix pure first-order expressions with resource formulas
(``Perm``, ``**``, ``\\forall*``); the split between the two is made by the
checker, not here, so the AST stays a plain expression tree.  Permission
amounts are kept symbolic (``read``, ``write`` or an exact fraction) because
the checker's accounting treats ``read`` as an arbitrarily small positive
amount that can never add up to a write.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from veriscan.errors import SourcePos


@dataclass(frozen=True)
class SExpr:
    pos: SourcePos


@dataclass(frozen=True)
class IntLit(SExpr):
    """An integer literal: its value, and its C spelling (``010``, ``-1u`` after a
    minus...), which gives the literal its C type where C's meaning is wanted
    (a macro's replacement text, :mod:`veriscan.seplogic.macros`)."""

    value: int
    text: str = ""


@dataclass(frozen=True)
class BoolLit(SExpr):
    value: bool


@dataclass(frozen=True)
class Name(SExpr):
    """A kernel variable, parameter, quantified variable or built-in size/id name."""

    name: str


@dataclass(frozen=True)
class Member(SExpr):
    """``threadIdx.x`` and friends (only CUDA built-ins are meaningful)."""

    base: str
    field: str


@dataclass(frozen=True)
class Call(SExpr):
    """``get_local_id(0)``, ``binom(n, k)``..."""

    func: str
    args: tuple[SExpr, ...]


@dataclass(frozen=True)
class Index(SExpr):
    """``a[i]`` or ``a[j][i]``: an array read (or a location inside ``Perm``)."""

    array: str
    indices: tuple[SExpr, ...]


@dataclass(frozen=True)
class Unary(SExpr):
    op: str  # "-", "!", "~"
    operand: SExpr


@dataclass(frozen=True)
class Binary(SExpr):
    """C operators plus ``==>`` (implication) and ``**`` (separating conjunction)."""

    op: str
    lhs: SExpr
    rhs: SExpr


@dataclass(frozen=True)
class Cond(SExpr):
    cond: SExpr
    then: SExpr
    other: SExpr


@dataclass(frozen=True)
class Old(SExpr):
    """``\\old(e)``: ``e`` in the heap at kernel entry."""

    expr: SExpr


@dataclass(frozen=True)
class Unknown(SExpr):
    """A VerCors construct the checker does not implement (``\\result``, ``\\length``...).

    Parsing it keeps the rest of the specification readable; evaluating it
    makes the verdict unknown.
    """

    what: str


class AmountKind(enum.Enum):
    READ = "read"
    FRACTION = "fraction"  # WRITE is the fraction 1


@dataclass(frozen=True)
class Amount:
    kind: AmountKind
    fraction: Fraction = Fraction(0)

    @property
    def is_write(self) -> bool:
        return self.kind is AmountKind.FRACTION and self.fraction == 1

    def __str__(self) -> str:
        if self.kind is AmountKind.READ:
            return "read"
        if self.is_write:
            return "write"
        return f"{self.fraction.numerator}\\{self.fraction.denominator}"


READ = Amount(AmountKind.READ)
WRITE = Amount(AmountKind.FRACTION, Fraction(1))
NONE = Amount(AmountKind.FRACTION, Fraction(0))  # Perm(x, none) holds trivially


@dataclass(frozen=True)
class Perm(SExpr):
    """``Perm(a[i], p)`` and ``\\pointer_index(a, i, p)`` (the same thing)."""

    loc: Index
    amount: Amount


@dataclass(frozen=True)
class Quant(SExpr):
    """``(\\forall[*] T v; range; body)``; ``star`` marks separating quantification.

    ``type`` is the declared type ``T``: the variable ranges over its values
    (``int`` is VerCors' unbounded integer, the unsigned types their C range).
    """

    star: bool
    var: str
    range: SExpr
    body: SExpr
    type: str = "int"


class ClauseKind(enum.Enum):
    REQUIRES = "requires"
    ENSURES = "ensures"
    CONTEXT = "context"                    # requires + ensures
    CONTEXT_EVERYWHERE = "context_everywhere"
    LOOP_INVARIANT = "loop_invariant"
    ASSERT = "assert"                      # //@ assert e; checked where it stands


@dataclass(frozen=True)
class Clause:
    kind: ClauseKind
    expr: SExpr
    pos: SourcePos


@dataclass
class Annotation:
    """One ``/*@ ... @*/`` block or a run of adjacent ``//@`` lines."""

    clauses: list[Clause]
    start: SourcePos
    end_line: int
    unsupported: list[tuple[str, SourcePos]] = field(default_factory=list)
    # Offsets of the comment's first character and of the character after it.
    offsets: tuple[int, int] = (0, 0)
