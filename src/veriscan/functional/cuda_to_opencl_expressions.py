"""The translation of CUDA C expressions to OpenCL C, one rule per construct.

An expression passes as written where both languages give it the same
meaning, and is rewritten where they spell the same thing differently:
thread and block indices become ``get_local_id`` and friends (cast to CUDA's
32-bit unsigned type), ``__syncthreads()`` a barrier on both fences, the
``min``/``max`` overload clang chose the OpenCL built-in of that type,
``static_cast`` a C cast, ``ll`` suffixes ``l``, a character literal a
``char``.  Where they differ in meaning it is refused: floating point, shifts
by anything but a constant below the width, ``sizeof``, member access,
calls through pointers and every CUDA built-in without an exact counterpart.
:meth:`ExpressionRules.expression` is the one place that picks the rule.
"""

from __future__ import annotations

import re

import clang.cindex as ci

from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.functional.cuda_to_opencl_names import (
    FLOATING,
    INDEX_FUNCTIONS,
    KERNEL_MARK,
    NamesAndTypes,
    marks,
)
from veriscan.functional.cuda_to_opencl_tokens import kind_words, spelled_offset

K = ci.CursorKind
BARRIER = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)"
_INTEGER = re.compile(r"(?:0[xX][0-9a-fA-F]+|[0-9]+)(?P<suffix>[uU]?(?:ll|LL|l|L)?|"
                      r"(?:ll|LL|l|L)[uU])")
_CHARACTER = re.compile(r"'(?:[^'\\\n]|\\(?:[0-7]{1,3}|x[0-9a-fA-F]+|[^\n0-7x]))'")
# "?" is how clang_parse spells an operator it does not know.
_REFUSED_OPERATORS = {"binary": frozenset({".*", "->*", "<=>", "?"}),
                      "unary": frozenset({"&", "__real", "__imag", "__extension__",
                                          "co_await", "?"})}


