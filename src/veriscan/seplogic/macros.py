"""Macros in annotations, read as the C preprocessor and compiler read them.

Annotations are comments, so the preprocessor never expands a macro inside
one; an annotation that says ``N`` means the ``N`` of the kernel's code.  The
value therefore comes from the kernel's one real preprocessing
(:func:`veriscan.frontend.preprocess.preprocess`, the same cached run the
front end made, with the same ``-D`` defines), never from the text: a
``#define`` in a comment or an ``#if 0`` block is no definition, and
``#define N (8 + 8)`` is 16.

The replacement text is evaluated with C's semantics, by the race checker's
bit-precise encoding (:class:`veriscan.smt.encode.ExprEncoder`) of a typed IR
expression: literals get C's types (``-1u`` is 4294967295, ``010`` is 8),
operators the usual arithmetic conversions, and anything C leaves undefined
(signed overflow, division by zero) is refused.  A macro that is defined more
than once, is function-like, or expands to anything but an integer constant
expression makes the verdict unknown rather than being guessed.
"""

from __future__ import annotations

import z3

from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend.preprocess import preprocess
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic.cint import bounds
from veriscan.seplogic.parser import parse_expression
from veriscan.seplogic.terms import UnsupportedSpec
from veriscan.smt.encode import ExprEncoder
from veriscan.smt.symbols import SymbolTable
from veriscan.smt.threads import Launch, thread_ids
from veriscan.smt.translate import common_type, int_type

_ULONG = n.ScalarType(n.TypeKind.INT, 64, False, "ulong")
# C11 6.4.4.1: the types a literal may take, in order, by its suffix and base.
_LITERAL_TYPES = {("", True): (n.INT, n.LONG), ("", False): (n.INT, n.UINT, n.LONG, _ULONG),
                  ("u", True): (n.UINT, _ULONG), ("u", False): (n.UINT, _ULONG),
                  ("l", True): (n.LONG,), ("l", False): (n.LONG, _ULONG),
                  ("ul", True): (_ULONG,), ("ul", False): (_ULONG,)}
_COMPARE = {"==", "!=", "<", "<=", ">", ">=", "&&", "||"}
_ARITH = {"+", "-", "*", "/", "%", "&", "|", "^"}


class Macros:
    """The object-like macros of one kernel, as integer values for annotations."""

    def __init__(self, kernel: n.Kernel):
        self.kernel = kernel
        self.table: dict[str, tuple[tuple[str, ...], bool]] | None = None
        self.redefined: frozenset[str] = frozenset()
        # The lines of the directives that name each macro (#define, #ifdef, ...).
        self.directive_lines: dict[str, list[int]] = {}
        self.values: dict[str, int | None] = {}

    def _load(self) -> dict[str, tuple[tuple[str, ...], bool]]:
        """The macro table of the kernel's preprocessing (the front end's cached run,
        made again only if it dropped out of the cache; the result is the same)."""
        if self.table is None:
            k = self.kernel
            pre = preprocess(k.source, k.file, k.defines, k.dialect)
            self.table = {name: (body, function_like) for name, body, function_like
                          in pre.macros}
            self.redefined = pre.redefined
            for name, line in pre.directive_names:
                self.directive_lines.setdefault(name, []).append(line)
        return self.table

    def value(self, name: str, pos: SourcePos | None = None) -> int | None:
        """``name``'s value as C computes it, None when it is no macro; a macro the
        checker cannot evaluate exactly raises :class:`UnsupportedSpec`, and so does
        one that a directive names at or after the annotation at ``pos`` (without
        one, the file's final definition is meant): where the annotation stands,
        the name is not yet (or no longer only) that macro, and may mean something
        else, an enumerator say, to the code there."""
        self._defined_before(name, pos)
        if name not in self.values:
            self.values[name] = self._evaluate(name, pos) if name in self._load() else None
        return self.values[name]

    def _defined_before(self, name: str, pos: SourcePos | None) -> None:
        later = [line for line in self.directive_lines.get(name, [])
                 if pos is not None and line >= pos.line] if name in self._load() else []
        if later:
            raise UnsupportedSpec(f"macro '{name}' in an annotation is defined or tested "
                                  f"at line {later[0]}, not before the annotation, so what "
                                  "the name means there is unclear", pos)

    def _evaluate(self, name: str, pos: SourcePos | None) -> int:
        text = " ".join(self.expand(name, (), pos))
        try:
            expr = parse_expression(text, self.kernel.file)
        except VeriscanError:
            raise UnsupportedSpec(f"macro '{name}' expands to '{text}', which is not an "
                                  "integer constant expression", pos) from None
        value = constant_value(expr, self.kernel.dialect)
        if value is None:
            raise UnsupportedSpec(f"macro '{name}' expands to '{text}', which is not an "
                                  "integer constant expression the checker evaluates "
                                  "exactly", pos)
        return value

    def expand(self, name: str, active: tuple[str, ...], pos: SourcePos | None) -> list[str]:
        """The replacement tokens of ``name``, object-like macros in them expanded
        (a macro is not expanded inside its own expansion, as in C)."""
        if name in self.redefined:
            raise UnsupportedSpec(f"macro '{name}' is defined more than once or undefined, "
                                  "so which value an annotation means is unclear", pos)
        table = self._load()
        body, function_like = table[name]
        if function_like:
            raise UnsupportedSpec(f"function-like macro '{name}' in an annotation", pos)
        out: list[str] = []
        for tok in body:
            if tok in table and tok not in active and tok != name:
                self._defined_before(tok, pos)  # each macro the expansion reaches
                out += self.expand(tok, (*active, name), pos)
            else:
                out.append(tok)
        return out


