"""The rule tables of the one dispatch point, and what every rule shares.

Every cursor the lowering meets goes through :meth:`.lower.KernelLowering.rule`
with the table for its role: statement, local declaration, value, pointer,
assignment target, vector value.  The tables are built here and only here, from
the translators of one kernel's lowering, so which rule lowers which kind of
cursor can be read in one place, and a kind that has no rule is refused (it
becomes ``Unsupported``), never skipped.

A rule that cannot express its construct faithfully raises
:class:`UnsupportedConstruct`; the statement around it catches it and leaves an
``Unsupported`` statement in its place.  Every translator is a
:class:`Translator`: it reaches the kernel's lowering, and through it the
other translators, by the names used throughout the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import clang.cindex as ci

from veriscan.frontend.cursors import children

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering
    from veriscan.frontend.lower_assignments import AssignmentLowering
    from veriscan.frontend.lower_calls import CallLowering
    from veriscan.frontend.lower_declarations import DeclarationLowering
    from veriscan.frontend.lower_expressions import ExpressionLowering
    from veriscan.frontend.lower_pointers import PointerLowering
    from veriscan.frontend.lower_sequencing import Sequencing
    from veriscan.frontend.lower_statements import StatementLowering
    from veriscan.frontend.lower_structs import StructLowering
    from veriscan.frontend.vector_builtins import VectorBuiltins
    from veriscan.frontend.vector_values import VectorValues
    from veriscan.frontend.vectors import VectorLowering

K = ci.CursorKind
T = TypeVar("T")
_CAST_KINDS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR,
               K.CXX_CONST_CAST_EXPR}
_UNKNOWN_KIND = "a construct of a kind this libclang binding does not know"
# Kinds refused with a message that says more than their name.
_REFUSALS: dict[ci.CursorKind, str] = {
    K.GOTO_STMT: "goto/label (unstructured control flow)",
    K.INDIRECT_GOTO_STMT: "goto/label (unstructured control flow)",
    K.LABEL_STMT: "goto/label (unstructured control flow)",
    K.SWITCH_STMT: "switch statement",
    K.ASM_STMT: "inline assembly",
    K.MS_ASM_STMT: "inline assembly",
}


class UnsupportedConstruct(Exception):
    """Raised inside the lowering of one construct; caught at statement level."""

    def __init__(self, construct: str, breaks_genericity: bool = False):
        super().__init__(construct)
        self.construct = construct
        self.breaks_genericity = breaks_genericity


def only_child(c: ci.Cursor) -> ci.Cursor:
    """The one operand of ``c``; any other count is a form the rules do not know."""
    kids = children(c)
    if len(kids) != 1:
        raise UnsupportedConstruct(f"{c.kind.name} with {len(kids)} operands")
    return kids[0]


def two_children(c: ci.Cursor) -> tuple[ci.Cursor, ci.Cursor]:
    """The two operands of ``c``; any other count is a form the rules do not know."""
    kids = children(c)
    if len(kids) != 2:
        raise UnsupportedConstruct(f"{c.kind.name} with {len(kids)} operands")
    return kids[0], kids[1]


@dataclass(frozen=True)
class RuleTable:
    """The rules of one role, by cursor kind; ``unknown``: what a cursor of a kind
    the libclang binding has no name for is refused as."""

    role: str
    rules: Mapping[ci.CursorKind, Callable[..., Any]]
    unknown: str = _UNKNOWN_KIND

    def refusal(self, kind: ci.CursorKind | None) -> str:
        """Why a cursor of ``kind``, which has no rule here, is refused."""
        if kind is None:
            return self.unknown
        return _REFUSALS.get(kind) or f"{self.role} of kind {kind.name}"


class Rules:
    """Every rule table of one kernel's lowering, built from its translators."""

    def __init__(self, low: KernelLowering) -> None:
        stmts, decls, exprs, ptrs = low.stmts, low.decls, low.exprs, low.ptrs
        assigns, structs, vectors = low.assigns, low.structs, low.vector_values
        self.statements = RuleTable("statement", {
            K.COMPOUND_STMT: stmts.compound,
            K.DECL_STMT: stmts.decl_stmt,
            K.IF_STMT: stmts.if_stmt,
            K.FOR_STMT: stmts.loop,
            K.WHILE_STMT: stmts.loop,
            K.DO_STMT: stmts.loop,
            K.RETURN_STMT: stmts.return_stmt,
            K.BREAK_STMT: stmts.break_stmt,
            K.CONTINUE_STMT: stmts.continue_stmt,
            K.NULL_STMT: stmts.null_stmt,
        })
        self.declarations = RuleTable("local declaration", {K.VAR_DECL: decls.var_decl})
        self.values = RuleTable("expression", {
            K.PAREN_EXPR: exprs.paren_expr,
            K.UNEXPOSED_EXPR: exprs.unexposed_expr,
            K.INTEGER_LITERAL: exprs.literal,
            K.CHARACTER_LITERAL: exprs.literal,
            K.FLOATING_LITERAL: exprs.literal,
            K.CXX_BOOL_LITERAL_EXPR: exprs.literal,
            K.CXX_UNARY_EXPR: exprs.literal,
            K.DECL_REF_EXPR: exprs.decl_ref,
            K.MEMBER_REF_EXPR: exprs.member_ref,
            K.CSTYLE_CAST_EXPR: exprs.cast_expr,
            K.CXX_STATIC_CAST_EXPR: exprs.cast_expr,
            K.CXX_FUNCTIONAL_CAST_EXPR: exprs.cast_expr,
            K.CXX_CONST_CAST_EXPR: exprs.cast_expr,
            K.BINARY_OPERATOR: exprs.binary_expr,
            K.COMPOUND_ASSIGNMENT_OPERATOR: exprs.compound_assign,
            K.UNARY_OPERATOR: exprs.unary_expr,
            K.CONDITIONAL_OPERATOR: exprs.conditional,
            K.ARRAY_SUBSCRIPT_EXPR: exprs.subscript,
            K.CALL_EXPR: _settled(low, low.calls.call),
        })
        self.pointers = RuleTable("pointer expression", {
            K.PAREN_EXPR: ptrs.pointer_wrapper,
            K.UNEXPOSED_EXPR: ptrs.pointer_wrapper,
            **{kind: ptrs.pointer_cast for kind in _CAST_KINDS},
            K.DECL_REF_EXPR: ptrs.pointer_name,
            K.ARRAY_SUBSCRIPT_EXPR: ptrs.pointer_of,
            K.BINARY_OPERATOR: ptrs.pointer_sum,
            K.UNARY_OPERATOR: ptrs.pointer_address,
            K.CONDITIONAL_OPERATOR: ptrs.pointer_choice,
            K.MEMBER_REF_EXPR: structs.pointer_member,
            K.INTEGER_LITERAL: ptrs.pointer_null,
            K.CALL_EXPR: _settled(low, ptrs.pointer_call),
        })
        self.lvalues = RuleTable("assignment target", {
            K.DECL_REF_EXPR: assigns.named_lvalue,
            K.MEMBER_REF_EXPR: structs.member_lvalue,
            K.ARRAY_SUBSCRIPT_EXPR: assigns.element_lvalue,
            K.UNARY_OPERATOR: assigns.deref_lvalue,
        })
        self.vector_values = RuleTable("vector expression", {
            K.PAREN_EXPR: vectors.paren,
            K.UNEXPOSED_EXPR: vectors.wrapper,
            K.DECL_REF_EXPR: vectors.named,
            K.ARRAY_SUBSCRIPT_EXPR: vectors.named,
            K.COMPOUND_LITERAL_EXPR: vectors.literal,
            K.INIT_LIST_EXPR: vectors.literal,
            K.CSTYLE_CAST_EXPR: vectors.cast,
            K.BINARY_OPERATOR: vectors.binary,
            K.COMPOUND_ASSIGNMENT_OPERATOR: vectors.compound,
            K.UNARY_OPERATOR: vectors.unary,
            K.CONDITIONAL_OPERATOR: vectors.conditional,
            K.CALL_EXPR: low.vector_builtins.call_value,
        }, unknown="vector expression of kind ?")


