"""IR expressions as Z3 terms with C's integer semantics (bit-precise).

Integers are bit-vectors of their declared width, signedness picking the
comparison/division/shift flavour, and the usual arithmetic conversions
applied where the front end left operand types apart (a compound assignment
``int x; x += 1u`` computes in ``unsigned``, as C does).  Unsigned arithmetic
wraps (defined).  What C leaves undefined is not given a value silently: the
encoder reports the condition under which it happens (signed overflow of
``+ - *`` and unary ``-``, division or remainder by zero, ``MIN / -1``, and in
CUDA a shift count outside ``0 .. width-1`` or a signed ``<<`` that loses
bits) to the ``undefined`` callback, guarded by the path inside the
expression (the taken arm of ``?:``, the evaluated side of ``&&``/``||``).
OpenCL C defines shifts by masking the count with ``width - 1``; so does the
encoding for both dialects, the CUDA cases being flagged.  So is, in CUDA, a
conversion of a floating value to an integer type that may not hold its
integral part (C11 6.3.1.4p1, C++ [conv.fpint]; OpenCL C makes it
implementation-defined instead): floats are opaque, so it is undefined where
the value is a literal out of range and possibly undefined wherever it is not
a literal.  Values of ``TYPE``,
floats and other opaque data live in an
uninterpreted sort: the race and bounds encodings never need their values,
and any use of them in a condition or index yields an over-approximated
(``~``) symbol so a counterexample depending on it is reported as unknown.
What the model knows of them is equality only, so it must never make two
different things equal: an unmodelled built-in is an uninterpreted function of
its whole C signature, and a conversion between floating types one of its own
per pair of types (:mod:`.floats`).  Vector lanes compute in their own type
(OpenCL C does not promote vector components).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import z3

from veriscan.ir import nodes as ir
from veriscan.ir.int_range import value_range
from veriscan.smt.floats import (
    literal_conversion,
    literal_number,
    literal_term,
    rounded,
    type_key,
)
from veriscan.smt.symbols import APPROX, CHOSEN_BY_INPUT, VALUE, SymbolTable, conj, sort_of
from veriscan.smt.threads import Launch, ThreadIds

_GENERIC_OP = z3.Function("generic_op", VALUE, VALUE, VALUE)
_IDENTITY = z3.Const("generic_identity", VALUE)

# An environment entry ``name + UNSET`` holds the condition under which the
# private variable ``name`` has not been assigned yet (absent: assigned).
UNSET = "?unset"
# The name of the constant a floating literal is, followed by its value's repr.

# Receives (condition under which the behaviour is undefined, expression, what,
# the operands' values).
UndefinedHook = Callable[[z3.BoolRef, ir.Expr, str, tuple[z3.ExprRef, ...]], None]


def is_overflow(what: str) -> bool:
    """Whether an undefined operation this encoder flagged (its ``what``) is a signed
    overflow: ``+ - *``, unary ``-`` or ``MIN / -1``."""
    return what.startswith("signed overflow") or what.endswith("by -1 (overflow)")


def int_type(t: ir.ScalarType) -> ir.ScalarType:
    """Integer promotion: bools and narrow integers compute as ``int``."""
    if t.kind is ir.TypeKind.BOOL or (t.kind is ir.TypeKind.INT and t.bits < 32):
        return ir.INT
    return t


def common_type(a: ir.ScalarType, b: ir.ScalarType) -> ir.ScalarType | None:
    """C's usual arithmetic conversions for integers; None when either is opaque."""
    if not all(t.kind in (ir.TypeKind.INT, ir.TypeKind.BOOL) for t in (a, b)):
        return None
    a, b = int_type(a), int_type(b)
    if a.signed == b.signed:
        return a if a.bits >= b.bits else b
    unsigned, signed = (a, b) if not a.signed else (b, a)
    if unsigned.bits >= signed.bits:
        return unsigned
    return signed


