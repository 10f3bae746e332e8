"""Pointer values the front end resolves: one of a finite set of arrays, plus an offset.

A kernel's pointers can only point into what the kernel can name: its pointer
parameters, its arrays (``__local``, private, and private scalars whose
address is taken, which the lowering keeps as one-cell arrays), the null
pointer, or nothing yet (a pointer declared without a target).  So a pointer
value is modelled exactly as ``(target, offset)``: the target drawn from a
finite set known to the lowering, the offset a symbolic element count.  When
the set has more than one member (``c ? a : b``, a pointer variable assigned
in both arms of an ``if``, re-pointed in a loop), an integer *selector*
holds the id of the target, and every access through the pointer becomes a
case split over the targets; a dereference that may reach the null pointer
or a pointer never assigned is a condition of defined behaviour the engines
check, so it is reported, never verified.

The target set of a pointer *variable* must hold every target it is ever
assigned, including assignments later in the text that reach an earlier use
through a loop.  :class:`PointerTargets` collects, per declaration, the
targets assigned in one lowering; the kernel is lowered again with those sets
as the starting point until a round adds nothing (sets only grow and are
bounded by the kernel's arrays, so this ends), and only that last round's IR
is used: in it every variable's set is the same at every use.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.cursors import children, kind_of
from veriscan.ir import nodes as ir

NULL_TARGET = "<null>"     # the null pointer: any access through it is undefined
UNSET_TARGET = "<unset>"   # a pointer declared without a value and not yet assigned
_INVALID = {NULL_TARGET: "dereference of a null pointer",
            UNSET_TARGET: "use of a pointer that was never given a value"}

# A declaration, as the lowering keys it (file, line, column, spelling).
DeclKey = tuple[str, int, int, str]


@dataclass(frozen=True)
class PointerRef:
    """A pointer resolved to ``target + offset`` (offset in elements, a 64-bit value).

    ``targets`` are sorted; with more than one, ``selector`` (an int expression)
    evaluates to the id (see :class:`PointerTargets`) of the one pointed into.
    """

    targets: tuple[str, ...]
    offset: ir.Expr
    selector: ir.Expr | None = None

    @staticmethod
    def to(array: str, offset: ir.Expr) -> PointerRef:
        return PointerRef((array,), offset)

    @property
    def single(self) -> str | None:
        """The one array this pointer surely points into, if there is one."""
        if len(self.targets) != 1 or self.targets[0] in _INVALID:
            return None
        return self.targets[0]

    def moved(self, offset: ir.Expr) -> PointerRef:
        return replace(self, offset=offset)


@dataclass
class PointerTargets:
    """Target ids and the target sets of pointer variables for one lowering round."""

    hints: dict[DeclKey, frozenset[str]] = field(default_factory=dict)
    sets: dict[DeclKey, set[str]] = field(default_factory=dict)
    _ids: dict[str, int] = field(default_factory=dict)
    _roots: dict[str, str] = field(default_factory=dict)  # field array -> its struct array

    def id(self, target: str) -> int:
        """The target's id; the arrays of one struct array's fields share the struct
        array's, so that a field access keeps the selector of the struct pointer."""
        root = self._roots.get(target, target)
        return self._ids.setdefault(root, len(self._ids))

    def field(self, root: str, path: str) -> str:
        """The array holding field ``path`` of struct array ``root`` (see :mod:`.structs`)."""
        name = f"{root}.{path}"
        self._roots[name] = root
        return name

    def selector(self, ref: PointerRef, pos: SourcePos) -> ir.Expr:
        """The id of ``ref``'s target as an expression (a constant for one target)."""
        if ref.selector is not None:
            return ref.selector
        return ir.Const(pos, ir.INT, self.id(ref.targets[0]))

    def is_target(self, ref: PointerRef, target: str, pos: SourcePos) -> ir.Expr:
        """Whether ``ref`` points into ``target`` (a constant unless it is ambiguous)."""
        if len(ref.targets) == 1:
            return ir.Const(pos, ir.BOOL, ref.targets[0] == target)
        return ir.BinOp(pos, ir.BOOL, "==", self.selector(ref, pos),
                        ir.Const(pos, ir.INT, self.id(target)))

    def of_variable(self, key: DeclKey) -> set[str]:
        """The (growing) target set of the pointer variable declared at ``key``."""
        return self.sets.setdefault(key, set(self.hints.get(key, ())))

    def value(self, key: DeclKey, offset: ir.Expr, base: ir.Expr) -> PointerRef:
        """The pointer a variable holds: ``base`` is its selector variable."""
        # A variable nothing was assigned to (a function falling off its end
        # without returning its pointer) holds no pointer at all.
        targets = tuple(sorted(self.of_variable(key))) or (UNSET_TARGET,)
        return PointerRef(targets, offset, base if len(targets) > 1 else None)

    def settled(self) -> bool:
        """Whether this round started from every set it ended with (see the module doc)."""
        return all(frozenset(s) == self.hints.get(k, frozenset()) for k, s in self.sets.items())

    def next_round(self) -> PointerTargets:
        return PointerTargets({k: frozenset(s) for k, s in self.sets.items()})

    def choose(self, cond: ir.Expr, a: PointerRef, b: PointerRef, pos: SourcePos) -> PointerRef:
        """``cond ? a : b`` for pointers whose evaluation has no effects."""
        targets = tuple(sorted(set(a.targets) | set(b.targets)))
        offset = ir.Select(pos, ir.LONG, cond, a.offset, b.offset)
        if len(targets) == 1:
            return PointerRef(targets, offset)
        return PointerRef(targets, offset, ir.Select(pos, ir.INT, cond, self.selector(a, pos),
                                                     self.selector(b, pos)))

    def checks(self, ref: PointerRef, pos: SourcePos, null_ok: bool = False) -> list[ir.Stmt]:
        """Defined-behaviour conditions for using ``ref``: not unassigned, and (unless
        ``null_ok``, as in a comparison) not null."""
        return [ir.Assert(pos, ir.UnOp(pos, ir.BOOL, "!", self.is_target(ref, bad, pos)), what)
                for bad, what in _INVALID.items()
                if bad in ref.targets and not (null_ok and bad == NULL_TARGET)]

    def step_checks(self, ref: PointerRef, delta: ir.Expr, pos: SourcePos) -> list[ir.Stmt]:
        """Moving ``ref`` by ``delta`` elements: undefined for the null pointer (and for
        an unassigned one) unless ``delta`` is zero."""
        zero = ir.BinOp(pos, ir.BOOL, "==", delta, ir.Const(pos, delta.type, 0))
        return [ir.Assert(pos, ir.BinOp(pos, ir.BOOL, "||", ir.UnOp(
            pos, ir.BOOL, "!", self.is_target(ref, bad, pos)), zero), f"arithmetic on a "
            f"{'null pointer' if bad == NULL_TARGET else 'pointer that was never given a value'}")
            for bad in _INVALID if bad in ref.targets]

    def split(self, ref: PointerRef, pos: SourcePos,
              access: dict[str, list[ir.Stmt]]) -> list[ir.Stmt]:
        """The statements ``access[t]`` for the target ``t`` that ``ref`` points into,
        after the checks of :meth:`checks` (``access`` has the valid targets)."""
        return [*self.checks(ref, pos), *self.cases(ref, pos, access, checked=True)]

    def cases(self, ref: PointerRef, pos: SourcePos, stmts: dict[str, list[ir.Stmt]],
              checked: bool = False) -> list[ir.Stmt]:
        """The statements ``stmts[t]`` for the valid target ``t`` that ``ref`` points into,
        none when it points into none.  ``checked``: :meth:`checks` made sure it points
        into one, so the last target needs no test."""
        valid = [t for t in ref.targets if t not in _INVALID]
        if not valid:
            return []
        last = valid[-1]
        chain = stmts[last]
        if not checked and len(valid) != len(ref.targets):
            chain = [ir.If(pos, self.is_target(ref, last, pos), chain)]
        for target in reversed(valid[:-1]):
            chain = [ir.If(pos, self.is_target(ref, target, pos), stmts[target], chain)]
        return chain

    def unmodelled_equality(self, a: PointerRef, b: PointerRef,
                            nullable: set[str]) -> str | None:
        """Why ``a == b`` is not decided by :meth:`equal`, or None.  Two objects may sit
        side by side, and C lets a pointer one past the end of one equal the start of
        the next (C11 6.5.9p6); a buffer argument (``nullable``) may be null, as the
        host may pass NULL for it.  Neither is a fact of the source."""
        for x, y in ((a, b), (b, a)):
            mine = {t for t in x.targets if t not in _INVALID}
            if any(t != u for t in mine for u in y.targets if u not in _INVALID):
                return "comparing pointers that may point into two different objects"
            if NULL_TARGET in y.targets and mine & nullable:
                return "a buffer parameter compared with the null pointer (the host may " \
                       "pass NULL for it)"
        return None

    def equal(self, a: PointerRef, b: PointerRef, pos: SourcePos) -> ir.Expr:
        """``a == b``: the same target and the same offset (:meth:`unmodelled_equality`
        says when that is not the whole answer)."""
        return self._common(a, b, pos, ir.BinOp(pos, ir.BOOL, "==", a.offset, b.offset),
                            set(a.targets) & set(b.targets))

    def same_array(self, a: PointerRef, b: PointerRef, pos: SourcePos) -> ir.Expr:
        """Whether ``a`` and ``b`` point into one array (not null, not unassigned)."""
        return self._common(a, b, pos, ir.Const(pos, ir.BOOL, True),
                            {t for t in set(a.targets) & set(b.targets) if t not in _INVALID})

    def _common(self, a: PointerRef, b: PointerRef, pos: SourcePos, also: ir.Expr,
                targets: set[str]) -> ir.Expr:
        """Some target of ``targets`` is both ``a``'s and ``b``'s, and ``also`` holds."""
        cases: list[ir.Expr] = []
        for target in sorted(targets):
            case = also
            for ref in (a, b):
                if len(ref.targets) > 1:
                    case = ir.BinOp(pos, ir.BOOL, "&&", self.is_target(ref, target, pos), case)
            cases.append(case)
        if not cases:
            return ir.Const(pos, ir.BOOL, False)
        result = cases[0]
        for case in cases[1:]:
            result = ir.BinOp(pos, ir.BOOL, "||", result, case)
        return result


