"""Lower a libclang kernel definition to the veriscan IR.

The lowering never drops what it does not model.  Every cursor goes through
one dispatch point (:meth:`KernelLowering.rule`) with one table of rules per
role (statement, value, pointer, assignment target); a kind without a rule,
or a construct a rule cannot express faithfully (calls it cannot inline,
pointers it cannot resolve to a finite set of targets (:mod:`.pointers`),
unions, goto, switch, inline assembly, ...), becomes an :class:`ir.Unsupported`
statement at the construct's line, which forces every verdict to ``unknown``.
Structs are lowered field by field (:mod:`.structs`).  Cursors read only as compile-time
information (type names, constants) are marked consumed, so an audit
(:mod:`veriscan.frontend.cursors`) can prove cursor by cursor that nothing was
skipped.  Before lowering, :mod:`veriscan.frontend.typeflow` reports every
change of pointee type and every type query on ``TYPE`` as ``Unsupported``.

Memory accesses become :class:`ir.Load`/:class:`ir.Store` statements through
temporaries so every access keeps its own position and program order; arms of
``?:``, ``&&`` and ``||`` that access memory become ``If`` statements so that
an access is only analysed under the condition that guards it in C.  CUDA
references alias the caller's variable or array element.  Expressions deeper
than :data:`SPILL_DEPTH` are split through temporaries, so the analyses, which
recurse over expressions, never meet a deep tree; the recursion itself runs
with room for :data:`~veriscan.frontend.typeflow.MAX_NESTING` levels
(:mod:`veriscan.frontend.stack`).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import clang.cindex as ci

from veriscan.budget import Progress, charge
from veriscan.errors import SourcePos
from veriscan.frontend import gpuverify, intrinsics
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallInfo, CallKind, classify_call
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.consteval import evaluate_constant, has_side_effects
from veriscan.frontend.cooperative import GroupLowering
from veriscan.frontend.cursors import (
    Outcome,
    children,
    current_audit,
    is_expression,
    is_value_wrapper,
    kind_of,
    var_initializer,
)
from veriscan.frontend.pointers import (
    DeclKey,
    PointerRef,
    PointerTargets,
    is_valid_target,
    null_pointer,
    unset_pointer,
    variable_use,
)
from veriscan.frontend.pointers import decl_key as _decl_key
from veriscan.frontend.stack import run_deep
from veriscan.frontend.structs import (
    POINTER_CELL,
    Leaf,
    StructLayoutError,
    StructPlace,
    default_construction_is_empty,
    is_struct,
    leaves,
)
from veriscan.frontend.typeflow import type_leaks
from veriscan.frontend.vectors import VectorLowering
from veriscan.ir import nodes as ir
from veriscan.ir.visit import (
    assigned_vars,
    expr_children,
    stmt_exprs,
    sub_exprs,
    walk,
    written_var,
)

K = ci.CursorKind
_COMPARISONS = {"<", ">", "<=", ">=", "==", "!="}
_ARITH = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
_CAST_KINDS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR,
               K.CXX_CONST_CAST_EXPR}
_REFERENCES = (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE)
# Threads per warp on every NVIDIA GPU so far (the value of CUDA's warpSize).
CUDA_WARP_SIZE = 32
FULL_WARP_MASK = 0xFFFFFFFF
# Reads of CUDA texture references (declared by the CUDA prelude).
_TEXTURE_READS = ("tex1Dfetch", "tex1D", "tex2D")
# Private arrays with an initialiser larger than this are refused (one store per cell).
MAX_INITIALISED_CELLS = 1024
# Expressions deeper than this are split through temporaries (see the module doc).
SPILL_DEPTH = 48


# What a reference is bound to: a private variable (by name) or an array element
# (array, name of the variable holding the offset fixed at binding time).
RefTarget = str | tuple[str, str]
# What lowering one operand gives: a value, an element, a reference's target.
_Operand = ir.Expr | PointerRef | RefTarget | StructPlace
T = TypeVar("T")


@dataclass(frozen=True)
class _Effects:
    """What one lowered operand reads, writes and accesses (for :meth:`unsequenced`),
    and which of its writes are open: not complete before its value is (for
    :meth:`~KernelLowering.assignment`)."""

    reads: frozenset[str]
    writes: frozenset[str]
    arrays_read: frozenset[str]
    arrays_written: frozenset[str]
    barrier: bool
    open_writes: frozenset[str] = frozenset()
    open_arrays: frozenset[str] = frozenset()

    @staticmethod
    def of(stmts: list[ir.Stmt], result: _Operand | None,
           settled: Container[int] = frozenset()) -> _Effects:
        """``settled``: the ids of statements complete before the operand's value
        (see :meth:`KernelLowering.settled`).  A new lifetime (``ir.Indeterminate``) is
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
                reads |= _vars_in(root)
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
            reads |= _vars_in(result.offset)
            if result.selector is not None:
                reads |= _vars_in(result.selector)
        elif isinstance(result, ir.Expr):
            reads |= _vars_in(result)
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


def _vars_in(e: ir.Expr) -> set[str]:
    return {x.name for x in sub_exprs(e) if isinstance(x, ir.Var)}


@dataclass
class _InlineFrame:
    function: str
    result: str | None


class UnsupportedConstruct(Exception):
    """Raised inside the lowering of one construct; caught at statement level."""

    def __init__(self, construct: str, breaks_genericity: bool = False):
        super().__init__(construct)
        self.construct = construct
        self.breaks_genericity = breaks_genericity


