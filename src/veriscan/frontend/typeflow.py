"""Find every change of pointee type and every type query on ``TYPE``, in one walk.

A kernel can look inside ``TYPE`` values, or access memory in units the
verifier does not model, without writing a single explicit cast: an implicit
conversion in an initialiser, an assignment, a call argument, a return value
or a ``?:`` arm, an array decaying to a pointer of another type, laundering
through ``void *``, binding a reference of another type, a union.  And
``sizeof``/``_Alignof``/``vec_step`` of ``TYPE`` (or of anything built from
it), ``_Generic`` and the built-in type traits tell monoids apart without
touching a value.

Rather than a check per construct, this module looks at every edge of the
syntax tree along which a value moves into a slot of a declared type: an
expression node and its operand (implicit conversions are unexposed
expressions, explicit ones are casts), a declaration and its initialiser, an
assignment, a call argument and its parameter, a ``return`` and its
function's result type, a ``?:`` and its arms, an initialiser list and its
elements.  Wherever the pointee (or referenced) type differs, *as written*,
so that ``TYPE *`` and its stand-in ``int *`` count as different, the
conversion is reported: involving ``TYPE`` it breaks genericity, otherwise
it makes the verdict unknown (the IR models accesses only in the declared
element type).  Clang omits the conversion node exactly when the canonical
types agree, which is why the declaration/argument/return edges are checked
as well as the nodes.

The walk covers the kernel body and, once each, the bodies of the functions
it calls and the file-scope declarations it refers to (an enumerator defined
as ``sizeof(TYPE)``), dead branches included, so what it reports does not
depend on what the lowering later manages to resolve.  It is iterative and
also measures the nesting depth, which the recursive lowering needs to stay
within.

Code the compiler works out by itself never reaches the IR, so the IR's
genericity check cannot see it: ``enum { U = ((TYPE)-1) > 0 }``, an array
bound, a ``case`` label, a static assertion, a template argument, an
attribute's arguments, ``__typeof__``, the initialiser of a program-lifetime
variable, and whatever the lowering folds through
:func:`~veriscan.frontend.consteval.evaluate_constant`.  One rule covers it
all: a generic kernel's ``TYPE`` values come from its arrays, ``IDENTITY`` and
``OPERATOR``, none of which the compiler can know, so a ``TYPE`` value (or
anything typed by ``TYPE``) in code the compiler works out for each monoid
apart is a leak.  The walk tells such code by where it stands (the
compile-time parts of declarations, casts, references and ``case`` labels,
:func:`_compile_time_children`) and, wherever it stands, by asking clang
whether it folds a ``TYPE`` value to a number (what the lowering can fold,
clang can).  So that nothing folded escapes, the walk also reads the whole of
each function it reaches (attributes, parameters), every enumerator of an
enumeration it uses, the parameter lists of the templates it uses, the
declarations named in attribute arguments (attributes have no children) and
the file's static assertions.

Overload resolution is compile-time code too: where the kernel's file
declares several functions of one name (OpenCL ``overloadable``, C++
overloads, templates and their specialisations) or guards one with
``enable_if``/``diagnose_if``, which body runs could change with the monoid
while the proof reads only the one chosen for ``TYPE``'s stand-in, so a call
of such a name that passes or returns ``TYPE`` values is a leak.

This module is the walk: what is reached, and who works out each part of it
(the kernel when it runs, or the compiler).  What counts as a leak at one
cursor is :mod:`.leak_rules`; the file's own declarations, which the walk
consults for overloads, guards and what a use reaches, are :mod:`.file_index`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

import clang.cindex as ci

from veriscan.budget import charge
from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import binary_operator
from veriscan.frontend.cursors import (
    children,
    is_expression,
    is_value_wrapper,
    kind_of,
    var_initializer,
)
from veriscan.frontend.file_index import (
    FUNCTION_LIKE,
    FileIndex,
    around,
    attribute_names,
    definitions,
    is_attribute,
    specialized_template,
    static_storage,
)
from veriscan.frontend.leak_rules import (
    CASTS,
    TypeLeak,
    attribute_leaks,
    conversion,
    declared_leak,
    folded,
    overload_leak,
    type_query,
)

K = ci.CursorKind
# Deeper syntax trees are refused as bad input: the lowering recurses once per level.
MAX_NESTING = 10000

_REFERRING = {K.DECL_REF_EXPR, K.TYPE_REF, K.MEMBER_REF_EXPR, K.TEMPLATE_REF}


@dataclass(frozen=True)
class TypeFlow:
    """What one walk found: the leaks, and the deepest nesting (inlining included)."""

    leaks: list[TypeLeak]
    depth: int


class _Code(Enum):
    """Who works out the code a cursor stands in."""

    RUN = "run"            # the kernel, when it runs: the lowering turns it into IR
    FOLDED = "folded"      # the compiler, for each monoid apart: it never reaches the IR
    REPORTED = "reported"  # folded, and inside an expression already reported


def type_leaks(body: ci.Cursor, result: ci.Type | None, file: str) -> TypeFlow:
    """All leaks in ``body`` (a function body whose result type is ``result``),
    in the rest of its function (attributes, parameters), in the functions it
    calls, in the declarations it uses and in the file's static assertions."""
    leaks: list[TypeLeak] = []
    deepest = 0
    called: set[ci.Cursor] = set()
    index = FileIndex(body.translation_unit.cursor, file, body)
    stack: list[tuple[ci.Cursor, ci.Type | None, int, _Code]] = [
        (part, None, 1, _Code.RUN) for part in around(body, index)]
    stack.append((body, result, 0, _Code.RUN))
    while stack:
        c, fn_result, depth, code = stack.pop()
        charge("in the front end, during its type-flow audit")
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            loc = c.location
            raise KernelSourceError(
                f"the kernel nests expressions or statements more than {MAX_NESTING} levels "
                "deep, beyond what the front end lowers",
                SourcePos(loc.file.name if loc.file else file, loc.line, loc.column))
        kind = kind_of(c)
        kids = children(c)
        for target, source, how in _flows(c, kind, kids, fn_result):
            leak = conversion(c, target, source, how)
            if leak is not None:
                leaks.append(leak)
        reported = None if code is _Code.REPORTED else folded(c, kind, kids,
                                                              code is _Code.FOLDED)
        if reported is not None:
            code = _Code.REPORTED  # one report per expression, not one per operand
        found = [type_query(c, kind, kids), reported, declared_leak(c, kind, kids),
                 overload_leak(c, kind, index)]
        leaks += [leak for leak in found if leak is not None]
        uses: list[ci.Cursor | None] = []
        for attribute in (k for k in kids if is_attribute(k)):
            leaks += attribute_leaks(attribute, c, index)
            uses += [d for name in attribute_names(attribute, c) for d in index.named(name)]
        if kind == K.CALL_EXPR:
            callee = c.referenced
            definition = callee.get_definition() if callee is not None else None
            if definition is not None and definition not in called:
                called.add(definition)
                # The whole function: its attributes and parameters are compile-time code.
                stack.extend((ch, definition.result_type, depth + 1, _Code.RUN)
                             for ch in children(definition))
            uses.append(specialized_template(callee) if callee is not None else None)
        elif kind in _REFERRING:
            # An enumerator, typedef, struct, template or program-scope variable
            # of the file: its definition (``enum { W = sizeof(TYPE) }``) counts too.
            uses.append(c.referenced)
        for decl in (d for use in uses for d in definitions(use, file)):
            if decl not in called:
                called.add(decl)
                stack.append((decl, None, 0, _Code.RUN))  # a tree of its own, never inlined
        folds = _compile_time_children(c, kind, kids)
        stack.extend((ch, fn_result, depth + 1, _code_of(ch, kind, code, folds)) for ch in kids)
    unique = {(leak.cursor.location.line, leak.cursor.location.column, leak.construct): leak
              for leak in leaks}
    return TypeFlow([unique[key] for key in sorted(unique)], deepest)