def convert(value: z3.ExprRef, src: ir.ScalarType, dst: ir.ScalarType,
            symbols: SymbolTable) -> z3.ExprRef:
    """C conversion from ``src`` to ``dst``; conversions the model cannot follow are havoc."""
    if src.kind is ir.TypeKind.BOOL and not z3.is_bool(value):
        src = ir.ScalarType(ir.TypeKind.INT, value.size(), False)  # type: ignore[attr-defined]
    if dst.kind is ir.TypeKind.BOOL:
        if z3.is_bool(value):
            return value
        if src.kind is ir.TypeKind.INT:
            return value != z3.BitVecVal(0, value.size())  # type: ignore[attr-defined]
        return symbols.fresh("bool_of_opaque", z3.BoolSort())
    if dst.kind is ir.TypeKind.INT:
        if z3.is_bool(value):
            return z3.If(value, z3.BitVecVal(1, dst.bits), z3.BitVecVal(0, dst.bits))
        if src.kind is ir.TypeKind.INT:
            return resize(value, src.signed, dst.bits)
        return symbols.fresh(f"int_of_{src}", z3.BitVecSort(dst.bits))
    if value.sort() != VALUE:
        return symbols.fresh(f"{dst}_of_{src}", VALUE)
    if type_key(src) == type_key(dst) or ir.TypeKind.OTHER is src.kind is dst.kind:
        return value  # the same type (a typedef of it); C converts no struct to another
    literal = _literal_value(value)
    if literal is not None and src.kind is dst.kind is ir.TypeKind.FLOAT:
        exact = literal_conversion(literal, src, dst)
        if exact is not None:  # the number every device converts it to
            return _literal(exact)
    # float <-> double <-> half (or TYPE): rounding, overflow to infinity, flushing of
    # subnormals; a function of the value per pair of types, known only to be one
    return z3.Function(f"{APPROX}conversion {type_key(src)} to {type_key(dst)}", VALUE,
                       VALUE)(value)


def _literal(value: float) -> z3.ExprRef:
    return literal_term(value, VALUE)


def _literal_value(value: z3.ExprRef) -> float | None:
    return literal_number(value, VALUE)


def resize(value: z3.ExprRef, signed: bool, bits: int) -> z3.ExprRef:
    width = value.size()  # type: ignore[attr-defined]
    if width == bits:
        return value
    if width > bits:
        return z3.Extract(bits - 1, 0, value)
    return (z3.SignExt if signed else z3.ZeroExt)(bits - width, value)


def as_index(value: z3.ExprRef, t: ir.ScalarType, symbols: SymbolTable) -> z3.ExprRef:
    """An element index as a 64-bit signed bit-vector."""
    return convert(value, t, ir.LONG, symbols)


