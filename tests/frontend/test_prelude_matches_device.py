"""Differential test: the OpenCL prelude the proof parses against the device's compiler.

The proof parses kernels with veriscan's own declarations of the OpenCL C
library (``preludes/opencl.h``, ``opencl_vectors.h``); the device compiles
them with its own headers.  Where the two disagree on a built-in's result
type, or on the type or value of a literal or macro, the proof reasons about
another program than the one that runs: ``sizeof(true)`` or ``abs(0) - 1 > 0``
can then be constant-false in the proof and true on the device, and code the
proof took for dead runs unchecked.  So every declaration of the prelude is
probed on the device: each overload is called with arguments of its
parameter types, and the size, the int/float kind and the signedness of the
result (lane 0 for vectors) must be what libclang says for the proof.  The
prelude's macros and the ``true``/``false``/``NULL`` literals are compared
likewise, macros by value.  An overload the device does not have (a build
error for that probe alone) proves nothing and is only counted.

Declared overloads are not enough: a call whose argument type has no overload
of its own in the prelude is resolved by a conversion, while the device may
have an exact one (``max(char, char)`` is ``int`` against a prelude without a
``char`` overload, ``char`` on every device).  So every built-in that takes
integers is also called with every integer type, and every call the proof
accepts (one that is ambiguous for the proof is refused as bad input) must
have the device's type too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import clang.cindex as ci
import numpy as np
import pytest

from veriscan.device.opencl import Runtime
from veriscan.errors import KernelSourceError
from veriscan.frontend import parse_kernel
from veriscan.frontend.dialects import DIALECT_FLAGS, PRELUDE_DIR
from veriscan.ir import nodes as ir
from veriscan.ir.interpret import GroupInterpreter, WorkItem
from veriscan.ir.nodes import Dialect

PRELUDES = ("opencl.h", "opencl_vectors.h")
_SCALARS = {ci.TypeKind.CHAR_S, ci.TypeKind.SCHAR, ci.TypeKind.UCHAR, ci.TypeKind.SHORT,
            ci.TypeKind.USHORT, ci.TypeKind.INT, ci.TypeKind.UINT, ci.TypeKind.LONG,
            ci.TypeKind.ULONG, ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.BOOL}
_FLOATS = {ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE}
# Literals and values whose type the proof must see as the device does.
LITERALS = ("true", "false", "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE", "1 == 1",
            "'a'", "1u << 31", "0x80000000", "2147483648", "-1 > 0u", "sizeof(size_t)")
BATCH = 400
WORDS = 3  # per probe: size, float-ness, signedness (see _kernel)
INTEGER_TYPES = ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong")
_INTEGERS = _SCALARS - _FLOATS - {ci.TypeKind.BOOL}


@dataclass(frozen=True)
class Probe:
    """One expression and what the proof says of its value's type."""

    text: str
    size: int
    floating: bool
    signed: bool
    vector: bool


def _arithmetic(t: ci.Type) -> tuple[ci.Type, bool] | None:
    """(element type, is vector) for a scalar or vector arithmetic type, else None."""
    t = t.get_canonical()
    if t.kind in _SCALARS:
        return t, False
    if t.kind in (ci.TypeKind.VECTOR, ci.TypeKind.EXTVECTOR) and \
            t.element_type.get_canonical().kind in _SCALARS:
        return t.element_type.get_canonical(), True
    return None


def _probe(text: str, t: ci.Type) -> Probe | None:
    kind = _arithmetic(t)
    if kind is None:
        return None
    element, vector = kind
    floating = element.kind in _FLOATS
    signed = floating or element.kind in (ci.TypeKind.CHAR_S, ci.TypeKind.SCHAR,
                                          ci.TypeKind.SHORT, ci.TypeKind.INT,
                                          ci.TypeKind.LONG)
    return Probe(text, t.get_canonical().get_size(), floating, signed, vector)


def _prelude_unit(expressions: tuple[str, ...],
                  preludes: tuple[str, ...] = PRELUDES) -> ci.TranslationUnit:
    """The preludes and, after them, one function per expression, each on a line
    of its own (a diagnostic names the expression it is about)."""
    text = "".join(f'#include "{PRELUDE_DIR / name}"\n' for name in preludes)
    text += "".join(f"void __probe_fn{i}(void) {{ (void)({e}); }}\n"
                    for i, e in enumerate(expressions))
    return ci.Index.create().parse("probe.cl", args=DIALECT_FLAGS[Dialect.OPENCL],
                                   unsaved_files=[("probe.cl", text)])


