"""What the symbolic execution of one thread carries from statement to statement.

The executor (:mod:`.execute`) is built in layers, each a module of its own:
this one holds the state of a thread and its paths, :mod:`.execute_memory`
what statements read and write, :mod:`.execute_copies` the async group
copies, :mod:`.execute_loops` the loops.  Every statement reaches its handler
through :meth:`ThreadState.block`, the one dispatch point, so a layer adds a
statement kind by defining ``_Kind``.

A thread's state is symbolic: ``active`` is the condition under which it is
still running on the current path, ``env`` the value of every private
variable.  Control that depends on the thread forks the path; where the
paths meet again, :meth:`ThreadState.merge` joins their environments under
the guard that picked each one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as ir
from veriscan.smt.encode import UNSET, ExprEncoder, as_index, convert
from veriscan.smt.symbols import Mentions, SymbolTable, conj, disj
from veriscan.smt.threads import Launch, ThreadIds
from veriscan.smt.trace import AssumedDefined, Certain, Interval, Iteration, Trace, UndefinedSite

Env = dict[str, z3.ExprRef]

# Environment entries "\x00array[k]" hold what the thread last stored in element k
# of a private array of events, for constant k (so event lists keep their
# values); absent means unknown.
CELL = "\x00"


def cell(array: str, index: z3.ExprRef) -> str | None:
    """The environment entry of ``array[index]``, if the index is a constant."""
    return f"{CELL}{array}[{index.as_signed_long()}]" if z3.is_bv_value(  # type: ignore
        index) else None


def source_name(name: str) -> str:
    """A variable's name as the kernel spells it (the IR tells same-named ones apart
    with a ``#`` suffix), for the names of the symbols that stand for its values."""
    return name.split("#")[0]


class BarrierOracle(Protocol):
    def reached_by_all(self, guard: z3.BoolRef, barrier: ir.Stmt,
                       context: tuple[Iteration, ...]) -> bool:
        """True: every thread reaches the barrier; False: all or none of a group do,
        depending on uniform values; raise Finding when threads of a group disagree."""

    def feasible(self, guard: z3.BoolRef) -> bool:
        """Whether some thread of the launch can have ``guard`` true."""

    def uniform(self, guard: z3.BoolRef, terms: list[z3.ExprRef], stmt: ir.Stmt,
                what: str) -> None:
        """Raise Finding unless ``terms`` have one value in all work-items of a group
        that reach ``stmt`` (the arguments of a work-group function)."""


@dataclass
class LoopExits:
    """The paths that left the innermost loop's body early, each with the guard
    under which it did and its environment then, to rejoin where they resume."""

    breaks: list[tuple[z3.BoolRef, Env]] = field(default_factory=list)
    continues: list[tuple[z3.BoolRef, Env]] = field(default_factory=list)


@dataclass
class PendingCopy:
    """An async group copy that may still be running: its accesses (array, index,
    write, guard) are repeated in every barrier interval it may reach, while
    ``pending`` (no wait for its event yet) holds."""

    event: z3.ExprRef
    accesses: list[tuple[str, z3.ExprRef, bool, z3.BoolRef]]
    pos: SourcePos
    pending: z3.BoolRef = field(default_factory=lambda: z3.BoolVal(True))


