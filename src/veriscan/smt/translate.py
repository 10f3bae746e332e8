"""IR expressions to Z3: the one place that decides what a C expression means.

Both engines translate kernel code through :class:`CTranslator`: the race
checker (bit-vectors, :mod:`veriscan.smt.encode`) and the separation-logic
checker (mathematical integers, :mod:`veriscan.seplogic.cexpr`).  Every
decision about C lives here, once: the usual arithmetic conversions and
promotions, OpenCL C's unpromoted vector lanes, which operations are undefined
(signed overflow of ``+ - *`` and unary ``-``, division and remainder by zero,
``MIN / -1``, and in CUDA a shift count outside the width, a signed ``<<`` that
is negative or loses bits, a floating value converted to an integer type that
cannot hold it), how floats, ``TYPE`` values and other opaque data are treated
(their literals exact, their conversions one over-approximated function per
pair of types, anything that observes them a fresh over-approximated value).
So one kernel cannot mean two things to the two engines.

What truly differs is how a value is represented, a :class:`Domain`: the race
checker wants bit-vectors (its queries are about equal addresses, which
bit-vectors decide well), the permission accounting wants integers (it
quantifies over indices and solves linear index equations, which bit-vectors
would make far harder).  A domain computes an operation in a C type and
returns, beside the value, the condition under which C leaves it undefined; the
translator reports that condition.  Besides the domain, an engine supplies how
a variable is read, what a built-in id is, and what is done with an undefined
operation (the race checker records where it is reachable, the
separation-logic checker makes its absence a proof obligation).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.ir.int_range import value_range
from veriscan.smt.floats import (
    literal_conversion,
    literal_number,
    literal_term,
    rounded,
    type_key,
)
from veriscan.smt.symbols import APPROX, CHOSEN_BY_INPUT

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")


def is_overflow(what: str) -> bool:
    """Whether an undefined operation the translator reported (its ``what``) is a
    signed overflow: ``+ - *``, unary ``-`` or ``MIN / -1``."""
    return what.startswith("signed overflow") or what.endswith("by -1 (overflow)")


def undefined_reason(what: str) -> str:
    """The reason id (:mod:`veriscan.diagnostics`) of an undefined operation the
    translator, or an engine's variable read, reported (its ``what``)."""
    if is_overflow(what):
        return "signed_overflow"
    if "by zero" in what:
        return "division_by_zero"
    if "shift" in what or what.startswith("'<<'") or what.startswith("'>>'"):
        return "shift_count"
    if what.startswith("conversion of a"):
        return "conversion_out_of_range"
    if what.startswith("read of '") and what.endswith("never assigned"):
        return "unassigned_variable"
    return "undefined_operation"


def is_integer(t: ir.ScalarType) -> bool:
    return t.kind in (ir.TypeKind.INT, ir.TypeKind.BOOL)


def int_type(t: ir.ScalarType) -> ir.ScalarType:
    """Integer promotion: bools and narrow integers compute as ``int``."""
    if t.kind is ir.TypeKind.BOOL or (t.kind is ir.TypeKind.INT and t.bits < 32):
        return ir.INT
    return t


def common_type(a: ir.ScalarType, b: ir.ScalarType) -> ir.ScalarType | None:
    """C's usual arithmetic conversions for integers; None when either is opaque."""
    if not (is_integer(a) and is_integer(b)):
        return None
    a, b = int_type(a), int_type(b)
    if a.signed == b.signed:
        return a if a.bits >= b.bits else b
    unsigned, signed = (a, b) if not a.signed else (b, a)
    if unsigned.bits >= signed.bits:
        return unsigned
    return signed


def unpromoted(e: ir.BinOp) -> bool:
    """Whether ``e`` computes in its own type narrower than ``int``: C promotes such
    operands to ``int`` (and clang's types say so: a scalar ``short + short`` is an
    ``int``), but OpenCL C does not promote the lanes of a vector, so ``ushort2 *
    ushort2`` wraps in 16 bits lane by lane and a ``short`` lane can overflow.  Only
    lanes (and the front end's own arithmetic in a type wide enough for it) are narrow
    operations on operands of their own type."""
    t = e.type
    return (t.kind is ir.TypeKind.INT and t.bits < ir.INT.bits
            and all(x.type.kind is ir.TypeKind.INT and x.type.bits == t.bits
                    and x.type.signed == t.signed for x in (e.lhs, e.rhs)))


