"""Lower a libclang kernel definition to the veriscan IR.

The lowering never drops what it does not model.  Every cursor goes through
one dispatch point (:meth:`KernelLowering.rule`) with one table of rules per
role (statement, value, pointer, assignment target, vector value), all built
in one place (:class:`~.lower_rules.Rules`); a kind without a rule, or a
construct a rule cannot express faithfully (calls it cannot inline, pointers
it cannot resolve to a finite set of targets (:mod:`.pointers`), unions,
goto, switch, inline assembly, ...), becomes an :class:`ir.Unsupported`
statement at the construct's line, which forces every verdict to ``unknown``.
Cursors read only as compile-time information (type names, constants) are
marked consumed, so an audit (:mod:`veriscan.frontend.cursors`) can prove
cursor by cursor that nothing was skipped.  Before lowering,
:mod:`veriscan.frontend.typeflow` reports every change of pointee type and
every type query on ``TYPE`` as ``Unsupported``.

Memory accesses become :class:`ir.Load`/:class:`ir.Store` statements through
temporaries so every access keeps its own position and program order; arms of
``?:``, ``&&`` and ``||`` that access memory become ``If`` statements so that
an access is only analysed under the condition that guards it in C.  CUDA
references alias the caller's variable or array element.  Expressions deeper
than :data:`~.lower_expressions.SPILL_DEPTH` are split through temporaries, so
the analyses, which recurse over expressions, never meet a deep tree; the
recursion itself runs with room for :data:`~veriscan.frontend.typeflow.MAX_NESTING`
levels (:mod:`veriscan.frontend.stack`).

This module holds what every construct shares: :class:`KernelLowering`, one
kernel's lowering state (its names, arrays, the statement list being filled)
and its entry points.  The rules themselves live with their construct, one
translator each, all reached through the kernel's lowering:

* :mod:`.lower_statements`: statements and control flow;
* :mod:`.lower_declarations`: local declarations and the lifetimes they begin;
* :mod:`.lower_parameters`: the kernel's parameters;
* :mod:`.lower_expressions`: values, operators and conversions;
* :mod:`.lower_sequencing`: the order C leaves open among operands, and the
  unsequenced effects it makes undefined;
* :mod:`.lower_assignments`: assignment targets and the stores to them;
* :mod:`.lower_pointers`: pointers resolved to array + offset, loads and stores;
* :mod:`.lower_structs`: structs, field by field (layout: :mod:`.structs`);
* :mod:`.lower_calls`: calls, built-ins and inlining (annotations:
  :mod:`.gpuverify`; atomics and other intrinsics: :mod:`.intrinsics`;
  cooperative groups: :mod:`.cooperative`);
* :mod:`.vectors` (with :mod:`.vector_values`, :mod:`.vector_builtins`):
  vectors, lane by lane.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import clang.cindex as ci

from veriscan.budget import Progress
from veriscan.errors import SourcePos
from veriscan.frontend.cooperative import GroupLowering
from veriscan.frontend.cursors import Outcome, children, current_audit, is_value_wrapper, kind_of
from veriscan.frontend.lower_assignments import AssignmentLowering
from veriscan.frontend.lower_calls import CallLowering
from veriscan.frontend.lower_declarations import (
    DeclarationLowering,
    is_file_scope_shared,
    is_program_scope_constant,
)
from veriscan.frontend.lower_expressions import ExpressionLowering
from veriscan.frontend.lower_parameters import ParameterLowering
from veriscan.frontend.lower_pointers import PointerLowering
from veriscan.frontend.lower_rules import Rules, RuleTable, UnsupportedConstruct
from veriscan.frontend.lower_sequencing import Sequencing
from veriscan.frontend.lower_statements import StatementLowering
from veriscan.frontend.lower_structs import StructLowering
from veriscan.frontend.pointers import DeclKey, PointerTargets, decl_key, variable_use
from veriscan.frontend.scopes import Scopes
from veriscan.frontend.stack import run_deep
from veriscan.frontend.typeflow import type_leaks
from veriscan.frontend.vector_builtins import VectorBuiltins
from veriscan.frontend.vector_values import VectorValues
from veriscan.frontend.vectors import VectorLowering
from veriscan.ir import nodes as ir
from veriscan.ir.visit import written_arrays

K = ci.CursorKind


class KernelLowering:
    """One kernel's lowering: the state its translators share, and the translators.

    One is made per round of pointer targets (see :mod:`.pointers`): the
    caller declares the parameters (:meth:`.lower_parameters.ParameterLowering.add_params`),
    lowers the body (:meth:`lower_body`) and reads the IR's declarations
    (``params``, ``arrays``, ``var_types``) and notes from here.
    """

    def __init__(self, file: str, dialect: ir.Dialect,
                 targets: PointerTargets | None = None,
                 progress: Progress | None = None):
        self.file = file
        self.dialect = dialect
        self.progress = progress  # hears each top-level statement of the body lowered
        self.targets = targets if targets is not None else PointerTargets()
        # What the IR kernel declares, and the notes that go with it.
        self.params: list[ir.Param] = []
        self.arrays: list[ir.ArrayDecl] = []
        self.var_types: dict[str, ir.ScalarType] = {}
        self.ignored_annotations: list[str] = []  # GPUVerify annotations not used, and why
        self.unexpressed_assumptions: list[str] = []  # of them, assumptions
        # Bytes of the launch's dynamic shared memory (extern __shared__), if given.
        self.dynamic_shared: int | None = None
        # Names: of each declaration, and every name handed out (declarations, temporaries).
        self.names: dict[DeclKey, str] = {}
        self.taken: set[str] = set()
        self._temp = 0
        self.addressed: set[DeclKey] = set()  # variables whose address is taken
        self.read_only_arrays: set[str] = set()  # the arrays CUDA's __ldg reads
        # Where lowered statements go, and where the lowering stands.
        self.current: list[ir.Stmt] = []
        self.repeated = 0  # loops around the statement being lowered
        self.scopes = Scopes()  # block scopes: no pointer outlives its private object
        self.at = SourcePos(file, 0)
        self.body: ci.Cursor | None = None  # the kernel's body
        self.audit = current_audit()
        # The translators, one per construct, and the one set of rule tables.
        self.stmts = StatementLowering(self)
        self.decls = DeclarationLowering(self)
        self.parameters = ParameterLowering(self)
        self.exprs = ExpressionLowering(self)
        self.seq = Sequencing(self)
        self.assigns = AssignmentLowering(self)
        self.ptrs = PointerLowering(self)
        self.structs = StructLowering(self)
        self.calls = CallLowering(self)
        self.vectors = VectorLowering(self)
        self.vector_values = VectorValues(self)
        self.vector_builtins = VectorBuiltins(self)
        self.groups = GroupLowering(self)  # CUDA cooperative groups
        self.rules = Rules(self)

    # ------------------------------------------------------------ entry points

    def lower_body(self, body: ci.Cursor) -> list[ir.Stmt]:
        """The kernel body as IR, led by one ``Unsupported`` per type leak."""
        if self.audit is not None:
            self.audit.roots.append(body)
        self.body = body
        flow = type_leaks(body, None, self.file)
        use = variable_use(body)
        self.addressed = set(use.addressed)
        with self.block() as out:
            self.stmts.top_block = out
            for step in self.parameters.prologue:
                step()
            self.parameters.movable_params(use.assigned)
            for leak in flow.leaks:
                self.emit(ir.Unsupported(self.pos(leak.cursor), leak.construct,
                                         leak.breaks_genericity))
            run_deep(lambda: self.stmts.stmt(body), flow.depth,
                     SourcePos(self.file, body.location.line))
        # Only a kernel that uses __ldg pays for the walk over its body.
        written = sorted(self.read_only_arrays & written_arrays(out)) \
            if self.read_only_arrays else []
        if written:
            out.insert(0, ir.Unsupported(self.pos(body), f"__ldg reads '{written[0]}', which "
                                         "the kernel also writes: the read-only data cache "
                                         "is not coherent with the kernel's own stores"))
        return out

    def where_now(self) -> str:
        """Where the lowering stands, for a check whose budget runs out in it."""
        return f"in the front end, lowering line {self.at.line}"

    # ------------------------------------------------- where statements go

    def pos(self, c: ci.Cursor) -> SourcePos:
        loc = c.location
        if loc.file is not None and loc.file.name == self.file and loc.line:
            return SourcePos(self.file, loc.line, loc.column)
        return self.at

    def emit(self, stmt: ir.Stmt) -> None:
        self.current.append(stmt)

    @contextmanager
    def block(self, repeated: bool = False) -> Iterator[list[ir.Stmt]]:
        """Statements lowered inside go to a new list; ``repeated``: a loop's, which
        may run more than once (see :meth:`new_lifetime`)."""
        saved, self.current = self.current, []
        self.repeated += repeated
        try:
            yield self.current
        finally:
            self.current = saved
            self.repeated -= repeated

    @property
    def inlining(self) -> bool:
        """Inside the body of an inlined function, not the kernel's own."""
        return bool(self.calls.frames)

    # ------------------------------------------------------------------ names

    def fresh(self, stem: str, type_: ir.ScalarType) -> str:
        """A new variable name that no declaration and no other temporary has."""
        self._temp += 1
        name = f"{stem}#{self._temp}"
        while name in self.taken:
            self._temp += 1
            name = f"{stem}#{self._temp}"
        self.taken.add(name)
        self.var_types[name] = type_
        return name

    def decl_name(self, decl: ci.Cursor) -> str:
        key = decl_key(decl)
        if key not in self.names:
            name = decl.spelling or "anon"
            suffix = 1
            while name in self.taken:
                suffix += 1
                name = f"{decl.spelling}#{suffix}"
            self.names[key] = name
            self.taken.add(name)
        return self.names[key]

    def known_decl(self, decl: ci.Cursor) -> str | None:
        name = self.names.get(decl_key(decl))
        if name is None and is_file_scope_shared(decl, self.dialect):
            # A file-scope __shared__ array is the block's, like one declared in
            # the kernel: declared where first named (kernel or device function).
            self.decls.var_decl(decl)
            name = self.names.get(decl_key(decl))
        elif name is None and is_program_scope_constant(decl, self.dialect):
            self.decls.program_constant(decl)
            name = self.names.get(decl_key(decl))
        return name

    def kernel_array(self, name: str) -> ir.ArrayDecl | None:
        return next((a for a in self.arrays if a.name == name), None)

    # ------------------------------------------------------------ the dispatch

    def rule(self, c: ci.Cursor, table: RuleTable) -> Callable[..., Any]:
        """The one dispatch point: the rule for ``c`` in ``table`` (one per role).

        A kind without a rule is refused (it becomes ``Unsupported``), never
        skipped; the audit, when one is running, records either outcome.
        """
        kind = kind_of(c)
        rule = table.rules.get(kind) if kind is not None else None
        if rule is None:
            self.note(c, Outcome.REFUSED)
            raise UnsupportedConstruct(table.refusal(kind))
        self.note(c, Outcome.LOWERED)
        return rule

    def note(self, c: ci.Cursor, outcome: Outcome) -> None:
        if self.audit is not None:
            self.audit.note(c, outcome)

    def consume(self, *cursors: ci.Cursor) -> None:
        """Mark cursors read only as compile-time information (types, constants)."""
        for c in cursors:
            self.note(c, Outcome.CONSUMED)

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
