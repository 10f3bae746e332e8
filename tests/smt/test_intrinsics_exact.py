"""The exactly computed integer built-ins (``add_sat``, ``hadd``, ``mul_hi``,
``rotate``, ``mul24`` ...) agree with the OpenCL device on edge values.

The kernel goes through the real front end, so the values compared are those of
the IR the verifier reasons about, evaluated by the SMT expression encoder with
every input a constant; any disagreement is a built-in modelled wrongly, which
would let the verifier prove an index in bounds (or distinct) that is not.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import z3

from veriscan.device.opencl import Runtime
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.smt.encode import ExprEncoder, convert
from veriscan.smt.symbols import SymbolTable
from veriscan.smt.threads import Launch, ThreadIds

KERNEL = Path(__file__).parent / "kernels" / "intrinsics_exact.cl"
SLOTS = 28
ITEMS = 24
INPUTS = {"vi": (np.int32, 32, True), "vu": (np.uint32, 32, False),
          "vc": (np.int8, 8, True), "vl": (np.int64, 64, True)}


def _values(bits: int, signed: bool, rng: random.Random) -> list[int]:
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    edges = [lo, lo + 1, hi, hi - 1, 0, 1, 2, bits, bits + 3] + ([-1, -2] if signed else [])
    return [rng.choice(edges) if rng.random() < 0.6 else rng.randint(lo, hi)
            for _ in range(2 * ITEMS)]


def _encoder_slots(kernel: ir.Kernel, inputs: dict[str, np.ndarray], item: int) -> dict:
    zero = z3.BitVecVal(0, 64)
    flags: list[str] = []
    enc = ExprEncoder(Launch((ITEMS,)), ThreadIds((z3.BitVecVal(item, 64), zero, zero),
                                                  (zero, zero, zero)), SymbolTable(), {},
                      lambda name: None, kernel.var_types,
                      undefined=lambda cond, e, what, ops: flags.append(what)
                      if not z3.is_false(cond) else None)
    slots: dict[int, int] = {}
    for s in kernel.body:
        if isinstance(s, ir.Assign):
            declared = kernel.var_types.get(s.target, s.value.type)
            enc.env[s.target] = z3.simplify(convert(enc.eval(s.value), s.value.type, declared,
                                                    enc.symbols))
        elif isinstance(s, ir.Load):
            elem = kernel.param(s.array).type  # type: ignore[union-attr]
            raw = int(inputs[s.array][z3.simplify(enc.eval(s.index)).as_long()])
            enc.env[s.target] = convert(z3.BitVecVal(raw % (1 << elem.bits), elem.bits), elem,
                                        kernel.var_types.get(s.target, elem), enc.symbols)
        elif isinstance(s, ir.Store):
            value = z3.simplify(enc.typed(s.value, ir.LONG))
            assert z3.is_bv_value(value), f"slot did not fold to a constant: {value}"
            index = z3.simplify(enc.eval(s.index)).as_long() % SLOTS  # type: ignore[attr-defined]
            slots[index] = value.as_signed_long()  # type: ignore[attr-defined]
        else:
            raise AssertionError(f"unexpected statement: {s}")
    assert not flags, f"work-item {item}: flagged as undefined: {flags}"
    return slots


def test_exact_integer_builtins_agree_with_the_device(runtime: Runtime) -> None:
    rng = random.Random(20261122)
    inputs = {name: np.array(_values(bits, signed, rng), dtype=dtype)
              for name, (dtype, bits, signed) in INPUTS.items()}
    kernel = parse_kernel(KERNEL)
    assert not any(isinstance(s, ir.Unsupported) for s in kernel.body)
    program = runtime.build(KERNEL.read_text(), origin=str(KERNEL))
    out = runtime.empty(ITEMS * SLOTS * 8)
    program.exact(runtime.queue, (ITEMS,), (ITEMS,),
                  *(runtime.to_device(inputs[name]) for name in INPUTS), out)
    device = runtime.to_host(out, ITEMS * SLOTS, np.dtype(np.int64))
    lines = KERNEL.read_text().splitlines()
    wrong = []
    for item in range(ITEMS):
        slots = _encoder_slots(kernel, inputs, item)
        assert len(slots) == SLOTS
        for k in range(SLOTS):
            if slots[k] != int(device[item * SLOTS + k]):
                code = next(x.strip() for x in lines if f"out[o + {k}]" in x)
                args = {name: inputs[name][2 * item:2 * item + 2].tolist() for name in INPUTS}
                wrong.append(f"{code} with {args}: encoder {slots[k]}, device "
                             f"{int(device[item * SLOTS + k])}")
    assert not wrong, "\n".join(wrong[:10])
