"""The launch and the two symbolic threads of the pairwise (GPUVerify-style) encoding.

Race freedom for *all* pairs of threads is proved by reasoning about two
arbitrary distinct threads A and B.  The kernel is executed symbolically once,
for A; B's terms are A's with every thread-local symbol renamed, which keeps
the two executions structurally identical (they share uniform values, kernel
scalars and the read-only inputs) at half the cost.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from veriscan.errors import VeriscanError
from veriscan.smt.symbols import INDEX_BITS, SymbolTable

MAX_EXTENT = 2 ** 31


@dataclass(frozen=True)
class Launch:
    """Work-group size and number of groups per dimension (CUDA: blockDim, gridDim)."""

    local_size: tuple[int, ...]
    num_groups: tuple[int, ...] = (1,)

    def __post_init__(self) -> None:
        if not 1 <= len(self.local_size) <= 3 or not 1 <= len(self.num_groups) <= 3:
            raise VeriscanError("a launch has one to three dimensions")
        for what, dims in (("local size", self.local_size), ("number of groups",
                                                              self.num_groups)):
            for d in dims:
                if not 1 <= d <= MAX_EXTENT:
                    raise VeriscanError(f"{what} {d} is outside 1..2^31")

    def dim(self, values: tuple[int, ...], d: int) -> int:
        return values[d] if d < len(values) else 1

    def local_term(self, d: int) -> z3.ExprRef:
        """Work-group extent in dimension ``d`` as a 64-bit term."""
        return z3.BitVecVal(self.dim(self.local_size, d), INDEX_BITS)

    def groups_term(self, d: int) -> z3.ExprRef:
        return z3.BitVecVal(self.dim(self.num_groups, d), INDEX_BITS)

    def facts(self) -> list[z3.BoolRef]:
        """Constraints on the launch's own symbols (none for a concrete launch)."""
        return []

    def cases(self) -> list[z3.BoolRef]:
        """A split of the launch's symbols to try when a query is too hard (none here)."""
        return []

    def describe(self) -> str:
        ls = ",".join(map(str, self.local_size))
        ng = ",".join(map(str, self.num_groups))
        return f"local size {ls}, {ng} group(s)"


class SizedLaunch(Launch):
    """A one-dimensional, one-group launch whose size is a term (parametric proofs).

    ``local_size`` holds a placeholder so the rest of the code can ask for the
    number of dimensions; the extent itself is ``size`` under ``constraints``.
    """

    def __init__(self, size: z3.ExprRef, constraints: list[z3.BoolRef], text: str,
                 split: list[z3.BoolRef]):
        super().__init__((1,), (1,))
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "constraints", constraints)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "split", split)

    def cases(self) -> list[z3.BoolRef]:
        return list(self.split)  # type: ignore[attr-defined]

    def local_term(self, d: int) -> z3.ExprRef:
        return self.size if d == 0 else z3.BitVecVal(1, INDEX_BITS)  # type: ignore[attr-defined]

    def facts(self) -> list[z3.BoolRef]:
        return list(self.constraints)  # type: ignore[attr-defined]

    def describe(self) -> str:
        return self.text  # type: ignore[attr-defined]


@dataclass(frozen=True)
class ThreadIds:
    local: tuple[z3.BitVecRef, z3.BitVecRef, z3.BitVecRef]
    group: tuple[z3.BitVecRef, z3.BitVecRef, z3.BitVecRef]


def thread_ids(suffix: str) -> ThreadIds:
    def vec(stem: str) -> tuple[z3.BitVecRef, z3.BitVecRef, z3.BitVecRef]:
        a, b, c = (z3.BitVec(f"{stem}{d}{suffix}", INDEX_BITS) for d in "xyz")
        return a, b, c
    return ThreadIds(vec("local_id."), vec("group_id."))


def in_launch(ids: ThreadIds, launch: Launch) -> z3.BoolRef:
    parts = []
    for d in range(3):
        parts.append(z3.ULT(ids.local[d], launch.local_term(d)))
        parts.append(z3.ULT(ids.group[d], launch.groups_term(d)))
    return z3.And(*parts)


def same_group(a: ThreadIds, b: ThreadIds) -> z3.BoolRef:
    return z3.And(*(x == y for x, y in zip(a.group, b.group, strict=True)))


def same_warp(a: ThreadIds, b: ThreadIds, launch: Launch, width: int) -> z3.BoolRef:
    """Both threads lie in one warp: the same group and the same run of ``width``
    work-items in linear local order (x fastest, as CUDA and GPUVerify number lanes)."""
    def linear(ids: ThreadIds) -> z3.ExprRef:
        x, y, z = ids.local
        return x + launch.local_term(0) * (y + launch.local_term(1) * z)
    lanes = z3.BitVecVal(width, INDEX_BITS)
    return z3.And(same_group(a, b), z3.UDiv(linear(a), lanes) == z3.UDiv(linear(b), lanes))


def distinct(a: ThreadIds, b: ThreadIds) -> z3.BoolRef:
    return z3.Or(*(x != y for x, y in zip(a.local + a.group, b.local + b.group, strict=True)))


class Pair:
    """Thread A, thread B, and the renaming that turns A's terms into B's."""

    def __init__(self, launch: Launch, symbols: SymbolTable):
        self.launch = launch
        self.symbols = symbols
        self.a = thread_ids(".A")
        self.b = thread_ids(".B")
        self._arrays: tuple[int, object, object] | None = None
        self._pairs: list[tuple[z3.ExprRef, z3.ExprRef]] = [
            (x, y) for x, y in zip(self.a.local + self.a.group, self.b.local + self.b.group,
                                   strict=True)]

    def constraints(self) -> z3.BoolRef:
        return z3.And(in_launch(self.a, self.launch), in_launch(self.b, self.launch),
                      distinct(self.a, self.b), *self.launch.facts())

    def to_b(self, term: z3.ExprRef) -> z3.ExprRef:
        pending = self.symbols.thread_local[len(self._pairs) - 6:]
        for sym in pending:
            copy = z3.Const(sym.decl().name() + "@B", sym.sort())
            self._pairs.append((sym, copy))
        if pending or self._arrays is None:
            count = len(self._pairs)
            sources = (z3.Ast * count)(*(a.as_ast() for a, _ in self._pairs))
            targets = (z3.Ast * count)(*(b.as_ast() for _, b in self._pairs))
            self._arrays = (count, sources, targets)
        # z3.substitute re-checks every pair's sort in Python on each call; the
        # pairs are well-sorted by construction, so go to the C API directly.
        count, sources, targets = self._arrays
        ctx = term.ctx
        result = z3.z3core.Z3_substitute(ctx.ref(), term.as_ast(), count, sources, targets)
        return z3.z3._to_expr_ref(result, ctx)

    def describe(self, model: z3.ModelRef, ids: ThreadIds) -> dict[str, list[int]]:
        dims = max(len(self.launch.local_size), len(self.launch.num_groups))

        def value(v: z3.ExprRef) -> int:
            return model.eval(v, model_completion=True).as_long()  # type: ignore[attr-defined]
        return {"local_id": [value(ids.local[d]) for d in range(dims)],
                "group_id": [value(ids.group[d]) for d in range(dims)]}
