"""The thread-identity built-ins of ``veriscan spec`` as Z3 integers, the names
annotations use for them (OpenCL, CUDA and the papers' ``tid``/``gsize``), and
the binomial coefficient some of the papers' specifications need."""

from __future__ import annotations

import math
from dataclasses import dataclass

import z3

from veriscan.errors import SourcePos
from veriscan.ir import nodes as n
from veriscan.seplogic.terms import UnsupportedSpec
from veriscan.smt.solver import per_context


@dataclass
class ThreadIds:
    """The thread-identity built-ins of one thread, as Z3 terms."""

    local: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]
    group: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]
    local_size: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]
    num_groups: tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]

    # get_work_dim(): the launch's number of dimensions, one value for the whole
    # launch (None: the view has none, and asking for it is unsupported).
    work_dim: z3.ArithRef | None = None

    def builtin(self, kind: n.BuiltinKind, dim: int,
                pos: SourcePos | None = None) -> z3.ArithRef:
        """The built-in's value in this view.  Every kind is listed: a built-in this
        encoding does not know must make the verdict unknown, never get some value."""
        if kind is n.BuiltinKind.LOCAL_ID:
            return self.local[dim]
        if kind is n.BuiltinKind.GROUP_ID:
            return self.group[dim]
        if kind is n.BuiltinKind.LOCAL_SIZE:
            return self.local_size[dim]
        if kind is n.BuiltinKind.NUM_GROUPS:
            return self.num_groups[dim]
        if kind is n.BuiltinKind.GLOBAL_ID:
            return self.group[dim] * self.local_size[dim] + self.local[dim]
        if kind is n.BuiltinKind.GLOBAL_SIZE:
            return self.num_groups[dim] * self.local_size[dim]
        if kind is n.BuiltinKind.WORK_DIM and self.work_dim is not None:
            return self.work_dim
        raise UnsupportedSpec(f"built-in {kind.value}", pos)

    def in_range(self) -> z3.BoolRef:
        parts = []
        for d in range(3):
            parts += [self.local[d] >= 0, self.local[d] < self.local_size[d],
                      self.group[d] >= 0, self.group[d] < self.num_groups[d]]
        return z3.And(parts)

    def with_local(self, local: tuple[z3.ArithRef, ...],
                   group: tuple[z3.ArithRef, ...] | None = None) -> ThreadIds:
        return ThreadIds(tuple(local), tuple(group or self.group),  # type: ignore[arg-type]
                         self.local_size, self.num_groups, self.work_dim)


OPENCL_IDS = {"get_local_id": n.BuiltinKind.LOCAL_ID, "get_group_id": n.BuiltinKind.GROUP_ID,
           "get_local_size": n.BuiltinKind.LOCAL_SIZE, "get_num_groups": n.BuiltinKind.NUM_GROUPS,
           "get_global_id": n.BuiltinKind.GLOBAL_ID, "get_global_size": n.BuiltinKind.GLOBAL_SIZE}
CUDA_IDS = {"threadIdx": n.BuiltinKind.LOCAL_ID, "blockIdx": n.BuiltinKind.GROUP_ID,
             "blockDim": n.BuiltinKind.LOCAL_SIZE, "gridDim": n.BuiltinKind.NUM_GROUPS}
# Names 003/000 use for the thread id and group size, when the kernel has no
# variable of that name.
PAPER_ALIASES = {"tid": (n.BuiltinKind.LOCAL_ID, 0), "lid": (n.BuiltinKind.LOCAL_ID, 0),
            "gid": (n.BuiltinKind.GROUP_ID, 0), "gsize": (n.BuiltinKind.LOCAL_SIZE, 0),
            "bsize": (n.BuiltinKind.LOCAL_SIZE, 0), "tcount": (n.BuiltinKind.GLOBAL_SIZE, 0)}
DIMS = {"x": 0, "y": 1, "z": 2}


def cuda_builtin(kernel: n.Kernel, base: str, field: str) -> tuple[n.BuiltinKind, int] | None:
    """What an annotation's ``threadIdx.x`` and friends read: the CUDA built-in and
    its dimension, or None where ``base.field`` is no built-in.

    Recognised by declaration, never by spelling alone, as the front end
    recognises the kernel's own (:func:`veriscan.frontend.lower_expressions.
    cuda_index_builtin`): a parameter, variable or array the kernel (or a function
    inlined into it) declares under the name ``base`` (a ``uint3 threadIdx`` the
    front end splits into ``threadIdx.x`` ..., a scalar, a pointer) shadows the
    built-in where it is in scope, and the IR keeps no scopes, so the annotation's
    ``base.field`` is then never taken for the built-in."""
    kind = CUDA_IDS.get(base)
    if kind is None or field not in DIMS or declares(kernel, base):
        return None
    return kind, DIMS[field]


def declares(kernel: n.Kernel, name: str) -> bool:
    """Whether the kernel's IR has a parameter, variable or array declared as ``name``:
    the name itself, a member or lane of it (``name.x``, ``name.s0``, a pointer's
    ``name.target``), or one of these renamed apart from another (``name#2``)."""
    names = {*kernel.var_types, *(a.name for a in kernel.arrays),
             *(p.name for p in kernel.params)}
    return any(x.split("#")[0] == name or x.startswith(f"{name}.") for x in names)


# Up to this row, every binomial coefficient fits a 64-bit unsigned integer.
_BOUNDED_ROWS = 67


def binom_function() -> z3.FuncDeclRef:
    """binom(m, k): the binomial coefficient (0 outside 0 <= k <= m), as a recursive definition.

    A recursive definition (rather than quantified Pascal axioms) lets Z3 both
    prove facts and build genuine counterexamples by unfolding.
    """
    return _binom()[0]


def binom_bounds() -> z3.BoolRef:
    """What Z3 cannot derive from the recursive definition without induction:
    ``binom(m, k)`` is never negative and at most the centre of its row (for the
    rows whose centre fits 64 bits).  Code that adds binomial coefficients in a
    C integer needs it to show that the sum fits."""
    return _binom()[1]


def _binom() -> tuple[z3.FuncDeclRef, z3.BoolRef]:
    """The binomial function and its bounds lemma, made once per Z3 context."""
    return per_context("binom", _make_binom)


def _make_binom() -> tuple[z3.FuncDeclRef, z3.BoolRef]:
    b = z3.RecFunction("binom", z3.IntSort(), z3.IntSort(), z3.IntSort())
    m, k = z3.Ints("binom_m binom_k")
    z3.RecAddDefinition(b, [m, k], z3.If(z3.Or(k < 0, k > m), 0,
                                         z3.If(z3.Or(k == 0, k == m), 1,
                                               b(m - 1, k - 1) + b(m - 1, k))))
    centre: z3.ArithRef = z3.IntVal(math.comb(_BOUNDED_ROWS, _BOUNDED_ROWS // 2))
    for row in range(_BOUNDED_ROWS - 1, -1, -1):
        centre = z3.If(m <= row, math.comb(row, row // 2), centre)
    bounds = z3.ForAll([m, k], z3.And(b(m, k) >= 0, z3.Implies(m <= _BOUNDED_ROWS,
                                                              b(m, k) <= centre)),
                       patterns=[b(m, k)])
    return b, bounds