class KernelLowering:
    """One kernel's lowering state: names, arrays, pointer aliases, inline stack."""

    def __init__(self, file: str, dialect: ir.Dialect,
                 targets: PointerTargets | None = None,
                 progress: Progress | None = None):
        self.file = file
        self.progress = progress  # hears each top-level statement of the body lowered
        self._body: ci.Cursor | None = None
        self.dialect = dialect
        self.params: list[ir.Param] = []
        self.arrays: list[ir.ArrayDecl] = []
        self.var_types: dict[str, ir.ScalarType] = {}
        self._names: dict[tuple[str, int, int, str], str] = {}
        self._taken: set[str] = set()  # every name handed out (declarations, temporaries)
        # pointer var -> (its declaration, target selector var, offset var)
        self._aliases: dict[str, tuple[DeclKey, str, str]] = {}
        self.targets = targets if targets is not None else PointerTargets()
        self._refs: dict[str, RefTarget] = {}  # reference var -> what it is bound to
        self._shared_scalars: set[str] = set()  # scalars kept as one-cell arrays
        self._addressed: set[DeclKey] = set()  # variables whose address is taken
        self._struct_vars: set[str] = set()  # private structs, kept field by field
        self._struct_arrays: set[str] = set()  # struct arrays, kept as one array per field
        # Struct array -> the array of its first field and that field's cells per element
        # (where pointer arithmetic on the struct array is bounded, see formed()).
        self._struct_units: dict[str, tuple[str, int]] = {}
        # What the kernel body starts with for its parameters (see struct_param).
        self._prologue: list[Callable[[], None]] = []
        self._block: list[ir.Stmt] = []
        self._repeated = 0  # loops around the statement being lowered
        # Statements complete before the value of the expression part that made them
        # (by id, kept alive here so that an id is never reused): see settled().
        self._settled: dict[int, ir.Stmt] = {}
        self._inline: list[_InlineFrame] = []
        self.ignored_annotations: list[str] = []  # GPUVerify annotations not used, and why
        self.unexpressed_assumptions: list[str] = []  # of them, assumptions
        self._row_base = False  # the next subscript lowered is the base of another
        self._temp = 0
        self._pos = SourcePos(file, 0)
        # Bytes of the launch's dynamic shared memory (extern __shared__), if given.
        self.dynamic_shared: int | None = None
        self._dynamic_shared: set[str] = set()  # arrays declared extern __shared__
        self.groups = GroupLowering(self)  # CUDA cooperative groups
        self._top_block: list[ir.Stmt] | None = None  # the kernel body's own statements
        self._returned = False  # a return was lowered: what follows may be skipped
        self._audit = current_audit()
        self.vectors = VectorLowering(self)

    # ------------------------------------------------------------------ helpers

    def pos(self, c: ci.Cursor) -> SourcePos:
        loc = c.location
        if loc.file is not None and loc.file.name == self.file and loc.line:
            return SourcePos(self.file, loc.line, loc.column)
        return self._pos

    def emit(self, stmt: ir.Stmt) -> None:
        self._block.append(stmt)

    @contextmanager
    def block(self, repeated: bool = False) -> Iterator[list[ir.Stmt]]:
        """Statements lowered inside go to a new list; ``repeated``: a loop's, which
        may run more than once (see :meth:`new_lifetime`)."""
        saved, self._block = self._block, []
        self._repeated += repeated
        try:
            yield self._block
        finally:
            self._block = saved
            self._repeated -= repeated

    @property
    def inlining(self) -> bool:
        """Inside the body of an inlined function, not the kernel's own."""
        return bool(self._inline)

    def new_lifetime(self, name: str, pos: SourcePos) -> None:
        """The private scalar or private array ``name`` is declared here: each time
        the declaration is reached, C begins a new object, its value indeterminate
        until assigned (C11 6.2.4p6), which :class:`ir.Indeterminate` says.

        Every kind of declaration comes here for each scalar or array it creates
        (a variable, a vector's lanes, a struct's fields, an array, a variable kept
        in memory because its address is taken; pointers start again as never
        given a value, :func:`.pointers.unset_pointer`).  Only a declaration that can
        be reached again needs it, in a loop or in an inlined function (called
        again): the first time, nothing has assigned the name yet, which the
        engines already treat as unassigned.  Objects shared by the group
        (``__local``, ``__shared__``) live as long as the group: left alone.
        """
        if not (self._repeated or self.inlining):
            return
        array = self.kernel_array(name)
        if array is not None:
            if array.space is ir.MemSpace.PRIVATE:
                self.emit(ir.Indeterminate.of(pos, name, array.type, array=True))
        elif name in self.var_types:
            self.emit(ir.Indeterminate.of(pos, name, self.var_types[name]))

    def fresh(self, stem: str, type_: ir.ScalarType) -> str:
        """A new variable name that no declaration and no other temporary has."""
        self._temp += 1
        name = f"{stem}#{self._temp}"
        while name in self._taken:
            self._temp += 1
            name = f"{stem}#{self._temp}"
        self._taken.add(name)
        self.var_types[name] = type_
        return name

    def decl_name(self, decl: ci.Cursor) -> str:
        key = _decl_key(decl)
        if key not in self._names:
            name = decl.spelling or "anon"
            suffix = 1
            while name in self._taken:
                suffix += 1
                name = f"{decl.spelling}#{suffix}"
            self._names[key] = name
            self._taken.add(name)
        return self._names[key]

    def known_decl(self, decl: ci.Cursor) -> str | None:
        name = self._names.get(_decl_key(decl))
        if name is None and _is_file_scope_shared(decl, self.dialect):
            # A file-scope __shared__ array is the block's, like one declared in
            # the kernel: declared where first named (kernel or device function).
            self.var_decl(decl)
            name = self._names.get(_decl_key(decl))
        return name

    # ------------------------------------------------------------ the dispatch

    def rule(self, c: ci.Cursor, rules: dict[ci.CursorKind, Callable], role: str) -> Callable:
        """The one dispatch point: the rule for ``c`` in the table for ``role``.

        A kind without a rule is refused (it becomes ``Unsupported``), never
        skipped; the audit, when one is running, records either outcome.
        """
        kind = kind_of(c)
        rule = rules.get(kind) if kind is not None else None
        if rule is None:
            self.note(c, Outcome.REFUSED)
            name = kind.name if kind is not None else "unknown"
            raise UnsupportedConstruct(_REFUSALS.get(kind) or f"{role} of kind {name}")
        self.note(c, Outcome.LOWERED)
        return rule

    def note(self, c: ci.Cursor, outcome: Outcome) -> None:
        if self._audit is not None:
            self._audit.note(c, outcome)

    def consume(self, *cursors: ci.Cursor) -> None:
        """Mark cursors read only as compile-time information (types, constants)."""
        for c in cursors:
            self.note(c, Outcome.CONSUMED)

    def constant(self, c: ci.Cursor, what: str) -> int | float:
        """A compile-time constant operand, such as a barrier's flags.

        An operand with side effects, ``(out[0] = x, 0)``, is lowered (its
        effects emitted in order) and must come out as a constant.
        """
        value = evaluate_constant(c)
        if value is not None:
            self.consume(c, *children(c))
            return value
        if has_side_effects(c):
            value = _folded_int(self.expr(c))
            if value is not None:
                return value
        raise UnsupportedConstruct(f"{what} that is not a compile-time constant")

    def unwrap(self, c: ci.Cursor) -> ci.Cursor:
        """Skip parentheses and implicit conversions; refuse other unexposed expressions."""
        while kind_of(c) in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = children(c)
            if c.kind == K.UNEXPOSED_EXPR and not is_value_wrapper(c, kids):
                self.note(c, Outcome.REFUSED)
                raise UnsupportedConstruct("expression the front end cannot see into")
            if len(kids) != 1:
                raise UnsupportedConstruct(f"{c.kind.name} with {len(kids)} operands")
            self.note(c, Outcome.LOWERED)
            c = kids[0]
        return c

    # -------------------------------------------------------------- parameters

    def add_params(self, fn: ci.Cursor) -> None:
        for p in fn.get_arguments():
            name = self.decl_name(p)
            t = p.type
            pos = self.pos(p)
            if self.struct_param(name, t, pos):
                continue
            if ty.is_pointer(t) or ty.is_array(t):
                # A parameter declared as an array (``float a[][16]``) is a pointer
                # to its first row; libclang shows the type as written.
                pointee = t.get_array_element_type() if ty.is_array(t) else t.get_pointee()
                space = (ty.opencl_space(pointee) if self.dialect is ir.Dialect.OPENCL
                         else ir.MemSpace.GLOBAL)
                if space is ir.MemSpace.PRIVATE:
                    space = ir.MemSpace.GLOBAL
                shape = ty.vector_shape(pointee)
                self.params.append(ir.Param(name, ty.scalar_type(ty.element_type(pointee)),
                                            space, True, pointee.is_const_qualified(), pos,
                                            lanes=shape.lanes if shape else 1))
            elif ty.vector_shape(t) is not None:
                shape = ty.vector_shape(t)
                assert shape is not None
                self.params.append(ir.Param(name, shape.element, ir.MemSpace.PRIVATE, False,
                                            t.is_const_qualified(), pos, lanes=shape.lanes))
                self.vectors.name_lanes(name, shape)
            else:
                st = ty.scalar_type(t)
                self.params.append(ir.Param(name, st, ir.MemSpace.PRIVATE, False,
                                            t.is_const_qualified(), pos))
                self.var_types[name] = st

    # -------------------------------------------------------------- statements

    def lower_body(self, body: ci.Cursor) -> list[ir.Stmt]:
        """The kernel body as IR, led by one ``Unsupported`` per type leak."""
        if self._audit is not None:
            self._audit.roots.append(body)
        self._body = body
        flow = type_leaks(body, None, self.file)
        use = variable_use(body)
        self._addressed = set(use.addressed)
        with self.block() as out:
            self._top_block = out
            for step in self._prologue:
                step()
            self.movable_params(use.assigned)
            for leak in flow.leaks:
                self.emit(ir.Unsupported(self.pos(leak.cursor), leak.construct,
                                         leak.breaks_genericity))
            run_deep(lambda: self.stmt(body), flow.depth,
                     SourcePos(self.file, body.location.line))
        return out

    def movable_params(self, assigned: frozenset[DeclKey]) -> None:
        """Pointer parameters the kernel moves (``A += n``) become pointer variables."""
        for key, name in list(self._names.items()):
            param = next((p for p in self.params if p.name == name), None)
            if key in assigned and param is not None and param.is_pointer:
                pos = param.pos or self._pos
                self.new_pointer(name, key)
                self.set_pointer(name, PointerRef.to(name, ir.Const(pos, ir.LONG, 0)), pos)

    def stmt(self, c: ci.Cursor) -> None:
        self._pos = self.pos(c)
        charge(self.where_now)
        try:
            rule = self.rule(c, _STMT_RULES, "statement") if not is_expression(c) else None
            if rule is None:
                self.discard(c)
            else:
                rule(self, c)
        except UnsupportedConstruct as exc:
            self.note(c, Outcome.REFUSED)
            self.emit(ir.Unsupported(self.pos(c), exc.construct, exc.breaks_genericity))

    def compound(self, c: ci.Cursor) -> None:
        kids = children(c)
        top = c is self._body and self.progress is not None
        for done, child in enumerate(kids, start=1):
            self.stmt(child)
            if top:
                self.progress(done, len(kids), f"front end: lowering ({done} of {len(kids)} "
                              "statements)")

    def where_now(self) -> str:
        """Where the lowering stands, for a check whose budget runs out in it."""
        return f"in the front end, lowering line {self._pos.line}"

    def decl_stmt(self, c: ci.Cursor) -> None:
        for child in children(c):
            self.rule(child, _DECL_RULES, "local declaration")(self, child)

    def null_stmt(self, c: ci.Cursor) -> None:
        return

    def break_stmt(self, c: ci.Cursor) -> None:
        self.emit(ir.Break(self.pos(c)))

    def continue_stmt(self, c: ci.Cursor) -> None:
        self.emit(ir.Continue(self.pos(c)))

    def var_decl(self, c: ci.Cursor) -> None:
        name = self.decl_name(c)
        t = c.type
        pos = self.pos(c)
        kids = children(c)
        init = var_initializer(c, kids)
        if self.groups.declare(c, init):
            return
        if (c.storage_class is ci.StorageClass.EXTERN and self.dialect is ir.Dialect.CUDA
                and self.var_space(c, kids) is ir.MemSpace.LOCAL):
            self.consume(*kids)
            self.dynamic_shared_array(c, name, pos)
            return
        # At file scope (a __shared__ array), static only keeps the name in the file.
        if c.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN) and not \
                _is_file_scope_shared(c, self.dialect):
            raise UnsupportedConstruct(f"{c.storage_class.name.lower()} local variable "
                                       f"'{c.spelling}' (one object for all calls and threads)")
        attributes = [k for k in kids if kind_of(k) is None or (
            k.kind.is_attribute() and k.kind not in (K.ANNOTATE_ATTR, K.ALIGNED_ATTR))]
        if attributes:
            # cleanup(f) runs code at the end of the scope; none is modelled.
            raise UnsupportedConstruct(f"attribute on local variable '{c.spelling}'")
        # Type names, CUDA qualifiers, array extents: compile-time information only.
        self.consume(*(k for k in kids if init is None or k != init))
        if ty.is_array(t):
            dims = ty.array_dims(t)
            if dims is None:
                raise UnsupportedConstruct(f"array '{c.spelling}' without a constant size")
            space = self.var_space(c, kids)
            if init is not None and (space is not ir.MemSpace.PRIVATE
                                     or ty.scalar_type(ty.element_type(t)).kind
                                     is ir.TypeKind.OTHER or dims != _array_levels(t)):
                raise UnsupportedConstruct(f"initialiser of array '{c.spelling}'")
            if space is ir.MemSpace.GLOBAL:
                raise UnsupportedConstruct(f"global-memory array '{c.spelling}' in a kernel")
            if is_struct(ty.element_type(t)):
                self.struct_array(name, ty.element_type(t), space, dims, pos)
                return
            self.arrays.append(ir.ArrayDecl(name, ty.scalar_type(ty.element_type(t)), space,
                                            dims, pos, ty.vector_lanes(t)))
            self.new_lifetime(name, pos)
            if init is not None:
                self.array_initialiser(name, ty.scalar_type(ty.element_type(t)), dims, init,
                                       pos)
            return
        if ty.type_kind(t.get_canonical()) in _REFERENCES:
            if init is None:
                raise UnsupportedConstruct(f"reference '{c.spelling}' without a target")
            self._refs[name] = self.bind_reference(init, t, pos)
            return
        if ty.is_pointer(t):
            ref = self.pointer(init) if init is not None else unset_pointer(pos)
            self.new_pointer(name, _decl_key(c))
            self.set_pointer(name, ref, pos)
            return
        if is_struct(t):
            self.struct_var(c, name, t, init, self.var_space(c, kids), pos)
            return
        if self.vectors.declare(c, name, self.var_space(c, kids), init, pos,
                                _decl_key(c) in self._addressed):
            return
        # ``auto`` keeps only the canonical type; the initialiser still says TYPE.
        st = ty.scalar_type(init.type if init is not None and ty.sugar_lost(t) else t)
        space = self.var_space(c, kids)
        if space is not ir.MemSpace.PRIVATE:
            # A __local/__shared__ scalar is one cell shared by the group.
            if init is not None:
                raise UnsupportedConstruct(f"initialiser of shared variable '{c.spelling}'")
            self.arrays.append(ir.ArrayDecl(name, st, space, (1,), pos))
            self._shared_scalars.add(name)
            return
        if st.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"local variable '{c.spelling}' of type {st}")
        if _decl_key(c) in self._addressed:
            self.private_cell(name, st, None if init is None else self.expr(init), pos)
            return
        self.var_types[name] = st
        self.new_lifetime(name, pos)
        if init is not None:
            self.emit(ir.Assign(pos, name, self.coerce(self.expr(init), st, pos)))

    def array_initialiser(self, name: str, st: ir.ScalarType, dims: tuple[int, ...],
                          init: ci.Cursor, pos: SourcePos) -> None:
        """``T a[n][m] = {{...}, ...}``: each listed element stored, the rest zero (C11
        6.7.9p21); the listed expressions are evaluated in no fixed order (6.7.9p23)."""
        size = 1
        for d in dims:
            size *= d
        if size > MAX_INITIALISED_CELLS:
            raise UnsupportedConstruct(f"initialiser of array '{name}' with more than "
                                       f"{MAX_INITIALISED_CELLS} cells")
        listed: list[tuple[int, ci.Cursor]] = []
        self.initialiser_cells(init, dims, 0, listed)
        values = self.unsequenced(*(partial(self.expr, k) for _, k in listed))
        given = {cell: value for (cell, _), value in zip(listed, values, strict=True)}
        for cell in range(size):
            value = given.get(cell, ir.Const(pos, st, 0))
            self.emit(ir.Store(pos, name, ir.Const(pos, ir.LONG, cell),
                               self.coerce(value, st, pos)))

    def initialiser_cells(self, init: ci.Cursor, dims: tuple[int, ...], base: int,
                          out: list[tuple[int, ci.Cursor]]) -> None:
        """The (cell, expression) pairs of a braced initialiser, nested as the array is
        (no brace elision, no designators: those are refused)."""
        c = self.unwrap(init)
        if c.kind != K.INIT_LIST_EXPR:
            raise UnsupportedConstruct("array initialiser that is not a braced list")
        self.note(c, Outcome.LOWERED)
        kids = children(c)
        row = 1
        for d in dims[1:]:
            row *= d
        if len(kids) > dims[0]:
            raise UnsupportedConstruct("array initialiser with more elements than the array")
        for i, k in enumerate(kids):
            if len(dims) > 1:
                self.initialiser_cells(k, dims[1:], base + i * row, out)
            elif self.peek(k).kind == K.INIT_LIST_EXPR:
                raise UnsupportedConstruct("braces around an element of an array initialiser")
            else:
                out.append((base + i, k))

    def private_cell(self, name: str, st: ir.ScalarType, init: ir.Expr | None,
                     pos: SourcePos) -> None:
        """A private scalar whose address is taken: a one-cell private array, so that
        pointers reach it like any other array (see :mod:`.pointers`)."""
        if name not in self._shared_scalars:  # a declaration inlined again reuses its cell
            self.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.PRIVATE, (1,), pos))
            self._shared_scalars.add(name)
        self.new_lifetime(name, pos)
        if init is not None:
            self.emit(ir.Store(pos, name, ir.Const(pos, ir.LONG, 0), self.coerce(init, st, pos)))

    def dynamic_shared_array(self, c: ci.Cursor, name: str, pos: SourcePos) -> None:
        """``extern __shared__ T s[];``: the launch's dynamic shared memory.

        Every such declaration names the same buffer, whatever its type, so a
        second one would alias the first; that is not modelled.  The extent is
        what ``--dynamic-shared BYTES`` holds of the element type.
        """
        if any(a.name == name for a in self.arrays):
            return  # the same declaration reached again (an inlined function)
        if self.dynamic_shared is None:
            raise UnsupportedConstruct(f"extern __shared__ array '{c.spelling}' is sized by "
                                       "the launch: give its size with --dynamic-shared BYTES")
        others = [a.name for a in self.arrays if a.name in self._dynamic_shared]
        if others:
            raise UnsupportedConstruct(f"extern __shared__ arrays '{others[0]}' and "
                                       f"'{c.spelling}' share one buffer (aliasing not "
                                       "modelled)")
        t = c.type.get_canonical()
        if ty.type_kind(t) != ci.TypeKind.INCOMPLETEARRAY or ty.is_array(
                t.get_array_element_type()):
            raise UnsupportedConstruct(f"extern __shared__ '{c.spelling}' that is not a "
                                       "one-dimensional array of unknown size")
        element = t.get_array_element_type()
        st = ty.scalar_type(element)
        if st.kind is ir.TypeKind.OTHER or element.get_size() <= 0:
            raise UnsupportedConstruct(f"extern __shared__ array '{c.spelling}' of {st}")
        self._dynamic_shared.add(name)
        self.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.LOCAL,
                                        (self.dynamic_shared // element.get_size(),), pos))

    def var_space(self, c: ci.Cursor, kids: list[ci.Cursor]) -> ir.MemSpace:
        if self.dialect is ir.Dialect.OPENCL:
            return ty.opencl_space(c.type)
        for ch in kids:
            if ch.kind == K.ANNOTATE_ATTR and ch.spelling == "veriscan_cuda_shared":
                return ir.MemSpace.LOCAL
            if ch.kind == K.ANNOTATE_ATTR and ch.spelling == "veriscan_cuda_constant":
                return ir.MemSpace.CONSTANT
        return ir.MemSpace.PRIVATE

    def new_pointer(self, name: str, key: DeclKey) -> None:
        """A pointer variable: which array it points into (when it may be several)
        and its offset live in private variables (see :mod:`.pointers`)."""
        self._aliases[name] = (key, self.fresh(f"{name}.target", ir.INT),
                               self.fresh(f"{name}.offset", ir.LONG))

    def set_pointer(self, name: str, ref: PointerRef, pos: SourcePos) -> None:
        key, target_var, offset_var = self._aliases[name]
        targets = self.targets.of_variable(key)
        targets.update(ref.targets)
        if len(targets) > 1:
            self.emit(ir.Assign(pos, target_var, self.targets.selector(ref, pos)))
        self.emit(ir.Assign(pos, offset_var, ref.offset))

    def pointer_value(self, name: str, pos: SourcePos) -> PointerRef:
        key, target_var, offset_var = self._aliases[name]
        return self.targets.value(key, ir.Var(pos, ir.LONG, offset_var),
                                  ir.Var(pos, ir.INT, target_var))

    def bind_reference(self, target: ci.Cursor, ref_type: ci.Type, pos: SourcePos) -> RefTarget:
        """What a C++ reference initialised from ``target`` aliases.

        A reference is another name for the caller's object: writes through it
        must reach that object, so it is bound to the variable itself or to
        the array element (its offset fixed now, as C++ fixes it).  Only a
        ``const`` reference may bind a temporary, which nobody else can
        change, so copying that value is exact.
        """
        referenced = ref_type.get_pointee()
        if ty.is_pointer(referenced) or ty.is_array(referenced):
            raise UnsupportedConstruct("reference to a pointer or an array")
        if referenced.is_const_qualified() and not _is_lvalue(self.peek(target)):
            value = self.expr(target)
            copy = self.fresh("ref.temp", ty.scalar_type(referenced))
            self.emit(ir.Assign(pos, copy, self.coerce(value, self.var_types[copy], pos)))
            return copy
        place = self.lvalue(target)
        if isinstance(place, str):
            return place
        array = place.single
        if array is None:
            raise UnsupportedConstruct("reference bound through a pointer that may point into "
                                       "several arrays or none")
        offset_var = self.fresh(f"{array}.ref", ir.LONG)
        self.emit(ir.Assign(pos, offset_var, place.offset))
        return (array, offset_var)

    def peek(self, c: ci.Cursor) -> ci.Cursor:
        """``c`` without parentheses and implicit conversions, without lowering anything."""
        while kind_of(c) in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = children(c)
            if len(kids) != 1 or (not is_value_wrapper(c, kids) and c.kind != K.PAREN_EXPR):
                return c
            c = kids[0]
        return c

    def if_stmt(self, c: ci.Cursor) -> None:
        kids = children(c)
        if len(kids) not in (2, 3):
            raise UnsupportedConstruct("if statement with an initialiser")
        cond = self.condition(kids[0])
        with self.block() as then:
            self.stmt(kids[1])
        with self.block() as other:
            if len(kids) == 3:
                self.stmt(kids[2])
        self.emit(ir.If(self.pos(c), cond, then, other))

    def loop(self, c: ci.Cursor) -> None:
        pos = self.pos(c)
        init_c, cond_c, step_c, body_c = self.loop_parts(c)
        with self.block() as init:
            if init_c is not None:
                self.stmt(init_c)
        with self.block(repeated=True) as head:
            cond = (self.condition(cond_c) if cond_c is not None
                    else ir.Const(pos, ir.BOOL, True))
        with self.block(repeated=True) as body:
            self.stmt(body_c)
        with self.block(repeated=True) as step:
            if step_c is not None:
                self.stmt(step_c)
        if head:
            if c.kind == K.DO_STMT:
                # The test runs after the body; moving its accesses first would
                # reorder them with the body's.
                raise UnsupportedConstruct("do-while loop whose condition accesses memory")
            # The condition reads memory: test it inside the body so the loads
            # stay statements (``continue`` still runs ``step`` first).
            exit_ = ir.If(pos, ir.UnOp(pos, ir.BOOL, "!", cond), [ir.Break(pos)])
            body = [*head, exit_, *body]
            cond = ir.Const(pos, ir.BOOL, True)
        self.emit(ir.Loop(pos, init, cond, body, step, c.kind != K.DO_STMT,
                          f"loop@{pos.line}"))

    def loop_parts(self, c: ci.Cursor) -> tuple[ci.Cursor | None, ci.Cursor | None,
                                                 ci.Cursor | None, ci.Cursor]:
        kids = children(c)
        if c.kind == K.WHILE_STMT and len(kids) == 2:
            return None, kids[0], None, kids[1]
        if c.kind == K.DO_STMT and len(kids) == 2:
            return None, kids[1], None, kids[0]
        if c.kind != K.FOR_STMT:
            raise UnsupportedConstruct("loop with a declaration in its condition")
        # for: libclang omits missing parts, so place each child by the ';' tokens.
        semis: list[int] = []
        depth = 0
        close = None
        for tok in c.get_tokens():
            if tok.spelling == "(":
                depth += 1
            elif tok.spelling == ")":
                depth -= 1
                if depth == 0:
                    close = tok.extent.start.offset
                    break
            elif tok.spelling == ";" and depth == 1:
                semis.append(tok.extent.start.offset)
        if len(semis) != 2 or close is None or not kids:
            raise UnsupportedConstruct("for loop header")
        parts: list[ci.Cursor | None] = [None, None, None]
        body = kids[-1]
        for ch in kids[:-1]:
            start = ch.extent.start.offset
            slot = 0 if start < semis[0] else 1 if start < semis[1] else 2
            if parts[slot] is not None:
                raise UnsupportedConstruct("for loop header")
            parts[slot] = ch
        return parts[0], parts[1], parts[2], body

    def return_stmt(self, c: ci.Cursor) -> None:
        if self._inline:
            raise UnsupportedConstruct(
                f"return before the end of inlined function '{self._inline[-1].function}'")
        for operand in children(c):
            self.discard(operand)  # ``return (void)f();`` in a kernel still calls f
        self.emit(ir.Return(self.pos(c)))
        self._returned = True

    # ------------------------------------------------------------- expressions

    def expr(self, c: ci.Cursor) -> ir.Expr:
        """The value of expression ``c``; its side effects are emitted as statements."""
        if ty.vector_shape(c.type) is not None:
            raise UnsupportedConstruct("a vector value where the front end expects a scalar")
        value = self.rule(c, _EXPR_RULES, "expression")(self, c)
        if _deeper_than(value, SPILL_DEPTH):
            spill = self.fresh("part", value.type)
            self.emit(ir.Assign(value.pos, spill, value))
            value = ir.Var(value.pos, value.type, spill)
        return value

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
            with self.block() as stmts:
                results.append(lower())
            blocks.append(stmts)
        effects: list[_Effects] = []
        if any(blocks):
            effects = [_Effects.of(stmts, result, self._settled)
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
            self._block.extend(stmts)
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
        block, start = self._block, len(self._block)
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
        if self.dialect is ir.Dialect.CUDA and not postfix:
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
                    and id(s) not in self._settled]
        stored = block[start:]
        mine, theirs = stores(stored), stores(stmts)
        if not all(any(s is top for top in found) for found, some in ((stored, mine),
                                                                      (stmts, theirs))
                   for s in some):
            return False
        for s in theirs:
            after = stmts[next(k for k, top in enumerate(stmts) if top is s) + 1:]
            if _vars_in(s.index) & assigned_vars(after + others + stored):
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
        block, start = self._block, len(self._block)
        yield
        self.settle(block[start:])

    def settle(self, stmts: list[ir.Stmt]) -> None:
        """``stmts`` (and those nested in them) are complete (see :meth:`settled`)."""
        self._settled.update((id(s), s) for s in walk(stmts))

    def condition(self, c: ci.Cursor) -> ir.Expr:
        if ty.is_pointer(self.peek(c).type):  # ``if (p)``: p is not the null pointer
            return self.pointer_compare("!=", c, None, self.pos(c))
        return self.coerce(self.expr(c), ir.BOOL, self.pos(c))

    def coerce(self, e: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if e.type == t:
            return e
        if t.kind is ir.TypeKind.BOOL and e.type.kind is not ir.TypeKind.GENERIC:
            if e.type.kind is ir.TypeKind.BOOL:
                return e
            return ir.BinOp(pos, ir.BOOL, "!=", e, ir.Const(pos, e.type, 0))
        return ir.Cast(pos, t, e)

    def paren_expr(self, c: ci.Cursor) -> ir.Expr:
        return self.expr(_only_child(c))

    def unexposed_expr(self, c: ci.Cursor) -> ir.Expr:
        kids = children(c)
        if not is_value_wrapper(c, kids):
            lane = self.vectors.scalar(c)  # ``v.x``: one lane of a vector
            if lane is not None:
                return lane
            raise UnsupportedConstruct("expression the front end cannot see into")
        inner = self.expr(kids[0])
        target = ty.scalar_type(c.type)
        if (target.kind is ir.TypeKind.OTHER or inner.type == target
                or c.type.get_canonical() == kids[0].type.get_canonical()):
            return inner  # no change of value (``auto`` shows only canonical types)
        return self.coerce(inner, target, self.pos(c))

    def literal(self, c: ci.Cursor) -> ir.Expr:
        """A literal or ``sizeof``/``_Alignof``: clang's value (operands are not evaluated)."""
        value = self.constant(c, c.kind.name)
        return ir.Const(self.pos(c), ty.scalar_type(c.type), value)

    def discard(self, c: ci.Cursor) -> None:
        """Evaluate ``c`` for nothing but its effects, as C does with ``e;``, ``(void)e``
        and the left of a comma.

        Evaluation includes what can go wrong in it: ``INT_MAX + t;`` is undefined
        even though its value is dropped.  So a computed value is kept in a fresh
        temporary, where the engines see (and check) every operation in it, rather
        than vanishing with the value.  An assignment or increment has already
        stored (and so kept) what it computed; its value is not kept twice.
        """
        if self.peek(c).kind == K.CALL_EXPR and ty.is_pointer(self.peek(c).type):
            self.pointer(c)  # a call whose pointer result is dropped
            return
        if ty.vector_shape(c.type) is not None:
            self.vectors.discard(c)
            return
        value = self.expr(c)
        if (_stores_its_value(self.peek(c)) or isinstance(value, (ir.Const, ir.Var))
                or value.type.kind is ir.TypeKind.OTHER):
            return
        self.emit(ir.Assign(self.pos(c), self.fresh("discarded", value.type), value))

    def cast_expr(self, c: ci.Cursor) -> ir.Expr:
        *type_names, operand = children(c)
        self.consume(*type_names)
        target = c.type
        if ty.type_kind(target.get_canonical()) == ci.TypeKind.VOID:
            self.discard(operand)  # ``(void)e``: evaluated, the value unused
            return ir.Const(self.pos(c), ir.INT, 0)
        if ty.is_pointer(operand.type):
            raise UnsupportedConstruct("cast of a pointer")
        inner = self.expr(operand)
        st = ty.scalar_type(target)
        if st.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"cast to {st}")
        return ir.Cast(self.pos(c), st, inner)

    def decl_ref(self, c: ci.Cursor) -> ir.Expr:
        pos = self.pos(c)
        self.consume(*children(c))  # qualifiers such as ``ns::``
        decl = c.referenced
        value = evaluate_constant(c) if decl is None and not c.spelling else None
        if isinstance(value, int):  # a template's value argument, substituted
            return ir.Const(pos, ty.scalar_type(c.type), value)
        if decl is None:
            raise UnsupportedConstruct(f"reference to '{c.spelling}'")
        if decl.kind == K.ENUM_CONSTANT_DECL:
            return ir.Const(pos, ir.INT, decl.enum_value)
        if decl.kind in (K.VAR_DECL, K.PARM_DECL):
            name = self.known_decl(decl)
            if name is None and _is_warp_size(decl, self.dialect):
                return ir.Const(pos, ir.INT, CUDA_WARP_SIZE)
            if name is None:
                raise UnsupportedConstruct(f"program-scope variable '{c.spelling}'")
            if name in self._aliases:
                raise UnsupportedConstruct(f"pointer '{c.spelling}' used as a value")
            place = self.place_of(name, pos)
            if isinstance(place, PointerRef):
                return self.load(place, ty.scalar_type(c.type), pos)
            return ir.Var(pos, self.var_types.get(place, ty.scalar_type(decl.type)), place)
        raise UnsupportedConstruct(f"reference to {decl.kind.name} '{c.spelling}'")

    def place_of(self, name: str, pos: SourcePos) -> str | PointerRef:
        """Where a named scalar lives: its own variable, a shared cell, or a reference's target."""
        target = self._refs.get(name, name)
        if isinstance(target, tuple):
            array, offset_var = target
            return PointerRef.to(array, ir.Var(pos, ir.LONG, offset_var))
        if target in self._shared_scalars:
            return PointerRef.to(target, ir.Const(pos, ir.LONG, 0))
        return target

    def member_ref(self, c: ci.Cursor) -> ir.Expr:
        base = children(c)
        base_name = base[0].spelling if base else ""
        kinds = {"threadIdx": ir.BuiltinKind.LOCAL_ID, "blockIdx": ir.BuiltinKind.GROUP_ID,
                 "blockDim": ir.BuiltinKind.LOCAL_SIZE, "gridDim": ir.BuiltinKind.NUM_GROUPS}
        if (self.dialect is ir.Dialect.CUDA and base_name in kinds
                and c.spelling in ("x", "y", "z")):
            self.consume(*base)
            return ir.Builtin(self.pos(c), ir.UINT, kinds[base_name], "xyz".index(c.spelling))
        place = self.member(c)
        pos = self.pos(c)
        if isinstance(place, PointerRef) and not ty.is_array(c.type):
            return self.load(place, ty.scalar_type(c.type), pos)
        if isinstance(place, str) and place in self.var_types:
            return ir.Var(pos, self.var_types[place], place)
        raise UnsupportedConstruct(f"member '.{c.spelling}' used as a value (a struct, an "
                                   "array or a pointer)")

    def binary_expr(self, c: ci.Cursor) -> ir.Expr:
        return self.binary(c, binary_operator(c))

    def compound_assign(self, c: ci.Cursor) -> ir.Expr:
        lhs, rhs = _two_children(c)
        return self.assign(lhs, rhs, binary_operator(c)[:-1], self.pos(c))

    def unary_expr(self, c: ci.Cursor) -> ir.Expr:
        return self.unary(c, unary_operator(c))

    def conditional(self, c: ci.Cursor) -> ir.Expr:
        kids = children(c)
        if len(kids) != 3:
            raise UnsupportedConstruct("conditional operator without a middle operand")
        cond_c, then_c, else_c = kids
        with self.settled():
            cond = self.condition(cond_c)
        return self.choice(cond, then_c, else_c, ty.scalar_type(c.type), self.pos(c))

    def subscript(self, c: ci.Cursor) -> ir.Expr:
        lane = self.vectors.scalar(c)  # ``v[1]``: one lane of a vector
        if lane is not None:
            return lane
        return self.load(self.pointer_of(c), ty.scalar_type(c.type), self.pos(c))

    def binary(self, c: ci.Cursor, op: str) -> ir.Expr:
        lhs, rhs = _two_children(c)
        pos = self.pos(c)
        if op == "=":
            return self.assign(lhs, rhs, None, pos)
        if op in ("&&", "||"):
            return self.short_circuit(op, lhs, rhs, pos)
        if op == ",":
            with self.settled():
                self.discard(lhs)
            return self.expr(rhs)
        if op in _COMPARISONS and (ty.is_pointer(lhs.type) or ty.is_pointer(rhs.type)):
            return self.pointer_compare(op, lhs, rhs, pos)
        if op in _COMPARISONS or op in _ARITH:
            if op in _ARITH and (ty.is_pointer(lhs.type) or ty.is_pointer(rhs.type)):
                raise UnsupportedConstruct(f"pointer arithmetic '{op}' used as a value")
            a, b = self.unsequenced(lambda: self.expr(lhs), lambda: self.expr(rhs))
            t = ir.BOOL if op in _COMPARISONS else ty.scalar_type(c.type)
            return ir.BinOp(pos, t, op, a, b)
        raise UnsupportedConstruct(f"operator '{op}'")

    def short_circuit(self, op: str, lhs: ci.Cursor, rhs: ci.Cursor, pos: SourcePos) -> ir.Expr:
        with self.settled():
            left = self.condition(lhs)
        with self.block() as rhs_stmts:
            right = self.condition(rhs)
        if not rhs_stmts:
            return ir.BinOp(pos, ir.BOOL, op, left, right)
        result = self.fresh("cond", ir.BOOL)
        self.emit(ir.Assign(pos, result, left))
        guard = ir.Var(pos, ir.BOOL, result)
        if op == "||":
            guard = ir.UnOp(pos, ir.BOOL, "!", guard)
        self.emit(ir.If(pos, guard, [*rhs_stmts, ir.Assign(pos, result, right)]))
        return ir.Var(pos, ir.BOOL, result)

    def choice(self, cond: ir.Expr, then_c: ci.Cursor, else_c: ci.Cursor,
               t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        with self.block() as then_stmts:
            then = self.coerce(self.expr(then_c), t, pos)
        with self.block() as else_stmts:
            other = self.coerce(self.expr(else_c), t, pos)
        if not then_stmts and not else_stmts:
            return ir.Select(pos, t, cond, then, other)
        result = self.fresh("choice", t)
        self.emit(ir.If(pos, cond, [*then_stmts, ir.Assign(pos, result, then)],
                        [*else_stmts, ir.Assign(pos, result, other)]))
        return ir.Var(pos, t, result)

    def unary(self, c: ci.Cursor, op: str) -> ir.Expr:
        operand = _only_child(c)
        pos = self.pos(c)
        if op in ("pre++", "pre--", "post++", "post--"):
            if ty.is_pointer(operand.type):
                return self.step_pointer(operand, 1 if "++" in op else -1, pos)
            one = ir.Const(pos, ir.INT, 1)
            return self.update(operand, "+" if "++" in op else "-", one, pos,
                               keep_old=op.startswith("post"))
        if op == "*":
            return self.load(self.pointer(operand), ty.scalar_type(c.type), pos)
        if op == "&":
            raise UnsupportedConstruct("address-of used as a value")
        if op == "+":
            return self.expr(operand)
        if op == "!":
            return ir.UnOp(pos, ir.BOOL, op, self.condition(operand))
        if op in ("-", "~"):
            return ir.UnOp(pos, ty.scalar_type(c.type), op, self.expr(operand))
        raise UnsupportedConstruct(f"unary operator '{op}'")

    # ---------------------------------------------------------- assignments

    def assign(self, lhs: ci.Cursor, rhs: ci.Cursor, op: str | None, pos: SourcePos) -> ir.Expr:
        if is_struct(lhs.type) and op is None:
            def copy(dst: StructPlace, src: StructPlace) -> ir.Expr:
                self.struct_copy(dst, src, lhs.type, pos)
                return ir.Const(pos, ir.ScalarType(ir.TypeKind.OTHER), 0)
            return self.assignment(copy, lambda: self.struct_place(lhs),
                                   lambda: self.struct_place(rhs))
        if ty.is_pointer(lhs.type) and op is None and self.member_in_memory(lhs):
            return self.assignment(lambda cell, bits: self.store_to(cell, bits, POINTER_CELL,
                                                                    pos),
                                   lambda: self.lvalue(lhs), lambda: self.pointer_bits(rhs, pos))
        if ty.is_pointer(lhs.type):
            return self.assign_pointer(lhs, rhs, op, pos)
        if op is None:
            return self.assignment(
                lambda value, target: self.store_to(target, value,
                                                    self.target_type(target, lhs), pos),
                lambda: self.expr(rhs), lambda: self.lvalue(lhs))
        return self.update(lhs, op, rhs, pos)

    def update(self, lhs: ci.Cursor, op: str, rhs: ci.Cursor | ir.Expr, pos: SourcePos,
               keep_old: bool = False) -> ir.Expr:
        """``lhs op= rhs``: the target is resolved once, then read and written.

        ``keep_old`` gives the value before the update (postfix ``++``/``--``).
        """
        operand = partial(self.expr, rhs) if isinstance(rhs, ci.Cursor) else lambda: rhs
        return self.assignment(partial(self.updated, lhs, op, pos, keep_old),
                               lambda: self.lvalue(lhs), operand, postfix=keep_old)

    def updated(self, lhs: ci.Cursor, op: str, pos: SourcePos, keep_old: bool,
                target: str | PointerRef, operand: ir.Expr) -> ir.Expr:
        """The store of :meth:`update`, given its target and operand."""
        t = self.target_type(target, lhs)
        if isinstance(target, PointerRef):
            old_name = self.fresh("old", t)
            ref = target
            self.access(ref, pos, lambda array: ir.Load(pos, old_name, array, ref.offset))
            current: ir.Expr = ir.Var(pos, t, old_name)
        else:
            current = ir.Var(pos, t, target)
            if keep_old:
                saved = self.fresh("old", t)
                self.emit(ir.Assign(pos, saved, current))
                current = ir.Var(pos, t, saved)
        result_t = t if t.kind is not ir.TypeKind.INT or t.bits >= 32 else ir.INT
        if t.kind is ir.TypeKind.INT and operand.type.kind is ir.TypeKind.FLOAT:
            result_t = operand.type  # ``i += f`` computes in floating point, then converts
        value = self.coerce(ir.BinOp(pos, result_t, op, current, operand), t, pos)
        new = self.store_to(target, value, t, pos)
        return current if keep_old else new

    def target_type(self, target: str | PointerRef, lhs: ci.Cursor) -> ir.ScalarType:
        """The type a write converts to: a variable's declared type (clang shows an
        ``auto`` variable only as its canonical type), else the lvalue's."""
        if isinstance(target, str) and target in self.var_types:
            return self.var_types[target]
        return ty.scalar_type(lhs.type)

    def store_to(self, target: str | PointerRef, value: ir.Expr, t: ir.ScalarType,
                 pos: SourcePos) -> ir.Expr:
        value = self.coerce(value, t, pos)
        if isinstance(target, PointerRef):
            ref = target
            self.access(ref, pos, lambda array: ir.Store(pos, array, ref.offset, value))
            return value
        self.emit(ir.Assign(pos, target, value))
        return ir.Var(pos, t, target)

    def lvalue(self, c: ci.Cursor) -> str | PointerRef:
        """Where an assignment target lives: a private variable or an array element."""
        lane = self.vectors.lane_place(c)  # ``v.y`` or ``p[i].x``
        if lane is not None:
            return lane
        c = self.unwrap(c)
        return self.rule(c, _LVALUE_RULES, "assignment target")(self, c)

    def named_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        self.consume(*children(c))
        decl = c.referenced
        name = self.known_decl(decl) if decl is not None else None
        if name is None or name in self._aliases:
            raise UnsupportedConstruct(f"assignment to '{c.spelling}'")
        place = self.place_of(name, self.pos(c))
        if isinstance(place, str) and place not in self.var_types:
            raise UnsupportedConstruct(f"assignment to '{c.spelling}'")
        return place

    def element_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        return self.pointer_of(c)

    def deref_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        if unary_operator(c) != "*":
            raise UnsupportedConstruct(f"assignment to the result of '{unary_operator(c)}'")
        return self.pointer(_only_child(c))

    def assign_pointer(self, lhs: ci.Cursor, rhs: ci.Cursor, op: str | None,
                       pos: SourcePos) -> ir.Expr:
        name = self.alias_name(lhs)
        _, _, offset_var = self._aliases[name]
        if op is None:
            self.assignment(lambda ref: self.set_pointer(name, ref, pos), lambda: self.pointer(rhs))
        elif op in ("+", "-"):
            self.assignment(lambda delta: self.move_pointer(name, op, delta, pos),
                            lambda: self.stride(self.index(self.expr(rhs), pos), lhs, pos))
        else:
            raise UnsupportedConstruct(f"pointer update '{op}='")
        return ir.Var(pos, ir.LONG, offset_var)

    def step_pointer(self, operand: ci.Cursor, delta: int, pos: SourcePos) -> ir.Expr:
        name = self.alias_name(operand)
        _, _, offset_var = self._aliases[name]
        old = self.fresh(f"{name}.old", ir.LONG)
        self.emit(ir.Assign(pos, old, ir.Var(pos, ir.LONG, offset_var)))
        self.move_pointer(name, "+", self.stride(ir.Const(pos, ir.LONG, delta), operand, pos),
                          pos)
        return ir.Var(pos, ir.LONG, old)

    def move_pointer(self, name: str, op: str, delta: ir.Expr, pos: SourcePos) -> None:
        """``name op= delta`` (``delta`` in elements of the pointer's unit)."""
        for check in self.targets.step_checks(self.pointer_value(name, pos), delta, pos):
            self.emit(check)
        _, _, offset_var = self._aliases[name]
        current = ir.Var(pos, ir.LONG, offset_var)
        self.emit(ir.Assign(pos, offset_var, ir.BinOp(pos, ir.LONG, op, current, delta)))
        self.formed(self.pointer_value(name, pos), pos)

    def stride(self, delta: ir.Expr, pointer: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """``delta`` units of what ``pointer`` points at, in scalar elements (a row
        of a multi-dimensional array spans several)."""
        elements = ty.row_elements(ty_pointee(pointer.type))
        if elements == 1:
            return delta
        return ir.BinOp(pos, ir.LONG, "*", delta, ir.Const(pos, ir.LONG, elements))

    def alias_name(self, c: ci.Cursor) -> str:
        c = self.unwrap(c)
        if c.kind == K.MEMBER_REF_EXPR:  # a pointer field of a private struct
            self.note(c, Outcome.LOWERED)
            field = self.member(c)
            if isinstance(field, str) and field in self._aliases:
                return field
            raise UnsupportedConstruct("pointer update the front end cannot resolve")
        decl = c.referenced if c.kind == K.DECL_REF_EXPR else None
        name = self.known_decl(decl) if decl is not None else None
        if name is None or name not in self._aliases:
            raise UnsupportedConstruct("pointer update the front end cannot resolve")
        self.note(c, Outcome.LOWERED)
        self.consume(*children(c))
        return name

    # ------------------------------------------------------- memory accesses

    def index(self, e: ir.Expr, pos: SourcePos) -> ir.Expr:
        return e if e.type == ir.LONG else ir.Cast(pos, ir.LONG, e)

    def pointer(self, c: ci.Cursor) -> PointerRef:
        """Resolve a pointer- or array-valued expression to ``array + offset``.

        A change of element type on the way has already been reported by
        :mod:`~veriscan.frontend.typeflow`, so casts here only pass through.
        """
        unit = ty.unit_type(c.type)
        if unit is not None and (ty.is_pointer(unit) or ty.type_kind(
                unit.get_canonical()) in _REFERENCES):
            raise UnsupportedConstruct("pointer to a pointer")
        return self.rule(c, _POINTER_RULES, "pointer expression")(self, c)

    def pointer_wrapper(self, c: ci.Cursor) -> PointerRef:
        return self.pointer(self.unwrap(c))

    def pointer_cast(self, c: ci.Cursor) -> PointerRef:
        *type_names, operand = children(c)
        self.consume(*type_names)
        return self.pointer(operand)

    def pointer_name(self, c: ci.Cursor) -> PointerRef:
        pos = self.pos(c)
        self.consume(*children(c))
        decl = c.referenced
        name = self.known_decl(decl) if decl is not None else None
        if name is not None and name in self._aliases:
            return self.pointer_value(name, pos)
        if name is not None and (any(p.name == name and p.is_pointer for p in self.params)
                                 or any(a.name == name for a in self.arrays)
                                 or name in self._struct_arrays):
            return PointerRef.to(name, ir.Const(pos, ir.LONG, 0))
        raise UnsupportedConstruct(f"pointer '{c.spelling}' the front end cannot resolve")

    def pointer_of(self, c: ci.Cursor) -> PointerRef:
        """The element (or row) an ``a[i]`` subscript denotes.

        A row ``a[i]`` of a multi-dimensional array is accepted only as the base
        of a further subscript, where :meth:`check_row_index` bounds the index by
        the row.  Anywhere else it becomes a pointer whose arithmetic C bounds by
        the row (``p = a[0]; p[3]`` is undefined for rows of 2), which the model
        does not track: refused, so never verified.
        """
        as_row_base, self._row_base = self._row_base, False
        if ty.is_array(c.type) and not as_row_base:
            raise UnsupportedConstruct("a row of a multi-dimensional array used as a pointer "
                                       "(C bounds arithmetic on it by the row)")
        pos = self.pos(c)
        base_c, index_c = _two_children(c)
        if not (ty.is_pointer(base_c.type) or ty.is_array(base_c.type)):
            base_c, index_c = index_c, base_c  # C allows i[a]
        base, value = self.unsequenced(lambda: self.subscript_base(base_c),
                                       lambda: self.expr(index_c))
        idx = self.index(value, pos)
        self.check_row_index(base_c, idx, pos)
        stride = ty.row_elements(c.type)
        if stride != 1:
            idx = ir.BinOp(pos, ir.LONG, "*", idx, ir.Const(pos, ir.LONG, stride))
        return base.moved(_add(base.offset, idx, pos))

    def subscript_base(self, base_c: ci.Cursor) -> PointerRef:
        """The pointer a subscript indexes, where a row may stand (see :meth:`pointer_of`)."""
        self._row_base = True
        try:
            return self.pointer(base_c)
        finally:
            self._row_base = False

    def check_row_index(self, base_c: ci.Cursor, idx: ir.Expr, pos: SourcePos) -> None:
        """``a[i][j]``: ``j`` must lie inside the row ``a[i]`` (C11 6.5.6), not merely
        inside the whole array, which is all the flattened bounds check sees.

        Only a row reached by a subscript is checked here; the outermost subscript
        of a declared array is covered by the bounds check of the flat index.
        """
        row_c = self.peek(base_c)  # under the decay of the row to a pointer
        if row_c.kind not in (K.ARRAY_SUBSCRIPT_EXPR, K.MEMBER_REF_EXPR):
            return
        dims = ty.array_dims(row_c.type)
        if not dims:
            return
        row = dims[0]
        if isinstance(idx, ir.Const) and 0 <= int(idx.value) < row:
            return
        what = f"index outside its row of {row} elements (a[i][j] needs 0 <= j < {row})"
        for cond in (ir.BinOp(pos, ir.BOOL, ">=", idx, ir.Const(pos, ir.LONG, 0)),
                     ir.BinOp(pos, ir.BOOL, "<", idx, ir.Const(pos, ir.LONG, row))):
            self.emit(ir.Assert(pos, cond, what))

    def pointer_sum(self, c: ci.Cursor) -> PointerRef:
        op = binary_operator(c)
        if op not in ("+", "-"):
            raise UnsupportedConstruct(f"pointer computed with '{op}'")
        pos = self.pos(c)
        lhs, rhs = _two_children(c)
        if ty.is_pointer(rhs.type) or ty.is_array(rhs.type):
            if op == "-":
                raise UnsupportedConstruct("pointer difference")
            lhs, rhs = rhs, lhs
        base, value = self.unsequenced(lambda: self.pointer(lhs), lambda: self.expr(rhs))
        delta = self.stride(self.index(value, pos), lhs, pos)
        for check in self.targets.step_checks(base, delta, pos):
            self.emit(check)
        offset = (_add(base.offset, delta, pos) if op == "+"
                  else ir.BinOp(pos, ir.LONG, "-", base.offset, delta))
        return self.formed(base.moved(offset), pos)

    def formed(self, ref: PointerRef, pos: SourcePos) -> PointerRef:
        """``ref``, just computed by pointer arithmetic (``a + k``, ``p += k``, ``p++``,
        ``&a[k]``), with the obligation that it points from the start of the array it
        points into to one past its end (:class:`ir.PointerFormed`), which the bounds
        check decides wherever the array's extent is known.  A pointer into an array of
        structs is bounded by the array of its first field (the same elements)."""
        if isinstance(ref.offset, ir.Const) and ref.offset.value == 0:
            return ref  # the start of any array
        stmts: dict[str, list[ir.Stmt]] = {}
        for target in ref.targets:
            array, cells = self._struct_units.get(target, (target, 1))
            index = ref.offset if cells == 1 else ir.BinOp(pos, ir.LONG, "*", ref.offset,
                                                           ir.Const(pos, ir.LONG, cells))
            stmts[target] = [ir.PointerFormed.of(pos, array, index)]
        for stmt in self.targets.cases(ref, pos, stmts):
            self.emit(stmt)
        return ref

    def pointer_address(self, c: ci.Cursor) -> PointerRef:
        op = unary_operator(c)
        if op == "&":
            operand = self.unwrap(_only_child(c))
            decl = operand.referenced if operand.kind == K.DECL_REF_EXPR else None
            name = self.known_decl(decl) if decl is not None else None
            if name is not None and (name in self._refs or name in self._shared_scalars):
                # The address of what a reference names, or of a shared scalar.
                self.note(operand, Outcome.LOWERED)
                self.consume(*children(operand))
                place = self.place_of(name, self.pos(operand))
                if isinstance(place, PointerRef):
                    return place
                raise UnsupportedConstruct(f"address of private variable '{operand.spelling}'")
            if operand.kind == K.ARRAY_SUBSCRIPT_EXPR and ty.is_array(
                    self.peek(_two_children(operand)[0]).type):
                raise UnsupportedConstruct("address of an element of a row of a "
                                           "multi-dimensional array (C bounds arithmetic on "
                                           "it by the row)")
            return self.formed(self.pointer(operand), self.pos(c))
        raise UnsupportedConstruct(f"pointer computed with unary '{op}'")

    def load(self, ref: PointerRef, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if t.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"access to elements of type {t}")
        name = self.fresh(f"{ref.single or 'deref'}.val", t)
        self.access(ref, pos, lambda array: ir.Load(pos, name, array, ref.offset))
        return ir.Var(pos, t, name)

    def access(self, ref: PointerRef, pos: SourcePos,
               make: Callable[[str], ir.Stmt]) -> None:
        """The access ``make(array)`` through ``ref``: a case split when ``ref`` may point
        into several arrays, after the checks that it is neither null nor unassigned."""
        array = ref.single
        if array is not None:
            self.emit(make(array))
            return
        for stmt in self.targets.split(ref, pos, {t: [make(t)] for t in ref.targets
                                                  if is_valid_target(t)}):
            self.emit(stmt)

    def pointer_compare(self, op: str, lhs: ci.Cursor, rhs: ci.Cursor | None,
                        pos: SourcePos) -> ir.Expr:
        """``lhs op rhs`` on pointers (``rhs`` None: the null pointer).  Equality holds
        for the same target and offset; an order is defined only within one array."""
        a, b = self.unsequenced(lambda: self.pointer(lhs), lambda: (
            self.pointer(rhs) if rhs is not None else null_pointer(pos)))
        for ref in (a, b):
            for check in self.targets.checks(ref, pos, null_ok=True):
                self.emit(check)
        if op in ("==", "!="):
            same = self.targets.equal(a, b, pos)
            return same if op == "==" else ir.UnOp(pos, ir.BOOL, "!", same)
        # C orders pointers only within one array (C11 6.5.8p5); the null pointer is in none.
        self.emit(ir.Assert(pos, self.targets.same_array(a, b, pos),
                            f"'{op}' on pointers that may not point into the same array"))
        return ir.BinOp(pos, ir.BOOL, op, a.offset, b.offset)

    def pointer_choice(self, c: ci.Cursor) -> PointerRef:
        """``cond ? p : q`` as a pointer: its target is chosen with its offset."""
        kids = children(c)
        if len(kids) != 3:
            raise UnsupportedConstruct("conditional operator without a middle operand")
        pos = self.pos(c)
        with self.settled():
            cond = self.condition(kids[0])
        with self.block() as then_stmts:
            then = self.pointer(kids[1])
        with self.block() as else_stmts:
            other = self.pointer(kids[2])
        if not then_stmts and not else_stmts:
            return self.targets.choose(cond, then, other, pos)
        # Arms with effects run under their branch; each fixes the pointer there.
        targets = tuple(sorted(set(then.targets) | set(other.targets)))
        selector = self.fresh("choice.target", ir.INT)
        offset = self.fresh("choice.offset", ir.LONG)
        arms = []
        for stmts, ref in ((then_stmts, then), (else_stmts, other)):
            arms.append([*stmts, ir.Assign(pos, selector, self.targets.selector(ref, pos)),
                         ir.Assign(pos, offset, ref.offset)])
        self.emit(ir.If(pos, cond, arms[0], arms[1]))
        return PointerRef(targets, ir.Var(pos, ir.LONG, offset),
                          ir.Var(pos, ir.INT, selector) if len(targets) > 1 else None)

    def pointer_null(self, c: ci.Cursor) -> PointerRef:
        """The null pointer constant (``0``, ``NULL``); any other number is refused."""
        if evaluate_constant(c) != 0:
            raise UnsupportedConstruct("a number used as a pointer")
        return null_pointer(self.pos(c))

    def pointer_call(self, c: ci.Cursor) -> PointerRef:
        """The pointer an inlined function returns."""
        decl = c.referenced
        definition = decl.get_definition() if decl is not None else None
        if classify_call(c, self.dialect).kind is not CallKind.USER or definition is None:
            raise UnsupportedConstruct(f"pointer returned by '{c.spelling}', whose body is "
                                       "not in the file")
        _, args = self.call_parts(c)
        result = self.inline(definition, args, ir.LONG, self.pos(c), pointer_result=True)
        assert isinstance(result, ir.Var)
        return self.pointer_value(result.name, self.pos(c))

    # ---------------------------------------------------------------- structs

    def struct_param(self, name: str, t: ci.Type, pos: SourcePos) -> bool:
        """A struct parameter by value, or a pointer to structs, field by field (see
        :mod:`.structs`); False for any other parameter."""
        pointee = t.get_pointee() if ty.is_pointer(t) else None
        struct_t = pointee if pointee is not None else t
        if not is_struct(struct_t):
            return False
        try:
            fields = leaves(struct_t)
        except StructLayoutError as exc:
            self._prologue.append(partial(self.emit, ir.Unsupported(
                pos, f"struct parameter '{name}': {exc}")))
            return False
        if pointee is not None:
            space = (ty.opencl_space(pointee) if self.dialect is ir.Dialect.OPENCL
                     else ir.MemSpace.GLOBAL)
            if space is ir.MemSpace.PRIVATE:
                space = ir.MemSpace.GLOBAL
            self._struct_arrays.add(name)
            self.struct_unit(name, fields)
            for leaf in fields:
                self.params.append(ir.Param(self.targets.field(name, leaf.path),
                                            leaf.cell_type, space, True,
                                            pointee.is_const_qualified(), pos))
            return True
        self._struct_vars.add(name)
        for leaf in fields:
            leaf_name = f"{name}.{leaf.path}"
            if leaf.is_pointer:
                # A pointer argument, held in a pointer variable the kernel may re-point.
                self.params.append(ir.Param(leaf_name, ty.scalar_type(ty.element_type(
                    leaf.type)), ir.MemSpace.GLOBAL, True, False, pos))
                self._prologue.append(partial(self.pointer_param_field, leaf_name, pos))
            elif leaf.dims:
                self.array_param_field(leaf_name, ty.scalar_type(leaf.type), leaf.dims, pos)
            else:
                st = ty.scalar_type(leaf.type)
                self.params.append(ir.Param(leaf_name, st, ir.MemSpace.PRIVATE, False,
                                            t.is_const_qualified(), pos))
                self.var_types[leaf_name] = st
        return True

    def pointer_param_field(self, name: str, pos: SourcePos) -> None:
        self.new_pointer(name, (pos.file, pos.line, pos.col, name))
        self.set_pointer(name, PointerRef.to(name, ir.Const(pos, ir.LONG, 0)), pos)

    def array_param_field(self, name: str, st: ir.ScalarType, dims: tuple[int, ...],
                          pos: SourcePos) -> None:
        """An array field of a by-value struct parameter: the thread's private copy
        (a private array), filled at the start from one input per cell, the same
        for every thread (``name[k]``, in memory order)."""
        cells = 1
        for d in dims:
            cells *= d
        if cells > MAX_INITIALISED_CELLS:
            self._prologue.append(partial(self.emit, ir.Unsupported(
                pos, f"array field '{name}' of a struct parameter with more than "
                     f"{MAX_INITIALISED_CELLS} cells")))
            return
        self.arrays.append(ir.ArrayDecl(name, st, ir.MemSpace.PRIVATE, dims, pos))
        for k in range(cells):
            cell = f"{name}[{k}]"
            self.params.append(ir.Param(cell, st, ir.MemSpace.PRIVATE, False, True, pos))
            self.var_types[cell] = st
            self._prologue.append(partial(self.emit, ir.Store(
                pos, name, ir.Const(pos, ir.LONG, k), ir.Var(pos, st, cell))))

    def struct_array(self, name: str, struct_t: ci.Type, space: ir.MemSpace,
                     dims: tuple[int, ...], pos: SourcePos) -> None:
        """An array of structs (or one shared struct): one array per field."""
        try:
            fields = leaves(struct_t)
        except StructLayoutError as exc:
            raise UnsupportedConstruct(f"array of structs '{name}': {exc}") from None
        self._struct_arrays.add(name)
        self.struct_unit(name, fields)
        for leaf in fields:
            array = self.targets.field(name, leaf.path)
            if self.kernel_array(array) is None:
                self.arrays.append(ir.ArrayDecl(array, leaf.cell_type, space,
                                                (*dims, *leaf.dims), pos))
            self.new_lifetime(array, pos)

    def struct_unit(self, name: str, fields: list[Leaf]) -> None:
        """Where pointer arithmetic on the struct array ``name`` is bounded (see
        :meth:`formed`): the array of its first field, that field's cells per element."""
        if fields:
            self._struct_units[name] = (self.targets.field(name, fields[0].path),
                                        fields[0].cells)

    def kernel_array(self, name: str) -> ir.ArrayDecl | None:
        return next((a for a in self.arrays if a.name == name), None)

    def struct_var(self, c: ci.Cursor, name: str, t: ci.Type, init: ci.Cursor | None,
                   space: ir.MemSpace, pos: SourcePos) -> None:
        """A struct variable: shared ones are one-element struct arrays, private ones
        a variable, pointer variable or private array per field."""
        if space is not ir.MemSpace.PRIVATE:
            if init is not None:
                raise UnsupportedConstruct(f"initialiser of shared variable '{c.spelling}'")
            self.struct_array(name, t, space, (1,), pos)
            return
        if _decl_key(c) in self._addressed:
            raise UnsupportedConstruct(f"address of private struct '{c.spelling}'")
        if init is not None and self.peek(init).kind == K.CALL_EXPR and not list(
                self.peek(init).get_arguments()) and default_construction_is_empty(t):
            self.consume(init, *children(init))  # C++ default-initialisation: no code runs
            init = None
        self.private_struct(name, _decl_key(c), t, pos)
        if init is not None:
            self.struct_copy(StructPlace(prefix=name), self.struct_place(init), t, pos)

    def private_struct(self, name: str, key: DeclKey, t: ci.Type, pos: SourcePos) -> None:
        """A private struct ``name`` (declared at ``key``), its fields not yet assigned."""
        try:
            fields = leaves(t)
        except StructLayoutError as exc:
            raise UnsupportedConstruct(f"struct variable '{name}': {exc}") from None
        self._struct_vars.add(name)
        for leaf in fields:
            leaf_name = f"{name}.{leaf.path}"
            if leaf.is_pointer:
                self.new_pointer(leaf_name, (*key[:3], leaf_name))
                self.set_pointer(leaf_name, unset_pointer(pos), pos)
            elif leaf.dims:
                if self.kernel_array(leaf_name) is None:
                    self.arrays.append(ir.ArrayDecl(leaf_name, ty.scalar_type(leaf.type),
                                                    ir.MemSpace.PRIVATE, leaf.dims, pos))
                self.new_lifetime(leaf_name, pos)
            else:
                self.var_types[leaf_name] = ty.scalar_type(leaf.type)
                self.new_lifetime(leaf_name, pos)

    def struct_place(self, c: ci.Cursor) -> StructPlace:
        """The struct object a struct-typed expression denotes."""
        c = self.unwrap(c)
        if c.kind == K.DECL_REF_EXPR:
            name = self.known_decl(c.referenced) if c.referenced is not None else None
            if name in self._struct_vars:
                self.note(c, Outcome.LOWERED)
                self.consume(*children(c))
                return StructPlace(prefix=name)
            if name in self._struct_arrays:  # a shared struct: a struct array of one
                self.note(c, Outcome.LOWERED)
                self.consume(*children(c))
                return StructPlace(element=PointerRef.to(name, ir.Const(self.pos(c), ir.LONG,
                                                                        0)))
        elif c.kind == K.MEMBER_REF_EXPR:
            self.note(c, Outcome.LOWERED)
            inner = self.member(c)
            if isinstance(inner, StructPlace):
                return inner
        elif c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            self.note(c, Outcome.LOWERED)
            return StructPlace(element=self.pointer_of(c))
        elif c.kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
            self.note(c, Outcome.LOWERED)
            return StructPlace(element=self.pointer(_only_child(c)))
        raise UnsupportedConstruct(f"struct value the front end cannot resolve "
                                   f"({c.kind.name.lower()})")

    def member(self, c: ci.Cursor) -> str | PointerRef | StructPlace:
        """What ``s.f`` or ``p->f`` names: a private variable (or pointer variable, or
        array) by name, an element of a field's array, or a struct below."""
        base_c = _only_child(c)
        if ty.is_pointer(base_c.type):  # p->f
            place = StructPlace(element=self.pointer(base_c))
        else:
            place = self.struct_place(base_c)
        name = c.spelling
        if is_struct(c.type):
            return place.below(name)
        if place.prefix is not None:
            return f"{place.prefix}.{name}"
        return self.element_field(place, name, ty.row_elements(c.type) if ty.is_array(
            c.type) else 1, self.pos(c))

    def member_in_memory(self, c: ci.Cursor) -> bool:
        """Whether ``c`` is a member of a struct in struct-array memory (not a private
        struct), judged from the syntax alone."""
        c = self.peek(c)
        if c.kind != K.MEMBER_REF_EXPR or len(children(c)) != 1:
            return False
        base = children(c)[0]
        if ty.is_pointer(base.type):
            return True
        base = self.peek(base)
        if base.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR):
            return True
        if base.kind == K.DECL_REF_EXPR and base.referenced is not None:
            return self.known_decl(base.referenced) in self._struct_arrays
        return self.member_in_memory(base)

    def pointer_bits(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """A pointer as the value a struct's pointer field holds in memory: a cell
        loaded from another such field, or the pointer's (target, offset) as an
        uninterpreted value (equal pointers, equal values)."""
        if self.member_in_memory(c):
            cell = self.lvalue(c)
            if isinstance(cell, PointerRef):
                return self.load(cell, POINTER_CELL, pos)
        ref = self.pointer(c)
        return ir.Opaque(pos, POINTER_CELL, "&pointer", (self.targets.selector(ref, pos),
                                                         ref.offset))

    def element_field(self, place: StructPlace, name: str, cells: int,
                      pos: SourcePos) -> PointerRef:
        """Field ``name`` (``cells`` scalars wide) of an element of struct arrays: the
        same element of the field's arrays, the same selector (see :mod:`.pointers`)."""
        element = place.element
        assert element is not None
        if any(t not in self._struct_arrays for t in element.targets if is_valid_target(t)):
            raise UnsupportedConstruct(f"member '{name}' of memory that is not a struct array")
        path = place.sub_path(name)
        targets = tuple(sorted(self.targets.field(t, path) if is_valid_target(t) else t
                               for t in element.targets))
        offset = element.offset
        if cells != 1:
            offset = ir.BinOp(pos, ir.LONG, "*", offset, ir.Const(pos, ir.LONG, cells))
        return PointerRef(targets, offset, element.selector)

    def member_lvalue(self, c: ci.Cursor) -> str | PointerRef:
        place = self.member(c)
        if isinstance(place, PointerRef) and not ty.is_array(c.type):
            return place
        if isinstance(place, str) and place in self.var_types:
            return place
        raise UnsupportedConstruct(f"assignment to member '.{c.spelling}'")

    def pointer_member(self, c: ci.Cursor) -> PointerRef:
        """A pointer or array field used as a pointer (``s.p[i]``, ``q[i].a[j]``).

        An array field of a struct in an array is a row of the field's array: as
        for rows of multi-dimensional arrays (see :meth:`pointer_of`), it may only
        be the base of a subscript, where :meth:`check_row_index` bounds the index
        by the field; a pointer bound to it could leave the field unnoticed.
        """
        as_row_base, self._row_base = self._row_base, False
        place = self.member(c)
        pos = self.pos(c)
        if isinstance(place, PointerRef):
            if ty.is_array(c.type) and as_row_base:
                return place
            if ty.is_array(c.type):
                raise UnsupportedConstruct(f"array field '.{c.spelling}' of a struct in an "
                                           "array used as a pointer (C bounds arithmetic on "
                                           "it by the field)")
            raise UnsupportedConstruct(f"pointer '.{c.spelling}' loaded from struct memory "
                                       "(where it points is not tracked)")
        if isinstance(place, str):
            return self.private_leaf_pointer(place, pos)
        raise UnsupportedConstruct(f"address of member '.{c.spelling}' of a private struct")

    def private_leaf_pointer(self, name: str, pos: SourcePos) -> PointerRef:
        """A private struct's pointer field (a pointer variable, or a pointer parameter
        when the struct is a by-value parameter), or its array field as a pointer."""
        if name in self._aliases:
            return self.pointer_value(name, pos)
        if self.kernel_array(name) is not None or any(p.name == name and p.is_pointer
                                                      for p in self.params):
            return PointerRef.to(name, ir.Const(pos, ir.LONG, 0))
        raise UnsupportedConstruct(f"address of field '{name}' of a private struct")

    def struct_copy(self, dst: StructPlace, src: StructPlace, t: ci.Type,
                    pos: SourcePos) -> None:
        """``dst = src`` for structs of type ``t``: field by field."""
        try:
            fields = leaves(t)
        except StructLayoutError as exc:
            raise UnsupportedConstruct(f"struct copy: {exc}") from None
        for leaf in fields:
            if leaf.dims:
                raise UnsupportedConstruct(f"copy of a struct with the array field '{leaf.path}'")
            if leaf.is_pointer:
                if dst.prefix is None or src.prefix is None:
                    raise UnsupportedConstruct(f"pointer field '{leaf.path}' of a struct in "
                                               "an array")
                target = f"{dst.prefix}.{leaf.path}"
                source = f"{src.prefix}.{leaf.path}"
                if target not in self._aliases:
                    raise UnsupportedConstruct(f"copy into pointer field '{leaf.path}'")
                self.set_pointer(target, self.private_leaf_pointer(source, pos), pos)
                continue
            st = ty.scalar_type(leaf.type)
            value = self.leaf_value(self.struct_leaf(src, leaf.path), st, pos)
            self.store_to(self.struct_leaf(dst, leaf.path), value, st, pos)

    def leaf_value(self, leaf: str | PointerRef, st: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if isinstance(leaf, PointerRef):
            return self.load(leaf, st, pos)
        return ir.Var(pos, self.var_types[leaf], leaf)

    def struct_leaf(self, place: StructPlace, path: str) -> str | PointerRef:
        """The scalar leaf ``path`` of a struct object: a variable or an array element."""
        if place.prefix is None:
            return self.element_field(place, path, 1, self._pos)
        name = f"{place.prefix}.{path}"
        if name not in self.var_types:
            raise UnsupportedConstruct(f"field '{path}' the front end cannot resolve")
        return name

    # ------------------------------------------------------------------ calls

    def call_parts(self, c: ci.Cursor) -> tuple[CallInfo, list[ci.Cursor]]:
        """What a call means (see :mod:`.builtins`) and its argument cursors."""
        args = list(c.get_arguments())
        if any(a is None for a in args):
            raise UnsupportedConstruct(f"call to '{c.spelling}' with an argument libclang "
                                       "does not show")
        callee = [k for k in children(c) if k not in args]
        self.consume(*callee)  # the name of the function called
        return classify_call(c, self.dialect), args

    def call(self, c: ci.Cursor) -> ir.Expr:
        pos = self.pos(c)
        if self.dialect is ir.Dialect.CUDA and _is_prelude(c.referenced, "__syncwarp"):
            return self.warp_barrier(c, pos)
        if self.dialect is ir.Dialect.CUDA and any(_is_prelude(c.referenced, name)
                                                   for name in _TEXTURE_READS):
            return self.texture_read(c, pos)
        group = self.groups.call(c, pos)  # cooperative_groups: b.sync(), b.thread_rank()
        if group is not None:
            t = ty.scalar_type(c.type)
            return group if t.kind is ir.TypeKind.OTHER else self.coerce(group, t, pos)
        info, args = self.call_parts(c)
        decl = c.referenced
        vector = self.vectors.call_scalar(c, info, args)  # vstore4(v, i, p), any(v < 0)
        if vector is not None:
            return vector
        t = ty.scalar_type(c.type)
        if info.kind is CallKind.BUILTIN_ID:
            dim = self.constant(args[0], f"{c.spelling} dimension") if args else 0
            if not isinstance(dim, int) or not 0 <= dim <= 2:
                raise UnsupportedConstruct(f"{c.spelling} with a dimension that is not 0, 1 or 2")
            return ir.Builtin(pos, t, info.builtin, dim)  # type: ignore[arg-type]
        if info.kind is CallKind.BARRIER:
            fences = info.fences
            if args:
                flags = self.constant(args[0], "barrier flags")
                if not isinstance(flags, int):
                    raise UnsupportedConstruct("barrier flags that are not an integer")
                fences = (ir.Fence.LOCAL if flags & 1 else ir.Fence.NONE) | (
                    ir.Fence.GLOBAL if flags & 2 else ir.Fence.NONE)
            self.emit(ir.Barrier(pos, fences))
            return ir.Const(pos, ir.INT, 0)
        if info.kind in (CallKind.CONSTANT, CallKind.NO_EFFECT):
            # arguments are still evaluated, side effects and all
            self.unsequenced(*(partial(self.expr, a) for a in args))
            return ir.Const(pos, t if info.kind is CallKind.CONSTANT else ir.INT, info.value)
        if info.kind is CallKind.GENERIC_OP:
            a, b = self.unsequenced(*(partial(self.expr, x) for x in args))
            return ir.GenericOp(pos, t, a, b)
        if info.kind is CallKind.GENERIC_IDENTITY:
            return ir.GenericIdentity(pos, t)
        if info.kind in gpuverify.ANNOTATIONS:
            return gpuverify.lower_call(self, c, args, info, pos)
        if info.kind is CallKind.MIN_MAX_ABS and t.kind is ir.TypeKind.INT:
            values = self.unsequenced(*(partial(self.expr, a) for a in args))
            return self.min_max_abs(c.spelling, values, t, pos)
        if info.kind in (CallKind.PURE, CallKind.MIN_MAX_ABS):
            values = self.unsequenced(*(partial(self.expr, a) for a in args))
            return ir.Opaque(pos, t, c.spelling, tuple(values))
        if info.kind in intrinsics.KINDS:
            return intrinsics.lower_call(self, c, args, info, pos)
        if info.kind is CallKind.UNSUPPORTED:
            raise UnsupportedConstruct(info.reason)
        definition = decl.get_definition() if decl is not None else None
        if definition is None:
            raise UnsupportedConstruct(f"call to '{c.spelling}', whose body is not in the file")
        return self.inline(definition, args, t, pos)

    def texture_read(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """``tex1Dfetch(tex, i)``: a read of a texture reference.

        A texture is read-only while a kernel runs, so the read races with
        nothing and its value is an unknown function of the texture and the
        coordinates: an opaque value of them, the coordinates lowered as usual.
        """
        args = list(c.get_arguments())
        self.consume(*(k for k in children(c) if k not in args))
        t = ty.scalar_type(c.type)
        texture = args[0] if args else None
        refs = [r for r in texture.walk_preorder() if r.kind == K.DECL_REF_EXPR] \
            if texture is not None else []
        target = refs[0].referenced if len(refs) == 1 else None
        if (target is None or target.kind != K.VAR_DECL or t.kind is ir.TypeKind.OTHER
                or target.semantic_parent.kind != K.TRANSLATION_UNIT):
            raise UnsupportedConstruct(f"{c.spelling} of a texture the front end cannot name")
        for node in texture.walk_preorder():  # the texture object, passed by copy
            self.consume(node)
        coords = self.unsequenced(*(partial(self.expr, a) for a in args[1:]))
        return ir.Opaque(pos, t, f"{c.spelling}:{target.spelling}", tuple(coords))

    def warp_barrier(self, c: ci.Cursor, pos: SourcePos) -> ir.Expr:
        """``__syncwarp(mask)``: a barrier of the threads of one warp.

        The order it gives inside a warp is not modelled: it is a no-op for
        synchronisation, which can only add races, never hide one.  Its own
        requirement, that every thread of the mask reaches it, is not modelled
        either, so it is accepted only where that certainly holds: with the
        full mask, in the kernel's straight-line code (not under a condition,
        in a loop or after a return).
        """
        args = list(c.get_arguments())
        self.consume(*(k for k in children(c) if k not in args))
        mask = self.constant(args[0], "__syncwarp mask") if args else FULL_WARP_MASK
        if mask != FULL_WARP_MASK:
            raise UnsupportedConstruct("__syncwarp with a mask other than 0xffffffff (which "
                                       "threads must reach it is not modelled)")
        if self._block is not self._top_block or self._returned:
            raise UnsupportedConstruct("__syncwarp under a condition, in a loop or after a "
                                       "return (that the whole warp reaches it is not "
                                       "modelled)")
        return ir.Const(pos, ir.INT, 0)

    def min_max_abs(self, name: str, args: list[ir.Expr], t: ir.ScalarType,
                    pos: SourcePos) -> ir.Expr:
        """``min``/``max``/``abs`` of integers with result type ``t``.  ``abs`` tests the
        sign in its argument's own type: OpenCL's ``abs(int)`` is a ``uint`` (so
        ``abs(INT_MIN)`` is 2^31), CUDA's is an ``int`` (and ``abs(INT_MIN)`` overflows)."""
        if name == "abs":
            (a,) = args
            negative = ir.BinOp(pos, ir.BOOL, "<", a, ir.Const(pos, a.type, 0))
            value = self.coerce(a, t, pos)
            return ir.Select(pos, t, negative, ir.UnOp(pos, t, "-", value), value)
        a, b = (self.coerce(x, t, pos) for x in args)
        pick_a = ir.BinOp(pos, ir.BOOL, "<" if name == "min" else ">", a, b)
        return ir.Select(pos, t, pick_a, a, b)

    def inline(self, fn: ci.Cursor, args: list[ci.Cursor], t: ir.ScalarType,
               pos: SourcePos, pointer_result: bool = False) -> ir.Expr:
        """The call's value (with ``pointer_result``, a variable named as the pointer
        variable that holds what the function returns)."""
        if any(frame.function == fn.spelling for frame in self._inline):
            raise UnsupportedConstruct(f"recursive call to '{fn.spelling}'")
        if ty.type_kind(fn.result_type.get_canonical()) in _REFERENCES:
            raise UnsupportedConstruct(f"call to '{fn.spelling}', which returns a reference")
        params = list(fn.get_arguments())
        if len(params) != len(args):
            raise UnsupportedConstruct(f"call to variadic function '{fn.spelling}'")
        bound: list[_Operand] = self.unsequenced(
            *(partial(self.argument, param, arg, pos) for param, arg in zip(params, args,
                                                                              strict=True)))
        for param, value in zip(params, bound, strict=True):
            name = self.fresh(f"{fn.spelling}.{param.spelling}", ty.scalar_type(param.type))
            self._names[_decl_key(param)] = name
            if isinstance(value, list):  # a vector's lanes
                del self.var_types[name]
                self.vectors.bind(name, param.type, value, _decl_key(param) in self._addressed,
                                  pos)
                continue
            if isinstance(value, ir.Expr) and _decl_key(param) in self._addressed:
                del self.var_types[name]
                self.private_cell(name, ty.scalar_type(param.type), value, pos)
                continue
            if isinstance(value, ir.Expr):
                self.emit(ir.Assign(pos, name, self.coerce(value, self.var_types[name], pos)))
                continue
            del self.var_types[name]
            if isinstance(value, StructPlace):
                self.private_struct(name, _decl_key(param), param.type, pos)
                self.struct_copy(StructPlace(prefix=name), value, param.type, pos)
            elif isinstance(value, PointerRef):
                self.new_pointer(name, _decl_key(param))
                self.set_pointer(name, value, pos)
            else:
                self._refs[name] = value
        body = next((ch for ch in children(fn) if ch.kind == K.COMPOUND_STMT), None)
        if body is None:
            raise UnsupportedConstruct(f"function '{fn.spelling}' whose body is not a block")
        result = None if t.kind is ir.TypeKind.OTHER and c_is_void(fn) else self.fresh(
            f"{fn.spelling}.result", t)
        if pointer_result and result is not None:
            del self.var_types[result]
            self.new_pointer(result, _decl_key(fn))
        result_shape = ty.vector_shape(fn.result_type)
        if result_shape is not None and result is not None:
            del self.var_types[result]
            self.vectors.name_lanes(result, result_shape)
        self._inline.append(_InlineFrame(fn.spelling, result))
        try:
            if self._audit is not None:
                self._audit.roots.append(body)
            self.note(body, Outcome.LOWERED)
            stmts = children(body)
            tail = stmts[-1] if stmts and stmts[-1].kind == K.RETURN_STMT else None
            for s in stmts if tail is None else stmts[:-1]:
                self.stmt(s)
            if tail is not None:
                self.note(tail, Outcome.LOWERED)
                self.tail_return(tail, result, t)
        finally:
            self._inline.pop()
        if result is None:
            return ir.Const(pos, ir.INT, 0)
        return ir.Var(pos, t, result)

    def argument(self, param: ci.Cursor, arg: ci.Cursor, pos: SourcePos) -> _Operand:
        """What an inlined parameter is bound to: a reference's target, an element, a value."""
        if ty.type_kind(param.type.get_canonical()) in _REFERENCES:
            return self.bind_reference(arg, param.type.get_canonical(), pos)
        if ty.is_pointer(param.type):
            return self.pointer(arg)
        if is_struct(param.type):  # by value: copied field by field into the parameter
            return self.struct_place(arg)
        shape = ty.vector_shape(param.type)
        if shape is not None:  # by value: copied lane by lane into the parameter
            return self.vectors.lanes(arg, shape)
        return self.expr(arg)

    def tail_return(self, tail: ci.Cursor, result: str | None, t: ir.ScalarType) -> None:
        """The final ``return`` of an inlined function: its operand is always evaluated.

        ``return g();`` and ``return (void)g();`` in a void function still run
        ``g`` with all its stores and barriers.
        """
        operand = children(tail)
        if not operand:
            return
        self._pos = self.pos(tail)
        try:
            if result is None:
                self.discard(operand[0])
            elif result in self._aliases:
                self.set_pointer(result, self.pointer(operand[0]), self.pos(tail))
            elif result in self.vectors.lanes_of:
                self.vectors.returned(result, operand[0])
            else:
                self.emit(ir.Assign(self.pos(tail), result,
                                    self.coerce(self.expr(operand[0]), t, self.pos(tail))))
        except UnsupportedConstruct as exc:
            self.note(tail, Outcome.REFUSED)
            self.emit(ir.Unsupported(self.pos(tail), exc.construct, exc.breaks_genericity))


def _array_levels(t: ci.Type) -> tuple[int, ...]:
    """The extents of ``t`` counting array levels only (no vector lanes)."""
    dims: list[int] = []
    canon = t.get_canonical()
    while ty.type_kind(canon) == ci.TypeKind.CONSTANTARRAY:
        dims.append(canon.get_array_size())
        canon = canon.get_array_element_type().get_canonical()
    return tuple(dims)


def _stores_its_value(c: ci.Cursor) -> bool:
    """Whether ``c`` (already peeked under parentheses and implicit conversions) is an
    assignment, compound assignment or increment: its operations are kept by its store."""
    if kind_of(c) == K.COMPOUND_ASSIGNMENT_OPERATOR:
        return True
    if kind_of(c) == K.BINARY_OPERATOR:
        return binary_operator(c) == "="
    if kind_of(c) == K.UNARY_OPERATOR:
        return unary_operator(c) in ("pre++", "pre--", "post++", "post--")
    return False


def _is_file_scope_shared(decl: ci.Cursor, dialect: ir.Dialect) -> bool:
    return (dialect is ir.Dialect.CUDA and decl.kind == K.VAR_DECL
            and decl.semantic_parent is not None
            and decl.semantic_parent.kind in (K.TRANSLATION_UNIT, K.LINKAGE_SPEC)
            and any(k.kind == K.ANNOTATE_ATTR and k.spelling == "veriscan_cuda_shared"
                    for k in decl.get_children()))


def _is_prelude(decl: ci.Cursor | None, name: str) -> bool:
    """``decl`` is the prelude's declaration of ``name`` (not one of the kernel's own)."""
    where = decl.location.file if decl is not None else None
    return (decl is not None and decl.spelling == name and where is not None
            and where.name.startswith("/veriscan-prelude/"))


def _is_warp_size(decl: ci.Cursor, dialect: ir.Dialect) -> bool:
    """The CUDA prelude's ``warpSize``."""
    return dialect is ir.Dialect.CUDA and _is_prelude(decl, "warpSize")


def c_is_void(fn: ci.Cursor) -> bool:
    return ty.type_kind(fn.result_type.get_canonical()) == ci.TypeKind.VOID


def ty_pointee(t: ci.Type) -> ci.Type:
    canon = t.get_canonical()
    if ty.type_kind(canon) == ci.TypeKind.POINTER:
        return canon.get_pointee()
    return canon.get_array_element_type()


def _is_lvalue(c: ci.Cursor) -> bool:
    """Whether ``c`` (without wrappers) names an object rather than computing a value."""
    if c.kind == K.UNARY_OPERATOR:
        return unary_operator(c) == "*"
    return c.kind in (K.DECL_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR)


def _add(a: ir.Expr, b: ir.Expr, pos: SourcePos) -> ir.Expr:
    if isinstance(a, ir.Const) and a.value == 0:
        return b
    return ir.BinOp(pos, ir.LONG, "+", a, b)


def _only_child(c: ci.Cursor) -> ci.Cursor:
    kids = children(c)
    if len(kids) != 1:
        raise UnsupportedConstruct(f"{c.kind.name} with {len(kids)} operands")
    return kids[0]


def _two_children(c: ci.Cursor) -> tuple[ci.Cursor, ci.Cursor]:
    kids = children(c)
    if len(kids) != 2:
        raise UnsupportedConstruct(f"{c.kind.name} with {len(kids)} operands")
    return kids[0], kids[1]


def _folded_int(e: ir.Expr) -> int | None:
    """The value of an integer constant, possibly under integer conversions."""
    if isinstance(e, ir.Cast) and e.type.kind is ir.TypeKind.INT:
        inner = _folded_int(e.operand)
        if inner is None:
            return None
        inner &= (1 << e.type.bits) - 1
        if e.type.signed and inner >> (e.type.bits - 1):
            inner -= 1 << e.type.bits
        return inner
    if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    return None


def _deeper_than(e: ir.Expr, limit: int) -> bool:
    """Whether the expression tree ``e`` is more than ``limit`` levels deep."""
    level = [e]
    for _ in range(limit):
        level = [k for x in level for k in expr_children(x)]
        if not level:
            return False
    return True


def _settled(rule: Callable[[KernelLowering, ci.Cursor], T]
             ) -> Callable[[KernelLowering, ci.Cursor], T]:
    """The rule for a call, lowered as :meth:`KernelLowering.settled`: everything it
    does is complete before its value is."""
    def lowered(self: KernelLowering, c: ci.Cursor) -> T:
        with self.settled():
            return rule(self, c)
    return lowered


_STMT_RULES: dict[ci.CursorKind, Callable] = {
    K.COMPOUND_STMT: KernelLowering.compound,
    K.DECL_STMT: KernelLowering.decl_stmt,
    K.IF_STMT: KernelLowering.if_stmt,
    K.FOR_STMT: KernelLowering.loop,
    K.WHILE_STMT: KernelLowering.loop,
    K.DO_STMT: KernelLowering.loop,
    K.RETURN_STMT: KernelLowering.return_stmt,
    K.BREAK_STMT: KernelLowering.break_stmt,
    K.CONTINUE_STMT: KernelLowering.continue_stmt,
    K.NULL_STMT: KernelLowering.null_stmt,
}
_DECL_RULES: dict[ci.CursorKind, Callable] = {K.VAR_DECL: KernelLowering.var_decl}
_EXPR_RULES: dict[ci.CursorKind, Callable] = {
    K.PAREN_EXPR: KernelLowering.paren_expr,
    K.UNEXPOSED_EXPR: KernelLowering.unexposed_expr,
    K.INTEGER_LITERAL: KernelLowering.literal,
    K.CHARACTER_LITERAL: KernelLowering.literal,
    K.FLOATING_LITERAL: KernelLowering.literal,
    K.CXX_BOOL_LITERAL_EXPR: KernelLowering.literal,
    K.CXX_UNARY_EXPR: KernelLowering.literal,
    K.DECL_REF_EXPR: KernelLowering.decl_ref,
    K.MEMBER_REF_EXPR: KernelLowering.member_ref,
    K.CSTYLE_CAST_EXPR: KernelLowering.cast_expr,
    K.CXX_STATIC_CAST_EXPR: KernelLowering.cast_expr,
    K.CXX_FUNCTIONAL_CAST_EXPR: KernelLowering.cast_expr,
    K.CXX_CONST_CAST_EXPR: KernelLowering.cast_expr,
    K.BINARY_OPERATOR: KernelLowering.binary_expr,
    K.COMPOUND_ASSIGNMENT_OPERATOR: KernelLowering.compound_assign,
    K.UNARY_OPERATOR: KernelLowering.unary_expr,
    K.CONDITIONAL_OPERATOR: KernelLowering.conditional,
    K.ARRAY_SUBSCRIPT_EXPR: KernelLowering.subscript,
    K.CALL_EXPR: _settled(KernelLowering.call),
}
_POINTER_RULES: dict[ci.CursorKind, Callable] = {
    K.PAREN_EXPR: KernelLowering.pointer_wrapper,
    K.UNEXPOSED_EXPR: KernelLowering.pointer_wrapper,
    **{kind: KernelLowering.pointer_cast for kind in _CAST_KINDS},
    K.DECL_REF_EXPR: KernelLowering.pointer_name,
    K.ARRAY_SUBSCRIPT_EXPR: KernelLowering.pointer_of,
    K.BINARY_OPERATOR: KernelLowering.pointer_sum,
    K.UNARY_OPERATOR: KernelLowering.pointer_address,
    K.CONDITIONAL_OPERATOR: KernelLowering.pointer_choice,
    K.MEMBER_REF_EXPR: KernelLowering.pointer_member,
    K.INTEGER_LITERAL: KernelLowering.pointer_null,
    K.CALL_EXPR: _settled(KernelLowering.pointer_call),
}
_LVALUE_RULES: dict[ci.CursorKind, Callable] = {
    K.DECL_REF_EXPR: KernelLowering.named_lvalue,
    K.MEMBER_REF_EXPR: KernelLowering.member_lvalue,
    K.ARRAY_SUBSCRIPT_EXPR: KernelLowering.element_lvalue,
    K.UNARY_OPERATOR: KernelLowering.deref_lvalue,
}
# Kinds refused with a message that says more than their name.
_REFUSALS: dict[ci.CursorKind | None, str] = {
    K.GOTO_STMT: "goto/label (unstructured control flow)",
    K.INDIRECT_GOTO_STMT: "goto/label (unstructured control flow)",
    K.LABEL_STMT: "goto/label (unstructured control flow)",
    K.SWITCH_STMT: "switch statement",
    K.ASM_STMT: "inline assembly",
    K.MS_ASM_STMT: "inline assembly",
    None: "a construct of a kind this libclang binding does not know",
}