def _flows(c: ci.Cursor, kind: ci.CursorKind | None, kids: list[ci.Cursor],
           fn_result: ci.Type | None) -> Iterator[tuple[ci.Type, ci.Cursor, str]]:
    """(slot type, value cursor, how) for every edge along which a value moves into a slot."""
    exprs = [k for k in kids if is_expression(k)]
    if kind in CASTS and exprs:
        yield c.type, exprs[-1], "an explicit cast"
    elif kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and is_value_wrapper(c, kids):
        yield c.type, kids[0], "an implicit conversion"
    elif kind == K.VAR_DECL and exprs:
        yield c.type, exprs[-1], "the initialisation of '" + c.spelling + "'"
    elif kind == K.BINARY_OPERATOR and len(exprs) == 2 and binary_operator(c) == "=":
        yield exprs[0].type, exprs[1], "an assignment"
    elif kind == K.CALL_EXPR:
        callee = c.referenced
        if callee is not None and callee.kind == K.FUNCTION_DECL:
            params = list(callee.get_arguments())
            for param, arg in zip(params, c.get_arguments(), strict=False):
                if arg is not None:
                    yield param.type, arg, f"passing an argument to '{callee.spelling}'"
    elif kind == K.RETURN_STMT and exprs and fn_result is not None:
        yield fn_result, exprs[0], "a return value"
    elif kind == K.CONDITIONAL_OPERATOR and len(exprs) == 3:
        yield c.type, exprs[1], "an arm of '?:'"
        yield c.type, exprs[2], "an arm of '?:'"
    elif kind == K.INIT_LIST_EXPR:
        element = ty.unit_type(c.type)
        for e in exprs if element is not None else ():
            yield element, e, "an initialiser list"


def _compile_time_children(c: ci.Cursor, kind: ci.CursorKind | None,
                           kids: list[ci.Cursor]) -> set[ci.Cursor]:
    """The children of ``c`` that the compiler works out instead of running.

    A declaration's expressions other than an automatic variable's
    initialiser (enumerator values, array bounds, bit-field widths,
    ``__typeof__`` operands, static assertions, template defaults, the
    initialiser of a program-lifetime variable); a function's expressions
    outside its body; a reference's (template arguments); a cast's other than
    its operand (``__typeof__`` in the type); a ``case`` label.
    """
    if kind is None:
        return set()
    exprs = [k for k in kids if is_expression(k)]
    if (kind in FUNCTION_LIKE and kind.is_declaration()) or kind == K.DECL_REF_EXPR:
        return set(exprs)  # not a lambda's: its captures' initialisers run
    if kind == K.CASE_STMT:
        return set(kids[:-1])
    if kind in CASTS:
        return set(exprs[:-1])
    if kind.is_declaration():
        runtime = (var_initializer(c, kids)
                   if kind == K.VAR_DECL and not static_storage(c) else None)
        return {e for e in exprs if runtime is None or e != runtime}
    return set()


def _code_of(child: ci.Cursor, parent: ci.CursorKind | None, code: _Code,
             folds: set[ci.Cursor]) -> _Code:
    """Who works out ``child``: folded code stays folded, except a function body."""
    if child in folds:
        return _Code.FOLDED if code is _Code.RUN else code
    return _Code.RUN if parent in FUNCTION_LIKE else code