def decl_key(decl: ci.Cursor) -> DeclKey:
    loc = decl.location
    return (loc.file.name if loc.file else "", loc.line, loc.column, decl.spelling)


@dataclass(frozen=True)
class VariableUse:
    """What a body (with the functions it calls) does to variables, by declaration."""

    addressed: frozenset[DeclKey]  # ``&x`` is taken
    assigned: frozenset[DeclKey]   # ``x = e``, ``x op= e``, ``++x`` and the like


def variable_use(body: ci.Cursor) -> VariableUse:
    """Scan ``body`` and the functions it calls once, before lowering.

    A scalar whose address is taken must live where a pointer can reach it
    (the lowering keeps it as a one-cell private array); a pointer parameter
    that is assigned must be a pointer variable from the start, since a loop
    can carry an assignment back to a use earlier in the text.
    """
    addressed: set[DeclKey] = set()
    assigned: set[DeclKey] = set()
    walked: set[ci.Cursor] = set()
    stack = [body]
    while stack:
        c = stack.pop()
        kind = kind_of(c)
        kids = children(c)
        if kind == ci.CursorKind.UNARY_OPERATOR and kids:
            op = unary_operator(c)
            if op == "&":
                _add_decl(addressed, kids[0])
            elif op in ("pre++", "pre--", "post++", "post--"):
                _add_decl(assigned, kids[0])
        elif kids and (kind == ci.CursorKind.COMPOUND_ASSIGNMENT_OPERATOR or (
                kind == ci.CursorKind.BINARY_OPERATOR and binary_operator(c) == "=")):
            _add_decl(assigned, kids[0])
        elif kind == ci.CursorKind.CALL_EXPR:
            callee = c.referenced
            definition = callee.get_definition() if callee is not None else None
            if definition is not None and definition not in walked:
                walked.add(definition)
                stack.append(definition)
        stack.extend(kids)
    return VariableUse(frozenset(addressed), frozenset(assigned))