class ExprEncoder:
    """Evaluates IR expressions in an environment of one thread's private values."""

    def __init__(self, launch: Launch, ids: ThreadIds, symbols: SymbolTable,
                 env: dict[str, z3.ExprRef], scalars: Callable[[str], z3.ExprRef | None],
                 var_types: dict[str, ir.ScalarType],
                 constants: dict[int, z3.ExprRef] | None = None, *,
                 dialect: ir.Dialect = ir.Dialect.OPENCL,
                 undefined: UndefinedHook | None = None):
        self.launch = launch
        self.ids = ids
        self.symbols = symbols
        self.env = env
        self.scalars = scalars
        self.var_types = var_types
        self.constants = constants or {}  # literal value -> symbolic stand-in (e.g. N)
        self.dialect = dialect
        self.undefined = undefined
        self._path: list[z3.BoolRef] = []  # conditions of the ?: arm or &&/|| side inside

    def flag(self, cond: z3.BoolRef, e: ir.Expr, what: str, *operands: z3.ExprRef) -> None:
        """Report that ``e`` is undefined when ``cond`` holds (on the current path)."""
        if self.undefined is None:
            return
        cond = z3.simplify(conj(*self._path, cond)) if self._path else z3.simplify(cond)
        if not z3.is_false(cond):
            self.undefined(cond, e, what, operands)

    def guarded(self, cond: z3.BoolRef, e: ir.Expr, t: ir.ScalarType | None) -> z3.ExprRef:
        """``e`` (converted to ``t``) evaluated only where ``cond`` holds."""
        self._path.append(cond)
        try:
            return self.eval(e) if t is None else self.typed(e, t)
        finally:
            self._path.pop()

    def typed(self, e: ir.Expr, t: ir.ScalarType) -> z3.ExprRef:
        return self.converted(self.eval(e), e.type, t, e)

    def converted(self, value: z3.ExprRef, src: ir.ScalarType, dst: ir.ScalarType,
                  e: ir.Expr) -> z3.ExprRef:
        """``value`` (of ``e``, of type ``src``) converted to ``dst``, as by :func:`convert`;
        in CUDA a floating value converted to an integer type is undefined unless the
        type holds its integral part (see the module doc)."""
        if (self.dialect is ir.Dialect.CUDA and src.kind is ir.TypeKind.FLOAT
                and dst.kind is ir.TypeKind.INT):
            self.flag(self.unrepresentable(value, src, dst), e,
                      f"conversion of a {src} to {dst}, which may not hold its value", value)
        return convert(value, src, dst, self.symbols)

    def unrepresentable(self, value: z3.ExprRef, src: ir.ScalarType,
                        dst: ir.ScalarType) -> z3.BoolRef:
        """When the floating ``value`` truncated toward zero lies outside the integer type
        ``dst``: known for a literal, else an over-approximated property of the value
        (the same for equal values; see :data:`CHOSEN_BY_INPUT`)."""
        literal = _literal_value(value)
        if literal is None:
            outside = z3.Function(f"{CHOSEN_BY_INPUT}{type_key(src)} value outside "
                                  f"{type_key(dst)}",
                                  value.sort(), z3.BoolSort())
            return outside(value)
        low, high = value_range(dst)
        inside = math.isfinite(literal) and low <= math.trunc(literal) <= high  # exact
        return z3.BoolVal(not inside)

    def eval(self, e: ir.Expr) -> z3.ExprRef:
        method = getattr(self, f"_{type(e).__name__}")
        return method(e)

    def _Const(self, e: ir.Const) -> z3.ExprRef:
        if e.type.kind is ir.TypeKind.BOOL:
            return z3.BoolVal(bool(e.value))
        if e.type.kind is ir.TypeKind.INT:
            stand_in = self.constants.get(int(e.value))
            if stand_in is not None:
                return resize(stand_in, True, e.type.bits)
            return z3.BitVecVal(int(e.value) % (1 << e.type.bits), e.type.bits)
        if e.type.kind is ir.TypeKind.FLOAT:
            value = rounded(float(e.value), e.type.bits)  # as the type holds it
            if value is None:  # a NaN (its bits unknown) or a type of no known width
                return self.symbols.fresh(f"{e.type} constant", VALUE)
            return _literal(value)
        return _literal(e.value)

    def _Var(self, e: ir.Var) -> z3.ExprRef:
        if e.name in self.env:
            value = self.env[e.name]
            unset = self.env.get(e.name + UNSET)
            if unset is not None:
                self.flag(unset, e, f"read of '{e.name.split('#')[0]}', which may not have "
                          "been assigned")
        else:
            value = self.scalars(e.name)
            if value is None:
                value = self.symbols.fresh(f"uninitialised {e.name}", sort_of(
                    self.var_types.get(e.name, e.type)))
                self.env[e.name + UNSET] = z3.BoolVal(True)
                self.flag(z3.BoolVal(True), e, f"read of '{e.name.split('#')[0]}', which was "
                          "never assigned")
            self.env[e.name] = value
        declared = self.var_types.get(e.name, e.type)
        return self.converted(value, declared, e.type, e)

    def _Builtin(self, e: ir.Builtin) -> z3.ExprRef:
        kind, d = e.kind, e.dim
        ls = self.launch.local_term(d)
        ng = self.launch.groups_term(d)
        value: z3.ExprRef
        if kind is ir.BuiltinKind.LOCAL_ID:
            value = self.ids.local[d]
        elif kind is ir.BuiltinKind.GROUP_ID:
            value = self.ids.group[d]
        elif kind is ir.BuiltinKind.LOCAL_SIZE:
            value = ls
        elif kind is ir.BuiltinKind.NUM_GROUPS:
            value = ng
        elif kind is ir.BuiltinKind.GLOBAL_ID:
            value = self.ids.group[d] * ls + self.ids.local[d]
        elif kind is ir.BuiltinKind.WORK_DIM:
            dims = max(len(self.launch.local_size), len(self.launch.num_groups))
            value = z3.BitVecVal(dims, ls.size())
        else:
            value = z3.simplify(ls * ng)
        return resize(value, False, e.type.bits) if e.type.kind is ir.TypeKind.INT else value

    def _BinOp(self, e: ir.BinOp) -> z3.ExprRef:
        op = e.op
        if op in ("&&", "||"):
            a = self.typed(e.lhs, ir.BOOL)
            b = self.guarded(a if op == "&&" else z3.Not(a), e.rhs, ir.BOOL)
            return z3.And(a, b) if op == "&&" else z3.Or(a, b)
        if op in ("==", "!=", "<", "<=", ">", ">="):
            t = common_type(e.lhs.type, e.rhs.type)
            if t is None:
                self.eval(e.lhs)
                self.eval(e.rhs)
                return self.symbols.fresh("comparison of opaque values", z3.BoolSort())
            return _compare(op, self.typed(e.lhs, t), self.typed(e.rhs, t), t.signed)
        t = common_type(e.lhs.type, e.rhs.type)
        if t is not None and _unpromoted(e):
            t = e.type
        if e.type.kind is not ir.TypeKind.INT or t is None:
            self.eval(e.lhs)
            self.eval(e.rhs)
            floating = [x.type for x in (e.lhs, e.rhs) if x.type.kind is ir.TypeKind.FLOAT]
            if e.type.kind is ir.TypeKind.INT and floating:
                # computed in floating point (C's usual arithmetic conversions), the
                # result converted to the integer type
                return self.converted(self.symbols.fresh(f"opaque '{op}'", VALUE), floating[0],
                                      e.type, e)
            return self.symbols.fresh(f"opaque '{op}'", sort_of(e.type))
        if op in ("<<", ">>"):
            return self.shift(e)
        a, b = self.typed(e.lhs, t), self.typed(e.rhs, t)
        if t.signed and op in ("+", "-", "*"):
            self.flag(_overflows(op, a, b), e, f"signed overflow in '{op}' ({t})", a, b)
        if op in ("/", "%"):
            self.flag(b == 0, e, f"'{op}' by zero", a, b)
            if t.signed:
                self.flag(z3.And(a == _min(t.bits), b == -1), e,
                          f"'{op}' of the most negative {t} by -1 (overflow)", a, b)
        return convert(_arith(op, a, b, t.signed), t, e.type, self.symbols)

    def shift(self, e: ir.BinOp) -> z3.ExprRef:
        """``<<``/``>>`` in the promoted left operand's type; the count keeps its own
        type.  OpenCL C uses the count modulo the width; CUDA (C++) leaves a count
        outside ``0 .. width-1``, a negative left operand of ``<<`` and a ``<<`` that
        does not fit the unsigned type undefined."""
        t = e.type
        a = self.typed(e.lhs, t)
        count_t = int_type(e.rhs.type)
        count = self.typed(e.rhs, count_t)
        masked = resize(count, False, t.bits) & (t.bits - 1)
        if self.dialect is ir.Dialect.CUDA:
            width = z3.BitVecVal(t.bits, count_t.bits)  # promoted counts have >= 32 bits
            outside = z3.Or(count < 0, count >= width) if count_t.signed else z3.UGE(count,
                                                                                      width)
            self.flag(outside, e, f"shift count outside 0..{t.bits - 1}", a, count)
            if e.op == "<<" and t.signed:
                self.flag(z3.Or(a < 0, z3.LShR(a << masked, masked) != a), e,
                          f"'<<' of a negative or too large {t} (undefined in C++)", a, count)
        return _arith(e.op, a, masked, t.signed)

    def _UnOp(self, e: ir.UnOp) -> z3.ExprRef:
        if e.op == "!":
            return z3.Not(self.typed(e.operand, ir.BOOL))
        if e.type.kind is not ir.TypeKind.INT:
            literal = _literal_value(self.eval(e.operand))
            if e.op == "-" and literal is not None:  # ``-1.5f`` is a literal too
                return _literal(-literal)
            return self.symbols.fresh(f"opaque '{e.op}'", sort_of(e.type))
        value = self.typed(e.operand, e.type)
        if e.op == "-" and e.type.signed:
            self.flag(value == _min(e.type.bits), e, f"signed overflow in '-' ({e.type})",
                      value)
        return -value if e.op == "-" else ~value

    def _Select(self, e: ir.Select) -> z3.ExprRef:
        c = self.typed(e.cond, ir.BOOL)
        return z3.If(c, self.guarded(c, e.then, e.type), self.guarded(z3.Not(c), e.other, e.type))

    def _Cast(self, e: ir.Cast) -> z3.ExprRef:
        return self.typed(e.operand, e.type)

    def _GenericOp(self, e: ir.GenericOp) -> z3.ExprRef:
        a = self.eval(e.lhs)
        b = self.eval(e.rhs)
        if a.sort() == VALUE and b.sort() == VALUE:
            return _GENERIC_OP(a, b)
        return self.symbols.fresh("OPERATOR", sort_of(e.type))

    def _GenericIdentity(self, e: ir.GenericIdentity) -> z3.ExprRef:
        return _IDENTITY if sort_of(e.type) == VALUE else self.symbols.fresh(
            "IDENTITY", sort_of(e.type))

    def _Opaque(self, e: ir.Opaque) -> z3.ExprRef:
        """An uninterpreted function of the arguments: equal arguments give equal
        results (in both threads), any other value is possible.  Its name is
        over-approximated, so a witness that depends on its value is only possible.

        Two calls are one function only if they are one C function: the front end
        names an overloaded built-in by its whole signature, and the function is
        named by the C types of its arguments and result as well (an ``int`` and a
        ``uint``, a ``float`` and a ``double``, share a sort but not a meaning)."""
        args = [self.eval(arg) for arg in e.args]
        result = sort_of(e.type)
        signature = ",".join(type_key(a.type) for a in e.args) + f"->{type_key(e.type)}"
        fn = z3.Function(f"{APPROX}{e.name}!{signature}", *(a.sort() for a in args), result)
        return fn(*args)


