"""IR expressions as Z3 terms with C's integer semantics (bit-precise).

The bit-vector :class:`~veriscan.smt.translate.Domain` of the one C translator
(:mod:`veriscan.smt.translate`, which decides what each expression means and
which operations are undefined): integers are bit-vectors of their declared
width, signedness picking the comparison/division/shift flavour; unsigned
arithmetic wraps, and so does the value of an undefined operation, whose
condition the translator reports.  OpenCL C defines shifts by masking the count
with ``width - 1``; so does the encoding for both dialects, the CUDA cases being
reported.  Values of ``TYPE``, floats and other opaque data live in an
uninterpreted sort: the race and bounds encodings never need their values, and
any use of them in a condition or index yields an over-approximated (``~``)
symbol, so a counterexample depending on it is reported as unknown.  What the
model knows of them is equality only, so it must never make two different
things equal: an unmodelled built-in is an uninterpreted function of its whole
C signature, and a conversion between floating types one of its own per pair of
types (:mod:`.floats`); arithmetic on them is a fresh value each time.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.smt.symbols import VALUE, SymbolTable, sort_of
from veriscan.smt.threads import Launch, ThreadIds
from veriscan.smt.translate import CTranslator, Domain

_GENERIC_OP = z3.Function("generic_op", VALUE, VALUE, VALUE)
_IDENTITY = z3.Const("generic_identity", VALUE)

# An environment entry ``name + UNSET`` holds the condition under which the
# private variable ``name`` has not been assigned yet (absent: assigned).
UNSET = "?unset"

# Receives (condition under which the behaviour is undefined, where, what,
# the operands' values).
UndefinedHook = Callable[[z3.BoolRef, SourcePos, str, tuple[z3.ExprRef, ...]], None]


class BitVectors(Domain):
    """Integers as bit-vectors of their width; opaque values in :data:`VALUE`."""

    opaque_sort = VALUE

    def __init__(self, symbols: SymbolTable):
        self.symbols = symbols

    def number(self, value: int, t: ir.ScalarType) -> z3.ExprRef:
        return z3.BitVecVal(value % (1 << t.bits), t.bits)

    def fresh(self, stem: str, sort: z3.SortRef) -> z3.ExprRef:
        return self.symbols.fresh(stem, sort)

    def sort(self, t: ir.ScalarType) -> z3.SortRef:
        return sort_of(t)

    def nonzero(self, value: z3.ExprRef) -> z3.BoolRef:
        return value != z3.BitVecVal(0, value.size())  # type: ignore[attr-defined]

    def from_truth(self, value: z3.BoolRef, t: ir.ScalarType) -> z3.ExprRef:
        return z3.If(value, z3.BitVecVal(1, t.bits), z3.BitVecVal(0, t.bits))

    def int_convert(self, value: z3.ExprRef, src: ir.ScalarType,
                    dst: ir.ScalarType) -> z3.ExprRef:
        # a bool held as a bit-vector (a cell of a bool array) extends as unsigned
        return resize(value, src.kind is ir.TypeKind.INT and src.signed, dst.bits)

    def compare(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.BoolRef:
        return _compare(op, a, b, t.signed)

    def arith(self, op: str, a: z3.ExprRef, b: z3.ExprRef,
              t: ir.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        return _arith(op, a, b, t.signed), _overflows(op, a, b) if t.signed else None

    def negate(self, a: z3.ExprRef, t: ir.ScalarType) -> tuple[z3.ExprRef, z3.BoolRef | None]:
        return -a, a == _min(t.bits) if t.signed else None

    def complement(self, a: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        return ~a

    def divide(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        return _arith(op, a, b, t.signed)

    def bitwise(self, op: str, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        return _arith(op, a, b, t.signed)

    def shift(self, op: str, a: z3.ExprRef, count: z3.ExprRef, t: ir.ScalarType,
              exact_signed: bool) -> tuple[z3.ExprRef, z3.BoolRef]:
        masked = resize(count, False, t.bits) & (t.bits - 1)
        lost = z3.Or(a < 0, z3.LShR(a << masked, masked) != a)
        return _arith(op, a, masked, t.signed), lost

    def opaque_op(self, name: str, args: list[z3.ExprRef], t: ir.ScalarType) -> z3.ExprRef:
        return self.fresh(f"opaque '{name}'", sort_of(t))

    def generic_op(self, a: z3.ExprRef, b: z3.ExprRef, t: ir.ScalarType) -> z3.ExprRef:
        if a.sort() == VALUE and b.sort() == VALUE:
            return _GENERIC_OP(a, b)
        return self.fresh("OPERATOR", sort_of(t))

    def generic_identity(self, t: ir.ScalarType) -> z3.ExprRef:
        return _IDENTITY if sort_of(t) == VALUE else self.fresh("IDENTITY", sort_of(t))


def convert(value: z3.ExprRef, src: ir.ScalarType, dst: ir.ScalarType,
            symbols: SymbolTable) -> z3.ExprRef:
    """C conversion from ``src`` to ``dst`` (:meth:`Domain.convert`); conversions the
    model cannot follow are havoc."""
    return BitVectors(symbols).convert(value, src, dst)


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


class ExprEncoder(CTranslator):
    """Evaluates IR expressions in an environment of one thread's private values."""

    def __init__(self, launch: Launch, ids: ThreadIds, symbols: SymbolTable,
                 env: dict[str, z3.ExprRef], scalars: Callable[[str], z3.ExprRef | None],
                 var_types: dict[str, ir.ScalarType],
                 constants: dict[int, z3.ExprRef] | None = None, *,
                 dialect: ir.Dialect = ir.Dialect.OPENCL,
                 undefined: UndefinedHook | None = None):
        super().__init__(BitVectors(symbols), dialect)
        self.launch = launch
        self.ids = ids
        self.symbols = symbols
        self.env = env
        self.scalars = scalars
        self.var_types = var_types
        self.constants = constants or {}  # literal value -> symbolic stand-in (e.g. N)
        self.undefined = undefined

    @property
    def reporting(self) -> bool:
        return self.undefined is not None

    def undefined_when(self, cond: z3.BoolRef, pos: SourcePos, what: str,
                       operands: tuple[z3.ExprRef, ...]) -> None:
        if self.undefined is not None:
            self.undefined(cond, pos, what, operands)

    def literal_int(self, value: int, t: ir.ScalarType) -> z3.ExprRef:
        stand_in = self.constants.get(value)
        if stand_in is not None:
            return resize(stand_in, True, t.bits)
        return self.domain.number(value, t)

    def declared(self, e: ir.Var) -> ir.ScalarType:
        return self.var_types.get(e.name, e.type)

    def read_var(self, e: ir.Var) -> z3.ExprRef:
        name = e.name.split("#")[0]
        if e.name in self.env:
            value = self.env[e.name]
            unset = self.env.get(e.name + UNSET)
            if unset is not None:
                self.flag(unset, e.pos, f"read of '{name}', which may not have been assigned")
            return value
        value = self.scalars(e.name)
        if value is None:
            value = self.symbols.fresh(f"uninitialised {e.name}", sort_of(self.declared(e)))
            self.env[e.name + UNSET] = z3.BoolVal(True)
            self.flag(z3.BoolVal(True), e.pos, f"read of '{name}', which was never assigned")
        self.env[e.name] = value
        return value

    def builtin(self, e: ir.Builtin) -> z3.ExprRef:
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
