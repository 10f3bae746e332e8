"""Constant evaluation through clang itself (``clang_Cursor_Evaluate``).

Literals that come from macros (``N``, ``CLK_LOCAL_MEM_FENCE``) have the macro
name as their token, so reading tokens would be wrong; asking clang for the
value gives exactly what the compiler would use, suffixes and all.

clang folds ``(out[0] = 7, 1)`` to ``1`` and says nothing of the store it
skipped, so an expression with side effects is never treated as a constant:
the caller must lower it instead, or refuse it.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from functools import cache

import clang.cindex as ci

from veriscan.frontend.clang_parse import binary_operator, unary_operator
from veriscan.frontend.cursors import children, kind_of

_INT, _FLOAT = 1, 2  # CXEvalResultKind


@cache
def _functions() -> dict[str, object]:
    lib = ci.conf.lib
    table = {
        "evaluate": (lib.clang_Cursor_Evaluate, [ci.Cursor], ctypes.c_void_p),
        "kind": (lib.clang_EvalResult_getKind, [ctypes.c_void_p], ctypes.c_int),
        "unsigned": (lib.clang_EvalResult_isUnsignedInt, [ctypes.c_void_p], ctypes.c_uint),
        "as_unsigned": (lib.clang_EvalResult_getAsUnsigned, [ctypes.c_void_p],
                        ctypes.c_ulonglong),
        "as_long": (lib.clang_EvalResult_getAsLongLong, [ctypes.c_void_p], ctypes.c_longlong),
        "as_double": (lib.clang_EvalResult_getAsDouble, [ctypes.c_void_p], ctypes.c_double),
        "dispose": (lib.clang_EvalResult_dispose, [ctypes.c_void_p], None),
    }
    out = {}
    for key, (fn, argtypes, restype) in table.items():
        fn.argtypes = argtypes
        fn.restype = restype
        out[key] = fn
    return out


def evaluate_constant(c: ci.Cursor) -> int | float | None:
    """The compile-time value of ``c``, or None when clang cannot fold it or
    when evaluating ``c`` would do more than compute a value."""
    if has_side_effects(c):
        return None
    return folded_value(c)


def folded_value(c: ci.Cursor) -> int | float | None:
    """The number clang folds ``c`` to, effects or not, or None.

    ``(out[0] = 7, 1)`` folds to 1 here: this is what *some* compiler may make
    of ``c`` (the device's folds more than the front end), so a caller asking
    whether code could be worked out at compile time wants it; one asking for
    a value to use in place of ``c`` wants :func:`evaluate_constant`.
    """
    f = _functions()
    result = f["evaluate"](c)  # type: ignore[operator]
    if not result:
        return None
    try:
        kind = f["kind"](result)  # type: ignore[operator]
        if kind == _INT:
            if f["unsigned"](result):  # type: ignore[operator]
                return int(f["as_unsigned"](result))  # type: ignore[operator]
            return int(f["as_long"](result))  # type: ignore[operator]
        if kind == _FLOAT:
            return float(f["as_double"](result))  # type: ignore[operator]
        return None
    finally:
        f["dispose"](result)  # type: ignore[operator]



def is_null_pointer_constant(c: ci.Cursor) -> bool:
    """Whether ``c`` is C's null pointer constant: an integer constant 0, possibly
    cast to ``void *`` (``NULL`` is ``((void *)0)`` in the devices' headers and in
    the prelude), seen through parentheses and implicit conversions."""
    while True:
        kids = [k for k in c.get_children() if k.kind.is_expression()]
        wrapper = c.kind in (ci.CursorKind.PAREN_EXPR, ci.CursorKind.UNEXPOSED_EXPR)
        to_void = (c.kind == ci.CursorKind.CSTYLE_CAST_EXPR
                   and c.type.get_canonical().get_pointee().kind == ci.TypeKind.VOID)
        if len(kids) != 1 or not (wrapper or to_void):
            break
        c = kids[0]
    return (c.type.get_canonical().kind in _INTEGER_TYPES and not has_side_effects(c)
            and evaluate_constant(c) == 0)


_INTEGER_TYPES = frozenset({
    ci.TypeKind.BOOL, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.CHAR_S,
    ci.TypeKind.SCHAR, ci.TypeKind.USHORT, ci.TypeKind.SHORT, ci.TypeKind.UINT,
    ci.TypeKind.INT, ci.TypeKind.ULONG, ci.TypeKind.LONG, ci.TypeKind.ULONGLONG,
    ci.TypeKind.LONGLONG})
_EFFECT_KINDS = {ci.CursorKind.CALL_EXPR, ci.CursorKind.COMPOUND_ASSIGNMENT_OPERATOR}
_UNEVALUATED = ci.CursorKind.CXX_UNARY_EXPR  # sizeof/_Alignof/vec_step operands


def has_side_effects(c: ci.Cursor, pure_call: Callable[[ci.Cursor], bool] | None = None
                     ) -> bool:
    """Whether evaluating ``c`` may store, call or do anything a value does not show.

    Any kind this module does not know is counted as an effect, and so is every
    call unless ``pure_call`` vouches for it (its arguments are still examined).
    """
    stack = [c]
    while stack:
        node = stack.pop()
        kind = kind_of(node)
        if kind == ci.CursorKind.CALL_EXPR and pure_call is not None and pure_call(node):
            stack.extend(children(node))
            continue
        if kind is None or kind in _EFFECT_KINDS:
            return True
        if kind == _UNEVALUATED:
            continue
        if kind == ci.CursorKind.BINARY_OPERATOR and binary_operator(node) == "=":
            return True
        if kind == ci.CursorKind.UNARY_OPERATOR and unary_operator(node) in (
                "pre++", "pre--", "post++", "post--"):
            return True
        if not (kind.is_expression() or kind == ci.CursorKind.TYPE_REF):
            return True
        stack.extend(children(node))
    return False
