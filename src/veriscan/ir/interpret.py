"""Concrete execution of the IR by one work-group, barrier by barrier.

Pictures (permission tables, scan circuits) show what one particular launch
does, so they need an interpreter rather than a prover.  Every work-item runs
as a generator that pauses at each barrier; the group moves on once all of
them pause at the same barrier.  That lock-step order is the one schedule a
barrier-synchronised, race-free kernel can observe, which is why one run is
enough for a picture.

Integers follow C: every arithmetic result is wrapped to the width and
signedness of its IR type, so ``uint`` underflow lands where the device would
put it.  What ``TYPE`` values are is up to a subclass (override
:meth:`GroupInterpreter.combine`, :meth:`~GroupInterpreter.identity` and the
memory hooks); by default the generic type behaves like ``int`` under ``+``
with identity 0, which is all a picture of addresses and permissions needs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from veriscan.errors import VeriscanError
from veriscan.ir import nodes as n

MAX_STEPS = 200_000


@dataclass
class WorkItem:
    """One work-item: its local ids and its private scalars."""

    ids: tuple[int, int, int]
    vars: dict[str, object] = field(default_factory=dict)


class GroupInterpreter:
    """Runs the body of ``kernel`` for the work-items of one group of ``sizes``.

    Memory is one dictionary per array (index -> value): shared by the group
    for global and local arrays, one per work-item for private arrays.
    """

    def __init__(self, kernel: n.Kernel, sizes: tuple[int, int, int],
                 params: dict[str, int]):
        self.kernel = kernel
        self.sizes = sizes
        self.params = params
        self.memory: dict[str, dict[int, object]] = {
            name: {} for name in [p.name for p in kernel.params if p.is_pointer]
            + [a.name for a in kernel.arrays if a.space is not n.MemSpace.PRIVATE]}
        self.private_arrays = {a.name for a in kernel.arrays
                                if a.space is n.MemSpace.PRIVATE}
        self._private_memory: dict[tuple[tuple[int, int, int], str], dict[int, object]] = {}
        self.steps = 0

    # -- expressions ---------------------------------------------------------------
    def value(self, e: n.Expr, t: WorkItem) -> object:
        """The value of ``e`` for work-item ``t``: an int, or a ``TYPE`` value."""
        if isinstance(e, n.GenericOp):
            return self.combine(e, self.value(e.lhs, t), self.value(e.rhs, t), t)
        if isinstance(e, n.GenericIdentity):
            return self.identity(e, t)
        if isinstance(e, n.Opaque):
            return self.opaque(e, t)
        if isinstance(e, n.Var):
            if e.name in t.vars:
                return t.vars[e.name]
            return self.params.get(e.name, 0)
        if isinstance(e, n.Select):
            return self.value(e.then if self.integer(e.cond, t) else e.other, t)
        if isinstance(e, n.Cast) and e.type.kind is n.TypeKind.GENERIC:
            return self.value(e.operand, t)
        return self.integer(e, t)

    def integer(self, e: n.Expr, t: WorkItem) -> int:
        """The value of an integer (or boolean) expression, with C wrap-around."""
        if isinstance(e, n.Const):
            return int(e.value)
        if isinstance(e, n.Builtin):
            return self.builtin(e.kind, e.dim, t.ids)
        if isinstance(e, n.Cast):
            return wrap(self.integer(e.operand, t), e.type)
        if isinstance(e, n.UnOp):
            x = self.integer(e.operand, t)
            return wrap({"-": -x, "~": ~x, "!": int(not x)}[e.op], e.type)
        if isinstance(e, n.BinOp):
            return wrap(c_binop(e.op, self.integer(e.lhs, t), self.integer(e.rhs, t)), e.type)
        if isinstance(e, (n.Var, n.Select, n.Opaque)):
            x = self.value(e, t)
            if isinstance(x, int):
                return x
        raise VeriscanError(f"cannot draw: a {e.type} value is used where a number is needed",
                            e.pos)

    def builtin(self, kind: n.BuiltinKind, dim: int, ids: tuple[int, ...]) -> int:
        """Ids of a single-group launch: the group is number 0 of 1."""
        if kind in (n.BuiltinKind.LOCAL_ID, n.BuiltinKind.GLOBAL_ID):
            return ids[dim]
        if kind is n.BuiltinKind.GROUP_ID:
            return 0
        if kind is n.BuiltinKind.NUM_GROUPS:
            return 1
        if kind is n.BuiltinKind.WORK_DIM:  # the sizes are padded to three dimensions
            raise VeriscanError("cannot draw: get_work_dim() depends on the launch's "
                                "dimensions")
        return self.sizes[dim]

    # -- what subclasses give meaning to ---------------------------------------------
    def combine(self, e: n.GenericOp, lhs: object, rhs: object, t: WorkItem) -> object:
        """``OPERATOR(lhs, rhs)``."""
        return c_binop("+", self._number(lhs, e), self._number(rhs, e))

    def identity(self, e: n.GenericIdentity, t: WorkItem) -> object:
        """``IDENTITY``."""
        return 0

    def opaque(self, e: n.Opaque, t: WorkItem) -> object:
        """A call the IR does not model; pictures of addresses do not depend on it."""
        return 0

    def load(self, stmt: n.Load, index: int, t: WorkItem) -> object:
        """The value of ``stmt.array[index]``; unwritten cells read as 0."""
        return self.cells(stmt.array, t).get(index, 0)

    def store(self, stmt: n.Store, index: int, value: object, t: WorkItem) -> None:
        self.cells(stmt.array, t)[index] = value

    def cells(self, array: str, t: WorkItem) -> dict[int, object]:
        """The memory of ``array`` as seen by ``t``."""
        if array in self.private_arrays:
            return self._private_memory.setdefault((t.ids, array), {})
        return self.memory[array]

    # -- statements ------------------------------------------------------------------
    def run(self, stmts: list[n.Stmt], t: WorkItem) -> Iterator[n.Barrier]:
        """Execute ``stmts`` for ``t``, pausing at (yielding) every barrier."""
        for stmt in stmts:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise VeriscanError("cannot draw: the kernel runs too long for this size",
                                    stmt.pos)
            if isinstance(stmt, n.Indeterminate):  # a new object: nothing assigned yet
                if stmt.array:
                    self._private_memory.pop((t.ids, stmt.target), None)
                else:
                    t.vars.pop(stmt.target, None)
            elif isinstance(stmt, n.Assign):
                t.vars[stmt.target] = self.value(stmt.value, t)
            elif isinstance(stmt, n.Load):
                t.vars[stmt.target] = self.load(stmt, self.integer(stmt.index, t), t)
            elif isinstance(stmt, n.Store):
                self.store(stmt, self.integer(stmt.index, t), self.value(stmt.value, t), t)
            elif isinstance(stmt, n.If):
                yield from self.run(stmt.then if self.integer(stmt.cond, t) else stmt.other, t)
            elif isinstance(stmt, n.Loop):
                yield from self.run(stmt.init, t)
                first = True
                while (not stmt.test_first and first) or self.integer(stmt.cond, t):
                    first = False
                    yield from self.run(stmt.body, t)
                    yield from self.run(stmt.step, t)
            elif isinstance(stmt, n.Barrier):
                yield stmt
            elif isinstance(stmt, n.Unsupported):
                raise VeriscanError(f"cannot draw: {stmt.construct} is not supported", stmt.pos)
            elif not isinstance(stmt, (n.Assume, n.Assert)):
                raise VeriscanError(f"cannot draw: statement {type(stmt).__name__}", stmt.pos)

    def lockstep(self, items: Sequence[WorkItem]) -> Iterator[n.Barrier]:
        """Run the whole group; yield each barrier once every work-item has reached it.

        The caller sees the group between two barrier intervals, which is where
        pictures take their snapshots.
        """
        runners = [self.run(self.kernel.body, t) for t in items]
        while True:
            stops = [next(r, None) for r in runners]
            if all(s is None for s in stops):
                return
            first = stops[0]
            if first is None or any(s is not first for s in stops):
                odd = next(i for i, s in enumerate(stops) if s is not first)
                raise VeriscanError(
                    "cannot draw: the work-items do not all reach the same barrier "
                    f"(work-item {_ids(items[0])} {_where(first)}, work-item "
                    f"{_ids(items[odd])} {_where(stops[odd])})")
            yield first

    @staticmethod
    def _number(x: object, e: n.Expr) -> int:
        if isinstance(x, int):
            return x
        raise VeriscanError("cannot draw: OPERATOR applied to a value that is not a number",
                            e.pos)


def _ids(t: WorkItem) -> str:
    """A work-item as messages name it: ``3`` in a 1-D group, ``(3, 1, 0)`` otherwise."""
    return str(t.ids[0]) if not any(t.ids[1:]) else str(t.ids)


def _where(barrier: n.Barrier | None) -> str:
    return "has finished" if barrier is None else f"waits at line {barrier.pos.line}"


def wrap(value: int, type_: n.ScalarType) -> int:
    """``value`` as C stores it in ``type_`` (two's complement; bool is 0 or 1)."""
    if type_.kind is n.TypeKind.BOOL:
        return int(bool(value))
    if type_.kind is not n.TypeKind.INT or type_.bits <= 0:
        return value
    value &= (1 << type_.bits) - 1
    if type_.signed and value >> (type_.bits - 1):
        value -= 1 << type_.bits
    return value


def c_binop(op: str, a: int, b: int) -> int:
    """A C operator on ints (``/`` and ``%`` truncate toward zero)."""
    if op in ("/", "%"):
        if b == 0:
            raise VeriscanError("cannot draw: division by zero")
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        return q if op == "/" else a - b * q
    # Shifts by a negative or huge count are undefined in C; 0 keeps Python
    # from building a gigantic integer out of a wrapped-around count.
    shift_ok = 0 <= b < 256
    table = {"+": a + b, "-": a - b, "*": a * b, "<<": a << b if shift_ok else 0,
             ">>": a >> b if shift_ok else 0, "&": a & b, "|": a | b, "^": a ^ b,
             "==": int(a == b), "!=": int(a != b), "<": int(a < b), "<=": int(a <= b),
             ">": int(a > b), ">=": int(a >= b), "&&": int(bool(a) and bool(b)),
             "||": int(bool(a) or bool(b))}
    return table[op]
