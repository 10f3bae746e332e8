"""The monoids of the two test methods the interval test replaces (SPEC §2).

* Voigtländer's f1 and f2 on {0, 1, 2}: O(n²) small tests prove a generic
  scan of length n correct.
* Sheeran's free monoid of index lists under concatenation: one test, but
  elements of O(n lg n) bits.  On a device a list needs a fixed capacity; it
  is n entries (the longest list a correct scan builds), with an absorbing
  "overflow" value for anything longer.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from veriscan.errors import VeriscanError
from veriscan.monoids.base import Monoid
from veriscan.monoids.cltypes import cl_snippet

U8 = np.dtype(np.uint8)

# Operator tables indexed [x, y]; row/column order 0, 1, 2.
F1_TABLE = np.array([[0, 1, 2], [1, 2, 2], [2, 2, 2]], dtype=U8)
F2_TABLE = np.array([[0, 1, 2], [1, 1, 2], [2, 1, 2]], dtype=U8)


def _table_op(table: np.ndarray):
    def op(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return table[np.asarray(a, U8), np.asarray(b, U8)]
    return op


def _voigtlander(which: str, table: np.ndarray) -> Monoid:
    return Monoid(
        name=which, dtype=U8,
        cl_source=f"#define VS_VOIGT_OP vs_{which}\n" + cl_snippet("voigtlander"),
        op=_table_op(table), identity=np.asarray(0, U8),
        commutative=bool(np.array_equal(table, table.T)),  # f1 is, f2 is not
        description=f"Voigtländer's {which} on {{0, 1, 2}}",
        random_input=lambda rng, n: rng.integers(0, 3, size=n).astype(U8))


@cache
def f1_monoid() -> Monoid:
    return _voigtlander("f1", F1_TABLE)


@cache
def f2_monoid() -> Monoid:
    return _voigtlander("f2", F2_TABLE)


# ---------------------------------------------------------------------- Sheeran
LIST_OVERFLOW = 0xFFFF
LIST_MAX_CAPACITY = 0xFFFE


def list_dtype(capacity: int) -> np.dtype:
    """Matches ``vs_list`` in ``cl/list.cl``: a ushort length, then the entries."""
    return np.dtype([("len", "<u2"), ("item", "<u2", (capacity,))])


def list_decode(value: np.void | np.ndarray) -> list[int] | str:
    """The index list of one element, or ``"overflow"``."""
    length = int(value["len"])
    if length == LIST_OVERFLOW:
        return "overflow"
    return [int(x) for x in np.asarray(value["item"])[:length]]


def list_encode(lists: list[list[int]], capacity: int) -> np.ndarray:
    out = np.zeros(len(lists), dtype=list_dtype(capacity))
    for k, items in enumerate(lists):
        if len(items) > capacity:
            out[k]["len"] = LIST_OVERFLOW
            continue
        out[k]["len"] = len(items)
        out[k]["item"][: len(items)] = items
    return out


@cache
def list_monoid(capacity: int) -> Monoid:
    """Sheeran's list monoid with room for ``capacity`` indices per element."""
    if not 1 <= capacity <= LIST_MAX_CAPACITY:
        raise VeriscanError(f"list capacity must be 1 … {LIST_MAX_CAPACITY}, got {capacity}")
    dtype = list_dtype(capacity)

    def cat(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a, b = np.broadcast_arrays(np.asarray(a, dtype), np.asarray(b, dtype))
        lists = [_join(list_decode(x), list_decode(y))
                 for x, y in zip(a.reshape(-1), b.reshape(-1), strict=True)]
        return list_encode(lists, capacity).reshape(a.shape)

    def _join(x: list[int] | str, y: list[int] | str) -> list[int]:
        if isinstance(x, str) or isinstance(y, str):
            return [0] * (capacity + 1)  # encodes as overflow
        return x + y

    def draw(rng: np.random.Generator, n: int) -> np.ndarray:
        lengths = rng.integers(0, 3, size=n)
        return list_encode([list(rng.integers(0, 100, size=m)) for m in lengths], capacity)

    def fmt(value: object) -> str:
        decoded = list_decode(np.asarray(value, dtype))
        return decoded if isinstance(decoded, str) else "[" + ",".join(map(str, decoded)) + "]"

    return Monoid(
        name="list", dtype=dtype,
        cl_source=f"#define VS_LIST_CAP {capacity}\n" + cl_snippet("list"),
        op=cat, identity=list_encode([[]], capacity).reshape(()), commutative=False,
        description=f"Sheeran's index lists under concatenation (capacity {capacity})",
        random_input=draw, formatter=fmt, for_size=list_monoid)
