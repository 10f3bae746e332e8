"""The order C leaves open, and the unsequenced effects it makes undefined.

C fixes the order of some evaluations (a sequence point after the first
operand of ``&&``, ``||``, ``?:`` and ``,``; a call's arguments before its
body) and leaves the rest open: the operands of most operators and a call's
arguments are evaluated in no fixed order, and two effects on one object with
no order between them are undefined behaviour.  The lowering emits one order;
this module makes sure no other order could mean something else, by
accounting for what each operand reads, writes and accesses
(:class:`_Effects`) and refusing the expression when one operand's effects
touch another's, or the store of an assignment clashes with an effect of its
own operand that is not yet complete.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from veriscan.frontend.lower_declarations import RefTarget
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct
from veriscan.frontend.pointers import PointerRef
from veriscan.frontend.structs import StructPlace
from veriscan.ir import nodes as ir
from veriscan.ir.visit import assigned_vars, stmt_exprs, sub_exprs, walk, written_var

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

T = TypeVar("T")
# What lowering one operand gives: a value, an element, a reference's target, a struct,
# a vector's lanes.
Operand = ir.Expr | PointerRef | RefTarget | StructPlace | list[ir.Expr]


@dataclass(frozen=True)
class _Effects:
    """What one lowered operand reads, writes and accesses (for :meth:`unsequenced`),
    and which of its writes are open: not complete before its value is (for
    :meth:`Sequencing.assignment`)."""

    reads: frozenset[str]
    writes: frozenset[str]
    arrays_read: frozenset[str]
    arrays_written: frozenset[str]
    barrier: bool
    open_writes: frozenset[str] = frozenset()
    open_arrays: frozenset[str] = frozenset()

    @staticmethod
    def of(stmts: list[ir.Stmt], result: Operand | None,
           settled: Container[int] = frozenset()) -> _Effects:
        """``settled``: the ids of statements complete before the operand's value
        (see :meth:`Sequencing.settled`).  A new lifetime (``ir.Indeterminate``) is
        no effect: an object declared inside an operand (in an inlined function) is
        that call's own, which no other operand can reach but by a call of its own,
        declaring it anew."""
        reads: set[str] = set()
        writes: set[str] = set()
        read_arrays: set[str] = set()
        written_arrays: set[str] = set()
        open_writes: set[str] = set()
        open_arrays: set[str] = set()
        barrier = False
        for s in walk(stmts):
            if isinstance(s, ir.Indeterminate):
                continue
            for root in stmt_exprs(s):
                reads |= vars_in(root)
            if isinstance(s, ir.Load):
                read_arrays.add(s.array)
            elif isinstance(s, ir.Store):
                written_arrays.add(s.array)
            barrier = barrier or isinstance(s, ir.Barrier)
            written = written_var(s)
            if written is not None:
                writes.add(written)
            if id(s) not in settled:
                if written is not None:
                    open_writes.add(written)
                if isinstance(s, ir.Store):
                    open_arrays.add(s.array)
        if isinstance(result, StructPlace) and result.element is not None:
            result = result.element  # an element of struct arrays: read as its pointer
        if isinstance(result, PointerRef):
            reads |= vars_in(result.offset)
            if result.selector is not None:
                reads |= vars_in(result.selector)
        elif isinstance(result, ir.Expr):
            reads |= vars_in(result)
        elif isinstance(result, tuple):
            reads.add(result[1])
        elif isinstance(result, list):  # a vector's lanes (values or places)
            for lane in result:
                reads |= _Effects.of([], lane).reads
        # A plain variable as the result names the place an assignment or a
        # reference binds to; its value is not read while the operands are evaluated.
        return _Effects(frozenset(reads), frozenset(writes),
                        frozenset(read_arrays), frozenset(written_arrays), barrier,
                        frozenset(open_writes), frozenset(open_arrays))

    def clash(self, other: _Effects) -> str | None:
        """What this operand's effects do that ``other``'s evaluation may observe."""
        for name in sorted(self.writes & (other.reads | other.writes)):
            return f"variable '{name.split('#')[0]}' is assigned"
        for array in sorted(self.arrays_written & (other.arrays_read | other.arrays_written)):
            return f"array '{array}' is written"
        if self.barrier and (other.barrier or other.arrays_read or other.arrays_written):
            return "a barrier is reached"
        return None


def vars_in(e: ir.Expr) -> set[str]:
    """The variables ``e`` reads."""
    return {x.name for x in sub_exprs(e) if isinstance(x, ir.Var)}


class Sequencing(Translator):
    """The order C leaves open among operands, and what it makes undefined."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        # Statements complete before the value of the expression part that made them
        # (by id, kept alive here so that an id is never reused): see settled().
        self.complete: dict[int, ir.Stmt] = {}

    def unsequenced(self, *operands: Callable[[], Any]) -> list[Any]:
        """Lower operands that C (and C++ for calls) evaluates in no fixed order.

        The lowering emits each operand's effects in turn and reads variables
        when the enclosing expression is evaluated, which is one order among
        those the compiler may pick: in ``i + bump(i)`` (``bump`` takes a
        reference) it reads the new ``i`` where clang reads the old one, and
        ``i + (i = 1)`` is undefined.  So when one operand's effects (a
        variable or array written, a barrier) touch what another operand
        reads, writes or accesses, the expression is refused rather than
        analysed in one arbitrary order.
        """
        return self.operands(operands)[0]

    def operands(self, operands: tuple[Callable[[], Any], ...]
                 ) -> tuple[list[Any], list[tuple[list[ir.Stmt], _Effects]]]:
        """:meth:`unsequenced`, and each operand's statements with their effects (none
        when no operand emitted a statement)."""
        results: list[Any] = []
        blocks: list[list[ir.Stmt]] = []
        for lower in operands:
            with self.low.block() as stmts:
                results.append(lower())
            blocks.append(stmts)
        effects: list[_Effects] = []
        if any(blocks):
            effects = [_Effects.of(stmts, result, self.complete)
                       for stmts, result in zip(blocks, results, strict=True)]
            for i, mine in enumerate(effects):
                for j, other in enumerate(effects):
                    clash = mine.clash(other) if i != j else None
                    if clash:
                        raise UnsupportedConstruct(
                            f"{clash} in one operand and used in another operand that C "
                            "evaluates in no fixed order (unsequenced or indeterminately "
                            "sequenced)")
        for stmts in blocks:
            self.low.current.extend(stmts)
        return results, list(zip(blocks, effects, strict=True)) if effects else []

    def assignment(self, store: Callable[..., T], *operands: Callable[[], Any],
                   postfix: bool = False) -> T:
        """An assignment operator (``=``, ``op=``, ``++``, ``--``; ``postfix``: ``x++``,
        ``x--``): its operands lowered as by :meth:`unsequenced`, then
        ``store(*results)``, which writes the target.

        C sequences that store after the value computations of the operands but not
        after their side effects (C11 6.5.16p3), and two unsequenced side effects on
        one object are undefined (6.5p2): ``i = i++``, ``i = ++i + 1``, ``i += i++``,
        ``a[0] = (a[0] = 1) + 2`` are undefined, ``i = i + 1`` is not.  So the store
        is one more effect of the expression: a write it makes to a variable or an
        array that an operand also writes, and has not completed by the time its
        value is known (:meth:`settled` says which writes have), is refused like a
        clash between operands, unless it writes an array where the two cells can be
        told apart (:meth:`distinct_cells`).  C++ (CUDA is lowered as C++14) sequences
        the store of every assignment operator but ``x++``/``x--`` before the value of
        the expression (C++11 [expr.ass]p1, [expr.pre.incr]), so that ``i = ++i + 1``
        and ``i = (i = 1) + 2`` are defined there: such a store is settled for the
        assignment around it.
        """
        results, operand_effects = self.operands(operands)
        block, start = self.low.current, len(self.low.current)
        value = store(*results)
        if operand_effects:
            stored = _Effects.of(block[start:], None)
            others = [s for stmts, _ in operand_effects for s in stmts]
            for stmts, effects in operand_effects:
                clash = next((f"variable '{name.split('#')[0]}' is assigned"
                              for name in sorted(stored.writes & effects.open_writes)), None)
                clash = clash or next((f"array '{array}' is written" for array in sorted(
                    stored.arrays_written & effects.open_arrays)
                    if not self.distinct_cells(array, stmts, others, block, start)), None)
                if clash:
                    raise UnsupportedConstruct(
                        f"{clash} by the store of an assignment and by its operand, with no "
                        "sequence point between them (undefined behaviour)")
        if self.low.dialect is ir.Dialect.CUDA and not postfix:
            self.settle(block[start:])
        return value

    def distinct_cells(self, array: str, stmts: list[ir.Stmt], others: list[ir.Stmt],
                       block: list[ir.Stmt], start: int) -> bool:
        """Whether the assignment's stores to ``array`` (``block[start:]``) and the open
        stores to it of its operand ``stmts`` (``others``: every operand's statements)
        write cells told apart by index; if so, each pair is asserted different, as
        a condition of defined behaviour (``a[t] += a[t ^ 1]++`` is defined, ``a[t] =
        (a[t] = 1) + 2`` is not).

        Only stores at the top level of their blocks qualify (not under a condition of
        the expression, where the assertion would not hold the condition), and only an
        operand store whose index reads no variable written after it, so that the index
        means at the assignment's store what it meant at its own.
        """
        def stores(found: list[ir.Stmt]) -> list[ir.Store]:
            return [s for s in walk(found) if isinstance(s, ir.Store) and s.array == array
                    and id(s) not in self.complete]
        stored = block[start:]
        mine, theirs = stores(stored), stores(stmts)
        if not all(any(s is top for top in found) for found, some in ((stored, mine),
                                                                      (stmts, theirs))
                   for s in some):
            return False
        for s in theirs:
            after = stmts[next(k for k, top in enumerate(stmts) if top is s) + 1:]
            if vars_in(s.index) & assigned_vars(after + others + stored):
                return False
        for out in mine:
            at = next(k for k, top in enumerate(block) if top is out)
            block[at:at] = [ir.Assert(out.pos, ir.BinOp(out.pos, ir.BOOL, "!=", out.index,
                                                        s.index),
                                      f"the store of an assignment and a store in its operand "
                                      f"write the same element of '{array}' with no sequence "
                                      "point between them") for s in theirs]
        return True

    @contextmanager
    def settled(self) -> Iterator[None]:
        """Lower a part of an expression whose side effects are all complete before the
        value of the expression around it is computed: a call (its arguments before
        the call, C11 6.5.2.2p10, its body before it returns), the first operand of
        ``&&``, ``||`` and ``?:`` and the left operand of ``,`` (a sequence point after
        each, 6.5.13-6.5.15, 6.5.17).  Such a write cannot be unsequenced with the
        store of an assignment the part is an operand of (:meth:`assignment`)."""
        block, start = self.low.current, len(self.low.current)
        yield
        self.settle(block[start:])

    def settle(self, stmts: list[ir.Stmt]) -> None:
        """``stmts`` (and those nested in them) are complete (see :meth:`settled`)."""
        self.complete.update((id(s), s) for s in walk(stmts))