def constant_value(expr: A.SExpr, dialect: n.Dialect) -> int | None:
    """The value of an integer constant expression with C's semantics, or None when
    ``expr`` is none, or C leaves its value undefined."""
    ir = _typed(expr)
    if ir is None:
        return None
    undefined: list[z3.BoolRef] = []
    encoder = ExprEncoder(Launch((1,)), thread_ids("!macro"), SymbolTable(), {},
                          lambda _: None, {}, dialect=dialect,
                          undefined=lambda cond, *_: undefined.append(cond))
    value = z3.simplify(encoder.eval(ir))
    if any(not z3.is_false(z3.simplify(c)) for c in undefined):
        return None
    if z3.is_true(value) or z3.is_false(value):
        return int(z3.is_true(value))
    if not z3.is_bv_value(value):
        return None
    raw = value.as_long()
    lo, _ = bounds(ir.type)
    return raw - (1 << ir.type.bits) if lo < 0 and raw >= 1 << (ir.type.bits - 1) else raw


def _typed(e: A.SExpr) -> n.Expr | None:
    """``e`` as a typed IR expression of constants (None: not a constant expression)."""
    pos = e.pos
    if isinstance(e, A.IntLit):
        return _literal(e)
    if isinstance(e, A.BoolLit):
        return n.Const(pos, n.INT, int(e.value))  # true/false of <stdbool.h>: int 1/0
    if isinstance(e, A.Unary):
        x = _typed(e.operand)
        if x is None:
            return None
        return n.UnOp(pos, n.BOOL if e.op == "!" else int_type(x.type), e.op, x)
    if isinstance(e, A.Binary):
        a, b = _typed(e.lhs), _typed(e.rhs)
        if a is None or b is None:
            return None
        if e.op in _COMPARE:
            return n.BinOp(pos, n.BOOL, e.op, a, b)
        if e.op in ("<<", ">>"):
            return n.BinOp(pos, int_type(a.type), e.op, a, b)
        t = common_type(a.type, b.type)
        return n.BinOp(pos, t, e.op, a, b) if e.op in _ARITH and t is not None else None
    if isinstance(e, A.Cond):
        c, a, b = _typed(e.cond), _typed(e.then), _typed(e.other)
        if c is None or a is None or b is None:
            return None
        t = common_type(a.type, b.type)
        return n.Select(pos, t, c, a, b) if t is not None else None
    return None


def _literal(e: A.IntLit) -> n.Expr | None:
    """The literal with the first C type of its suffix and base that holds it."""
    text = e.text or str(e.value)
    digits = text.rstrip("uUlL")
    suffix = text[len(digits):].lower().replace("ll", "l")
    suffix = "ul" if suffix in ("ul", "lu") else suffix
    decimal = not digits.startswith("0") or digits == "0"
    for t in _LITERAL_TYPES.get((suffix, decimal), ()):
        if bounds(t)[0] <= e.value <= bounds(t)[1]:
            return n.Const(e.pos, t, e.value)
    return None
