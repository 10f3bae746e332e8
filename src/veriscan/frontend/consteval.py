"""Constant evaluation through clang itself (``clang_Cursor_Evaluate``).

Literals that come from macros (``N``, ``CLK_LOCAL_MEM_FENCE``) have the macro
name as their token, so reading tokens would be wrong; asking clang for the
value gives exactly what the compiler would use, suffixes and all.
"""

from __future__ import annotations

import ctypes
from functools import cache

import clang.cindex as ci

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
    """The compile-time value of ``c``, or None when clang cannot fold it."""
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

