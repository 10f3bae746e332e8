"""What one thread's statements read and write, recorded in its trace.

Every load and store becomes an :class:`~veriscan.smt.trace.Access` in the
current barrier interval, in program order, with the barriers and fences
certainly run before it: the race, bounds and initialisation checks read
nothing else.  A value loaded from memory is a fresh symbol (or the read-only
input's function of the index, the same in both threads), so what the kernel
computes from data never pretends to be known.  Assertions, assumptions and
pointers formed are recorded here too, for the checks that settle them.
"""

from __future__ import annotations

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.smt.encode import UNSET
from veriscan.smt.execute_state import CELL, ThreadState, cell
from veriscan.smt.outcome import Finding
from veriscan.smt.symbols import conj, sort_of
from veriscan.smt.trace import Access, AssertionSite, PointerSite, UndefinedSite


class MemoryAccesses(ThreadState):
    """Assignments, loads, stores and the trace records of one thread's statements."""

    def _Assign(self, s: ir.Assign) -> None:
        """A private variable: its value is the expression's, nothing is recorded
        (private memory cannot race and the encoder checks what it reads)."""
        declared = self.kernel.var_types.get(s.target, s.value.type)
        self.assign(s.target, self.enc.converted(self.enc.eval(s.value), s.value.type, declared,
                                                 s.value.pos), declared)

    def _Arbitrary(self, s: ir.Arbitrary) -> None:
        """A value nothing in the kernel determines: a fresh one on every execution,
        over-approximated (the function may or may not return it), so a witness that
        rests on it is only possible.  The call's arguments are still evaluated, for
        the undefined behaviour they may hold."""
        self.enc.eval(s.value)
        declared = self.kernel.var_types.get(s.target, s.value.type)
        self.assign(s.target, self.symbols.fresh(f"{s.target} at line {s.pos.line}",
                                                 sort_of(declared)), declared)

    def _Indeterminate(self, s: ir.Indeterminate) -> None:
        """A new lifetime (see :class:`ir.Indeterminate`): a private scalar is as if
        never assigned (a read of it is reported, on this path, as one of a variable
        never assigned); a private array's accesses from now on belong to a new
        lifetime, whose reads earlier writes do not initialise (:mod:`.initialised`),
        and its tracked cells are forgotten."""
        if s.array:
            self.lifetimes[s.target] = self.lifetimes.get(s.target, 0) + 1
            self.forget_cells({s.target})
            return
        self.env.pop(s.target, None)
        self.env.pop(s.target + UNSET, None)

    def _Load(self, s: ir.Load) -> None:
        """A read: recorded, and its value is what the model knows of the cell (a
        tracked private cell, the host's content as a function of the index) or
        else a fresh symbol."""
        index = self.access(s.array, s.index, False, s)
        function = self.initial_content(s)
        elem = self.element_type(s.array)
        known = self.known_cell(s.array, index)
        if known is not None:
            value = known
        elif function is not None:
            value = function(index)
            self.data.add(function.name())
        else:
            value = self.symbols.fresh(f"{s.array}[...] read at line {s.pos.line}", sort_of(elem))
            if self.kernel.space_of(s.array) is not ir.MemSpace.PRIVATE:
                # Memory content, but maybe one the kernel stored (see Trace.stored).
                # A thread's own private array holds what the thread computed, ids
                # and sizes included: arithmetic on what it reads back is checked.
                self.data.add(value.decl().name())
                self.trace.stored.add(value.decl().name())
        if s.atomic:
            self.trace.atomic_reads.append((self.trace.intervals[-1].accesses[-1], value))
        self.assign(s.target, value, elem)

    def _Store(self, s: ir.Store) -> None:
        """A write: recorded with the value it stores (two writes of one value may
        be tolerated as benign), and a tracked cell remembers it."""
        value = self.enc.eval(s.value)
        stored = self.enc.converted(value, s.value.type, self.element_type(s.array),
                                    s.value.pos)
        index = self.access(s.array, s.index, True, s, value)
        if not self.tracks_cells(s.array):
            return
        entry = cell(s.array, index)
        if entry is not None:
            self.env[entry] = z3.simplify(stored)
            return
        # a computed index: each known cell is the stored value if it is the one
        for key, old in self.cells_of(s.array).items():
            self.env[key] = z3.simplify(z3.If(index == self.cell_index(key, index), stored,
                                              old))

    def known_cell(self, array: str, index: z3.ExprRef) -> z3.ExprRef | None:
        """What the model knows of ``array[index]``: a tracked cell's value, or for a
        computed index into an array whose every cell is known, the cell it selects."""
        if not self.tracks_cells(array):
            return None
        entry = cell(array, index)
        if entry is not None:
            return self.env.get(entry)
        decl = self.kernel.array(array)
        if decl is None:
            return None
        cells: list[z3.ExprRef] = []
        for k in range(decl.size):
            known = self.env.get(cell(array, z3.BitVecVal(k, index.size())) or "")
            if known is None:
                return None
            cells.append(known)
        value = cells[-1]  # an index out of bounds is the bounds check's finding
        for k in range(decl.size - 2, -1, -1):
            value = z3.If(index == k, cells[k], value)
        return z3.simplify(value)

    def cells_of(self, array: str) -> dict[str, z3.ExprRef]:
        prefix = f"{CELL}{array}["
        return {k: v for k, v in self.env.items() if k.startswith(prefix)}

    @staticmethod
    def cell_index(key: str, like: z3.ExprRef) -> z3.BitVecNumRef:
        """The index of a tracked cell's entry, as a value of ``like``'s sort."""
        return z3.BitVecVal(int(key.rsplit("[", 1)[1][:-1]), like.size())

    def tracks_cells(self, array: str) -> bool:
        """Whether ``array``'s cells are tracked: a private array's, at constant indices
        (no other thread sees them).  A store the model cannot place, a loop run as one
        symbolic iteration and a new lifetime (:class:`ir.Indeterminate`) forget them,
        and a path merge keeps only what both paths know."""
        decl = self.kernel.array(array)
        return decl is not None and decl.space is ir.MemSpace.PRIVATE

    def forget_cells(self, arrays: set[str]) -> None:
        """Private array cells whose contents are tracked (constant index) are
        forgotten when the array is written where the model cannot follow."""
        for array in arrays:
            for key in self.cells_of(array):
                del self.env[key]

    def element_type(self, array: str) -> ir.ScalarType:
        return self.kernel.element_type(array)

    def access(self, array: str, index_e: ir.Expr, write: bool, s: ir.Load | ir.Store,
               value: z3.ExprRef | None = None) -> z3.ExprRef:
        """A load's or store's access, under the current path; its index."""
        index = self.index_of(index_e)
        self.record(array, index, write, self.active, s.pos, value=value, atomic=s.atomic)
        return index

    def record(self, array: str, index: z3.ExprRef, write: bool, guard: z3.BoolRef,
               pos: SourcePos, *, value: z3.ExprRef | None = None, atomic: bool = False,
               collective: bool = False) -> None:
        """One access in the current barrier interval, after everything recorded so far."""
        if write and self.kernel.space_of(array) is ir.MemSpace.CONSTANT:
            # Constant memory is read-only (OpenCL refuses such a store; CUDA leaves it
            # undefined): nothing here models what a write would do.
            raise Finding("execution", f"a write to constant memory ({array}) at {pos}",
                          undecided="unsupported_construct")
        interval = self.trace.intervals[-1]
        self.seq += 1
        interval.accesses.append(Access(
            array, index, write, guard, pos, interval.number, self.seq,
            (self.epochs[ir.Fence.LOCAL], self.epochs[ir.Fence.GLOBAL]),
            self.last_certain, self.in_abstract_loop, value, atomic, collective,
            self.lifetimes.get(array, 0)))

    # ------------------------------------------------- what the checks settle

    def _PointerFormed(self, s: ir.PointerFormed) -> None:
        """Recorded for the bounds check, which knows the arrays' extents."""
        assert s.index is not None
        index = self.index_of(s.index)
        self.trace.pointers.append(PointerSite(s.array, index, self.active, s.pos,
                                               self.trace.intervals[-1].number))

    def _Assume(self, s: ir.Assume) -> None:
        """A stated assumption, where the path reaches it: a fact for every query."""
        self.trace.assumptions.append(z3.Implies(self.active, self.cond(s.cond)))

    def _Assert(self, s: ir.Assert) -> None:
        """Recorded with the condition under which it fails, for the assertion (or
        undefined-behaviour) check to ask the solver about."""
        failure = z3.simplify(conj(self.active, z3.Not(self.cond(s.cond))))
        if s.what:  # a condition of defined behaviour, checked with the others
            self.trace.undefined.append(UndefinedSite(failure, s.pos, s.what))
        else:
            self.trace.assertions.append(AssertionSite(failure, s.pos))