class Domain(ABC):
    """How one engine represents C values in Z3, and C's operations on them.

    Integer operations take their operands already converted to the type ``t``
    they compute in; an operation C may leave undefined also returns the
    condition under which it does (None: never, as far as the domain can tell
    without the solver).  Values of opaque types (floats, ``TYPE``, structs) are
    constants of :attr:`opaque_sort`.
    """

    opaque_sort: z3.SortRef

    @abstractmethod
    def number(self, value: int, t: ir.ScalarType) -> z3.ExprRef:
        """The constant ``value`` (reduced into ``t``) of integer type ``t``."""

    @abstractmethod
    def fresh(self, stem: str, sort: z3.SortRef) -> z3.ExprRef:
        """A fresh over-approximated value (marked :data:`APPROX`)."""

    @abstractmethod
    def sort(self, t: ir.ScalarType) -> z3.SortRef:
        """The sort of values of type ``t``."""

    def of_type(self, value: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        """An unconstrained ``value`` (a fresh one, a call's result) restricted to the
        values of ``t``; the identity where the sort already does that."""
        return value

    def fresh_value(self, stem: str, t: ir.ScalarType) -> z3.ExprRef:
        return self.of_type(self.fresh(stem, self.sort(t)), t)

    @abstractmethod
    def nonzero(self, value: z3.ExprRef) -> z3.BoolRef:
        """An integer value as a truth value."""

    @abstractmethod
    def from_truth(self, value: z3.BoolRef, t: ir.ScalarType) -> z3.ExprRef:
        """A truth value as 1 or 0 of integer type ``t``."""

    @abstractmethod
    def int_convert(self, value: z3.ExprRef, src: ir.ScalarType,
                    dst: ir.ScalarType) -> z3.ExprRef:
        """C's conversion between integer types: exact where ``dst`` holds the value,
        else modulo ``2**bits`` (two's complement, as every device does)."""

    @abstractmethod
    def compare(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.BoolRef:
        ...

    @abstractmethod
    def arith(self, op: str, a: z3.ExprRef, b: z3.ExprRef,
              t: ir.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        """``+ - *`` in ``t``, with the condition of a signed overflow."""

    @abstractmethod
    def negate(self, a: z3.ExprRef, t: ir.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        """Unary ``-`` in ``t``, with the condition of a signed overflow."""

    @abstractmethod
    def complement(self, a: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        """``~`` in ``t``."""

    @abstractmethod
    def divide(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        """``/`` or ``%`` truncating toward zero, where defined (the translator reports
        a zero divisor and ``MIN / -1``)."""

    @abstractmethod
    def bitwise(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        """``& | ^`` in ``t``."""

    @abstractmethod
    def shift(self, op: str, a: z3.ExprRef, count: z3.ExprRef, t: ir.ScalarType,
              exact_signed: bool) -> tuple[z3.ExprRef, z3.BoolRef]:
        """``a << count`` or ``a >> count`` in ``t`` with the count masked to
        ``width - 1`` (OpenCL's definition), and the condition under which a signed
        ``<<`` is negative or loses bits.  ``exact_signed``: that condition is an
        obligation (CUDA), so the value need only be right where it fails."""

    @abstractmethod
    def opaque_op(self, name: str, args: list[z3.ExprRef], t: ir.ScalarType) -> z3.ExprRef:
        """An operation on opaque values (a float's ``+``) the encoding does not
        compute, of result type ``t``; ``name`` says which, by the C types."""

    @abstractmethod
    def generic_op(self, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        """The generic kernel's ``OPERATOR``: one unknown function of two values."""

    @abstractmethod
    def generic_identity(self, t: ir.ScalarType) -> z3.ExprRef:
        ...

    def within(self, value: z3.ExprRef, low: int, high: int, t: ir.ScalarType) -> z3.BoolRef:
        """``low <= value <= high`` for a value of integer type ``t`` (bounds in ``t``)."""
        return z3.And(self.compare(">=", value, self.number(low, t), t),
                      self.compare("<=", value, self.number(high, t), t))

    def call(self, name: str, args: list[z3.ExprRef], t: ir.ScalarType) -> z3.ExprRef:
        """A call without a body: an uninterpreted function of the arguments, equal
        arguments giving equal results (in both threads), any other value possible,
        so it is over-approximated and a witness that depends on it only possible."""
        fn = z3.Function(f"{APPROX}{name}", *(a.sort() for a in args), self.sort(t))
        return self.of_type(fn(*args), t)

    def literal(self, value: float) -> z3.ExprRef:
        """The constant a floating literal of the number ``value`` is."""
        return literal_term(value, self.opaque_sort)

    def literal_value(self, value: z3.ExprRef) -> float | None:
        return literal_number(value, self.opaque_sort)

    def convert(self, value: z3.ExprRef, src: ir.ScalarType,
                dst: ir.ScalarType) -> z3.ExprRef:
        """C's conversion from ``src`` to ``dst``.  Between integers exact (or modular,
        as C defines); between opaque types unchanged only within one C type (a
        typedef of it; C converts no struct to another), a floating literal to the
        number every device converts it to where that is certain, and otherwise an
        over-approximated function of the value per pair of types (``(float)1e300``
        is infinity; rounding, overflow and flushing of subnormals are not
        followed); across the border between integers and opaque types a fresh
        over-approximated value of ``dst``."""
        if dst.kind is ir.TypeKind.BOOL:
            if z3.is_bool(value):
                return value
            if is_integer(src):
                return self.nonzero(value)
            return self.fresh(f"bool_of_{src}", z3.BoolSort())
        if dst.kind is ir.TypeKind.INT:
            if z3.is_bool(value):
                return self.from_truth(value, dst)
            if is_integer(src):
                return self.int_convert(value, src, dst)
            return self.fresh_value(f"int_of_{src}", dst)
        if is_integer(src) or value.sort() != self.opaque_sort:
            return self.fresh(f"{dst}_of_{src}", self.opaque_sort)
        if type_key(src) == type_key(dst) or ir.TypeKind.OTHER is src.kind is dst.kind:
            return value
        literal = self.literal_value(value)
        if literal is not None and src.kind is dst.kind is ir.TypeKind.FLOAT:
            exact = literal_conversion(literal, src, dst)
            if exact is not None:  # the number every device converts it to
                return self.literal(exact)
        fn = z3.Function(f"{APPROX}conversion {type_key(src)} to {type_key(dst)}",
                         self.opaque_sort, self.opaque_sort)
        return fn(value)


class CTranslator(ABC):
    """One thread's view of IR expressions in a :class:`Domain`.

    An operation that may be undefined is reported to :meth:`undefined_when`
    with its condition, conjoined with the path inside the expression (the taken
    arm of ``?:``, the evaluated side of ``&&``/``||``).
    """

    def __init__(self, domain: Domain, dialect: ir.Dialect):
        self.domain = domain
        self.dialect = dialect
        self.path: list[z3.BoolRef] = []

    # ------------------------------------------------------- the engine's part
    @abstractmethod
    def undefined_when(self, cond: z3.BoolRef, pos: SourcePos, what: str,
                       operands: tuple[z3.ExprRef, ...]) -> None:
        """The operation at ``pos`` is undefined when ``cond`` holds (already
        conjoined with :attr:`path`)."""

    @abstractmethod
    def read_var(self, e: ir.Var) -> z3.ExprRef:
        """The value of a variable, in its declared type."""

    @abstractmethod
    def builtin(self, e: ir.Builtin) -> z3.ExprRef:
        ...

    def unsupported(self, e: ir.Expr) -> z3.ExprRef:
        raise TypeError(f"no translation for {type(e).__name__}")

    def literal_int(self, value: int, t: ir.ScalarType) -> z3.ExprRef:
        """An integer literal of the source (an engine may stand a symbol in for it)."""
        return self.domain.number(value, t)

    @property
    def reporting(self) -> bool:
        """Whether undefined operations are reported at all (a look-ahead does not)."""
        return True

    # ------------------------------------------------------------- the walk
    def flag(self, cond: z3.BoolRef, pos: SourcePos, what: str,
             *operands: z3.ExprRef) -> None:
        if not self.reporting:
            return
        cond = z3.simplify(z3.And(*self.path, cond) if self.path else cond)
        if not z3.is_false(cond):
            self.undefined_when(cond, pos, what, operands)

    def eval(self, e: ir.Expr) -> z3.ExprRef:
        method = getattr(self, f"_{type(e).__name__}", None)
        if method is None:
            return self.unsupported(e)
        return method(e)

    def guarded(self, cond: z3.BoolRef, e: ir.Expr, t: ir.ScalarType | None) -> z3.ExprRef:
        """``e`` (converted to ``t``) evaluated only where ``cond`` holds."""
        self.path.append(cond)
        try:
            return self.eval(e) if t is None else self.typed(e, t)
        finally:
            self.path.pop()

    def typed(self, e: ir.Expr, t: ir.ScalarType) -> z3.ExprRef:
        return self.converted(self.eval(e), e.type, t, e.pos)

    def converted(self, value: z3.ExprRef, src: ir.ScalarType, dst: ir.ScalarType,
                  pos: SourcePos) -> z3.ExprRef:
        """``value`` (of type ``src``, computed at ``pos``) converted to ``dst``, as by
        :meth:`Domain.convert`; in CUDA a floating value converted to an integer type
        is undefined unless the type holds its integral part (C11 6.3.1.4p1, C++
        [conv.fpint]; OpenCL C makes it implementation-defined instead): floats are
        opaque, so it is undefined where the value is a literal out of range and
        possibly undefined wherever it is not a literal."""
        if (self.dialect is ir.Dialect.CUDA and src.kind is ir.TypeKind.FLOAT
                and dst.kind is ir.TypeKind.INT):
            self.flag(self.unrepresentable(value, src, dst), pos,
                      f"conversion of a {src} to {dst}, which may not hold its value", value)
        return self.domain.convert(value, src, dst)

    def unrepresentable(self, value: z3.ExprRef, src: ir.ScalarType,
                        dst: ir.ScalarType) -> z3.BoolRef:
        """When the floating ``value`` truncated toward zero lies outside the integer type
        ``dst``: known for a literal, else an over-approximated property of the value
        (the same for equal values; see :data:`CHOSEN_BY_INPUT`)."""
        literal = self.domain.literal_value(value)
        if literal is None:
            outside = z3.Function(f"{CHOSEN_BY_INPUT}{type_key(src)} value outside "
                                  f"{type_key(dst)}", value.sort(), z3.BoolSort())
            return outside(value)
        low, high = value_range(dst)
        inside = math.isfinite(literal) and low <= math.trunc(literal) <= high  # exact
        return z3.BoolVal(not inside)

    def _Const(self, e: ir.Const) -> z3.ExprRef:
        t = e.type
        if t.kind is ir.TypeKind.BOOL or isinstance(e.value, bool):
            return z3.BoolVal(bool(e.value))
        if t.kind is ir.TypeKind.INT:
            return self.literal_int(int(e.value), t)
        if t.kind is ir.TypeKind.FLOAT:
            value = rounded(float(e.value), t.bits)  # as the type holds it
            if value is None:  # a NaN (its bits unknown) or a type of no known width
                return self.domain.fresh(f"{t} constant", self.domain.opaque_sort)
            return self.domain.literal(value)
        return self.domain.literal(e.value)

    def _Var(self, e: ir.Var) -> z3.ExprRef:
        return self.converted(self.read_var(e), self.declared(e), e.type, e.pos)

    def declared(self, e: ir.Var) -> ir.ScalarType:
        """The type a variable was declared with (a use may see it converted)."""
        return e.type

    def _Builtin(self, e: ir.Builtin) -> z3.ExprRef:
        return self.builtin(e)

    def _Cast(self, e: ir.Cast) -> z3.ExprRef:
        return self.typed(e.operand, e.type)

    def _Select(self, e: ir.Select) -> z3.ExprRef:
        c = self.typed(e.cond, ir.BOOL)
        return z3.If(c, self.guarded(c, e.then, e.type), self.guarded(z3.Not(c), e.other, e.type))

    def _UnOp(self, e: ir.UnOp) -> z3.ExprRef:
        d, t = self.domain, e.type
        if e.op == "!":
            return z3.Not(self.typed(e.operand, ir.BOOL))
        if t.kind is not ir.TypeKind.INT:
            x = self.eval(e.operand)
            literal = d.literal_value(x)
            if e.op == "-" and literal is not None:  # ``-1.5f`` is a literal too
                return d.literal(-literal)
            return d.opaque_op(f"{e.op}{type_key(e.operand.type)}->{type_key(t)}", [x], t)
        x = self.typed(e.operand, t)
        if e.op == "~":
            return d.complement(x, t)
        value, overflow = d.negate(x, t)
        if t.signed and overflow is not None:
            self.flag(overflow, e.pos, f"signed overflow in '-' ({t})", x)
        return value

    def _BinOp(self, e: ir.BinOp) -> z3.ExprRef:
        d, op = self.domain, e.op
        if op in ("&&", "||"):
            a = self.typed(e.lhs, ir.BOOL)
            b = self.guarded(a if op == "&&" else z3.Not(a), e.rhs, ir.BOOL)
            return z3.And(a, b) if op == "&&" else z3.Or(a, b)
        t = common_type(e.lhs.type, e.rhs.type)
        if op in COMPARISONS:
            if t is None:  # even of a value with itself: NaN
                self.eval(e.lhs)
                self.eval(e.rhs)
                return d.fresh("comparison of opaque values", z3.BoolSort())
            return d.compare(op, self.typed(e.lhs, t), self.typed(e.rhs, t), t)
        if t is not None and unpromoted(e):
            t = e.type  # a vector lane: OpenCL C does not promote it
        if e.type.kind is not ir.TypeKind.INT or t is None:
            return self.opaque_binary(e)
        if op in ("<<", ">>"):
            return self.shift(e)
        a, b = self.typed(e.lhs, t), self.typed(e.rhs, t)
        if op in ("/", "%"):
            self.flag(d.compare("==", b, d.number(0, t), t), e.pos,
                      f"'{op}' by zero", a, b)
            if t.signed:
                low, _ = value_range(t)
                self.flag(z3.And(d.compare("==", a, d.number(low, t), t),
                                 d.compare("==", b, d.number(-1, t), t)), e.pos,
                          f"'{op}' of the most negative {t} by -1 (overflow)", a, b)
            value = d.divide(op, a, b, t)
        elif op in ("+", "-", "*"):
            value, overflow = d.arith(op, a, b, t)
            if t.signed and overflow is not None:
                self.flag(overflow, e.pos, f"signed overflow in '{op}' ({t})", a, b)
        else:
            value = d.bitwise(op, a, b, t)
        return d.convert(value, t, e.type)

    def opaque_binary(self, e: ir.BinOp) -> z3.ExprRef:
        """Arithmetic on opaque operands: not computed, named by the C types (a
        float's ``+`` rounds unlike a double's); an integer result of floating
        arithmetic is the floating result converted (C's usual arithmetic
        conversions)."""
        args = [self.eval(e.lhs), self.eval(e.rhs)]
        floating = [x.type for x in (e.lhs, e.rhs) if x.type.kind is ir.TypeKind.FLOAT]
        in_floating = e.type.kind is ir.TypeKind.INT and bool(floating)
        t = floating[0] if in_floating else e.type
        lhs, rhs = (type_key(x.type) for x in (e.lhs, e.rhs))
        value = self.domain.opaque_op(f"{lhs}{e.op}{rhs}->{type_key(t)}", args, t)
        return self.converted(value, t, e.type, e.pos) if in_floating else value

    def shift(self, e: ir.BinOp) -> z3.ExprRef:
        """``<<``/``>>`` in the promoted left operand's type; the count keeps its own
        type.  OpenCL C uses the count modulo the width; CUDA (C++) leaves a count
        outside ``0 .. width-1``, a negative left operand of ``<<`` and a ``<<`` that
        does not fit the signed type undefined."""
        t = e.type if e.type.kind is ir.TypeKind.INT else int_type(e.lhs.type)
        a = self.typed(e.lhs, t)
        count_t = int_type(e.rhs.type)
        count = self.typed(e.rhs, count_t)
        cuda = self.dialect is ir.Dialect.CUDA
        if cuda:
            self.flag(z3.Not(self.domain.within(count, 0, t.bits - 1, count_t)), e.pos,
                      f"shift count outside 0..{t.bits - 1}", a, count)
        value, lost = self.domain.shift(e.op, a, count, t, cuda and t.signed)
        if cuda and e.op == "<<" and t.signed:
            self.flag(lost, e.pos, f"'<<' of a negative or too large {t} (undefined in C++)",
                      a, count)
        return value

    def _GenericOp(self, e: ir.GenericOp) -> z3.ExprRef:
        return self.domain.generic_op(self.eval(e.lhs), self.eval(e.rhs), e.type)

    def _GenericIdentity(self, e: ir.GenericIdentity) -> z3.ExprRef:
        return self.domain.generic_identity(e.type)

    def _Opaque(self, e: ir.Opaque) -> z3.ExprRef:
        """A call without a body (see :meth:`Domain.call`).  Two calls are one
        function only if they are one C function: the front end names an
        overloaded built-in by its whole signature, and the function is named by
        the C types of its arguments and result as well (an ``int`` and a
        ``uint``, a ``float`` and a ``double``, share a sort but not a meaning)."""
        args = [self.eval(arg) for arg in e.args]
        signature = ",".join(type_key(a.type) for a in e.args) + f"->{type_key(e.type)}"
        return self.domain.call(f"{e.name}!{signature}", args, e.type)