class ExpressionRules(NamesAndTypes):
    """Expressions: operators, literals, casts, names, index built-ins and calls."""

    def expression(self, c: ci.Cursor) -> None:
        """The rule for ``c``'s kind, then its operands: a kind not named here is
        refused, so nothing passes that no rule looked at."""
        canonical = c.type.get_canonical()
        if canonical.kind in FLOATING:
            raise self.refuse(c, "floating-point arithmetic (OpenCL C may round division "
                              "and square root differently from CUDA)")
        kind = c.kind
        kids = list(c.get_children())
        if kind == K.CALL_EXPR:
            self.call(c, kids)
            return
        if kind == K.DECL_REF_EXPR:
            self.reference(c)
            return
        if kind == K.MEMBER_REF_EXPR:
            self.index_builtin(c, kids)
            return
        if kind == K.INTEGER_LITERAL:
            self.integer(c)
            return
        if kind == K.CHARACTER_LITERAL:
            self.character(c)
            return
        if kind == K.CXX_STATIC_CAST_EXPR:
            self.static_cast(c)
        elif kind == K.CSTYLE_CAST_EXPR:
            self.value_type(c, c.type, allow_void=False)
        elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            self.operator(c, binary_operator(c), "binary", kids)
        elif kind == K.UNARY_OPERATOR:
            self.operator(c, unary_operator(c), "unary", kids)
        elif kind == K.CXX_UNARY_EXPR:
            raise self.refuse(c, "sizeof or alignof (C++ and OpenCL C give some expressions "
                              "different types: a comparison is a bool in one, an int in "
                              "the other)")
        elif kind == K.UNEXPOSED_EXPR and not kids:
            raise self.refuse(c, "an implicit C++ expression (a default argument or "
                              "temporary)")
        elif kind not in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.ARRAY_SUBSCRIPT_EXPR,
                          K.CONDITIONAL_OPERATOR, K.CXX_BOOL_LITERAL_EXPR):
            raise self.refuse(c, kind_words(kind))
        for ch in kids:
            if ch.kind != K.TYPE_REF:
                self.expression(ch)
            elif kind != K.CXX_STATIC_CAST_EXPR:  # the cast's own type tokens are gone
                self.type_ref(ch)

    # -------------------------------------------------------------- operators
    def operator(self, c: ci.Cursor, op: str, arity: str, kids: list[ci.Cursor]) -> None:
        """An operator both languages define alike on integers passes; shifts are
        checked, C++-only operators and taking an address refused."""
        if op in _REFUSED_OPERATORS[arity]:
            raise self.refuse(c, f"{arity} operator '{op}'")
        if op in ("<<", ">>", "<<=", ">>="):
            self.shift(c, kids)

    def shift(self, c: ci.Cursor, kids: list[ci.Cursor]) -> None:
        """Only a constant count below the width: OpenCL C takes the count modulo the
        width, where CUDA C++ leaves larger counts undefined (and GPUs saturate)."""
        count = kids[1]
        while count.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and \
                len(list(count.get_children())) == 1:
            count = next(count.get_children())
        width = max(32, 8 * kids[0].type.get_canonical().get_size())
        value = self.literal_value(count) if count.kind == K.INTEGER_LITERAL else None
        if value is None or value >= width:
            raise self.refuse(c, f"a shift by a count that is not a constant below {width} "
                              "(OpenCL C masks the count, CUDA leaves it undefined)")

    # --------------------------------------------------------- literals, casts
    def literal_value(self, c: ci.Cursor) -> int | None:
        """The value of an integer literal as written (a shift count to check)."""
        spelling = self.tokens[self.token_at(c)].spelling.rstrip("uUlL")
        return int(spelling, 16) if spelling[:2] in ("0x", "0X") else \
            int(spelling, 8) if spelling.startswith("0") else int(spelling)

    def integer(self, c: ci.Cursor) -> None:
        """An integer literal of a form both languages read alike; ``ll`` becomes ``l``
        (OpenCL C has no ``long long``; its ``long`` has the same 64 bits)."""
        i = self.token_at(c)
        spelling = self.tokens[i].spelling
        match = _INTEGER.fullmatch(spelling)
        if match is None:
            raise self.refuse(c, f"integer literal '{spelling}'")
        suffix = match.group("suffix")
        if "ll" in suffix.lower():
            self.edits.replace[i] = spelling[:match.start("suffix")] + \
                suffix.replace("ll", "l").replace("LL", "L")
        self.explained.add(i)

    def character(self, c: ci.Cursor) -> None:
        """A character literal, cast to ``char``: its type in C++, where C's is ``int``."""
        i = self.token_at(c)
        spelling = self.tokens[i].spelling
        if _CHARACTER.fullmatch(spelling) is None:
            raise self.refuse(c, f"character literal {spelling}")
        self.edits.wrap(i, i, "((char)", ")")  # a char in C++, an int in C
        self.explained.add(i)

    def static_cast(self, c: ci.Cursor) -> None:
        """``static_cast<T>(e)`` of an integer to an integer type is ``((T)(e))``."""
        self.not_generic(c)
        target = self.value_type(c, c.type, allow_void=False)
        first, last = self.span(c)
        opening = next(i for i in range(first, last + 1) if self.tokens[i].spelling == "(")
        self.drop(range(first, opening))
        self.edits.wrap(opening, last, f"(({target})", ")")

    # ------------------------------------------------------------------ names
    def reference(self, c: ci.Cursor) -> None:
        """A name the kernel declared (a prelude name has no counterpart); a file-scope
        ``__shared__`` one is noted for the kernel that uses it, where it moves."""
        target = c.referenced
        if target is None or self.from_prelude(target):
            raise self.refuse(c, f"'{c.spelling}' (from the CUDA prelude; no exact OpenCL "
                              "C counterpart here)")
        if target.kind == K.FUNCTION_DECL:
            raise self.refuse(c, f"function '{c.spelling}' used as a value")
        shared = self.shared.get(spelled_offset(target.location)) \
            if target.kind == K.VAR_DECL else None
        if shared is not None:
            if self.scope is None or not self.scope.kernel:
                raise self.refuse(c, f"file-scope __shared__ '{c.spelling}' used outside a "
                                  "__global__ function (it becomes a kernel's __local)")
            if shared not in self.scope.uses:
                self.scope.uses.append(shared)
        self.explain_name(c)

    def index_builtin(self, c: ci.Cursor, kids: list[ci.Cursor]) -> None:
        """``threadIdx.x`` and friends, the only member accesses translated: the OpenCL C
        function, cast to ``uint`` so arithmetic on it wraps as CUDA's does."""
        base = kids[0] if len(kids) == 1 else None
        target = base.referenced if base is not None else None
        if target is None or not self.from_prelude(target) or \
                target.spelling not in INDEX_FUNCTIONS or c.spelling not in ("x", "y", "z"):
            raise self.refuse(c, f"member access '.{c.spelling}' (structs are not translated)")
        first, last = self.span(c)
        self.replace_span(first, last, f"((uint){INDEX_FUNCTIONS[target.spelling]}"
                                       f"({'xyz'.index(c.spelling)}))")

    # ------------------------------------------------------------------ calls
    def call(self, c: ci.Cursor, kids: list[ci.Cursor]) -> None:
        """A call of a ``__device__`` function of the kernel's file, or of the few
        built-ins with an exact counterpart (``__syncthreads``, ``min``/``max``, the
        monoid's placeholders); then its arguments."""
        target = c.referenced
        arguments = list(c.get_arguments())
        if target is None or target.kind != K.FUNCTION_DECL:
            raise self.refuse(c, "a call through a pointer")
        name = target.spelling
        if self.from_prelude(target):
            if name == "__syncthreads":
                self.replace_span(*self.span(c), BARRIER)
                return
            if name in ("min", "max"):
                self.min_max(c, target, arguments)
            elif name not in ("__veriscan_operator", "__veriscan_identity"):
                raise self.refuse(c, f"'{name}' (a CUDA built-in without an exact OpenCL C "
                                  "counterpart here)")
        else:
            if KERNEL_MARK in marks(target):
                raise self.refuse(c, f"a call of the __global__ function '{name}'")
            callee = self.callee(kids)
            if callee is None:
                raise self.refuse(c, f"'{name}' called indirectly")
            self.explain_name(callee)
        for argument in arguments:
            self.expression(argument)

    def callee(self, kids: list[ci.Cursor]) -> ci.Cursor | None:
        """The DECL_REF_EXPR naming the called function, under its implicit conversion."""
        node = kids[0] if kids else None
        while node is not None and node.kind == K.UNEXPOSED_EXPR:
            node = next(iter(node.get_children()), None)
        return node if node is not None and node.kind == K.DECL_REF_EXPR else None

    def min_max(self, c: ci.Cursor, target: ci.Cursor, arguments: list[ci.Cursor]) -> None:
        """The overload clang picked, spelled so OpenCL C picks the same one.  CUDA's
        mixed overloads (``unsigned min(int, unsigned)``) compare both arguments in
        the result type, which OpenCL C has only as ``min(uint, uint)``."""
        params = list(target.type.argument_types())
        if len({p.get_canonical().spelling for p in params}) > 1:
            params = [target.type.get_result()] * len(params)
        types = [self.value_type(c, t, allow_void=False) for t in params]
        callee = self.callee(list(c.get_children()))
        if callee is None:
            raise self.refuse(c, f"'{target.spelling}' called indirectly")
        self.explained.add(self.token_at(callee))
        for argument, name in zip(arguments, types, strict=True):
            self.not_generic(argument)
            first, last = self.span(argument)
            self.edits.wrap(first, last, f"(({name})(", "))")