def _expression_probes(expressions: tuple[str, ...],
                       preludes: tuple[str, ...] = PRELUDES) -> list[Probe]:
    """A probe per expression the proof's parse accepts, with the type it gives it."""
    unit = _prelude_unit(expressions, preludes)
    refused = {d.location.line for d in unit.diagnostics
               if d.severity >= ci.Diagnostic.Error and d.location.file
               and d.location.file.name == "probe.cl"}
    probes = []
    for c in unit.cursor.get_children():
        if c.kind == ci.CursorKind.FUNCTION_DECL and c.spelling.startswith("__probe_fn") \
                and c.location.line not in refused:
            text = expressions[int(c.spelling[len("__probe_fn"):])]
            statements = [s for b in c.get_children() for s in b.get_children()]
            if not statements:
                continue  # clang dropped an expression it could not type: refused too
            expr = next(statements[0].get_children())  # the (void) cast's operand
            inner = [k for k in expr.get_children()]
            made = _probe(f"({text})", inner[-1].type if inner else expr.type)
            if made is not None:
                probes.append(made)
    return probes


def _takes_integers(c: ci.Cursor) -> bool:
    """Whether ``c``'s parameters are all scalar integers (there a call of another
    integer type converts; vector parameters take no scalar of another type)."""
    params = [p.type.get_canonical().kind for p in c.get_arguments()]
    return bool(params) and all(k in _INTEGERS for k in params)


def prelude_probes() -> list[Probe]:
    """One probe per overload of every built-in of arithmetic type, per literal, and
    per call of an integer built-in with arguments of one integer type."""
    unit = _prelude_unit(())
    probes = _expression_probes(LITERALS)
    seen: set[str] = set()
    # Overload resolution picks among a name's overloads: a name declared for more
    # than one integer type is where a missing overload changes the result type.
    overloads: dict[tuple[str, int], set[str]] = {}
    for c in unit.cursor.get_children():
        if c.kind == ci.CursorKind.FUNCTION_DECL and _takes_integers(c) and \
                not c.spelling.startswith(("__", "as_", "atom")):
            arguments = list(c.get_arguments())
            overloads.setdefault((c.spelling, len(arguments)), set()).add(
                arguments[0].type.get_canonical().spelling)
    integer_calls = {f"{name}({', '.join([f'({t})(1)'] * arity)})": None
                     for (name, arity), firsts in overloads.items() if len(firsts) > 1
                     for t in INTEGER_TYPES}
    for c in unit.cursor.get_children():
        if c.kind != ci.CursorKind.FUNCTION_DECL or c.spelling.startswith("__"):
            continue
        params = [p.type for p in c.get_arguments()]
        if not all(_arithmetic(p) is not None for p in params):
            continue
        if c.spelling.startswith("as_") and params and \
                params[0].get_canonical().get_size() != c.result_type.get_canonical().get_size():
            continue  # a reinterpretation between sizes: refused by every compiler
        call = f"{c.spelling}({', '.join(f'({_unqualified(p)})(1)' for p in params)})"
        made = _probe(call, c.result_type)
        if made is not None and call not in seen:
            seen.add(call)
            probes.append(made)
    # A kernel without vector types is parsed without the vector prelude, whose
    # overloads change which calls are ambiguous: both environments are probed.
    calls = tuple(integer_calls)
    extra = {p.text: p for p in [*_expression_probes(calls, PRELUDES[:1]),
                                 *_expression_probes(calls)] if p.text[1:-1] not in seen}
    return probes + list(extra.values())


def _unqualified(t: ci.Type) -> str:
    """A parameter's type as a cast can name it (``__private int`` is ``int``)."""
    return t.spelling.replace("__private ", "").replace("const ", "")


def _kernel(probes: list[Probe]) -> str:
    """Per probe three words, all computed by the device's compiler from types
    alone: size, float-ness and signedness (of lane 0 for a vector).

    Every word is a constant expression over ``__typeof__`` of the probe, which is
    never evaluated, so the program is a constant table and one copying loop: it
    builds in a fraction of the time of code that evaluates each probe (one large
    kernel of a few hundred calls took PoCL minutes to build on a cold cache).  The
    casts back to ``T`` keep a narrow type from being promoted before its sign is
    read; only a floating type keeps 1/2 apart from 0 while keeping 2 apart from 1
    (a bool does not)."""
    typedefs, words = [], []
    for i, p in enumerate(probes):
        lane = f"({p.text}).s0" if p.vector else p.text
        typedefs.append(f"typedef __typeof__({lane}) T{i};")
        t = f"T{i}"
        words.append(f"  (long)sizeof({p.text}),\n"
                     f"  (long)((({t})(({t})(1) / ({t})(2)) != ({t})(0)) &&\n"
                     f"         (({t})(({t})(2) - ({t})(1)) != ({t})(0))),\n"
                     f"  (long)(({t})(({t})(0) - ({t})(1)) < ({t})(0)),")
    return ("\n".join(typedefs) + "\n__constant long answers[] = {\n" + "\n".join(words)
            + "\n};\n__kernel void probe(__global long *o) {\n"
            f"  for (int i = 0; i < {WORDS * len(probes)}; ++i) o[i] = answers[i];\n}}\n")


