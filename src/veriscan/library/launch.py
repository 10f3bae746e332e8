"""Library kernel launches: the one description that is both run and proved.

A :class:`KernelLaunch` names a file under ``kernels/library/``, its entry,
its sizes, defines and arguments; :func:`run_launch` builds the file with a
monoid's prelude (:func:`program_source`) on a device backend
(:mod:`veriscan.device.backend`) and launches it, while a :class:`Recorder`
keeps the launches a pipeline would make so that ``veriscan verify library``
can hand exactly those to the static checker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from veriscan.device.backend import Backend
from veriscan.errors import VeriscanError
from veriscan.kernels import KERNEL_DIR

LIBRARY_KERNELS = KERNEL_DIR / "library"

# Counts are passed to the kernels as uint and offsets g*run must not wrap.
MAX_ELEMENTS = 2**31 - 1


def library_kernel_path(stem: str) -> Path:
    return LIBRARY_KERNELS / f"{stem}.cl"


@cache
def library_kernel_source(stem: str) -> str:
    return library_kernel_path(stem).read_text()


def program_source(stem: str, prelude: str, defines: Mapping[str, object]) -> str:
    """Prelude (the monoid's TYPE/OPERATOR/IDENTITY), then defines, then the file."""
    lines = [prelude.rstrip(), *(f"#define {k} {v}" for k, v in sorted(defines.items()))]
    return "\n".join(lines) + "\n" + library_kernel_source(stem)


@dataclass(frozen=True)
class KernelLaunch:
    """One launch of a library kernel, complete enough to run it or to prove it.

    ``arrays`` names the kernel's pointer parameters in argument order with
    their element counts, ``scalars`` its uint parameters (after the pointers)
    with their values: the static checker gets exactly what the device gets.
    """

    kernel: str                              # file stem under kernels/library
    entry: str
    global_size: tuple[int, ...]
    local_size: tuple[int, ...]
    defines: tuple[tuple[str, str], ...] = ()
    arrays: tuple[tuple[str, int], ...] = ()
    scalars: tuple[tuple[str, int], ...] = ()

    @property
    def num_groups(self) -> tuple[int, ...]:
        return tuple(g // k for g, k in zip(self.global_size, self.local_size, strict=True))

    def describe(self) -> str:
        groups = "x".join(map(str, self.num_groups))
        local = "x".join(map(str, self.local_size))
        values = ", ".join(f"{k}={v}" for k, v in self.scalars)
        return f"{self.entry} [{groups} groups of {local}; {values}]"


def make_launch(kernel: str, entry: str, global_size: Sequence[int], local_size: Sequence[int],
                defines: Mapping[str, object] | None = None,
                arrays: Mapping[str, int] | None = None,
                scalars: Mapping[str, int] | None = None) -> KernelLaunch:
    return KernelLaunch(kernel, entry, tuple(global_size), tuple(local_size),
                        tuple((k, str(v)) for k, v in sorted((defines or {}).items())),
                        tuple((arrays or {}).items()), tuple((scalars or {}).items()))


def run_launch(backend: Backend, prelude: str, spec: KernelLaunch, buffers: Sequence[Any]) -> None:
    """Run ``spec`` with ``buffers`` bound to its pointer parameters (a recorder keeps it)."""
    if len(buffers) != len(spec.arrays):
        raise ValueError(f"{spec.entry} takes {len(spec.arrays)} buffers, got {len(buffers)}")
    if isinstance(backend, Recorder):
        backend.launches.append(spec)
        return
    kernels = backend.kernels(program_source(spec.kernel, prelude, dict(spec.defines)),
                              origin=f"kernels/library/{spec.kernel}.cl")
    args = [*buffers, *(np.uint32(v) for _, v in spec.scalars)]
    backend.launch(kernels, spec.entry, spec.global_size, spec.local_size, args)


class Recorder:
    """A stand-in backend that records launches instead of running them.

    It has the device's shape (CPU or not, limits), so a pipeline run against
    it makes exactly the launches it would make on that device; that list is
    what ``veriscan verify library`` hands to the static checker.
    """

    def __init__(self, like: Backend):
        self.name = like.name
        self.is_cpu = like.is_cpu
        self.max_group = like.max_group
        self.compute_units = like.compute_units
        self.local_mem_bytes = like.local_mem_bytes
        self.launches: list[KernelLaunch] = []

    def alloc(self, count: int, dtype: np.dtype, what: str) -> None:
        return None


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def round_up(a: int, b: int) -> int:
    return ceil_div(a, b) * b


def check_count(n: int, what: str) -> None:
    if n > MAX_ELEMENTS:
        raise VeriscanError(f"{what} has {n} elements; the library handles at most "
                            f"{MAX_ELEMENTS} (counts are 32-bit on the device)")


def copy_type_prelude(dtype: np.dtype) -> str:
    """``TYPE`` for kernels that only move elements: an OpenCL type of the same size.

    Moving bytes needs no arithmetic, so any dtype (structured ones included)
    maps to an unsigned scalar, a vector or a byte struct of its size.
    """
    size = np.dtype(dtype).itemsize
    named = {1: "uchar", 2: "ushort", 4: "uint", 8: "ulong", 16: "uint4"}
    if size in named:
        return f"#define TYPE {named[size]}\n"
    return (f"typedef struct {{ uchar bytes[{size}]; }} vs_bytes{size}_t;\n"
            f"#define TYPE vs_bytes{size}_t\n")
