"""Names that a compiler, or the standard headers it puts in front of a kernel, may define.

The proof and the device build share one preprocessing, but the user's own
compiler preprocesses the kernel again with its predefined macros and the
dialect's headers (``opencl-c.h``, ``cuda_runtime.h`` and the C headers it
pulls in).  A directive that asks about such a name (``#ifdef
__OPENCL_VERSION__``, ``#if INT_MAX > 0``, ``defined(CLK_LOCAL_MEM_FENCE)``)
without the kernel having defined or undefined it itself is answered by that
compiler, not by the kernel, and the branch it takes can differ from the
proved one.  This is the one list of such names, written from the OpenCL C
1.2, 2.0 and 3.0 specifications (predefined macros, extension and feature
macros, the ``limits.h``/``float.h``-style and math macros they define) and
from what a CUDA compilation includes (the C library headers and CUDA's own);
``foreign_names.genericity_problems`` adds the names veriscan's own preludes
declare, and the identifiers C and C++ reserve to the implementation.
"""

from __future__ import annotations

import re

_MATH_CONSTANTS = ("E", "LOG2E", "LOG10E", "LN2", "LN10", "PI", "PI_2", "PI_4", "1_PI", "2_PI",
                   "2_SQRTPI", "SQRT2", "SQRT1_2")
_FLOAT_LIMITS = ("DIG", "MANT_DIG", "MAX_10_EXP", "MAX_EXP", "MIN_10_EXP", "MIN_EXP", "RADIX",
                 "MAX", "MIN", "EPSILON", "TRUE_MIN", "DECIMAL_DIG", "HAS_SUBNORM", "ROUNDS",
                 "EVAL_METHOD")

# Exact names, by where they come from.
SPEC_NAMES = frozenset({
    # limits.h (OpenCL C 6.12.3 / 3.0 6.15.3 "integer limits" macros, C99 5.2.4.2.1)
    "CHAR_BIT", "SCHAR_MIN", "SCHAR_MAX", "UCHAR_MAX", "CHAR_MIN", "CHAR_MAX", "MB_LEN_MAX",
    "SHRT_MIN", "SHRT_MAX", "USHRT_MAX", "INT_MIN", "INT_MAX", "UINT_MAX", "LONG_MIN",
    "LONG_MAX", "ULONG_MAX", "LLONG_MIN", "LLONG_MAX", "ULLONG_MAX",
    # float.h (FLT_*, DBL_*, HALF_* in OpenCL C; LDBL_* in C), C99 5.2.4.2.2
    *(f"{kind}_{limit}" for kind in ("FLT", "DBL", "LDBL", "HALF") for limit in _FLOAT_LIMITS),
    "DECIMAL_DIG",
    # math constants: OpenCL C's M_*_F (float), M_* (double), M_*_H (half); glibc's M_*l, M_*f
    *(f"M_{name}{suffix}" for name in _MATH_CONSTANTS for suffix in ("", "_F", "_H", "l", "f")),
    # math.h macros (OpenCL C 6.12.2, C99 7.12)
    "MAXFLOAT", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "HUGE_VALH", "INFINITY", "NAN",
    "FP_ILOGB0", "FP_ILOGBNAN", "FP_FAST_FMA", "FP_FAST_FMAF", "FP_FAST_FMAL",
    "FP_FAST_FMA_HALF", "FP_INFINITE", "FP_NAN", "FP_NORMAL", "FP_SUBNORMAL", "FP_ZERO",
    "MATH_ERRNO", "MATH_ERREXCEPT", "math_errhandling", "fpclassify", "isfinite", "isinf",
    "isnan", "isnormal", "signbit", "isgreater", "isgreaterequal", "isless", "islessequal",
    "islessgreater", "isunordered",
    # OpenCL C: bool constants (6.1.1: "true expands to the integer constant 1"),
    # the unprefixed qualifiers an implementation may define as macros for the
    # __-prefixed ones (6.5, 6.6, 6.7), kernel_exec (6.10), OpenCL 2.0 atomics
    "true", "false", "kernel", "global", "local", "constant", "private", "generic",
    "read_only", "write_only", "read_write", "uniform", "pipe", "kernel_exec",
    "ATOMIC_VAR_INIT", "ATOMIC_FLAG_INIT",
    # stddef.h, stdlib.h, stdio.h, assert.h, errno.h (included by cuda_runtime.h's headers)
    "NULL", "offsetof", "EXIT_SUCCESS", "EXIT_FAILURE", "RAND_MAX", "MB_CUR_MAX", "EOF",
    "BUFSIZ", "FILENAME_MAX", "FOPEN_MAX", "L_tmpnam", "SEEK_CUR", "SEEK_END", "SEEK_SET",
    "TMP_MAX", "stdin", "stdout", "stderr", "assert", "errno", "EDOM", "ERANGE", "EILSEQ",
    # CUDA: toolkit version macros
    "CUDA_VERSION", "CUDART_VERSION",
})

# Families with open-ended members, each a prefix the specifications give out.
SPEC_PATTERN = re.compile(
    r"CL_\w+|CLK_\w+"                           # OpenCL C versions (CL_VERSION_*), CLK_* enums
    r"|cl_\w+"                                  # extension macros (cl_khr_fp64, cl_amd_*, ...)
    r"|memory_order_\w+|memory_scope_\w+"       # OpenCL 2.0 atomics (enum or macro)
    r"|U?INT(8|16|32|64|_LEAST(8|16|32|64)|_FAST(8|16|32|64)|MAX|PTR)_(MIN|MAX|C)"  # stdint.h
    r"|(PTRDIFF|SIG_ATOMIC|WCHAR|WINT)_(MIN|MAX)|SIZE_MAX"
    r"|CUDART_\w+"                              # CUDA math_constants.h
    r"|NV_(IF_TARGET|IF_ELSE_TARGET|DISPATCH_TARGET|IS_HOST|IS_DEVICE|ANY_TARGET|NO_TARGET"
    r"|PROVIDES_SM_\d+|IS_EXACTLY_SM_\d+)"      # CUDA nv/target
)


def reserved(name: str, cplusplus: bool) -> bool:
    """Whether ``name`` is reserved to the implementation for any use.

    C99 7.1.3: a leading underscore and an uppercase letter or a second
    underscore; C++ ([lex.name]) also every name containing ``__``.
    """
    return bool(re.match(r"_[A-Z_]", name)) or (cplusplus and "__" in name)


def listed(name: str) -> bool:
    """Whether ``name`` is one the specifications or standard headers define."""
    return name in SPEC_NAMES or SPEC_PATTERN.fullmatch(name) is not None


__all__ = ["SPEC_NAMES", "SPEC_PATTERN", "listed", "reserved"]
