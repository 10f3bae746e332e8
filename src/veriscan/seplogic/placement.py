"""Where an annotation in the kernel's body takes effect: before which IR statement,
or at the end of which IR block.

An annotation stands before a token of the compiled text (see
:mod:`.attach`), and that token must begin a
statement of a block or be the block's closing brace: annotations stand
between statements, never inside one.  The block is found in clang's cursors,
so the annotation belongs to the statement after it *in its own block*: one
at the end of an ``if``'s then-branch is checked there, not on the
else-branch that follows on the same line, and one at the end of a loop body
in every iteration, not once after the loop.

The IR keeps each statement's position, so the statement's IR is the IR
whose positions lie within its extent, and it runs from the first of them in
program order.  Two things could hide where that is, and both are refused
(:class:`~.compiled.Unplaceable`) rather than guessed: a call to a function
of the file (its body is inlined with the function's own positions, so the
IR a statement runs first may lie elsewhere), and a block that is not the
body of an ``if``, a loop, the kernel or another block.  A statement with no
IR of its own (``;``, an empty block) passes the annotation on to the next
one, and past the last one to the block's end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import clang.cindex as ci

from veriscan.frontend.cursors import children
from veriscan.ir import nodes as n
from veriscan.ir.visit import child_blocks, walk
from veriscan.seplogic.compiled import FUNCTIONS, CompiledFile, Unplaceable, span, subtree

K = ci.CursorKind
LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.DO_STMT}


class Misplaced(Exception):
    """The annotation stands inside a statement, not between two statements."""


@dataclass(frozen=True)
class Spot:
    """Where an assertion takes effect: before the IR statement ``stmt``, or at the
    end of the IR block ``block``."""

    stmt: n.Stmt | None = None
    block: list[n.Stmt] | None = None


class BodyPlacement:
    """Places annotations in the body of the checked kernel."""

    def __init__(self, compiled: CompiledFile):
        assert compiled.ours is not None and compiled.ours.body is not None
        self.compiled = compiled
        self.kernel = compiled.kernel
        self.body = compiled.ours.body
        self.order = [(compiled.offset(s.pos), s) for s in walk(self.kernel.body)]
        # The statement before each one in its own IR block (None: it comes first).
        self.previous: dict[int, n.Stmt | None] = {}
        for block in [self.kernel.body, *(b for _, s in self.order for b in child_blocks(s))]:
            for k, stmt in enumerate(block):
                self.previous[id(stmt)] = block[k - 1] if k else None
        # The if or loop statement each block is the body of, by the block's extent.
        self.parents: dict[tuple[int, int], ci.Cursor] = {}

    def statement_at(self, at: int) -> ci.Cursor | None:
        """The C statement an annotation before the token at ``at`` stands before
        (None: the end of its block)."""
        block, index = self._locate(self.body, at)
        kids = children(block)
        return kids[index] if index < len(kids) else None

    def assertion(self, at: int) -> Spot:
        """Where an assertion before the token at ``at`` is checked."""
        return self._resolve(*self._locate(self.body, at))

    # ------------------------------------------------- the block it stands in
    def _locate(self, block: ci.Cursor, at: int) -> tuple[ci.Cursor, int]:
        """The block and the index of the statement ``at`` begins (the number of
        statements: ``at`` is the block's closing brace)."""
        kids = children(block)
        for index, kid in enumerate(kids):
            start, end = span(kid)
            if at == start:
                return block, index
            if start < at < end:
                inner = self._inner_block(kid, at)
                if inner is None:
                    raise Misplaced
                return self._locate(inner, at)
        if at == span(block)[1] - 1:
            return block, len(kids)
        raise Misplaced

    def _inner_block(self, stmt: ci.Cursor, at: int) -> ci.Cursor | None:
        """The block, among the sub-statements of ``stmt``, that ``at`` is inside."""
        kids = children(stmt)
        if stmt.kind == K.COMPOUND_STMT:
            subs = [stmt]
        elif stmt.kind == K.IF_STMT:
            subs = kids[1:]
        elif stmt.kind in (K.FOR_STMT, K.WHILE_STMT):
            subs = kids[-1:]
        elif stmt.kind == K.DO_STMT:
            subs = kids[:1]
        else:
            return None
        for sub in subs:
            start, end = span(sub)
            if not start < at < end:
                continue
            if sub.kind == K.COMPOUND_STMT:
                if sub is not stmt:
                    self.parents[span(sub)] = stmt
                return sub
            return self._inner_block(sub, at)  # else if, a loop as a loop's body
        return None

    # ------------------------------------------------------ the IR it precedes
    def _resolve(self, block: ci.Cursor, index: int) -> Spot:
        """Before the first IR of the statements of ``block`` from ``index`` on, or
        where the block ends."""
        for kid in children(block)[index:]:
            stmt = self.first_ir(kid)
            if stmt is not None:
                return Spot(stmt=stmt)
        return self._end(block)

    def first_ir(self, statement: ci.Cursor) -> n.Stmt | None:
        """The first IR statement the C ``statement`` runs (None: it has none).

        A statement that may call a function of the file is refused unless the IR
        just before its own is certainly not part of the call: it lies in the
        kernel, before the statement."""
        lo, hi = span(statement)
        mine = [k for k, (at, s) in enumerate(self.order)
                if lo <= at < hi and not isinstance(s, n.Unsupported)]
        calls = self._calls(statement)
        if not mine:
            if calls:
                raise Unplaceable(f"the statement at line {statement.location.line} calls "
                                  f"function '{calls}', whose inlined code the annotation "
                                  "cannot be placed against")
            return None
        first = self.order[mine[0]][1]
        previous = self.previous[id(first)]
        if calls and previous is not None and \
                not self.compiled.ours.start <= self.compiled.offset(previous.pos) < lo:
            raise Unplaceable(f"the statement at line {statement.location.line} calls "
                              f"function '{calls}', whose inlined code may run before the "
                              "statement's own")
        return first

    def _calls(self, statement: ci.Cursor) -> str:
        """The name of a function of the file ``statement`` may call ('' if none)."""
        file = self.kernel.file
        for c in subtree(statement):
            if c.kind == K.LAMBDA_EXPR:
                return "a lambda"
            if c.kind != K.CALL_EXPR:
                continue
            target = c.referenced
            if target is None or target.kind not in FUNCTIONS:
                return c.spelling or "?"
            where = (target.get_definition() or target).location
            if where.file is not None and where.file.name == file:
                return c.spelling
        return ""

    def _end(self, block: ci.Cursor) -> Spot:
        """Where the end of ``block`` is in the IR."""
        if span(block) == span(self.body):
            return Spot(block=self.kernel.body)
        parent = self.parents.get(span(block))
        if parent is None:  # a block inside a block: it ends where the next statement starts
            outer, index = self._locate(self.body, span(block)[0])
            return self._resolve(outer, index + 1)
        if parent.kind == K.IF_STMT:
            node = self._node(n.If, parent)
            then = span(children(parent)[1]) == span(block)
            return Spot(block=node.then if then else node.other)
        if parent.kind in LOOPS:
            return Spot(block=self._node(n.Loop, parent).body)
        raise Unplaceable(f"the block that ends at line {block.extent.end.line} is not the "
                          "body of an if, a loop or the kernel")

    def _node(self, kind: type, statement: ci.Cursor) -> Any:
        """The one IR node of ``kind`` that the C ``statement`` lowered to."""
        at = statement.location.offset
        found = [s for pos, s in self.order if pos == at and type(s) is kind]
        if len(found) != 1:
            raise Unplaceable(f"the statement at line {statement.location.line} has no single "
                              "IR node to attach the annotation to")
        return found[0]

