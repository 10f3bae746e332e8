"""The IR's scalar types: what the SMT encodings need to know of a C type.

Kept apart from the nodes (:mod:`veriscan.ir.nodes`, which re-exports them) so
that a reader of the types sees only the types.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MemSpace(enum.Enum):
    PRIVATE = "private"
    LOCAL = "local"      # OpenCL __local, CUDA __shared__: one copy per group
    GLOBAL = "global"    # visible to every group
    CONSTANT = "constant"  # read-only, visible to every group


class TypeKind(enum.Enum):
    INT = "int"          # two's complement integer of ``bits`` width, ``signed`` or not
    BOOL = "bool"
    FLOAT = "float"      # opaque to the SMT encodings (uninterpreted)
    GENERIC = "generic"  # the placeholder ``TYPE`` of a generic scan kernel
    OTHER = "other"      # structs and the like: opaque, only copied


@dataclass(frozen=True)
class ScalarType:
    kind: TypeKind
    bits: int = 32
    signed: bool = True
    name: str = ""       # spelling in the source, for messages

    def __str__(self) -> str:
        return self.name or (self.kind.value if self.kind is not TypeKind.INT
                             else f"{'' if self.signed else 'u'}int{self.bits}")


INT = ScalarType(TypeKind.INT, 32, True, "int")
UINT = ScalarType(TypeKind.INT, 32, False, "uint")
SIZE_T = ScalarType(TypeKind.INT, 64, False, "size_t")
LONG = ScalarType(TypeKind.INT, 64, True, "long")
BOOL = ScalarType(TypeKind.BOOL, 1, False, "bool")
GENERIC = ScalarType(TypeKind.GENERIC, 0, False, "TYPE")
