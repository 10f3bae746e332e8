"""Statements and control flow: blocks, declarations, ``if``, loops, ``return``.

Each statement is lowered on its own: one that cannot be expressed faithfully
becomes an ``Unsupported`` statement at its line and the lowering goes on with
the next, so the verdict is unknown but the rest of the kernel is still read.
An expression statement is evaluated for its effects
(:meth:`.lower_expressions.ExpressionLowering.discard`).  A loop's condition
that reads memory is tested inside the body, so that its loads stay
statements in program order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.budget import charge
from veriscan.frontend.cursors import Outcome, children, is_expression
from veriscan.frontend.lower_calls import may_return
from veriscan.frontend.lower_rules import Translator, UnsupportedConstruct
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering

K = ci.CursorKind


class StatementLowering(Translator):
    """Statements, each lowered where it stands; a refused one leaves ``Unsupported``."""

    def __init__(self, low: KernelLowering) -> None:
        super().__init__(low)
        self.top_block: list[ir.Stmt] | None = None  # the kernel body's own statements
        self.returned = False  # a return was lowered: what follows may be skipped

    def stmt(self, c: ci.Cursor) -> None:
        self.low.at = self.low.pos(c)
        charge(self.low.where_now)
        try:
            rule = self.low.rule(c, self.low.rules.statements) if not is_expression(c) else None
            if rule is None:
                self.exprs.discard(c)
            else:
                rule(c)
        except UnsupportedConstruct as exc:
            self.low.note(c, Outcome.REFUSED)
            self.low.emit(ir.Unsupported(self.low.pos(c), exc.construct, exc.breaks_genericity))

    def compound(self, c: ci.Cursor) -> None:
        """A block, statement by statement; the kernel's own body reports its progress."""
        kids = children(c)
        progress = self.low.progress if c is self.low.body else None
        with self.low.scopes.scope():
            if progress is None:
                self.sequence(kids)
                return
            for done, child in enumerate(kids, start=1):
                self.stmt(child)
                progress(done, len(kids), f"front end: lowering ({done} of {len(kids)} "
                         "statements)")

    def sequence(self, kids: list[ci.Cursor]) -> None:
        """Statements in order.  In a function inlined with early returns, the rest of
        a block after a statement that may have returned runs only if it did not."""
        frame = self.calls.early_return_frame()
        for k, child in enumerate(kids):
            self.stmt(child)
            rest = kids[k + 1:]
            if frame is not None and rest and may_return(child):
                pos = self.low.pos(rest[0])
                with self.low.block() as guarded:
                    self.sequence(rest)
                self.low.emit(ir.If(pos, frame.has_returned(pos), [], guarded))
                return

    def decl_stmt(self, c: ci.Cursor) -> None:
        for child in children(c):
            self.low.rule(child, self.low.rules.declarations)(child)

    def null_stmt(self, c: ci.Cursor) -> None:
        return

    def break_stmt(self, c: ci.Cursor) -> None:
        self.low.emit(ir.Break(self.low.pos(c)))

    def continue_stmt(self, c: ci.Cursor) -> None:
        self.low.emit(ir.Continue(self.low.pos(c)))

    def if_stmt(self, c: ci.Cursor) -> None:
        kids = children(c)
        if len(kids) not in (2, 3):
            raise UnsupportedConstruct("if statement with an initialiser")
        cond = self.exprs.condition(kids[0])
        with self.low.block() as then:
            self.stmt(kids[1])
        with self.low.block() as other:
            if len(kids) == 3:
                self.stmt(kids[2])
        self.low.emit(ir.If(self.low.pos(c), cond, then, other))

    def loop(self, c: ci.Cursor) -> None:
        with self.low.scopes.scope():  # a for statement's declarations end with it
            self.loop_in_scope(c)

    def loop_in_scope(self, c: ci.Cursor) -> None:
        pos = self.low.pos(c)
        init_c, cond_c, step_c, body_c = self.loop_parts(c)
        with self.low.block() as init:
            if init_c is not None:
                self.stmt(init_c)
        with self.low.block(repeated=True) as head:
            cond = (self.exprs.condition(cond_c) if cond_c is not None
                    else ir.Const(pos, ir.BOOL, True))
        with self.low.block(repeated=True) as body:
            self.stmt(body_c)
            frame = self.calls.early_return_frame()
            if frame is not None and may_return(body_c):
                # An early return leaves the loop (before its step).
                self.low.emit(ir.If(pos, frame.has_returned(pos), [ir.Break(pos)], []))
        with self.low.block(repeated=True) as step:
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
        self.low.emit(ir.Loop(pos, init, cond, body, step, c.kind != K.DO_STMT,
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
        if self.low.inlining:
            frame = self.calls.frames[-1]
            if frame.returned is None:  # the final return is lowered by the call itself
                raise UnsupportedConstruct("return before the end of inlined function "
                                           f"'{frame.function}'")
            pos = self.low.pos(c)
            self.calls.tail_return(c, frame.result, frame.result_type)
            self.low.emit(ir.Assign(pos, frame.returned, ir.Const(pos, ir.INT, 1)))
            return
        for operand in children(c):
            self.exprs.discard(operand)  # ``return (void)f();`` in a kernel still calls f
        self.low.emit(ir.Return(self.low.pos(c)))
        self.returned = True
