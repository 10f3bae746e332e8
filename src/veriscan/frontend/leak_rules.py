"""The leak rules: what, at one cursor, lets a kernel tell monoids apart or access
memory in a unit the verifier does not model.

The walk (:mod:`.typeflow`) brings every cursor here once with what it knows
about where the cursor stands; each rule looks at that one cursor and answers
with a :class:`TypeLeak` or nothing.  Keeping the rules apart from the walk
means a new way to leak is one more rule, and the walk, which decides what is
reached and who works it out, stays the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import clang.cindex as ci

from veriscan.frontend import types as ty
from veriscan.frontend.consteval import evaluate_constant, folded_value, is_null_pointer_constant
from veriscan.frontend.cursors import (
    children,
    is_expression,
    is_value_wrapper,
    kind_of,
    var_initializer,
)
from veriscan.frontend.dialects import GENERIC_NAMES
from veriscan.frontend.file_index import (
    FUNCTION_LIKE,
    GUARDS,
    SCOPES,
    FileIndex,
    attribute_names,
    attribute_parts,
    static_storage,
)
from veriscan.ir import nodes as ir

K = ci.CursorKind
CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR,
         K.CXX_CONST_CAST_EXPR, K.CXX_DYNAMIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR,
         K.COMPOUND_LITERAL_EXPR}
TYPE_QUERIES = {K.CXX_UNARY_EXPR, K.GENERIC_SELECTION_EXPR}
_GENERIC_SPELLINGS = GENERIC_NAMES | {ty.GENERIC_TYPEDEF}


@dataclass(frozen=True)
class TypeLeak:
    """One conversion or type query; ``breaks_genericity`` when it involves TYPE."""

    cursor: ci.Cursor
    construct: str
    breaks_genericity: bool


def conversion(at: ci.Cursor, target: ci.Type, source: ci.Cursor,
               how: str) -> TypeLeak | None:
    """The leak when a value of ``source``'s type moves into a slot of type ``target``."""
    if ty.is_pointer(target) and is_null_pointer_constant(source):
        return None  # the null pointer points at nothing: no unit to reinterpret
    src_t = source.type
    if ty.is_reference(target):
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
    if ty.is_reference(target):
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


def type_query(c: ci.Cursor, kind: ci.CursorKind | None,
               kids: list[ci.Cursor]) -> TypeLeak | None:
    """``sizeof``/``_Alignof``/``vec_step``/``_Generic``/type traits that see TYPE,
    and unions that hold it."""
    if kind in TYPE_QUERIES and any(_sees_generic(d) for d in _descendants(kids)):
        return TypeLeak(c, f"'{_snippet(c)}' asks about a type built from TYPE, which tells "
                        "monoids apart", True)
    if kind is not None and kind.is_expression() and kind not in CASTS | TYPE_QUERIES:
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


def _snippet(c: ci.Cursor) -> str:
    """The source text of ``c``, short, with TYPE spelled as the user wrote it."""
    text = " ".join(t.spelling for t in c.get_tokens()).replace(ty.GENERIC_TYPEDEF, "TYPE")
    return text if len(text) <= 40 else text[:37] + "..."


def folded(c: ci.Cursor, kind: ci.CursorKind | None, kids: list[ci.Cursor],
           compile_time: bool) -> TypeLeak | None:
    """A TYPE value in code the compiler works out: anything typed by TYPE in
    folded code (``compile_time``), and in running code a TYPE value clang folds
    to a number (such as ``(TYPE)-1`` in a barrier's flags, which the lowering
    folds)."""
    if not is_expression(c):
        return None
    if compile_time:
        if not ty.mentions_generic(c.type):
            return None
    elif (not ty.is_generic(c.type) or kind == K.PAREN_EXPR
          or (kind == K.UNEXPOSED_EXPR and is_value_wrapper(c, kids))
          or folded_value(c) is None):
        return None  # a wrapper's operand is asked instead
    return TypeLeak(c, f"'{_snippet(c)}' uses TYPE in code the compiler works out by itself "
                    "(a constant, a type, a declaration): it tells monoids apart where no "
                    "check of the lowered kernel looks", True)