def _run(runtime: Runtime, probes: list[Probe]) -> dict[Probe, tuple[int, bool, bool]] | None:
    """The device's answers, or None when the batch does not build (or builds without its
    kernel), so that the caller bisects it."""
    try:
        program = runtime.build(_kernel(probes), origin="prelude probes")
    except KernelSourceError:
        return None
    try:  # PoCL has been seen to return a program of a large batch without its kernel
        probe = program.probe
    except AttributeError:
        return None
    out = runtime.empty(WORDS * len(probes) * 8)
    probe(runtime.queue, (1,), (1,), out)
    words = runtime.to_host(out, WORDS * len(probes), np.dtype(np.int64)).reshape(-1, WORDS)
    return {p: (int(size), bool(floating), bool(signed))
            for p, (size, floating, signed) in zip(probes, words, strict=True)}


def _device_answers(runtime: Runtime, probes: list[Probe],
                    missing: list[Probe]) -> dict[Probe, tuple[int, bool, bool]]:
    """Answers for every probe that builds, bisecting a batch that fails to build."""
    answers = _run(runtime, probes)
    if answers is not None:
        return answers
    if len(probes) == 1:
        missing.append(probes[0])
        return {}
    half = len(probes) // 2
    return {**_device_answers(runtime, probes[:half], missing),
            **_device_answers(runtime, probes[half:], missing)}


def test_every_builtin_and_literal_has_the_devices_type(runtime: Runtime) -> None:
    probes = prelude_probes()
    assert len(probes) > 300  # the whole library, not a sample
    texts = {p.text for p in probes}
    assert texts >= {"(true)", "abs((int)(1))", "abs((char)(1))"}
    # a call of one integer type, as a declared overload or through a conversion
    assert texts & {"max((char)(1), (char)(1))", "(max((char)(1), (char)(1)))"}
    missing: list[Probe] = []
    answers: dict[Probe, tuple[int, bool, bool]] = {}
    for start in range(0, len(probes), BATCH):
        answers.update(_device_answers(runtime, probes[start:start + BATCH], missing))
    wrong = [f"{p.text}: proof says {p.size} bytes, {'float' if p.floating else 'integer'}, "
             f"{'signed' if p.signed else 'unsigned'}; device says {size} bytes, "
             f"{'float' if floating else 'integer'}, {'signed' if signed else 'unsigned'}"
             for p, (size, floating, signed) in answers.items()
             if (size, floating, signed) != (p.size, p.floating, p.signed)]
    assert not wrong, "\n".join(wrong)
    # Most of the prelude must exist on the device, or the test proves little.
    assert len(answers) > 0.9 * len(probes), [p.text for p in missing]


@pytest.mark.parametrize("literal", ["sizeof(true)", "sizeof(NULL)", "abs(0) - 1 > 0",
                                     "abs((char)-128)", "sizeof(abs((short)-1))",
                                     "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE",
                                     "true + true", "-1 < 0u"])
def test_the_proof_computes_these_as_the_device_does(runtime: Runtime, literal: str,
                                                     tmp_path: Path) -> None:
    # The values the red team used to make code dead in the proof and live on PoCL.
    source = f"__kernel void k(__global long *o) {{ o[0] = (long)({literal}); }}\n"
    program = runtime.build(source, origin="literal")
    out = runtime.empty(8)
    program.k(runtime.queue, (1,), (1,), out)
    device = int(runtime.to_host(out, 1, np.dtype(np.int64))[0])
    path = tmp_path / "k.cl"
    path.write_text(source)
    kernel = parse_kernel(path)
    assert not [s for s in kernel.body if isinstance(s, ir.Unsupported)]
    interpreter = GroupInterpreter(kernel, (1, 1, 1), {})
    for _ in interpreter.lockstep([WorkItem((0, 0, 0))]):
        pass
    assert interpreter.memory["o"][0] == device
