"""numpy dtypes <-> OpenCL C types, and loading the monoids' OpenCL snippets.

Host and device must agree byte for byte on every element, so the mapping is
explicit and refuses anything it cannot guarantee (a struct whose numpy
layout differs from C's natural alignment would silently scramble fields).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from veriscan.errors import VeriscanError

CL_DIR = Path(__file__).resolve().parent / "cl"

SCALAR_NAMES: dict[np.dtype, str] = {
    np.dtype(np.int8): "char", np.dtype(np.uint8): "uchar",
    np.dtype(np.int16): "short", np.dtype(np.uint16): "ushort",
    np.dtype(np.int32): "int", np.dtype(np.uint32): "uint",
    np.dtype(np.int64): "long", np.dtype(np.uint64): "ulong",
    np.dtype(np.float32): "float", np.dtype(np.float64): "double",
}

FP64_PRAGMA = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"


@cache
def cl_snippet(name: str) -> str:
    """The text of ``monoids/cl/<name>.cl``."""
    return (CL_DIR / f"{name}.cl").read_text()


def scalar_name(dtype: np.dtype) -> str:
    dtype = np.dtype(dtype)
    try:
        return SCALAR_NAMES[dtype.newbyteorder("=")]
    except KeyError:
        raise VeriscanError(f"dtype {dtype} has no OpenCL scalar type; use one of "
                            + ", ".join(str(d) for d in SCALAR_NAMES)) from None


def needs_fp64(dtype: np.dtype) -> bool:
    dtype = np.dtype(dtype)
    if dtype.fields:
        return any(needs_fp64(sub) for sub, *_ in dtype.fields.values())
    return dtype.base == np.dtype(np.float64)


def struct_source(dtype: np.dtype, type_name: str) -> str:
    """A C ``typedef struct`` with exactly the layout of the structured ``dtype``.

    Fields may be scalars or fixed-size arrays of scalars.  The offsets C
    would choose (natural alignment) are recomputed and compared with numpy's,
    so a mismatch is reported instead of corrupting data on the device.
    """
    dtype = np.dtype(dtype)
    if not dtype.fields:
        raise VeriscanError(f"{dtype} is not a structured dtype")
    lines, offset, align = [], 0, 1
    for field_name in dtype.names or ():
        sub, field_offset = dtype.fields[field_name][:2]
        base = sub.base
        count = int(np.prod(sub.shape)) if sub.shape else 0
        c_name = scalar_name(base)
        offset = -(-offset // base.itemsize) * base.itemsize
        align = max(align, base.itemsize)
        if offset != field_offset:
            raise VeriscanError(
                f"field '{field_name}' of dtype {dtype} is at byte {field_offset}, but OpenCL C "
                f"would put it at byte {offset}; build the dtype with align=True")
        lines.append(f"    {c_name} {field_name}{f'[{count}]' if count else ''};")
        offset += sub.itemsize
    size = -(-offset // align) * align
    if size != dtype.itemsize:
        raise VeriscanError(f"dtype {dtype} is {dtype.itemsize} bytes, but the OpenCL C struct "
                            f"would be {size}; build the dtype with align=True")
    return "typedef struct {\n" + "\n".join(lines) + f"\n}} {type_name};\n"
