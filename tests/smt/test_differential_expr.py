"""Differential test: both engines' C translations of integer expressions against the device.

Thousands of random expressions over kernel-like variables (int, uint, long,
ulong, char, short and their unsigned kinds, ``get_local_id``, edge-value
literals; casts, ``?:``, comma, ``&&``/``||``, mixed-signedness comparisons,
shifts, compound assignments and ``++``/``--``) are written into one OpenCL C
kernel per batch, one output slot each.  The kernel goes through the real
front end (clang types every operand) and both engines' translators (the race
checker's bit-vectors and the separation-logic checker's integers, one
:class:`~veriscan.smt.translate.CTranslator` in two domains), and runs on the
OpenCL device for several work-items with different inputs.  Where the
reference semantics (``cexpr``) says the expression is defined, each
translator's value must equal the device's; where it is undefined, the device
does not run it (a skip flag) and each translator must have flagged it; neither
may flag anything else.  So the two engines cannot give one kernel two
meanings.
"""

from __future__ import annotations

import itertools
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
import z3

from veriscan.device.opencl import Runtime
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.seplogic.cexpr import CodeEvaluator, Ranges
from veriscan.seplogic.identities import ThreadIds as SpecIds
from veriscan.smt.encode import ExprEncoder
from veriscan.smt.symbols import SymbolTable
from veriscan.smt.threads import Launch, ThreadIds
from veriscan.smt.translate import CTranslator

sys.path.insert(0, str(Path(__file__).parent))
from cexpr import (
    CHAR,
    INT,
    LONG,
    SHORT,
    UCHAR,
    UINT,
    ULONG,
    USHORT,
    CType,
    Generator,
    Undefined,
    edge_values,
)

TEMPLATE = Path(__file__).parent / "kernels" / "differential.cl"
BATCHES = 2          # kernels (one build each)
SLOTS = 1000         # expressions per kernel
ITEMS = 3            # work-items, each with its own inputs
SEED = 20261122

# kernel parameter -> (element type, numpy dtype, values per work-item)
INPUTS: dict[str, tuple[CType, type, int]] = {
    "vi": (INT, np.int32, 2), "vu": (UINT, np.uint32, 2), "vl": (LONG, np.int64, 2),
    "vq": (ULONG, np.uint64, 1), "vs": (SHORT, np.int16, 1), "vt": (USHORT, np.uint16, 1),
    "vc": (CHAR, np.int8, 1), "vb": (UCHAR, np.uint8, 1)}


@dataclass
class Slot:
    """A translator's view of one slot for one work-item (no value: not a constant)."""

    value: int | None = None
    flagged: list[str] = field(default_factory=list)


class ConcreteRun:
    """Runs the straight-line IR of the test kernel for one work-item through one
    engine's C translator (the race checker's bit-vectors or the separation-logic
    checker's integers, ``integers``), with every input a constant: each slot's
    value simplifies to a literal and each undefined-behaviour condition to true
    or false.  Every slot is evaluated, skipped or not, so that the translator's
    flags can be compared with the reference on undefined cases too."""

    def __init__(self, kernel: ir.Kernel, inputs: dict[str, np.ndarray], item: int,
                 integers: bool = False):
        self.kernel = kernel
        self.inputs = inputs
        self.flags: list[str] = []
        self.env: dict[str, z3.ExprRef] = {}
        self.tr: CTranslator
        if integers:
            zero, one = z3.IntVal(0), z3.IntVal(1)
            ids = SpecIds((z3.IntVal(item), zero, zero), (zero, zero, zero),
                          (z3.IntVal(ITEMS), one, one), (one, one, one))
            self.tr = CodeEvaluator(self.env.get, kernel.var_types, ids, kernel.dialect,
                                    Ranges({}), obliged=self.obliged)
        else:
            zero = z3.BitVecVal(0, 64)
            ids = ThreadIds((z3.BitVecVal(item, 64), zero, zero), (zero, zero, zero))
            self.tr = ExprEncoder(Launch((ITEMS,)), ids, SymbolTable(), self.env,
                                  lambda name: None, kernel.var_types, undefined=self.flag)
        self.slots: dict[int, Slot] = {}

    def flag(self, cond: z3.BoolRef, pos: object, what: str, operands: object) -> None:
        assert z3.is_true(cond), f"not decided by constants: {cond}"
        self.flags.append(what)

    def obliged(self, defined: z3.BoolRef, pos: object, what: str) -> None:
        # Integers give an undefined operation no value (``x / 0`` is no constant), so
        # only the slot's first obligation need be decided by the constants.
        assert self.flags or z3.is_false(defined), f"not decided by constants: {defined}"
        self.flags.append(what)

    def literal(self, value: z3.ExprRef) -> int | None:
        value = z3.simplify(value)
        if z3.is_bv_value(value) or z3.is_int_value(value):
            return value.as_long()  # type: ignore[attr-defined]
        return None

    def constant(self, e: ir.Expr) -> int:
        value = self.literal(self.tr.eval(e))
        assert value is not None, f"{e} did not fold to a constant"
        return value

    def run(self, stmts: list[ir.Stmt], top: bool = True) -> None:
        domain = self.tr.domain
        for s in stmts:
            if isinstance(s, ir.Assign):
                declared = self.kernel.var_types.get(s.target, s.value.type)
                self.env[s.target] = z3.simplify(
                    domain.convert(self.tr.eval(s.value), s.value.type, declared))
            elif isinstance(s, ir.Load):
                elem = self.kernel.param(s.array).type  # type: ignore[union-attr]
                raw = int(self.inputs[s.array][self.constant(s.index)])
                declared = self.kernel.var_types.get(s.target, elem)
                self.env[s.target] = z3.simplify(
                    domain.convert(domain.number(raw, elem), elem, declared))
            elif isinstance(s, ir.If) and top:
                # the top-level branches are the skip guards: evaluate every slot
                assert not s.other
                self.flags = []
                self.run(s.then, top=False)
            elif isinstance(s, ir.If):
                # inside an expression (a ?: or && whose parts are kept as
                # statements): run the arm the inputs select
                taken = z3.simplify(self.tr.typed(s.cond, ir.BOOL))
                assert z3.is_true(taken) or z3.is_false(taken), f"undecided: {taken}"
                self.run(s.then if z3.is_true(taken) else s.other, top=False)
            elif isinstance(s, ir.Store):
                assert s.array == "out"
                elem = self.kernel.param(s.array).type  # type: ignore[union-attr]
                value = self.literal(domain.convert(self.tr.eval(s.value), s.value.type, elem))
                self.slots[self.constant(s.index) % SLOTS] = Slot(value, list(self.flags))
            else:
                raise AssertionError(f"unexpected statement in the test kernel: {s}")


