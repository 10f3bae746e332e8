"""The kernel IR: a small structured language in the spirit of seed 003 §3.

Design choices that the analyses rely on:

* Memory accesses are *statements* (:class:`Load` into a private variable,
  :class:`Store` from an expression), never buried inside expressions.  The
  front end introduces temporaries, so every access has its own source
  position and its own place in program order; race and permission checks
  iterate over statements only.
* Expressions are side-effect free and typed just enough for the SMT encoding
  (integer width/signedness, bool, float, or the generic ``TYPE``).
* Control flow is structured (:class:`If`, :class:`Loop`); ``break``/``continue``
  and ``return`` are explicit statements so analyses can be conservative about
  them.  Anything the front end cannot represent faithfully becomes an
  :class:`Unsupported` statement, which forces an ``unknown`` verdict.
* Every node carries a :class:`~veriscan.errors.SourcePos`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from veriscan.errors import SourcePos
from veriscan.ir.types import (  # noqa: F401 (re-exported: nodes.INT, nodes.ScalarType...)
    BOOL,
    GENERIC,
    INT,
    LONG,
    SIZE_T,
    UINT,
    MemSpace,
    ScalarType,
    TypeKind,
)

# --------------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Expr:
    pos: SourcePos
    type: ScalarType


@dataclass(frozen=True)
class Const(Expr):
    value: int | float | bool


@dataclass(frozen=True)
class Var(Expr):
    """A private (per-thread) scalar variable or a scalar kernel parameter."""

    name: str


class BuiltinKind(enum.Enum):
    """Thread-identity built-ins, in OpenCL terms; CUDA's map onto them.

    CUDA ``threadIdx`` = LOCAL_ID, ``blockIdx`` = GROUP_ID, ``blockDim`` =
    LOCAL_SIZE, ``gridDim`` = NUM_GROUPS.  GLOBAL_ID/GLOBAL_SIZE are kept as
    their own kinds (rather than expanded) so messages can quote the source.
    """

    LOCAL_ID = "local_id"
    GROUP_ID = "group_id"
    LOCAL_SIZE = "local_size"
    NUM_GROUPS = "num_groups"
    GLOBAL_ID = "global_id"
    GLOBAL_SIZE = "global_size"
    WORK_DIM = "work_dim"  # get_work_dim(): the launch's number of dimensions


@dataclass(frozen=True)
class Builtin(Expr):
    kind: BuiltinKind
    dim: int  # 0, 1 or 2 (x, y, z)


@dataclass(frozen=True)
class BinOp(Expr):
    """Arithmetic, bitwise, comparison and logical operators with C spelling.

    ``op`` is one of ``+ - * / % << >> & | ^ == != < <= > >= && ||``.
    Comparison and logical results have type BOOL.
    """

    op: str
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class UnOp(Expr):
    """``-``, ``~`` or ``!``."""

    op: str
    operand: Expr


@dataclass(frozen=True)
class Select(Expr):
    """``cond ? then : other``, both arms evaluated without side effects."""

    cond: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True)
class Cast(Expr):
    """A conversion to ``type``; casts involving GENERIC break genericity."""

    operand: Expr


@dataclass(frozen=True)
class GenericOp(Expr):
    """``OPERATOR(a, b)`` of a generic kernel: the monoid's operator, left to right."""

    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class GenericIdentity(Expr):
    """``IDENTITY`` of a generic kernel."""


@dataclass(frozen=True)
class Opaque(Expr):
    """A pure call the IR does not model (e.g. ``sqrt``): its value is unknown.

    Analyses treat the result as an arbitrary value of ``type``; this is sound
    for race checking as long as the value is not used in an address or a
    condition in a way the proof depends on (the SMT encoding leaves it free).
    """

    name: str
    args: tuple[Expr, ...]


# ---------------------------------------------------------------------- statements


@dataclass
class Stmt:
    pos: SourcePos


@dataclass
class Assign(Stmt):
    """``target = value`` for a private scalar."""

    target: str
    value: Expr


@dataclass
class Indeterminate(Assign):
    """A private object starts a new lifetime: ``target`` (a private scalar, or with
    ``array`` every cell of the private array ``target``) holds an indeterminate
    value, as if never assigned.

    C makes a block-scope object a new object each time its block is entered, its
    value indeterminate each time its declaration is reached (C11 6.2.4p6), until
    its initialiser or a later assignment gives it one.  The IR keeps one name per
    declaration, which a loop body or an inlined function reaches again; without
    this statement the value of an earlier iteration or an earlier call would count
    as this object's.

    It is an :class:`Assign` of the object to itself (``value`` is ``Var(target)``,
    see :meth:`of`), so a pass that does not ask whether values were assigned
    (pictures, the specification checker) sees a statement that changes nothing:
    what it saw before this statement existed.  The symbolic executor forgets the
    value and marks it unassigned; the initialisation check does not let an
    array's writes from before count for reads after it.
    """

    array: bool = False

    @staticmethod
    def of(pos: SourcePos, target: str, type_: ScalarType, array: bool = False
           ) -> Indeterminate:
        return Indeterminate(pos, target, Var(pos, type_, target), array)