def _settled(low: KernelLowering, rule: Callable[[ci.Cursor], T]) -> Callable[[ci.Cursor], T]:
    """The rule for a call, lowered as :meth:`.lower_sequencing.Sequencing.settled`:
    everything it does is complete before its value is."""
    def lowered(c: ci.Cursor) -> T:
        with low.seq.settled():
            return rule(c)
    return lowered


class Translator:
    """One construct's rules: what they share is the kernel's lowering (its state,
    where statements go) and, through it, the other translators, reached by the
    same short names everywhere."""

    def __init__(self, low: KernelLowering) -> None:
        self.low = low

    @property
    def stmts(self) -> StatementLowering:
        return self.low.stmts

    @property
    def decls(self) -> DeclarationLowering:
        return self.low.decls

    @property
    def exprs(self) -> ExpressionLowering:
        return self.low.exprs

    @property
    def seq(self) -> Sequencing:
        return self.low.seq

    @property
    def assigns(self) -> AssignmentLowering:
        return self.low.assigns

    @property
    def ptrs(self) -> PointerLowering:
        return self.low.ptrs

    @property
    def structs(self) -> StructLowering:
        return self.low.structs

    @property
    def calls(self) -> CallLowering:
        return self.low.calls

    @property
    def vectors(self) -> VectorLowering:
        return self.low.vectors

    @property
    def vector_values(self) -> VectorValues:
        return self.low.vector_values

    @property
    def vector_builtins(self) -> VectorBuiltins:
        return self.low.vector_builtins
