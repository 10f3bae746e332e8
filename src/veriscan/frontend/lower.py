"""Lower a libclang kernel definition to the veriscan IR.

The lowering is deliberately conservative: whatever it cannot express
faithfully (atomics, calls it cannot inline, unresolvable pointers, goto,
switch, inline assembly, struct fields, ...) becomes an :class:`ir.Unsupported`
statement at the construct's line, which forces every verdict to ``unknown``.
Memory accesses become :class:`ir.Load`/:class:`ir.Store` statements through
temporaries so every access keeps its own position and program order; arms of
``?:``, ``&&`` and ``||`` that access memory become ``If`` statements so that
an access is only analysed under the condition that guards it in C.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.builtins import CallKind, classify_call
from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.consteval import evaluate_constant
from veriscan.ir import nodes as ir

K = ci.CursorKind
_COMPARISONS = {"<", ">", "<=", ">=", "==", "!="}
_ARITH = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
_CAST_KINDS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR}
_TRANSPARENT = {K.PAREN_EXPR, K.UNEXPOSED_EXPR}


@dataclass(frozen=True)
class PointerRef:
    """A pointer resolved to ``array + offset`` (offset in elements, a 64-bit value)."""

    array: str
    offset: ir.Expr


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

    def __init__(self, file: str, dialect: ir.Dialect):
        self.file = file
        self.dialect = dialect
        self.params: list[ir.Param] = []
        self.arrays: list[ir.ArrayDecl] = []
        self.var_types: dict[str, ir.ScalarType] = {}
        self._names: dict[tuple[str, int, int, str], str] = {}
        self._aliases: dict[str, tuple[str, str]] = {}  # pointer var -> (array, offset var)
        self._shared_scalars: set[str] = set()
        self._block: list[ir.Stmt] = []
        self._inline: list[_InlineFrame] = []
        self._temp = 0
        self._pos = SourcePos(file, 0)

    # ------------------------------------------------------------------ helpers

    def pos(self, c: ci.Cursor) -> SourcePos:
        loc = c.location
        if loc.file is not None and loc.file.name == self.file and loc.line:
            return SourcePos(self.file, loc.line, loc.column)
        return self._pos

    def emit(self, stmt: ir.Stmt) -> None:
        self._block.append(stmt)

    @contextmanager
    def block(self) -> Iterator[list[ir.Stmt]]:
        saved, self._block = self._block, []
        try:
            yield self._block
        finally:
            self._block = saved

    def fresh(self, stem: str, type_: ir.ScalarType) -> str:
        self._temp += 1
        name = f"{stem}#{self._temp}"
        self.var_types[name] = type_
        return name

    def decl_name(self, decl: ci.Cursor) -> str:
        key = (decl.location.file.name if decl.location.file else "", decl.location.line,
               decl.location.column, decl.spelling)
        if key not in self._names:
            taken = set(self._names.values())
            name = decl.spelling or "anon"
            suffix = 1
            while name in taken:
                suffix += 1
                name = f"{decl.spelling}#{suffix}"
            self._names[key] = name
        return self._names[key]

    def known_decl(self, decl: ci.Cursor) -> str | None:
        key = (decl.location.file.name if decl.location.file else "", decl.location.line,
               decl.location.column, decl.spelling)
        return self._names.get(key)

    # -------------------------------------------------------------- parameters

    def add_params(self, fn: ci.Cursor) -> None:
        for p in fn.get_arguments():
            name = self.decl_name(p)
            t = p.type
            pos = self.pos(p)
            if ty.is_pointer(t):
                pointee = t.get_pointee()
                space = (ty.opencl_space(pointee) if self.dialect is ir.Dialect.OPENCL
                         else ir.MemSpace.GLOBAL)
                if space is ir.MemSpace.PRIVATE:
                    space = ir.MemSpace.GLOBAL
                self.params.append(ir.Param(name, ty.scalar_type(ty.element_type(pointee)),
                                            space, True, pointee.is_const_qualified(), pos))
            else:
                st = ty.scalar_type(t)
                self.params.append(ir.Param(name, st, ir.MemSpace.PRIVATE, False,
                                            t.is_const_qualified(), pos))
                self.var_types[name] = st

    # -------------------------------------------------------------- statements

    def lower_body(self, body: ci.Cursor) -> list[ir.Stmt]:
        with self.block() as out:
            self.stmt(body)
        return out

    def stmt(self, c: ci.Cursor) -> None:
        self._pos = self.pos(c)
        try:
            self._stmt(c)
        except UnsupportedConstruct as exc:
            self.emit(ir.Unsupported(self.pos(c), exc.construct, exc.breaks_genericity))

    def _stmt(self, c: ci.Cursor) -> None:
        kind = c.kind
        if kind == K.COMPOUND_STMT:
            for child in c.get_children():
                self.stmt(child)
        elif kind == K.DECL_STMT:
            for child in c.get_children():
                if child.kind == K.VAR_DECL:
                    self.var_decl(child)
                else:
                    raise UnsupportedConstruct(f"local declaration of kind {child.kind.name}")
        elif kind == K.IF_STMT:
            self.if_stmt(c)
        elif kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT):
            self.loop(c)
        elif kind == K.RETURN_STMT:
            self.return_stmt(c)
        elif kind == K.BREAK_STMT:
            self.emit(ir.Break(self.pos(c)))
        elif kind == K.CONTINUE_STMT:
            self.emit(ir.Continue(self.pos(c)))
        elif kind == K.NULL_STMT:
            return
        elif kind in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.LABEL_STMT):
            raise UnsupportedConstruct("goto/label (unstructured control flow)")
        elif kind == K.SWITCH_STMT:
            raise UnsupportedConstruct("switch statement")
        elif kind in (K.ASM_STMT, K.MS_ASM_STMT):
            raise UnsupportedConstruct("inline assembly")
        elif kind.is_expression():
            self.expr(c)
        else:
            raise UnsupportedConstruct(f"statement of kind {kind.name}")

    def var_decl(self, c: ci.Cursor) -> None:
        name = self.decl_name(c)
        t = c.type
        pos = self.pos(c)
        exprs = [ch for ch in c.get_children() if ch.kind.is_expression()]
        if ty.is_array(t):
            dims = ty.array_dims(t)
            if dims is None:
                raise UnsupportedConstruct(f"array '{c.spelling}' without a constant size")
            if any(ch.kind in (K.INIT_LIST_EXPR, K.STRING_LITERAL) for ch in exprs):
                raise UnsupportedConstruct(f"initialiser of array '{c.spelling}'")
            space = self.var_space(c)
            if space is ir.MemSpace.GLOBAL:
                raise UnsupportedConstruct(f"global-memory array '{c.spelling}' in a kernel")
            self.arrays.append(ir.ArrayDecl(name, ty.scalar_type(ty.element_type(t)), space,
                                            dims, pos))
            return
        init = exprs[-1] if exprs else None
        if ty.is_pointer(t):
            if init is None:
                raise UnsupportedConstruct(f"pointer '{c.spelling}' declared without a target")
            self.bind_pointer(name, self.pointer(init), pos)
            return
        st = ty.scalar_type(t)
        space = self.var_space(c)
        if space is not ir.MemSpace.PRIVATE:
            # A __local/__shared__ scalar is one cell shared by the group.
            if init is not None:
                raise UnsupportedConstruct(f"initialiser of shared variable '{c.spelling}'")
            self.arrays.append(ir.ArrayDecl(name, st, space, (1,), pos))
            self._shared_scalars.add(name)
            return
        self.var_types[name] = st
        if init is not None:
            self.emit(ir.Assign(pos, name, self.coerce(self.expr(init), st, pos)))

    def var_space(self, c: ci.Cursor) -> ir.MemSpace:
        if self.dialect is ir.Dialect.OPENCL:
            return ty.opencl_space(c.type)
        for ch in c.get_children():
            if ch.kind == K.ANNOTATE_ATTR and ch.spelling == "veriscan_cuda_shared":
                return ir.MemSpace.LOCAL
            if ch.kind == K.ANNOTATE_ATTR and ch.spelling == "veriscan_cuda_constant":
                return ir.MemSpace.CONSTANT
        return ir.MemSpace.PRIVATE

    def bind_pointer(self, name: str, ref: PointerRef, pos: SourcePos) -> None:
        offset_var = self.fresh(f"{name}.offset", ir.LONG)
        self._aliases[name] = (ref.array, offset_var)
        self.emit(ir.Assign(pos, offset_var, ref.offset))

    def if_stmt(self, c: ci.Cursor) -> None:
        children = list(c.get_children())
        if len(children) not in (2, 3):
            raise UnsupportedConstruct("if statement with an initialiser")
        cond = self.condition(children[0])
        with self.block() as then:
            self.stmt(children[1])
        with self.block() as other:
            if len(children) == 3:
                self.stmt(children[2])
        self.emit(ir.If(self.pos(c), cond, then, other))

    def loop(self, c: ci.Cursor) -> None:
        pos = self.pos(c)
        init_c, cond_c, step_c, body_c = self.loop_parts(c)
        with self.block() as init:
            if init_c is not None:
                self.stmt(init_c)
        with self.block() as head:
            cond = (self.condition(cond_c) if cond_c is not None
                    else ir.Const(pos, ir.BOOL, True))
        with self.block() as body:
            self.stmt(body_c)
        with self.block() as step:
            if step_c is not None:
                self.stmt(step_c)
        if head:
            # The condition reads memory: test it inside the body so the loads
            # stay statements (``continue`` still runs ``step`` first).
            exit_ = ir.If(pos, ir.UnOp(pos, ir.BOOL, "!", cond), [ir.Break(pos)])
            body = [*head, exit_, *body]
            cond = ir.Const(pos, ir.BOOL, True)
        self.emit(ir.Loop(pos, init, cond, body, step, c.kind != K.DO_STMT,
                          f"loop@{pos.line}"))

    def loop_parts(self, c: ci.Cursor) -> tuple[ci.Cursor | None, ci.Cursor | None,
                                                 ci.Cursor | None, ci.Cursor]:
        children = list(c.get_children())
        if c.kind == K.WHILE_STMT:
            return None, children[0], None, children[1]
        if c.kind == K.DO_STMT:
            return None, children[1], None, children[0]
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
        if len(semis) != 2 or close is None:
            raise UnsupportedConstruct("for loop header")
        parts: list[ci.Cursor | None] = [None, None, None]
        body = children[-1]
        for ch in children[:-1]:
            start = ch.extent.start.offset
            slot = 0 if start < semis[0] else 1 if start < semis[1] else 2
            parts[slot] = ch
        return parts[0], parts[1], parts[2], body

    def return_stmt(self, c: ci.Cursor) -> None:
        if self._inline:
            raise UnsupportedConstruct(
                f"return before the end of inlined function '{self._inline[-1].function}'")
        if list(c.get_children()):
            raise UnsupportedConstruct("kernel returning a value")
        self.emit(ir.Return(self.pos(c)))

    # ------------------------------------------------------------- expressions

    def condition(self, c: ci.Cursor) -> ir.Expr:
        return self.coerce(self.expr(c), ir.BOOL, self.pos(c))

    def coerce(self, e: ir.Expr, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if e.type == t:
            return e
        if t.kind is ir.TypeKind.BOOL and e.type.kind is not ir.TypeKind.GENERIC:
            if e.type.kind is ir.TypeKind.BOOL:
                return e
            return ir.BinOp(pos, ir.BOOL, "!=", e, ir.Const(pos, e.type, 0))
        return ir.Cast(pos, t, e)

    def expr(self, c: ci.Cursor) -> ir.Expr:
        kind = c.kind
        pos = self.pos(c)
        if kind == K.PAREN_EXPR:
            return self.expr(_only_child(c))
        if kind == K.UNEXPOSED_EXPR:
            children = list(c.get_children())
            if len(children) != 1:
                raise UnsupportedConstruct("expression the front end cannot see into")
            inner = self.expr(children[0])
            target = ty.scalar_type(c.type)
            if target.kind is ir.TypeKind.OTHER or inner.type == target:
                return inner
            return self.coerce(inner, target, pos)
        if kind in (K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.FLOATING_LITERAL,
                    K.CXX_BOOL_LITERAL_EXPR, K.CXX_UNARY_EXPR):
            value = evaluate_constant(c)
            if value is None:
                raise UnsupportedConstruct(f"{kind.name} that is not a compile-time constant")
            return ir.Const(pos, ty.scalar_type(c.type), value)
        if kind == K.DECL_REF_EXPR:
            return self.decl_ref(c)
        if kind == K.MEMBER_REF_EXPR:
            return self.member_ref(c)
        if kind in _CAST_KINDS:
            operand = list(c.get_children())[-1]
            return self.cast(operand, ty.scalar_type(c.type), pos)
        if kind == K.BINARY_OPERATOR:
            return self.binary(c, binary_operator(c))
        if kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            lhs, rhs = c.get_children()
            return self.assign(lhs, rhs, binary_operator(c)[:-1], pos)
        if kind == K.UNARY_OPERATOR:
            return self.unary(c, unary_operator(c))
        if kind == K.CONDITIONAL_OPERATOR:
            cond_c, then_c, else_c = c.get_children()
            return self.choice(self.condition(cond_c), then_c, else_c,
                               ty.scalar_type(c.type), pos)
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            return self.load(self.pointer(c), ty.scalar_type(c.type), pos)
        if kind == K.CALL_EXPR:
            return self.call(c)
        raise UnsupportedConstruct(f"expression of kind {kind.name}")

    def cast(self, operand: ci.Cursor, target: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if ty.is_pointer(operand.type):
            raise UnsupportedConstruct("cast of a pointer")
        inner = self.expr(operand)
        if target.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"cast to {target}")
        return ir.Cast(pos, target, inner)

    def decl_ref(self, c: ci.Cursor) -> ir.Expr:
        pos = self.pos(c)
        decl = c.referenced
        if decl is None:
            raise UnsupportedConstruct(f"reference to '{c.spelling}'")
        if decl.kind == K.ENUM_CONSTANT_DECL:
            return ir.Const(pos, ir.INT, decl.enum_value)
        if decl.kind in (K.VAR_DECL, K.PARM_DECL):
            name = self.known_decl(decl)
            if name is None:
                raise UnsupportedConstruct(f"program-scope variable '{c.spelling}'")
            if name in self._aliases:
                raise UnsupportedConstruct(f"pointer '{c.spelling}' used as a value")
            if name in self._shared_scalars:
                return self.load(PointerRef(name, ir.Const(pos, ir.LONG, 0)),
                                 ty.scalar_type(decl.type), pos)
            return ir.Var(pos, self.var_types.get(name, ty.scalar_type(decl.type)), name)
        raise UnsupportedConstruct(f"reference to {decl.kind.name} '{c.spelling}'")

    def member_ref(self, c: ci.Cursor) -> ir.Expr:
        base = list(c.get_children())
        base_name = base[0].spelling if base else ""
        kinds = {"threadIdx": ir.BuiltinKind.LOCAL_ID, "blockIdx": ir.BuiltinKind.GROUP_ID,
                 "blockDim": ir.BuiltinKind.LOCAL_SIZE, "gridDim": ir.BuiltinKind.NUM_GROUPS}
        if (self.dialect is ir.Dialect.CUDA and base_name in kinds
                and c.spelling in ("x", "y", "z")):
            return ir.Builtin(self.pos(c), ir.UINT, kinds[base_name], "xyz".index(c.spelling))
        raise UnsupportedConstruct(f"member access '.{c.spelling}'")

    def binary(self, c: ci.Cursor, op: str) -> ir.Expr:
        lhs, rhs = c.get_children()
        pos = self.pos(c)
        if op == "=":
            return self.assign(lhs, rhs, None, pos)
        if op in ("&&", "||"):
            return self.short_circuit(op, lhs, rhs, pos)
        if op == ",":
            self.expr(lhs)
            return self.expr(rhs)
        if op in _COMPARISONS:
            return ir.BinOp(pos, ir.BOOL, op, self.expr(lhs), self.expr(rhs))
        if op in _ARITH:
            if ty.is_pointer(lhs.type) or ty.is_pointer(rhs.type):
                raise UnsupportedConstruct(f"pointer arithmetic '{op}' used as a value")
            return ir.BinOp(pos, ty.scalar_type(c.type), op, self.expr(lhs), self.expr(rhs))
        raise UnsupportedConstruct(f"operator '{op}'")

    def short_circuit(self, op: str, lhs: ci.Cursor, rhs: ci.Cursor, pos: SourcePos) -> ir.Expr:
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
            if op.startswith("pre"):
                return self.update(operand, "+" if "++" in op else "-", one, pos)
            before = self.expr(operand)
            saved = self.fresh("old", before.type)
            self.emit(ir.Assign(pos, saved, before))
            self.update(operand, "+" if "++" in op else "-", one, pos)
            return ir.Var(pos, before.type, saved)
        if op == "*":
            return self.load(self.pointer(operand), ty.scalar_type(c.type), pos)
        if op == "&":
            raise UnsupportedConstruct("address-of used as a value")
        if op == "+":
            return self.expr(operand)
        if op in ("-", "~", "!"):
            value = self.expr(operand)
            t = ir.BOOL if op == "!" else ty.scalar_type(c.type)
            if op == "!":
                value = self.coerce(value, ir.BOOL, pos)
            return ir.UnOp(pos, t, op, value)
        raise UnsupportedConstruct(f"unary operator '{op}'")

    # ---------------------------------------------------------- assignments

    def assign(self, lhs: ci.Cursor, rhs: ci.Cursor, op: str | None, pos: SourcePos) -> ir.Expr:
        if ty.is_pointer(lhs.type):
            return self.assign_pointer(lhs, rhs, op, pos)
        if op is None:
            value = self.expr(rhs)
            return self.write(lhs, value, pos)
        return self.update(lhs, op, rhs, pos)

    def update(self, lhs: ci.Cursor, op: str, rhs: ci.Cursor | ir.Expr,
               pos: SourcePos) -> ir.Expr:
        """``lhs op= rhs``: the target is resolved once, then read and written."""
        target = self.lvalue(lhs)
        t = ty.scalar_type(lhs.type)
        if isinstance(target, PointerRef):
            old_name = self.fresh("old", t)
            self.emit(ir.Load(pos, old_name, target.array, target.offset))
            current: ir.Expr = ir.Var(pos, t, old_name)
        else:
            current = ir.Var(pos, t, target)
        operand = rhs if isinstance(rhs, ir.Expr) else self.expr(rhs)
        result_t = t if t.kind is not ir.TypeKind.INT or t.bits >= 32 else ir.INT
        value = self.coerce(ir.BinOp(pos, result_t, op, current, operand), t, pos)
        return self.store_to(target, value, t, pos)

    def write(self, lhs: ci.Cursor, value: ir.Expr, pos: SourcePos) -> ir.Expr:
        target = self.lvalue(lhs)
        return self.store_to(target, value, ty.scalar_type(lhs.type), pos)

    def store_to(self, target: str | PointerRef, value: ir.Expr, t: ir.ScalarType,
                 pos: SourcePos) -> ir.Expr:
        value = self.coerce(value, t, pos)
        if isinstance(target, PointerRef):
            self.emit(ir.Store(pos, target.array, target.offset, value))
            return value
        self.emit(ir.Assign(pos, target, value))
        return ir.Var(pos, t, target)

    def lvalue(self, c: ci.Cursor) -> str | PointerRef:
        while c.kind in _TRANSPARENT:
            c = _only_child(c)
        if c.kind == K.DECL_REF_EXPR:
            decl = c.referenced
            name = self.known_decl(decl) if decl is not None else None
            if name is not None and name in self._shared_scalars:
                return PointerRef(name, ir.Const(self.pos(c), ir.LONG, 0))
            if name is None or name not in self.var_types:
                raise UnsupportedConstruct(f"assignment to '{c.spelling}'")
            return name
        if c.kind == K.ARRAY_SUBSCRIPT_EXPR:
            return self.pointer(c)
        if c.kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
            return self.pointer(_only_child(c))
        raise UnsupportedConstruct(f"assignment target of kind {c.kind.name}")

    def assign_pointer(self, lhs: ci.Cursor, rhs: ci.Cursor, op: str | None,
                       pos: SourcePos) -> ir.Expr:
        name = self.alias_name(lhs)
        array, offset_var = self._aliases[name]
        if op is None:
            ref = self.pointer(rhs)
            if ref.array != array:
                raise UnsupportedConstruct(f"pointer '{lhs.spelling}' re-pointed to another array")
            self.emit(ir.Assign(pos, offset_var, ref.offset))
        elif op in ("+", "-"):
            delta = self.index(self.expr(rhs), pos)
            current = ir.Var(pos, ir.LONG, offset_var)
            self.emit(ir.Assign(pos, offset_var, ir.BinOp(pos, ir.LONG, op, current, delta)))
        else:
            raise UnsupportedConstruct(f"pointer update '{op}='")
        return ir.Var(pos, ir.LONG, offset_var)

    def step_pointer(self, operand: ci.Cursor, delta: int, pos: SourcePos) -> ir.Expr:
        name = self.alias_name(operand)
        _, offset_var = self._aliases[name]
        current = ir.Var(pos, ir.LONG, offset_var)
        self.emit(ir.Assign(pos, offset_var, ir.BinOp(pos, ir.LONG, "+", current,
                                                      ir.Const(pos, ir.LONG, delta))))
        return current

    def alias_name(self, c: ci.Cursor) -> str:
        while c.kind in _TRANSPARENT:
            c = _only_child(c)
        decl = c.referenced if c.kind == K.DECL_REF_EXPR else None
        name = self.known_decl(decl) if decl is not None else None
        if name is None or name not in self._aliases:
            raise UnsupportedConstruct("pointer update the front end cannot resolve")
        return name

    # ------------------------------------------------------- memory accesses

    def index(self, e: ir.Expr, pos: SourcePos) -> ir.Expr:
        return e if e.type == ir.LONG else ir.Cast(pos, ir.LONG, e)

    def pointer(self, c: ci.Cursor) -> PointerRef:
        """Resolve a pointer- or array-valued expression to ``array + offset``."""
        pos = self.pos(c)
        kind = c.kind
        if kind in _TRANSPARENT:
            return self.pointer(_only_child(c))
        if kind in _CAST_KINDS:
            operand = list(c.get_children())[-1]
            source, target = ty.element_type(operand.type), ty.element_type(c.type)
            if source.get_canonical().spelling != target.get_canonical().spelling:
                generic = ty.is_generic(source) or ty.is_generic(target)
                raise UnsupportedConstruct(
                    "cast of a TYPE pointer to another element type (it lets the kernel "
                    "read the bytes of TYPE values)" if generic else
                    "pointer cast to a different element type", breaks_genericity=generic)
            return self.pointer(operand)
        if kind == K.DECL_REF_EXPR:
            decl = c.referenced
            name = self.known_decl(decl) if decl is not None else None
            if name is not None and name in self._aliases:
                array, offset_var = self._aliases[name]
                return PointerRef(array, ir.Var(pos, ir.LONG, offset_var))
            if name is not None and (any(p.name == name and p.is_pointer for p in self.params)
                                     or any(a.name == name for a in self.arrays)):
                return PointerRef(name, ir.Const(pos, ir.LONG, 0))
            raise UnsupportedConstruct(f"pointer '{c.spelling}' the front end cannot resolve")
        if kind == K.ARRAY_SUBSCRIPT_EXPR:
            base_c, index_c = c.get_children()
            if not (ty.is_pointer(base_c.type) or ty.is_array(base_c.type)):
                base_c, index_c = index_c, base_c  # C allows i[a]
            base = self.pointer(base_c)
            idx = self.index(self.expr(index_c), pos)
            stride = ty.row_elements(c.type)
            if stride != 1:
                idx = ir.BinOp(pos, ir.LONG, "*", idx, ir.Const(pos, ir.LONG, stride))
            return PointerRef(base.array, _add(base.offset, idx, pos))
        if kind == K.BINARY_OPERATOR and binary_operator(c) in ("+", "-"):
            lhs, rhs = c.get_children()
            op = binary_operator(c)
            if ty.is_pointer(rhs.type) or ty.is_array(rhs.type):
                if op == "-":
                    raise UnsupportedConstruct("pointer difference")
                lhs, rhs = rhs, lhs
            base = self.pointer(lhs)
            delta = self.index(self.expr(rhs), pos)
            stride = ty.row_elements(ty_pointee(lhs.type))
            if stride != 1:
                delta = ir.BinOp(pos, ir.LONG, "*", delta, ir.Const(pos, ir.LONG, stride))
            offset = (_add(base.offset, delta, pos) if op == "+"
                      else ir.BinOp(pos, ir.LONG, "-", base.offset, delta))
            return PointerRef(base.array, offset)
        if kind == K.UNARY_OPERATOR and unary_operator(c) == "&":
            return self.pointer(_only_child(c))
        raise UnsupportedConstruct("pointer arithmetic the front end cannot resolve")

    def load(self, ref: PointerRef, t: ir.ScalarType, pos: SourcePos) -> ir.Expr:
        if t.kind is ir.TypeKind.OTHER:
            raise UnsupportedConstruct(f"access to elements of type {t}")
        name = self.fresh(f"{ref.array}.val", t)
        self.emit(ir.Load(pos, name, ref.array, ref.offset))
        return ir.Var(pos, t, name)

    # ------------------------------------------------------------------ calls

    def call(self, c: ci.Cursor) -> ir.Expr:
        pos = self.pos(c)
        args = list(c.get_arguments())
        decl = c.referenced
        info = classify_call(c, self.dialect)
        t = ty.scalar_type(c.type)
        if info.kind is CallKind.BUILTIN_ID:
            dim = evaluate_constant(args[0]) if args else 0
            if not isinstance(dim, int) or not 0 <= dim <= 2:
                raise UnsupportedConstruct(f"{c.spelling} with a dimension that is not 0, 1 or 2")
            return ir.Builtin(pos, t, info.builtin, dim)  # type: ignore[arg-type]
        if info.kind is CallKind.CONSTANT:
            return ir.Const(pos, t, info.value)
        if info.kind is CallKind.BARRIER:
            fences = info.fences
            if args:
                flags = evaluate_constant(args[0])
                if not isinstance(flags, int):
                    raise UnsupportedConstruct("barrier flags that are not a constant")
                fences = (ir.Fence.LOCAL if flags & 1 else ir.Fence.NONE) | (
                    ir.Fence.GLOBAL if flags & 2 else ir.Fence.NONE)
            self.emit(ir.Barrier(pos, fences))
            return ir.Const(pos, ir.INT, 0)
        if info.kind is CallKind.NO_EFFECT:
            return ir.Const(pos, ir.INT, 0)
        if info.kind is CallKind.GENERIC_OP:
            a, b = (self.expr(x) for x in args)
            return ir.GenericOp(pos, t, a, b)
        if info.kind is CallKind.GENERIC_IDENTITY:
            return ir.GenericIdentity(pos, t)
        if info.kind is CallKind.ASSUME:
            self.emit(ir.Assume(pos, self.condition(args[0])))
            return ir.Const(pos, ir.INT, 0)
        if info.kind is CallKind.ASSERT:
            self.emit(ir.Assert(pos, self.condition(args[0])))
            return ir.Const(pos, ir.INT, 0)
        if info.kind is CallKind.MIN_MAX_ABS and t.kind is ir.TypeKind.INT:
            return self.min_max_abs(c.spelling, [self.coerce(self.expr(a), t, pos) for a in args],
                                    t, pos)
        if info.kind in (CallKind.PURE, CallKind.MIN_MAX_ABS):
            return ir.Opaque(pos, t, c.spelling, tuple(self.expr(a) for a in args))
        if info.kind is CallKind.UNSUPPORTED:
            raise UnsupportedConstruct(info.reason)
        definition = decl.get_definition() if decl is not None else None
        if definition is None:
            raise UnsupportedConstruct(f"call to '{c.spelling}', whose body is not in the file")
        return self.inline(definition, args, t, pos)

    def min_max_abs(self, name: str, args: list[ir.Expr], t: ir.ScalarType,
                    pos: SourcePos) -> ir.Expr:
        if name == "abs":
            (a,) = args
            negative = ir.BinOp(pos, ir.BOOL, "<", a, ir.Const(pos, t, 0))
            return ir.Select(pos, t, negative, ir.UnOp(pos, t, "-", a), a)
        a, b = args
        pick_a = ir.BinOp(pos, ir.BOOL, "<" if name == "min" else ">", a, b)
        return ir.Select(pos, t, pick_a, a, b)

    def inline(self, fn: ci.Cursor, args: list[ci.Cursor], t: ir.ScalarType,
               pos: SourcePos) -> ir.Expr:
        if any(frame.function == fn.spelling for frame in self._inline):
            raise UnsupportedConstruct(f"recursive call to '{fn.spelling}'")
        params = list(fn.get_arguments())
        if len(params) != len(args):
            raise UnsupportedConstruct(f"call to variadic function '{fn.spelling}'")
        bound: list[tuple[str, ir.Expr | PointerRef]] = []
        for param, arg in zip(params, args, strict=True):
            value: ir.Expr | PointerRef = (self.pointer(arg) if ty.is_pointer(param.type)
                                           else self.expr(arg))
            bound.append((param.spelling, value))
        names: list[str] = []
        for param, (_, value) in zip(params, bound, strict=True):
            name = self.fresh(f"{fn.spelling}.{param.spelling}", ty.scalar_type(param.type))
            self._names[(param.location.file.name if param.location.file else "",
                         param.location.line, param.location.column, param.spelling)] = name
            names.append(name)
            if isinstance(value, PointerRef):
                del self.var_types[name]
                self.bind_pointer(name, value, pos)
            else:
                self.emit(ir.Assign(pos, name, self.coerce(value, self.var_types[name], pos)))
        result = None if t.kind is ir.TypeKind.OTHER and c_is_void(fn) else self.fresh(
            f"{fn.spelling}.result", t)
        self._inline.append(_InlineFrame(fn.spelling, result))
        try:
            body = next(ch for ch in fn.get_children() if ch.kind == K.COMPOUND_STMT)
            stmts = list(body.get_children())
            tail = stmts[-1] if stmts and stmts[-1].kind == K.RETURN_STMT else None
            for s in stmts if tail is None else stmts[:-1]:
                self.stmt(s)
            if tail is not None and result is not None:
                (value_c,) = tail.get_children()
                self.emit(ir.Assign(self.pos(tail), result,
                                    self.coerce(self.expr(value_c), t, pos)))
        finally:
            self._inline.pop()
        if result is None:
            return ir.Const(pos, ir.INT, 0)
        return ir.Var(pos, t, result)


def c_is_void(fn: ci.Cursor) -> bool:
    return fn.result_type.get_canonical().kind == ci.TypeKind.VOID


def ty_pointee(t: ci.Type) -> ci.Type:
    canon = t.get_canonical()
    if canon.kind == ci.TypeKind.POINTER:
        return canon.get_pointee()
    return canon.get_array_element_type()


def _add(a: ir.Expr, b: ir.Expr, pos: SourcePos) -> ir.Expr:
    if isinstance(a, ir.Const) and a.value == 0:
        return b
    return ir.BinOp(pos, ir.LONG, "+", a, b)


def _only_child(c: ci.Cursor) -> ci.Cursor:
    children = list(c.get_children())
    if len(children) != 1:
        raise UnsupportedConstruct(f"{c.kind.name} with {len(children)} operands")
    return children[0]