@dataclass
class Load(Stmt):
    """``target = array[index]``; multi-dimensional arrays are flattened row-major."""

    target: str
    array: str
    index: Expr
    atomic: bool = False  # the read half of an atomic read-modify-write


@dataclass
class Store(Stmt):
    """``array[index] = value``.

    ``atomic`` marks the write half of an atomic read-modify-write (``atomic_add``,
    ``atomicCAS`` ...): it follows its :class:`Load` with nothing between them, and
    two atomic accesses never race with each other (they do with plain ones).
    """

    array: str
    index: Expr
    value: Expr
    atomic: bool = False


class Fence(enum.Flag):
    NONE = 0
    LOCAL = enum.auto()
    GLOBAL = enum.auto()


@dataclass
class Barrier(Stmt):
    """A group barrier (``barrier(flags)`` / ``__syncthreads()``)."""

    fences: Fence


@dataclass
class GroupCopy(Stmt):
    """OpenCL ``async_work_group_copy`` / ``async_work_group_strided_copy``.

    The group copies ``count`` elements, ``dst[dst_index + k*dst_stride] =
    src[src_index + k*src_stride]`` for every ``k``, performed by work-items the
    specification leaves unnamed, at any time between this statement and the
    ``wait_group_events`` naming its event.  ``event`` is the event argument (an
    earlier copy's event joins this copy to it; 0 starts a new one); ``target``
    receives the copy's event.
    """

    dst: str
    dst_index: Expr
    src: str
    src_index: Expr
    count: Expr
    src_stride: Expr
    dst_stride: Expr
    event: Expr
    target: str


@dataclass
class WaitEvents(Stmt):
    """``wait_group_events``: the copies of these events are complete afterwards."""

    events: tuple[Expr, ...]


@dataclass
class If(Stmt):
    cond: Expr
    then: list[Stmt]
    other: list[Stmt] = field(default_factory=list)


@dataclass
class Loop(Stmt):
    """``for``/``while``/``do`` normalised to: ``init; while (cond) { body; step }``.

    ``init`` and ``step`` are kept apart from the body so analyses can spot
    induction variables; ``test_first`` is False for ``do``-``while``.
    ``label`` identifies the loop in witnesses (e.g. ``loop@12``).
    """

    init: list[Stmt]
    cond: Expr
    body: list[Stmt]
    step: list[Stmt]
    test_first: bool = True
    label: str = ""


@dataclass
class Break(Stmt):
    pass


@dataclass
class Continue(Stmt):
    pass


@dataclass
class Return(Stmt):
    pass


@dataclass
class Assume(Stmt):
    """A fact the verifier may assume (GPUVerify ``__requires``, stated preconditions)."""

    cond: Expr


@dataclass
class Assert(Stmt):
    """A fact the verifier must prove: a GPUVerify ``__assert`` (``what`` empty), or a
    condition C needs for the code to be defined (``what`` says which).
    ``invariant`` marks a GPUVerify loop invariant checked where it is evaluated."""

    cond: Expr
    what: str = ""
    invariant: bool = False


@dataclass
class PointerFormed(Assert):
    """Pointer arithmetic (``a + k``, ``p += k``, ``p++``, ``&a[k]``) gave a pointer to
    element ``index`` of ``array``: C defines it only from the array's first element
    to one past its last (C11 6.5.6p8), whether or not it is ever dereferenced.

    Deciding it needs the array's extent, which for a pointer parameter only the
    check knows (``--array-size``): the symbolic executor records the site and the
    bounds check decides it with the extents it has, as it does for accesses.  It
    is an :class:`Assert` of true (see :meth:`of`), so a pass that does not know it
    (pictures, the specification checker) has nothing to check.
    """

    array: str = ""
    index: Expr | None = None

    @staticmethod
    def of(pos: SourcePos, array: str, index: Expr) -> PointerFormed:
        return PointerFormed(pos, Const(pos, BOOL, True), "pointer arithmetic outside its array",
                             False, array, index)


@dataclass
class Unsupported(Stmt):
    """A construct the IR cannot represent faithfully; any verdict becomes unknown.

    ``breaks_genericity`` marks constructs unsupported *because* they look inside
    the generic ``TYPE`` (e.g. casting a ``TYPE *``): for those the genericity
    check has a definite answer even though the other checks do not."""

    construct: str
    breaks_genericity: bool = False
    # The stated assumption (an id of ASSUMPTIONS) under which the construct is
    # modelled after all; a check the caller grants it to reads on, naming it.
    waived_by: str | None = None


# Assumptions a caller may grant so that an Unsupported construct is analysed.
PURE_CALLS = "pure-calls"
ASSUMPTIONS = {PURE_CALLS: "calls to functions whose body is not in the file touch no "
                           "memory, contain no barrier, return, and give an arbitrary value"}


