"""The scan circuit of a generic kernel, recorded by running it on symbolic values.

A generic kernel can only move ``TYPE`` values and combine them with
``OPERATOR``, so one run on values that remember their origin shows its whole
dataflow: which cells every operator application reads, where its result is
stored, and in which barrier interval it happens.  That is the prefix circuit
of the scan literature (paper 001 Fig. 8), read off the code rather than drawn
by hand for each algorithm.

``TYPE`` values are words over the input positions, i.e. the free monoid:
``OPERATOR`` concatenates and ``IDENTITY`` is the empty word.  A correct
inclusive scan leaves the word ``0 1 .. k`` in ``out[k]``, so the recorded
circuit also says whether it computes a scan for this ``n``, and if not, which
output goes wrong and how.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property

from veriscan.analysis.genericity import genericity_issues, uses_generic_type
from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as n
from veriscan.ir.interpret import GroupInterpreter, WorkItem
from veriscan.scankernel import ScanKernel

Word = tuple[int, ...]


@dataclass(frozen=True)
class Cell:
    array: str
    index: int

    def __str__(self) -> str:
        return f"{self.array}[{self.index}]"


@dataclass(frozen=True)
class Symbol:
    """A ``TYPE`` value in flight, with where it came from.

    ``word`` is None for a value read from a cell nobody wrote.  ``event`` is
    the operator, identity placement or move that made or last placed the
    value; ``loc`` the cell it was last loaded from (None while it is fresh).
    """

    word: Word | None
    event: int | None = None
    loc: Cell | None = None


class EventKind(enum.Enum):
    OPERATOR = "operator"  # OPERATOR(lhs, rhs) applied
    IDENTITY = "identity"  # IDENTITY stored into a cell
    MOVE = "move"          # a value copied to another cell of the same array


@dataclass
class Event:
    """One thing the circuit shows, in the barrier interval ``phase``.

    ``row`` orders dependent events inside one interval: an event one of whose
    operands was made by another event of the same interval comes a row later.
    """

    number: int
    kind: EventKind
    phase: int
    row: int
    thread: int
    pos: SourcePos
    word: Word | None
    operands: tuple[Symbol, ...]
    dest: Cell | None = None


@dataclass
class Circuit:
    """Everything one run recorded; the layout questions (which wire, which row) live here
    so tests can check the structure without drawing it."""

    kernel: str
    n: int
    threads: int
    inclusive: bool
    input: str
    output: str
    events: list[Event]
    final: dict[int, Word | None]        # out[k] at kernel exit
    out_from: dict[int, Cell] = field(default_factory=dict)  # out[k] was copied from
    in_to: dict[Cell, int] = field(default_factory=dict)     # cell first got in[k]
    private: frozenset[str] = frozenset()  # arrays each work-item has its own copy of

    @property
    def operators(self) -> list[Event]:
        return [e for e in self.events if e.kind is EventKind.OPERATOR]

    @property
    def size(self) -> int:
        """Operator applications (the circuit size of paper 001 Table 2)."""
        return len(self.operators)

    @cached_property
    def wire_array(self) -> str:
        """The array whose cells are the wires: where most operator results are stored.

        Private arrays do not count: their cells are not positions of the scan.
        """
        counts = Counter(e.dest.array for e in self.operators
                         if e.dest is not None and e.dest.array not in self.private)
        return counts.most_common(1)[0][0] if counts else self.output

    def expected(self, k: int) -> Word:
        return tuple(range(k + 1 if self.inclusive else k))

    def wrong_outputs(self) -> list[int]:
        """Output positions that do not hold their prefix; empty for a correct scan."""
        return [k for k in range(self.n) if self.final.get(k) != self.expected(k)]

    def x(self, event: Event) -> int:
        """The wire an event sits on.

        An operator sits where its result is stored; one whose result is only
        used by another operator sits with that one; one whose result is lost
        sits on the wire of its right operand (``OPERATOR(other, this)`` is the
        usual shape of an in-place update).
        """
        wires = self.wire_array
        if event.dest is not None and event.dest.array == wires:
            return event.dest.index
        if event.kind is EventKind.OPERATOR:
            for later in self.events[event.number + 1:]:
                if later.kind is EventKind.OPERATOR and any(
                        s.event == event.number and s.loc is None for s in later.operands):
                    return self.x(later)
            for operand in reversed(event.operands):
                place = self.place(operand)
                if place is not None:
                    return place
        raise VeriscanError(f"cannot draw: the {event.kind.value} of work-item "
                            f"{event.thread} never reaches {wires}", event.pos)

    def place(self, value: Symbol) -> int | None:
        """The wire an operand comes from, if it comes from a wire."""
        if value.loc is not None and value.loc.array == self.wire_array:
            return value.loc.index
        if value.loc is None and value.event is not None:
            return self.x(self.events[value.event])
        if value.loc is not None and value.loc.array == self.input:
            # in[k] sits on the wire it was copied into, else on wire k
            copies = [c.index for c, k in self.in_to.items()
                      if k == value.loc.index and c.array == self.wire_array]
            return copies[0] if copies else value.loc.index
        return None

    def shown(self) -> list[Event]:
        """The events on the wires: every operator, identities and moves in the wire array."""
        wires = self.wire_array
        return [e for e in self.events if e.kind is EventKind.OPERATOR
                or (e.dest is not None and e.dest.array == wires)]

    def levels(self) -> list[tuple[int, int]]:
        """(phase, row) of every drawn row, top to bottom."""
        return sorted({(e.phase, e.row) for e in self.shown()})

    @property
    def depth(self) -> int:
        """Rows holding at least one operator (the circuit depth of paper 001 Table 2)."""
        return len({(e.phase, e.row) for e in self.operators})


class _Recorder(GroupInterpreter):
    """Runs a scan kernel on symbols and turns every ``TYPE`` step into an event."""

    def __init__(self, kernel: n.Kernel, size: int, threads: int, input_: str, output: str):
        super().__init__(kernel, (threads, 1, 1), {})
        self.phase = 0
        self.events: list[Event] = []
        self.sizes_of = {input_: size, output: size, **{a.name: a.size for a in kernel.arrays}}
        self.generic = {p.name for p in kernel.params if p.type.kind is n.TypeKind.GENERIC}
        self.generic |= {a.name for a in kernel.arrays if a.type.kind is n.TypeKind.GENERIC}
        self.read_only = {p.name for p in kernel.params if p.is_const}
        self.input, self.output = input_, output
        self.memory[input_] = {k: Symbol((k,)) for k in range(size)}
        self.out_from: dict[int, Cell] = {}
        self.in_to: dict[Cell, int] = {}
        # Accesses in the current barrier interval: cell -> (writer, its line), readers.
        self.writers: dict[Cell, tuple[int, SourcePos]] = {}
        self.readers: dict[Cell, dict[int, SourcePos]] = {}
        self.race: VeriscanError | None = None
        # The last event that stored into each cell (and work-item, for private arrays).
        self.updated: dict[tuple[Cell, int | None], Event] = {}

    def record(self, inclusive: bool) -> Circuit:
        threads = self.sizes[0]
        for _ in self.lockstep([WorkItem((i, 0, 0)) for i in range(threads)]):
            self._no_race()
            self.phase += 1
            self.writers.clear()
            self.readers.clear()
        self._no_race()
        final = {k: v.word if isinstance(v, Symbol) else None
                 for k, v in self.memory[self.output].items()}
        return Circuit(kernel=self.kernel.name, n=self.sizes_of[self.output], threads=threads,
                       inclusive=inclusive, input=self.input, output=self.output,
                       events=self.events, final=final, out_from=self.out_from,
                       in_to=self.in_to, private=frozenset(self.private_arrays))

    def _no_race(self) -> None:
        """Report a race once its barrier interval is over.

        Waiting until then lets a divergent barrier, which usually causes the
        race, be reported as what it is.
        """
        if self.race is not None:
            raise self.race

    # -- values ------------------------------------------------------------------------
    def value(self, e: n.Expr, t: WorkItem) -> object:
        if (isinstance(e, n.Var) and e.type.kind is n.TypeKind.GENERIC
                and e.name not in t.vars):
            return Symbol(None)  # a TYPE variable read before any assignment
        return super().value(e, t)

    def combine(self, e: n.GenericOp, lhs: object, rhs: object, t: WorkItem) -> object:
        a, b = self._symbol(lhs, e.pos), self._symbol(rhs, e.pos)
        word = None if a.word is None or b.word is None else a.word + b.word
        event = self._event(EventKind.OPERATOR, t, e.pos, word, (a, b))
        return Symbol(word, event.number)

    def identity(self, e: n.GenericIdentity, t: WorkItem) -> object:
        return Symbol(())

    def opaque(self, e: n.Opaque, t: WorkItem) -> object:
        raise VeriscanError(f"cannot draw: the call to {e.name} is not modelled", e.pos)

    # -- memory ------------------------------------------------------------------------
    def load(self, stmt: n.Load, index: int, t: WorkItem) -> object:
        cell = self._checked(stmt.array, index, t, stmt.pos, write=False)
        if stmt.array not in self.generic:
            return super().load(stmt, index, t)
        value = self.cells(stmt.array, t).get(index, Symbol(None))
        return replace(self._symbol(value, stmt.pos), loc=cell)

    def store(self, stmt: n.Store, index: int, value: object, t: WorkItem) -> None:
        cell = self._checked(stmt.array, index, t, stmt.pos, write=True)
        if stmt.array in self.generic:
            value = self._place(self._symbol(value, stmt.pos), cell, t, stmt.pos)
        super().store(stmt, index, value, t)

    def _place(self, value: Symbol, cell: Cell, t: WorkItem, pos: SourcePos) -> Symbol:
        """Record what storing ``value`` into ``cell`` means; returns the value as stored."""
        if value.loc is not None and value.loc.array == self.input:
            self.in_to.setdefault(cell, value.loc.index)
        if cell.array == self.output and value.loc is not None:
            self.out_from[cell.index] = value.loc
        if value.loc is not None:
            source = value.loc
        elif value.event is None:  # fresh from IDENTITY (or a TYPE variable never set)
            if value.word != ():
                return value
            return self._stored(EventKind.IDENTITY, value, cell, t, pos)
        else:
            made = self.events[value.event]
            if made.dest is None:  # an operator's result reaches memory
                self._settle(made, cell)
                return value
            source = made.dest
        if source.array != cell.array or source == cell:
            return value  # a copy between arrays keeps its position
        return self._stored(EventKind.MOVE, value, cell, t, pos)

    def _stored(self, kind: EventKind, value: Symbol, cell: Cell, t: WorkItem,
                pos: SourcePos) -> Symbol:
        operands = (value,) if kind is EventKind.MOVE else ()
        event = self._event(kind, t, pos, value.word, operands)
        self._settle(event, cell)
        return Symbol(value.word, event.number)

    def _settle(self, event: Event, cell: Cell) -> None:
        """Make ``cell`` the destination of ``event``, a row below the cell's last update.

        Two updates of one cell in one barrier interval (Blelloch clearing the
        root right after summing into it) must not share a row and hide each other.
        """
        event.dest = cell
        key = (cell, event.thread if cell.array in self.private_arrays else None)
        before = self.updated.get(key)
        if before is not None and before.phase == event.phase and before is not event:
            event.row = max(event.row, before.row + 1)
        self.updated[key] = event

    def _checked(self, array: str, index: int, t: WorkItem, pos: SourcePos,
                 write: bool) -> Cell:
        """The cell, after checking bounds and that no other work-item races on it."""
        cell = Cell(array, index)
        size = self.sizes_of.get(array)
        if size is not None and not 0 <= index < size:
            verb = "writes" if write else "reads"
            raise VeriscanError(f"cannot draw: work-item {t.ids[0]} {verb} {cell}, outside "
                                f"its {size} elements", pos)
        if array in self.private_arrays or array in self.read_only:
            return cell
        me = t.ids[0]
        writer = self.writers.get(cell)
        others = [(w, p) for w, p in self.readers.get(cell, {}).items() if w != me] if write else []
        if writer is not None and writer[0] != me:
            others.append(writer)
        if others and self.race is None:
            who, where = others[0]
            self.race = VeriscanError(
                f"cannot draw: work-items {who} and {me} race on {cell} between two barriers "
                f"(lines {where.line} and {pos.line}); the circuit would depend on the "
                "schedule (`veriscan verify` reports the race)", pos)
        if write:
            self.writers[cell] = (me, pos)
        else:
            self.readers.setdefault(cell, {})[me] = pos
        return cell

    def _event(self, kind: EventKind, t: WorkItem, pos: SourcePos, word: Word | None,
               operands: tuple[Symbol, ...]) -> Event:
        rows = [self.events[s.event].row + 1 for s in operands
                if s.event is not None and self.events[s.event].phase == self.phase]
        event = Event(len(self.events), kind, self.phase, max(rows, default=0), t.ids[0], pos,
                      word, operands)
        self.events.append(event)
        return event

    @staticmethod
    def _symbol(value: object, pos: SourcePos) -> Symbol:
        if isinstance(value, Symbol):
            return value
        raise VeriscanError("cannot draw: a number is used as a TYPE value", pos)


def record_circuit(kernel: ScanKernel, size: int) -> Circuit:
    """Parse ``kernel`` for ``N = size`` and record its circuit for one work-group."""
    ir_kernel = parse_kernel(kernel.path, source=kernel.source, entry=kernel.entry,
                             defines=kernel.macros(size), dialect=kernel.dialect)
    where = f"cannot draw {kernel.path.name}"
    if not uses_generic_type(ir_kernel):
        raise VeriscanError(f"{where}: it has no TYPE values, so there is no circuit to show "
                            "(a generic scan kernel uses TYPE, OPERATOR and IDENTITY)")
    issues = genericity_issues(ir_kernel)
    if issues:
        raise VeriscanError(f"{where}: it looks inside TYPE ({issues[0].message}), so "
                            "OPERATOR alone does not describe what it computes", issues[0].pos)
    pointers = [p for p in ir_kernel.params if p.is_pointer]
    if len(pointers) != 2 or any(p.type.kind is not n.TypeKind.GENERIC for p in pointers):
        names = ", ".join(p.name for p in pointers) or "none"
        raise VeriscanError(f"{where}: a scan kernel takes two TYPE arrays (in, out); "
                            f"{ir_kernel.name} takes array parameters: {names}", ir_kernel.pos)
    if len(ir_kernel.params) != 2:
        raise VeriscanError(f"{where}: a scan kernel takes exactly (in, out); "
                            f"{ir_kernel.name} takes {len(ir_kernel.params)} parameters",
                            ir_kernel.pos)
    threads = kernel.thread_count(size)
    recorder = _Recorder(ir_kernel, size, threads, pointers[0].name, pointers[1].name)
    return recorder.record(kernel.inclusive)