def declared_leak(c: ci.Cursor, kind: ci.CursorKind | None,
                  kids: list[ci.Cursor]) -> TypeLeak | None:
    """TYPE in what a declaration makes the compiler work out: an enumeration's
    underlying type, a variable of the program's lifetime initialised as a
    constant, TYPE as a template argument (the template's code sees only
    TYPE's stand-in, as an ``int``, so no check tells what it does with it)."""
    if kind == K.ENUM_DECL and ty.mentions_generic(c.enum_type):
        return TypeLeak(c, "an enumeration based on TYPE tells monoids apart", True)
    if (kind == K.VAR_DECL and ty.mentions_generic(c.type) and static_storage(c)
            and var_initializer(c, kids) is not None):
        return TypeLeak(c, f"'{c.spelling}' holds TYPE values the compiler works out "
                        "(neither IDENTITY nor OPERATOR makes them)", True)
    if kind is None or (kind.is_expression() and kind not in CASTS):
        return None  # an expression's TYPE arguments are type queries (type_query)
    in_arguments = kind == K.TEMPLATE_TYPE_PARAMETER
    for k in kids:
        in_arguments = in_arguments or kind_of(k) == K.TEMPLATE_REF
        if in_arguments and kind_of(k) == K.TYPE_REF and ty.mentions_generic(k.type):
            return TypeLeak(c, "TYPE as a template argument: the template's code sees only "
                            "TYPE's stand-in, so what it works out from TYPE is never "
                            "checked", True)
    return None


def overload_leak(c: ci.Cursor, kind: ci.CursorKind | None,
                  index: FileIndex) -> TypeLeak | None:
    """A call whose callee could be another function for another monoid."""
    callee = c.referenced if kind == K.CALL_EXPR else None
    if callee is None:
        return None
    name = callee.spelling
    guarded = name in index.guarded
    if not (guarded or index.overloaded(name)) or not _passes_generic(c, callee):
        return None
    why = ("a function of that name has an enable_if or diagnose_if condition" if guarded
           else "the file declares several functions of that name")
    return TypeLeak(c, f"the call of '{name}' passes or returns values typed by TYPE and "
                    f"{why}: which one runs could change with the monoid, and the proof "
                    "reads only the one chosen for TYPE's stand-in", True)


def _passes_generic(call: ci.Cursor, callee: ci.Cursor) -> bool:
    types = [call.type, callee.result_type,
             *(a.type for a in call.get_arguments() if a is not None)]
    if kind_of(callee) in FUNCTION_LIKE:
        types += [p.type for p in callee.get_arguments() or ()]
    owner = callee.semantic_parent
    if owner is not None and kind_of(owner) in SCOPES:
        types.append(owner.type)  # the object a method is called on
    return any(ty.mentions_generic(t) for t in types)


def attribute_leaks(c: ci.Cursor, owner: ci.Cursor, index: FileIndex) -> list[TypeLeak]:
    """An ``enable_if``/``diagnose_if`` condition, and attribute arguments that
    name TYPE or anything typed by it (``aligned(sizeof(TYPE))``)."""
    name = attribute_parts(c, owner)[0]
    leaks = []
    if name in GUARDS:
        leaks.append(TypeLeak(c, f"'{name}' makes using the function hang on a condition "
                              "the compiler works out, which may ask about TYPE", True))
    typed = sorted({n for n in attribute_names(c, owner) if n in _GENERIC_SPELLINGS or any(
        ty.mentions_generic(d.result_type if kind_of(d) in FUNCTION_LIKE else d.type)
        for d in index.named(n))})
    if typed:
        what = ", ".join("TYPE" if n == ty.GENERIC_TYPEDEF else n if n in _GENERIC_SPELLINGS
                         else f"'{n}' (built from TYPE)" for n in typed)
        leaks.append(TypeLeak(c, f"the arguments of attribute '{name}' use {what}: the "
                              "compiler works them out for each monoid apart", True))
    return leaks

