"""Run libclang on a kernel file with the right dialect flags and preludes.

The pip build of libclang ships no OpenCL or CUDA headers, so each dialect is
parsed with a small prelude (``preludes/*.h``) passed as an in-memory
``-include``: OpenCL C as ``-x cl -cl-std=CL1.2 -cl-no-stdinc`` (the version every
device build compiles too, ``device.OPENCL_C_STD``), CUDA C as
C++ with the CUDA qualifiers turned into ``annotate`` attributes.  Errors from
clang are the user's problem (bad source), so they become one
:class:`KernelSourceError` naming the first error and its position.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import clang.cindex as ci

from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend.dialects import (
    DIALECT_FLAGS,
    MACRO_NAME,
    PRELUDE_DIR,
    STUB_DIR,
    STUB_HEADERS,
    VIRTUAL_PRELUDE_DIR,
)
from veriscan.frontend.preprocess import Preprocessed, preprocess
from veriscan.ir.nodes import Dialect

_PRELUDE_NAME = {Dialect.OPENCL: "opencl.h", Dialect.CUDA: "cuda.h"}
_WARNINGS = ["-Wno-unused-value"]
# Appended to the analysis parse only: ``auto *__veriscan_instance_K = &name<args>;``
# makes clang instantiate a template kernel, whose instantiated body (concrete
# types, conversions and constants) the front end then lowers.  A declaration
# after the kernel's last line changes nothing the kernel does or where it is.
INSTANCE_PREFIX = "__veriscan_instance_"
# What a template argument list may contain (types, numbers, qualified names).
_TEMPLATE_ARGS = re.compile(r"^[\w\s,:*&<>+-]*$")


@dataclass
class ParsedUnit:
    tu: ci.TranslationUnit
    file: str
    dialect: Dialect
    preprocessed: Preprocessed  # the text clang parsed, the same text the device builds
    defines: dict[str, str]
    # Template kernels instantiated for the analysis (``name<args>``), in the
    # order of their ``INSTANCE_PREFIX`` declarations.
    instances: tuple[str, ...] = ()


def dialect_for(path: str | Path, dialect: str | None) -> Dialect:
    if dialect is not None:
        try:
            return Dialect(dialect.lower())
        except ValueError:
            raise KernelSourceError(f"unknown dialect '{dialect}' (use opencl or cuda)") from None
    return Dialect.CUDA if Path(path).suffix == ".cu" else Dialect.OPENCL


def parse_unit(path: str | Path, source: str, dialect: Dialect,
               defines: dict[str, str], instances: tuple[str, ...] = ()) -> ParsedUnit:
    """Parse ``source`` (the contents of ``path``) and fail loudly on any clang error.

    Clang sees the kernel's one preprocessing (:mod:`.preprocess`, with
    ``defines``), the text every device build of it compiles too, and in
    front of it the dialect and placeholder preludes and the stubs of the
    system headers the kernel included.  Template kernels are instantiated
    for the analysis as the file instantiates them explicitly and as
    ``instances`` (``name<args>``, from ``--kernel``) ask.
    """
    file = str(path)
    pre = preprocess(source, file, defines, dialect)
    found = explicit_instances(pre) if dialect is Dialect.CUDA else []
    # One instantiation per kernel, however its arguments are spaced.
    wanted = tuple({"".join(i.split()): i for i in [*instances, *found]}.values())
    for instance in wanted:
        if not _TEMPLATE_ARGS.match(instance):
            raise KernelSourceError(f"'{instance}' is not a kernel name with template "
                                    "arguments")
    unsaved = [(file, pre.text + "".join(f"auto *{INSTANCE_PREFIX}{i} = &{instance};\n"
                                         for i, instance in enumerate(wanted)))]
    args = DIALECT_FLAGS[dialect] + _WARNINGS
    vectors = [_VECTOR_PRELUDE[dialect]] if wants_vectors(pre, dialect) else []
    if wants_conversions(pre, dialect):
        vectors.append(_CONVERSION_PRELUDE)
    for name in (_PRELUDE_NAME[dialect], *vectors, "gpuverify.h", "generic.h"):
        virtual = f"{VIRTUAL_PRELUDE_DIR}/{name}"
        unsaved.append((virtual, (PRELUDE_DIR / name).read_text()))
        args += ["-include", virtual]
    # Every stub is visible (one may include another); the included ones are read.
    unsaved += [(f"{STUB_DIR}/{name}", (PRELUDE_DIR / "cuda" / name).read_text())
                for name in sorted(STUB_HEADERS[dialect])]
    for name in dict.fromkeys(pre.headers):
        args += ["-include", f"{STUB_DIR}/{name}"]
    try:
        tu = ci.Index.create().parse(file, args=args, unsaved_files=unsaved,
                                     options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    except ci.TranslationUnitLoadError as exc:
        raise KernelSourceError(f"libclang could not parse '{file}': {exc}") from None
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        first = errors[0]
        loc = first.location
        pos = SourcePos(loc.file.name if loc.file else file, loc.line, loc.column)
        detail = "\n".join(f"{d.location.line}:{d.location.column}: {d.spelling}"
                           for d in errors[1:6]) or None
        raise KernelSourceError(f"{first.spelling}", pos, detail)
    return ParsedUnit(tu, file, dialect, pre, dict(defines), wanted)


def explicit_instances(pre: Preprocessed) -> list[str]:
    """``name<args>`` of each explicit instantiation in the text
    (``template __global__ void scale<float>(float *);``), read from its tokens."""
    spell = [t.spelling for t in pre.tokens]
    found = []
    for start, word in enumerate(spell):
        if word != "template" or spell[start + 1:start + 2] == ["<"]:
            continue  # a template's own declaration, not an instantiation
        at = start + 1
        while at + 1 < len(spell) and spell[at] not in (";", "{"):
            if pre.tokens[at].identifier and spell[at + 1] == "<":
                depth, end = 0, at + 1
                while end < len(spell):
                    depth += (spell[end] == "<") - (spell[end] == ">")
                    if depth == 0:
                        break
                    end += 1
                found.append(f"{spell[at]}<{' '.join(spell[at + 2:end])}>")
                break
            at += 1
    return found


_VECTOR_PRELUDE = {Dialect.OPENCL: "opencl_vectors.h", Dialect.CUDA: "cuda_vectors.h"}
_VECTOR_NAME = {
    Dialect.OPENCL: re.compile(r"(as_|convert_)?(u?char|u?short|u?int|u?long|float|double|half)"
                               r"(2|3|4|8|16)|v(load|store)(_half)?(2|3|4|8|16)?|convert_\w+"),
    Dialect.CUDA: re.compile(r"(make_)?(u?char|u?short|u?int|u?long|u?longlong|float|double)"
                             r"[1-4]"),
}


def wants_vectors(pre: Preprocessed, dialect: Dialect) -> bool:
    """Whether the kernel names a vector type or a built-in that makes one.

    A vector value needs one of those names (clang has no other way to make
    one), so any other kernel parses without the vector prelude.  Built-ins
    that only take vectors (``select``, ``dot``) are not asked for: a kernel
    of its own named ``shuffle`` stays its own.
    """
    return any(_VECTOR_NAME[dialect].fullmatch(name) for name in pre.identifiers)


# convert_int_sat, convert_float4_rtz: a conversion with a modifier (OpenCL only).
_CONVERSION_PRELUDE = "opencl_conversions.h"
_MODIFIED_CONVERSION = re.compile(r"convert_\w+_(sat|rte|rtz|rtp|rtn)")


def wants_conversions(pre: Preprocessed, dialect: Dialect) -> bool:
    """Whether an OpenCL kernel names a saturating or rounding conversion, whose
    thousands of declarations (opencl_conversions.h) only such a kernel pays for;
    every such name also asks for the vector prelude (:func:`wants_vectors`),
    whose vector types the declarations use."""
    return dialect is Dialect.OPENCL and any(_MODIFIED_CONVERSION.fullmatch(name)
                                             for name in pre.identifiers)


# libclang 18 exports operator-kind queries the Python binding does not wrap yet.

@cache
def _operator_functions() -> tuple[object, object]:
    lib = ci.conf.lib
    binary = lib.clang_getCursorBinaryOperatorKind
    binary.argtypes = [ci.Cursor]
    binary.restype = ctypes.c_int
    unary = lib.clang_getCursorUnaryOperatorKind
    unary.argtypes = [ci.Cursor]
    unary.restype = ctypes.c_int
    return binary, unary


# clang's BinaryOperatorKind / UnaryOperatorKind numbering (Index.h, LLVM 17+).
_BINARY_SPELLING = {
    1: ".*", 2: "->*", 3: "*", 4: "/", 5: "%", 6: "+", 7: "-", 8: "<<", 9: ">>", 10: "<=>",
    11: "<", 12: ">", 13: "<=", 14: ">=", 15: "==", 16: "!=", 17: "&", 18: "^", 19: "|",
    20: "&&", 21: "||", 22: "=", 23: "*=", 24: "/=", 25: "%=", 26: "+=", 27: "-=",
    28: "<<=", 29: ">>=", 30: "&=", 31: "^=", 32: "|=", 33: ",",
}
_UNARY_SPELLING = {
    1: "post++", 2: "post--", 3: "pre++", 4: "pre--", 5: "&", 6: "*", 7: "+", 8: "-",
    9: "~", 10: "!", 11: "__real", 12: "__imag", 13: "__extension__", 14: "co_await",
}


def binary_operator(cursor: ci.Cursor) -> str:
    binary, _ = _operator_functions()
    return _BINARY_SPELLING.get(binary(cursor), "?")  # type: ignore[operator]


def unary_operator(cursor: ci.Cursor) -> str:
    _, unary = _operator_functions()
    return _UNARY_SPELLING.get(unary(cursor), "?")  # type: ignore[operator]


__all__ = ["MACRO_NAME", "ParsedUnit", "binary_operator", "dialect_for", "parse_unit",
           "unary_operator"]