def _batch(seed: int) -> tuple[str, list, dict[str, np.ndarray]]:
    rng = random.Random(seed)
    gen = Generator(rng)
    lines, refs = [], []
    for k in range(SLOTS):
        text, ref = gen.statement(k, f"out[base + {k}]")
        lines.append(f"    if (!skip[base + {k}]) {text}")
        refs.append(ref)
    source = TEMPLATE.read_text().replace("    /* SLOTS-HERE */", "\n".join(lines))
    inputs = {name: np.array([edge_values(t, rng) for _ in range(ITEMS * per)], dtype=dtype)
              for name, (t, dtype, per) in INPUTS.items()}
    return f"#define SLOTS {SLOTS}\n{source}", refs, inputs


def _environment(inputs: dict[str, np.ndarray], item: int) -> dict[str, int]:
    env = {"lid": item}
    for name, (_, _, per) in INPUTS.items():
        for j in range(per):
            var = {"vi": "i", "vu": "u", "vl": "l", "vq": "q", "vs": "s", "vt": "t",
                   "vc": "c", "vb": "b"}[name] + str(j)
            env[var] = int(inputs[name][item * per + j])
    return env


@pytest.mark.parametrize("batch", range(BATCHES))
def test_encoder_agrees_with_device_on_random_expressions(runtime: Runtime, tmp_path: Path,
                                                          batch: int) -> None:
    compared = undefined = 0
    problems: list[str] = []
    source, refs, inputs = _batch(SEED + batch)
    path = tmp_path / f"differential{batch}.cl"
    path.write_text(source)
    kernel = parse_kernel(path)
    expected: dict[tuple[int, int], int | None] = {}
    for item in range(ITEMS):
        env = _environment(inputs, item)
        for k, ref in enumerate(refs):
            try:
                expected[item, k] = ref(env)
            except Undefined:
                expected[item, k] = None
    skip = np.array([expected[w, k] is None for w in range(ITEMS) for k in range(SLOTS)],
                    dtype=np.uint8)
    program = runtime.build(source, origin=str(path))
    buffers = [runtime.to_device(inputs[name]) for name in INPUTS]
    out = runtime.empty(ITEMS * SLOTS * 8)
    program.differential(runtime.queue, (ITEMS,), (ITEMS,), *buffers,
                         runtime.to_device(skip), out)
    device = runtime.to_host(out, ITEMS * SLOTS, np.dtype(np.uint64))
    lines = source.splitlines()
    for item, integers in itertools.product(range(ITEMS), (False, True)):
        engine = "integers (spec)" if integers else "bit-vectors (check)"
        run = ConcreteRun(kernel, {**inputs, "skip": skip}, item, integers)
        run.run(kernel.body)
        for k in range(SLOTS):
            want, got = expected[item, k], run.slots[k]
            where = f"{engine}, batch {batch} item {item}: {lines[k - SLOTS - 1].strip()}"
            if want is None:
                undefined += 1
                if not got.flagged:
                    problems.append(f"undefined but not flagged: {where}")
                continue
            compared += 1
            on_device = int(device[item * SLOTS + k])
            if got.flagged:
                problems.append(f"flagged {got.flagged} but defined: {where}")
            if not got.value == on_device == want:
                problems.append(f"translator {got.value}, device {on_device:#x}, "
                                f"reference {want:#x}: {where}")
    print(f"differential: {SLOTS} expressions, {compared} defined cases compared "
          f"with the device, {undefined} undefined cases flagged")
    assert not problems, f"{len(problems)} disagreements, first ones:\n" + "\n".join(
        problems[:15])
    assert compared >= SLOTS * ITEMS  # half of the slots, by both translators
    assert undefined > 25  # the generator does reach undefined behaviour