def _unpromoted(e: ir.BinOp) -> bool:
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


def _compare(op: str, a: z3.ExprRef, b: z3.ExprRef, signed: bool) -> z3.BoolRef:
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    table = {"<": (z3.ULT, lambda x, y: x < y), "<=": (z3.ULE, lambda x, y: x <= y),
             ">": (z3.UGT, lambda x, y: x > y), ">=": (z3.UGE, lambda x, y: x >= y)}
    unsigned_fn, signed_fn = table[op]
    return signed_fn(a, b) if signed else unsigned_fn(a, b)


def _min(bits: int) -> z3.BitVecNumRef:
    return z3.BitVecVal(1 << (bits - 1), bits)


def _overflows(op: str, a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef:
    """The signed result of ``a op b`` does not fit the operands' width: computed
    exactly in twice the width and compared with its truncation."""
    bits = a.size()  # type: ignore[attr-defined]
    wide = _arith(op, z3.SignExt(bits, a), z3.SignExt(bits, b), True)
    return z3.SignExt(bits, z3.Extract(bits - 1, 0, wide)) != wide


def _arith(op: str, a: z3.ExprRef, b: z3.ExprRef, signed: bool) -> z3.ExprRef:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a / b if signed else z3.UDiv(a, b)
    if op == "%":
        return z3.SRem(a, b) if signed else z3.URem(a, b)
    if op == "<<":
        return a << b
    if op == ">>":
        return a >> b if signed else z3.LShR(a, b)
    if op == "&":
        return a & b
    if op == "|":
        return a | b
    return a ^ b