def _add_decl(found: set[DeclKey], operand: ci.Cursor) -> None:
    """Record the variable ``operand`` names (under parentheses and conversions)."""
    while kind_of(operand) in (ci.CursorKind.PAREN_EXPR, ci.CursorKind.UNEXPOSED_EXPR):
        inner = children(operand)
        if len(inner) != 1:
            return
        operand = inner[0]
    decl = operand.referenced if kind_of(operand) == ci.CursorKind.DECL_REF_EXPR else None
    if decl is not None and kind_of(decl) in (ci.CursorKind.VAR_DECL, ci.CursorKind.PARM_DECL):
        found.add(decl_key(decl))


def add_offset(offset: ir.Expr, delta: ir.Expr, pos: SourcePos) -> ir.Expr:
    """``offset + delta`` as a 64-bit offset, without adding to a literal 0."""
    if isinstance(offset, ir.Const) and offset.value == 0:
        return delta
    return ir.BinOp(pos, ir.LONG, "+", offset, delta)


def null_pointer(pos: SourcePos) -> PointerRef:
    return PointerRef.to(NULL_TARGET, ir.Const(pos, ir.LONG, 0))


def unset_pointer(pos: SourcePos) -> PointerRef:
    return PointerRef.to(UNSET_TARGET, ir.Const(pos, ir.LONG, 0))


def is_valid_target(target: str) -> bool:
    return target not in _INVALID