class ThreadState:
    """One thread's state during the execution, and the operations on its paths.

    All of it lives here, in one place, although each layer uses its own part:
    the layers share one object, so a barrier (control flow) can repeat the
    pending copies' accesses and a loop can forget tracked memory cells.
    """

    def __init__(self, kernel: ir.Kernel, launch: Launch, ids: ThreadIds, symbols: SymbolTable,
                 scalars: Callable[[str], z3.ExprRef | None],
                 initial_content: Callable[[ir.Load], z3.FuncDeclRef | None],
                 oracle: BarrierOracle,
                 constants: dict[int, z3.ExprRef] | None = None):
        self.kernel = kernel
        self.symbols = symbols
        self.initial_content = initial_content
        self.oracle = oracle
        self.enc = ExprEncoder(launch, ids, symbols, {}, scalars, kernel.var_types, constants,
                               dialect=kernel.dialect, undefined=self.undefined)
        self.active: z3.BoolRef = z3.BoolVal(True)
        self.trace = Trace([Interval(0, None, ())])
        self.context: list[Iteration] = []
        self.loops: list[LoopExits] = []
        self.seq = 0
        zero = z3.BitVecVal(0, 32)
        self.epochs: dict[ir.Fence, z3.ExprRef] = {ir.Fence.LOCAL: zero, ir.Fence.GLOBAL: zero}
        # Barriers certainly run so far, oldest first; each item is the whole list up
        # to it, so an access records the last item (truncating keeps a prefix).
        self.after: list[Certain] = []
        self.data = self.trace.data  # symbols and functions holding memory contents
        self.reads_memory = Mentions(self.data)  # whether a term holds one of them
        self.reads_stored = Mentions(self.trace.stored)
        self.copies: list[PendingCopy] = []  # async group copies not yet waited for
        self.events: list[z3.ExprRef] = []  # one per copy that started a new event
        # Per private array, how many lifetimes it began so far (ir.Indeterminate);
        # each access records the one it is in.
        self.lifetimes: dict[str, int] = {}

    # ------------------------------------------------------------ dispatch

    def block(self, stmts: list[ir.Stmt]) -> None:
        """Each statement by its kind's handler ``_Kind``, until no thread is active."""
        for stmt in stmts:
            if z3.is_false(self.active):
                return
            getattr(self, f"_{type(stmt).__name__}")(stmt)

    # ---------------------------------------------------------- the state

    @property
    def env(self) -> Env:
        """The private variables' values on the current path; the encoder's own, so
        an expression reads exactly what the statements before it wrote."""
        return self.enc.env

    def set_env(self, env: Env) -> None:
        """Switch to another path's environment (an arm of an ``if``, a merge)."""
        self.enc.env = env

    @property
    def in_abstract_loop(self) -> bool:
        """Whether the current statement is inside a loop abstracted to one symbolic
        iteration (iteration -1 in the context): when it runs is not known."""
        return any(it.iteration < 0 for it in self.context)

    @property
    def last_certain(self) -> Certain | None:
        """The barriers certainly run so far (the newest, which links the older)."""
        return self.after[-1] if self.after else None

    def var_type(self, name: str) -> ir.ScalarType:
        """A variable's declared type (``int`` for one the front end did not type)."""
        return self.kernel.var_types.get(name, ir.INT)

    def undefined(self, cond: z3.BoolRef, pos: SourcePos, what: str,
                  operands: tuple[z3.ExprRef, ...]) -> None:
        """The operation at ``pos`` is undefined when ``cond`` holds; recorded if reachable.

        Arithmetic on the host's inputs (buffers the kernel only reads) is the
        data's business, not the kernel's control: it is assumed defined (a
        stated model assumption, checked to be satisfiable), like GPUVerify does
        for all arithmetic.  Everything else is checked: what is computed from
        thread ids, sizes, scalars, N and loop counters, and what was read from
        memory the kernel writes (its value is over-approximated, so a failure
        through it is a possible one, an unknown)."""
        if any(self.reads_memory(x) for x in operands) and \
                not any(self.reads_stored(x) for x in operands):
            undefined = z3.simplify(cond)
            if not z3.is_false(undefined):
                self.trace.assumed_defined.append(
                    AssumedDefined(z3.simplify(self.active), undefined, pos, what))
            return
        failure = z3.simplify(conj(self.active, cond))
        if not z3.is_false(failure):
            self.trace.undefined.append(UndefinedSite(failure, pos, what))

    def cond(self, e: ir.Expr) -> z3.BoolRef:
        """A condition as a simplified formula, so a constant one is seen as constant
        (and its branch, loop exit or barrier settled without the solver)."""
        return z3.simplify(self.enc.typed(e, ir.BOOL))

    def index_of(self, e: ir.Expr) -> z3.ExprRef:
        """``e`` as an array index (widened to the index width)."""
        return z3.simplify(as_index(self.enc.eval(e), e.type, self.symbols))

    def assign(self, name: str, value: z3.ExprRef, src: ir.ScalarType) -> None:
        """``name = value``, converted from ``src`` to the variable's declared type as C
        converts on assignment; the variable is assigned from now on."""
        declared = self.kernel.var_types.get(name, src)
        self.env[name] = z3.simplify(convert(value, src, declared, self.symbols))
        self.env.pop(name + UNSET, None)

    # ---------------------------------------------------------- the paths

    def merge(self, guard: z3.BoolRef, chosen: Env, other: Env) -> Env:
        """Per variable: ``chosen`` where ``guard`` holds, ``other`` elsewhere.  A
        private variable assigned on one side only may be unassigned after it."""
        out = dict(other)
        for name in chosen.keys() ^ other.keys():  # a cell known on one side only
            if name.startswith(CELL):
                out.pop(name, None)
        for name, value in chosen.items():
            if name.startswith(CELL) and name not in other:
                continue
            prev = other.get(name)
            if prev is None:
                out[name] = value
            elif not prev.eq(value):
                out[name] = z3.simplify(z3.If(guard, value, prev))
        for name in chosen.keys() | other.keys():
            if (name.endswith(UNSET) or name.startswith(CELL)
                    or self.enc.scalars(name) is not None):
                continue
            here, there = self.unset(chosen, name), self.unset(other, name)
            if z3.is_false(here) and z3.is_false(there):
                out.pop(name + UNSET, None)
            else:
                out[name + UNSET] = z3.simplify(z3.If(guard, here, there))
        return out

    @staticmethod
    def unset(env: Env, name: str) -> z3.BoolRef:
        """When ``name`` has not been assigned in ``env``."""
        return env.get(name + UNSET, z3.BoolVal(name not in env))

    def rejoin(self, exits: list[tuple[z3.BoolRef, Env]], certain: int | None = None) -> None:
        """Threads that left through break/continue (or an earlier loop exit) take
        part again here; barriers after position ``certain`` are no longer certain."""
        if exits and certain is not None:
            del self.after[certain:]
        for guard, env in exits:
            self.set_env(self.merge(guard, env, self.env))
            self.active = z3.simplify(disj(self.active, guard))
