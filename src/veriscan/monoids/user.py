"""Monoids given by the user as OpenCL C only.

The user writes ``OPERATOR(a, b)`` as an expression and ``IDENTITY`` as a
constant; there is no Python twin to trust, so the host operator (needed for
reference scans and law checks) evaluates that same C on the device.  The
identity's value is read back from the device for the same reason.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from veriscan.errors import VeriscanError
from veriscan.monoids.base import Monoid
from veriscan.monoids.cltypes import FP64_PRAGMA, cl_snippet, needs_fp64, scalar_name, struct_source

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*$")


def user_monoid(operator: str, identity: str, dtype: object, name: str = "user",
                commutative: bool = False, exact: bool = True,
                device: str | None = None) -> Monoid:
    """A monoid from ``OPERATOR(a, b)``'s body expression and ``IDENTITY``'s C spelling.

    Structured dtypes become a C struct named ``<name>_t`` (also available as
    ``TYPE``), e.g. ``identity="(TYPE){0, 1}"``.  Associativity cannot be
    proved from C, so the library's ``scan`` spot-checks it (and the identity)
    with :func:`veriscan.monoids.laws.check_laws` on random elements before the
    first use and refuses an operator that fails; passing the spot check is
    evidence, not proof.
    """
    if not operator.strip() or not identity.strip():
        raise VeriscanError("a user monoid needs a non-empty operator and identity")
    if not _IDENT.match(name):
        raise VeriscanError(f"monoid name '{name}' must be a C identifier")
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise VeriscanError(f"unknown dtype '{dtype}'") from None
    if dt.fields:
        type_name = f"{name}_t"
        prelude = struct_source(dt, type_name)
    else:
        type_name, prelude = scalar_name(dt), ""
    source = ((FP64_PRAGMA if needs_fp64(dt) else "") + prelude
              + f"#define TYPE {type_name}\n"
              # a function, not the bare expression: each argument is evaluated
              # once, and an argument such as `c ? x : y` keeps its meaning
              f"{type_name} vs_{name}_op({type_name} a, {type_name} b) {{ return ({operator}); }}\n"
              f"#define OPERATOR(a, b) vs_{name}_op((a), (b))\n"
              f"#define IDENTITY ({identity})\n")
    evaluator = DeviceOperator(source, dt, name, device)
    return Monoid(name=name, dtype=dt, cl_source=source, op=evaluator.apply,
                  identity=evaluator.identity(), commutative=commutative, exact=exact,
                  description=f"user monoid '{name}': OPERATOR(a, b) = {operator}",
                  random_input=lambda rng, n: _random_elements(rng, n, dt),
                  rtol=0.0 if exact else 1e-4, atol=0.0 if exact else 1e-3)


def device_twin(monoid: Monoid, device: str | None = None) -> Monoid:
    """``monoid`` with its host operator and identity replaced by its own OpenCL C run on a
    device: comparing the two checks that the host and device definitions agree."""
    evaluator = DeviceOperator(monoid.cl_source, monoid.dtype, monoid.name, device)
    return replace(monoid, op=evaluator.apply, identity=evaluator.identity())


def _random_elements(rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
    """Small random values in every numeric field (structured dtypes included)."""
    out = np.zeros(n, dtype=dtype)
    views = [out[f] for f in dtype.names] if dtype.names else [out]
    for view in views:
        if np.issubdtype(view.dtype, np.floating):
            view[...] = rng.uniform(-1.0, 1.0, size=view.shape)
        else:
            low = 0 if np.issubdtype(view.dtype, np.unsignedinteger) else -100
            view[...] = rng.integers(low, 100, size=view.shape)
    return out


class DeviceOperator:
    """Evaluates a user monoid's OpenCL definitions element-wise on a device."""

    def __init__(self, source: str, dtype: np.dtype, name: str, device: str | None):
        import pyopencl as cl

        from veriscan.device.opencl import get_runtime

        self.runtime = get_runtime(device)
        self.dtype = dtype
        program = self.runtime.build(source + cl_snippet("apply_operator"),
                                     origin=f"user monoid '{name}'")
        self.apply_kernel = cl.Kernel(program, "vs_apply_operator")
        self.identity_kernel = cl.Kernel(program, "vs_identity")

    def identity(self) -> np.ndarray:
        out = self.runtime.empty(self.dtype.itemsize)
        self.identity_kernel(self.runtime.queue, (1,), None, out)
        return self.runtime.to_host(out, (), self.dtype)

    def apply(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a, b = np.broadcast_arrays(np.asarray(a, self.dtype), np.asarray(b, self.dtype))
        shape = a.shape
        count = int(np.prod(shape))
        if count == 0:
            return np.empty(shape, self.dtype)
        rt = self.runtime
        out = rt.empty(count * self.dtype.itemsize)
        self.apply_kernel(rt.queue, (count,), None,
                          rt.to_device(a.reshape(-1)), rt.to_device(b.reshape(-1)), out)
        return rt.to_host(out, shape, self.dtype)
