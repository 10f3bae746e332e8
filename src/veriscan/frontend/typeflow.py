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
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import clang.cindex as ci

from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import binary_operator
from veriscan.frontend.consteval import evaluate_constant
from veriscan.frontend.cursors import children, is_expression, is_value_wrapper, kind_of
from veriscan.ir import nodes as ir

K = ci.CursorKind
# Deeper syntax trees are refused as bad input: the lowering recurses once per level.
MAX_NESTING = 10000
_CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR,
          K.CXX_CONST_CAST_EXPR, K.CXX_DYNAMIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR,
          K.COMPOUND_LITERAL_EXPR}
_TYPE_QUERIES = {K.CXX_UNARY_EXPR, K.GENERIC_SELECTION_EXPR}
_REFERENCES = (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE)
_REFERRING = {K.DECL_REF_EXPR, K.TYPE_REF, K.MEMBER_REF_EXPR}
# Functions are walked through their calls, their parameters and locals where they stand.
_NOT_WALKED = {K.FUNCTION_DECL, K.PARM_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE,
               K.CONSTRUCTOR, K.DESTRUCTOR, K.LAMBDA_EXPR}


@dataclass(frozen=True)
class TypeLeak:
    """One conversion or type query; ``breaks_genericity`` when it involves TYPE."""

    cursor: ci.Cursor
    construct: str
    breaks_genericity: bool


@dataclass(frozen=True)
class TypeFlow:
    """What one walk found: the leaks, and the deepest nesting (inlining included)."""

    leaks: list[TypeLeak]
    depth: int


def type_leaks(body: ci.Cursor, result: ci.Type | None, file: str) -> TypeFlow:
    """All leaks in ``body`` (a function body whose result type is ``result``),
    in the bodies of the functions it calls and in the declarations it uses."""
    leaks: list[TypeLeak] = []
    deepest = 0
    called: set[ci.Cursor] = set()
    stack: list[tuple[ci.Cursor, ci.Type | None, int]] = [(body, result, 0)]
    while stack:
        c, fn_result, depth = stack.pop()
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
            leak = _conversion(c, target, source, how)
            if leak is not None:
                leaks.append(leak)
        leak = _type_query(c, kind, kids)
        if leak is not None:
            leaks.append(leak)
        if kind == K.CALL_EXPR:
            callee = c.referenced
            definition = callee.get_definition() if callee is not None else None
            if definition is not None and definition not in called:
                called.add(definition)
                stack.extend((ch, definition.result_type, depth + 1)
                             for ch in children(definition) if ch.kind == K.COMPOUND_STMT)
        elif kind in _REFERRING:
            # An enumerator, typedef, struct or program-scope variable of the
            # file: its definition (``enum { W = sizeof(TYPE) }``) counts too.
            decl = c.referenced
            if _file_scope(decl, file) and decl not in called:
                called.add(decl)
                stack.append((decl, None, 0))  # a tree of its own, never inlined
        stack.extend((ch, fn_result, depth + 1) for ch in kids)
    unique = {(leak.cursor.location.line, leak.cursor.location.column, leak.construct): leak
              for leak in leaks}
    return TypeFlow([unique[key] for key in sorted(unique)], deepest)


def _file_scope(decl: ci.Cursor | None, file: str) -> bool:
    """Whether ``decl`` is a declaration of the kernel's file outside any function."""
    if decl is None or kind_of(decl) in _NOT_WALKED or decl.location.file is None:
        return False
    parent = decl.semantic_parent
    return (decl.location.file.name == file
            and (parent is None or kind_of(parent) not in _NOT_WALKED))


def _flows(c: ci.Cursor, kind: ci.CursorKind | None, kids: list[ci.Cursor],
           fn_result: ci.Type | None) -> Iterator[tuple[ci.Type, ci.Cursor, str]]:
    """(slot type, value cursor, how) for every edge along which a value moves into a slot."""
    exprs = [k for k in kids if is_expression(k)]
    if kind in _CASTS and exprs:
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