@dataclass
class Arbitrary(Assign):
    """``target`` receives a value nothing in the kernel determines, a new one each
    time it is reached: the result of a call to a function whose body is not in the
    file, under the :data:`PURE_CALLS` assumption (an :class:`Unsupported` waived by
    it comes with each such call).

    ``value`` is what a pass that only reads values sees: an opaque function of the
    call's arguments and the work-item's ids, so it is never uniform across
    work-items.  The symbolic executor gives a fresh value each time instead, since
    the function may return another value on every call."""


# ------------------------------------------------------------------------- kernels


@dataclass(frozen=True)
class Param:
    """A kernel parameter: a scalar (``pointee`` is None) or a pointer to an array."""

    name: str
    type: ScalarType
    space: MemSpace = MemSpace.PRIVATE
    is_pointer: bool = False
    is_const: bool = False
    pos: SourcePos | None = None
    # An OpenCL vector type's lanes (1: a scalar).  A pointer to vectors points at
    # scalars of ``type``, ``cells_per_element`` of them per vector; a vector value
    # is the scalars named by ``lane_name(name, k)``.
    lanes: int = 1

    @property
    def cells_per_element(self) -> int:
        """Scalar cells one element takes in memory (a 3-vector takes 4)."""
        return cells_per_vector(self.lanes)

    @property
    def values(self) -> list[str]:
        """The scalar variables a by-value parameter provides."""
        if self.lanes == 1:
            return [self.name]
        return [lane_name(self.name, k) for k in range(self.lanes)]


def cells_per_vector(lanes: int) -> int:
    """Scalar cells a vector of ``lanes`` lanes takes in memory (OpenCL C 6.1.5)."""
    return 4 if lanes == 3 else lanes


def lane_name(vector: str, k: int) -> str:
    """The variable holding lane ``k`` of the private vector ``vector`` (``v.s3``)."""
    return f"{vector}.s{k:x}"


@dataclass(frozen=True)
class ArrayDecl:
    """A statically sized array: ``__local``/``__shared__`` or private.

    ``dims`` are the declared extents (outermost first); accesses use the
    flattened row-major index.
    """

    name: str
    type: ScalarType
    space: MemSpace
    dims: tuple[int, ...]
    pos: SourcePos | None = None
    lanes: int = 1  # an array of vectors: lanes per vector (its last extent holds them)

    @property
    def size(self) -> int:
        total = 1
        for d in self.dims:
            total *= d
        return total


class Dialect(enum.Enum):
    OPENCL = "opencl"
    CUDA = "cuda"


@dataclass
class Kernel:
    name: str
    dialect: Dialect
    params: list[Param]
    arrays: list[ArrayDecl]
    body: list[Stmt]
    file: str
    source: str
    defines: dict[str, str] = field(default_factory=dict)
    pos: SourcePos | None = None
    # Declared type of every private scalar the body assigns (user variables,
    # inlined parameters and front-end temporaries), for the SMT encodings.
    var_types: dict[str, ScalarType] = field(default_factory=dict)
    # GPUVerify annotations the front end did not use (see frontend.gpuverify),
    # each "what at where (why)", so verdicts can say what they did not check.
    ignored_annotations: list[str] = field(default_factory=list)
    # The kernel's preconditions/assumptions it could not express: proofs stand
    # without them, but a counterexample may break them, so it is no violation.
    unexpressed_assumptions: list[str] = field(default_factory=list)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def cell(self, array: str, index: int) -> str:
        """``array[index]`` as the source names it: a cell of memory holding vectors
        is one lane of one vector (cell 13 of a ``float4 *G`` is ``G[3].y``, of a
        ``float4 L[2][3]`` is ``L[1][0].y``)."""
        holder = self.array(array) or self.param(array)
        lanes = holder.lanes if holder is not None else 1
        if lanes == 1:
            return f"{array}[{index}]"
        element, lane = divmod(index, cells_per_vector(lanes))
        subscripts: list[int] = []
        # A multi-dimensional array of vectors: the element's row-major subscripts.
        for extent in reversed(holder.dims[1:-1] if isinstance(holder, ArrayDecl) else ()):
            element, rest = divmod(element, extent)
            subscripts.insert(0, rest)
        where = "".join(f"[{k}]" for k in (element, *subscripts))
        return f"{array}{where}.{'xyzw'[lane] if lanes <= 4 else f's{lane:x}'}"

    def array(self, name: str) -> ArrayDecl | None:
        return next((a for a in self.arrays if a.name == name), None)

    def element_type(self, name: str) -> ScalarType:
        """What a load of the array yields and a store converts to (``int`` if untyped)."""
        decl, param = self.array(name), self.param(name)
        return decl.type if decl is not None else param.type if param is not None else INT

    def space_of(self, name: str) -> MemSpace:
        """Memory space of an array named in a Load/Store."""
        decl, param = self.array(name), self.param(name)
        if decl is not None:
            return decl.space
        if param is not None and param.is_pointer:
            return param.space
        raise KeyError(name)
