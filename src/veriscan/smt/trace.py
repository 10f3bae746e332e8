"""What symbolic execution of one thread produces: barrier intervals of accesses.

An *interval* is the code between two barriers that every thread of the group
passes together (001 Def. 5.2: accesses in different intervals can never
race inside a group).  Loops with barriers are unrolled per iteration, so an
interval also records the loop iterations and uniform values (``offset = 4``)
it belongs to; those become the witness's "where".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from veriscan.errors import SourcePos
from veriscan.ir.nodes import Fence


@dataclass(frozen=True)
class Iteration:
    loop: str
    iteration: int
    values: tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, object]:
        return {"loop": self.loop, "iteration": self.iteration, "values": dict(self.values)}


@dataclass(frozen=True, eq=False)
class Certain:
    """The barriers certainly run before some point, newest first: a barrier
    (its sequence number and fences) and the list before it.  Shared, never
    copied: every access points at the list as it stood, so recording an
    access costs the same however many barriers came before it."""

    seq: int
    fences: Fence
    earlier: Certain | None


@dataclass
class Access:
    array: str
    index: z3.ExprRef      # 64-bit signed element index
    write: bool
    guard: z3.BoolRef      # the thread performs the access iff this holds
    pos: SourcePos
    interval: int
    seq: int = 0           # position in the unrolled program order
    # Barriers under a uniform but non-constant guard do not split intervals;
    # instead each memory space counts how many have fired (local, global).
    epochs: tuple[z3.ExprRef, z3.ExprRef] | None = None
    # Barriers that certainly ran before this access, given it runs.
    after: Certain | None = None
    abstracted: bool = False  # inside a loop abstracted to one symbolic iteration
    value: z3.ExprRef | None = None  # what a write stores (for same-value tolerance)
    atomic: bool = False   # half of an atomic read-modify-write: never races another atomic
    # Part of an async group copy, performed by whichever work-items of the group:
    # the same access of the other thread of a pair is the same copy, not a second one.
    collective: bool = False
    # Of a private array: which lifetime of it (ir.Indeterminate) the access is in;
    # a write of an earlier lifetime does not initialise a read of this one.
    lifetime: int = 0

    def separated_from(self, other: Access, fence: Fence) -> bool:
        """A barrier fencing ``fence`` certainly runs between the two (same group)."""
        first, last = (self, other) if self.seq < other.seq else (other, self)
        barrier = last.after
        while barrier is not None and barrier.seq > first.seq:  # newest first
            if fence in barrier.fences:
                return True
            barrier = barrier.earlier
        return False

    @property
    def kind(self) -> str:
        return "write" if self.write else "read"


@dataclass
class PointerSite:
    """A pointer formed by arithmetic, to element ``index`` of ``array`` (see
    :class:`~veriscan.ir.nodes.PointerFormed`): defined from 0 to the array's extent."""

    array: str
    index: z3.ExprRef      # 64-bit signed element index
    guard: z3.BoolRef      # the thread forms it iff this holds
    pos: SourcePos
    interval: int

    @property
    def kind(self) -> str:
        return "pointer"


@dataclass
class Interval:
    number: int
    opened_by: SourcePos | None
    context: tuple[Iteration, ...]
    fences: Fence = Fence.LOCAL | Fence.GLOBAL   # what the opening barrier orders
    accesses: list[Access] = field(default_factory=list)

    def describe(self) -> dict[str, object]:
        return {"number": self.number,
                "after_barrier": str(self.opened_by) if self.opened_by else "kernel start",
                "loop_iterations": [it.to_json() for it in self.context]}


@dataclass
class AssertionSite:
    failure: z3.BoolRef    # reached and false
    pos: SourcePos


@dataclass
class UndefinedSite:
    """An operation C leaves undefined (signed overflow, division by zero, ...)."""

    failure: z3.BoolRef    # reached and undefined
    pos: SourcePos
    what: str


@dataclass
class AssumedDefined:
    """An operation on values read from memory, which the model assumes defined: that
    assumption is only a model if some content of memory makes it true."""

    reached: z3.BoolRef
    undefined: z3.BoolRef
    pos: SourcePos
    what: str


@dataclass
class Trace:
    intervals: list[Interval]
    assertions: list[AssertionSite] = field(default_factory=list)
    assumptions: list[z3.BoolRef] = field(default_factory=list)
    undefined: list[UndefinedSite] = field(default_factory=list)
    assumed_defined: list[AssumedDefined] = field(default_factory=list)
    no_wrap: list[z3.BoolRef] = field(default_factory=list)  # abstract loop counters
    barriers_checked: int = 0
    # Each atomic read (the first half of a read-modify-write) and the value it returns.
    atomic_reads: list[tuple[Access, z3.ExprRef]] = field(default_factory=list)
    pointers: list[PointerSite] = field(default_factory=list)  # pointer arithmetic
    data: set[str] = field(default_factory=set)  # symbols holding memory contents
    # Of ``data``, the reads of memory the kernel itself writes or initialises (local
    # and written global arrays, constant tables): the model does not follow what was
    # stored there, so such a value is over-approximated, and arithmetic on it is
    # checked like any other instead of assumed defined (the kernel may have stored
    # the very value that makes it undefined).
    stored: set[str] = field(default_factory=set)