def _conversion(at: ci.Cursor, target: ci.Type, source: ci.Cursor,
                how: str) -> TypeLeak | None:
    """The leak when a value of ``source``'s type moves into a slot of type ``target``."""
    src_t = source.type
    if ty.type_kind(target.get_canonical()) in _REFERENCES:
        # A reference binds to an lvalue of the referenced type.
        dst_unit, src_unit = target.get_pointee(), src_t
    else:
        if not ty.is_pointer(target) and not ty.is_pointer(src_t):
            return None
        dst_unit, src_unit = ty.unit_type(target), ty.unit_type(src_t)
        if dst_unit is None and src_unit is None:
            return None
        if dst_unit is None or src_unit is None:
            return _address_leak(at, target, source, src_unit, how)
    if ty.type_key(dst_unit) == ty.type_key(src_unit) or (
            (ty.sugar_lost(dst_unit) or ty.sugar_lost(src_unit))
            and ty.type_key(dst_unit.get_canonical()) == ty.type_key(src_unit.get_canonical())):
        return None  # ``auto`` keeps only the canonical type: compare what is left
    generic = ty.mentions_generic(dst_unit) or ty.mentions_generic(src_unit)
    if ty.type_kind(target.get_canonical()) in _REFERENCES:
        what = f"{how} binds a reference to {_name(dst_unit)} to a {_name(src_unit)} object"
    else:
        what = f"{how} turns a pointer to {_name(src_unit)} into a pointer to {_name(dst_unit)}"
    why = ("it reads or writes TYPE values as another type" if generic else
           "accesses in another unit than the declared element type are not modelled")
    return TypeLeak(at, f"{what}: {why}", generic)


def _address_leak(at: ci.Cursor, target: ci.Type, source: ci.Cursor,
                  src_unit: ci.Type | None, how: str) -> TypeLeak | None:
    """A pointer turned into a number or a number into a pointer (not a null test)."""
    if src_unit is not None:
        if ty.type_kind(target.get_canonical()) == ci.TypeKind.BOOL:
            return None  # testing a pointer for null reveals nothing
        generic = ty.mentions_generic(src_unit)
        return TypeLeak(at, f"{how} turns a pointer to {_name(src_unit)} into the number "
                        f"{ty.scalar_type(target)}" + (
                            ": address arithmetic measures the size of TYPE" if generic
                            else ""), generic)
    if ty.scalar_type(source.type).kind is not ir.TypeKind.INT:
        return None  # a function decaying to a function pointer, not a number
    if evaluate_constant(source) == 0:
        return None  # the null pointer constant
    dst_unit = ty.unit_type(target)
    generic = dst_unit is not None and ty.mentions_generic(dst_unit)
    return TypeLeak(at, f"{how} turns a number into a pointer to {_name(dst_unit)}", generic)


def _type_query(c: ci.Cursor, kind: ci.CursorKind | None,
                kids: list[ci.Cursor]) -> TypeLeak | None:
    """``sizeof``/``_Alignof``/``vec_step``/``_Generic``/type traits that see TYPE,
    and unions that hold it."""
    if kind in _TYPE_QUERIES and any(_sees_generic(d) for d in _descendants(kids)):
        text = " ".join(t.spelling for t in c.get_tokens()).replace(ty.GENERIC_TYPEDEF, "TYPE")
        text = text if len(text) <= 40 else text[:37] + "..."
        return TypeLeak(c, f"'{text}' asks about a type built from TYPE, which tells "
                        "monoids apart", True)
    if kind is not None and kind.is_expression() and kind not in _CASTS | _TYPE_QUERIES:
        for k in kids:
            if kind_of(k) == K.TYPE_REF and ty.mentions_generic(k.type):
                return TypeLeak(c, "a type query on TYPE tells monoids apart", True)
    if kind in (K.VAR_DECL, K.MEMBER_REF_EXPR) and _generic_union(c.type):
        return TypeLeak(c, "a union holding TYPE reinterprets its bytes", True)
    return None


def _descendants(roots: list[ci.Cursor]) -> Iterator[ci.Cursor]:
    stack = list(roots)
    while stack:
        c = stack.pop()
        yield c
        stack.extend(children(c))


def _sees_generic(c: ci.Cursor) -> bool:
    return (kind_of(c) == K.TYPE_REF or is_expression(c)) and ty.mentions_generic(c.type)


def _generic_union(t: ci.Type) -> bool:
    decl = t.get_canonical().get_declaration()
    return decl.kind == K.UNION_DECL and ty.mentions_generic(t)


def _name(t: ci.Type | None) -> str:
    if t is None:
        return "nothing"
    return "TYPE" if ty.is_generic(t) else ty.scalar_type(t).name or t.spelling
