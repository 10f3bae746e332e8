"""Run an annotated kernel for one concrete size and record who holds which permission.

This is for pictures, not proofs: every work-item of one work-group executes
the IR on concrete data (C integer semantics), and whenever all of them reach
a barrier, the barrier's postcondition resources are evaluated for each
work-item.  The result is one permission table per barrier instance (plus
the kernel's entry and exit), like the figures of papers 000 and 002.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from veriscan.errors import VeriscanError
from veriscan.ir import nodes as n
from veriscan.ir.interpret import GroupInterpreter, WorkItem, c_binop
from veriscan.seplogic import ast as A
from veriscan.seplogic.attach import KernelSpec, attach
from veriscan.seplogic.encode import has_resources
from veriscan.seplogic.identities import OPENCL_IDS, PAPER_ALIASES, cuda_builtin

MAX_TABLES = 40


@dataclass
class Holding:
    thread: tuple[int, ...]
    amount: A.Amount


@dataclass
class Table:
    """Permissions right after one synchronisation point: (array, index) -> holders."""

    label: str
    cells: dict[tuple[str, int], list[Holding]] = field(default_factory=dict)


@dataclass
class Thread(WorkItem):
    """A work-item plus what it holds: (array, index) -> (fraction, reads)."""

    held: dict[tuple[str, int], tuple[Fraction, int]] = field(default_factory=dict)

    def change(self, key: tuple[str, int], amount: A.Amount, sign: int) -> None:
        frac, reads = self.held.get(key, (Fraction(0), 0))
        if amount.kind is A.AmountKind.READ:
            reads = max(reads + sign, 0)
        else:
            frac += sign * amount.fraction
        self.held[key] = (frac, reads)


class _Machine(GroupInterpreter):
    """The shared interpreter plus the permission bookkeeping at barriers."""

    def __init__(self, kernel: n.Kernel, sizes: tuple[int, int, int], params: dict[str, int]):
        super().__init__(kernel, sizes, params)
        self.initial: dict[str, dict[int, object]] = {}

    # -- annotations ---------------------------------------------------------------
    def transfer(self, clauses: list[A.Clause], t: Thread, bound_limit: int, sign: int) -> None:
        """Add (sign 1) or give up (sign -1) the resources ``clauses`` name for ``t``."""
        ev = _SpecEval(self, t)
        for clause in clauses:
            if has_resources(clause.expr):
                ev.collect(clause.expr, {}, bound_limit, sign)


class _SpecEval:
    """Concrete values of annotation expressions for one work-item."""

    def __init__(self, machine: _Machine, thread: Thread):
        self.m = machine
        self.t = thread

    def value(self, e: A.SExpr, env: dict[str, int], old: bool = False) -> int:
        v = lambda x: self.value(x, env, old)  # noqa: E731
        if isinstance(e, A.IntLit):
            return e.value
        if isinstance(e, A.BoolLit):
            return int(e.value)
        if isinstance(e, A.Name):
            if e.name in env:
                return env[e.name]
            if e.name in self.t.vars:
                return self.t.vars[e.name]  # type: ignore[return-value]
            if e.name in self.m.params:
                return self.m.params[e.name]
            if e.name in PAPER_ALIASES:
                return self.m.builtin(*PAPER_ALIASES[e.name], self.t.ids)
            raise VeriscanError(f"cannot draw: unknown name '{e.name}'", e.pos)
        if isinstance(e, A.Member):
            builtin = cuda_builtin(self.m.kernel, e.base, e.field)
            if builtin is not None:
                return self.m.builtin(*builtin, self.t.ids)
            if self.m.kernel.param(f"{e.base}.{e.field}") is None:  # see Evaluator.member
                raise VeriscanError(f"cannot draw: '{e.base}.{e.field}'", e.pos)
            return self.value(A.Name(e.pos, f"{e.base}.{e.field}"), env, old)
        if isinstance(e, A.Call) and e.func in OPENCL_IDS:
            return self.m.builtin(OPENCL_IDS[e.func], v(e.args[0]), self.t.ids)
        if isinstance(e, A.Index):
            cells = self.m.initial.get(e.array, {}) if old else self.m.cells(e.array, self.t)
            return cells.get(self.flat(e, env, old), 0)  # type: ignore[return-value]
        if isinstance(e, A.Unary):
            x = v(e.operand)
            return {"-": -x, "~": ~x, "!": int(not x)}[e.op]
        if isinstance(e, A.Binary):
            if e.op == "==>":
                return int(not v(e.lhs) or bool(v(e.rhs)))
            if e.op in ("&&", "**"):
                return int(bool(v(e.lhs)) and bool(v(e.rhs)))
            if e.op == "||":
                return int(bool(v(e.lhs)) or bool(v(e.rhs)))
            a, b = v(e.lhs), v(e.rhs)
            if e.op in ("/", "%"):  # the annotation language divides Euclidean
                if b == 0:
                    return 0
                q = a // b if b > 0 else -(a // -b)
                return q if e.op == "/" else a - b * q
            return c_binop(e.op, a, b)
        if isinstance(e, A.Cond):
            return v(e.then) if v(e.cond) else v(e.other)
        if isinstance(e, A.Old):
            return self.value(e.expr, env, True)
        raise VeriscanError(f"cannot draw: annotation construct {type(e).__name__}", e.pos)

    def flat(self, loc: A.Index, env: dict[str, int], old: bool = False) -> int:
        idx = [self.value(i, env, old) for i in loc.indices]
        decl = self.m.kernel.array(loc.array)
        flat = idx[0]
        if decl is not None and len(decl.dims) == len(idx):
            for dim, i in zip(decl.dims[1:], idx[1:], strict=True):
                flat = flat * dim + i
        return flat

    def collect(self, e: A.SExpr, env: dict[str, int], limit: int, sign: int) -> None:
        if isinstance(e, A.Perm):
            self.t.change((e.loc.array, self.flat(e.loc, env)), e.amount, sign)
        elif isinstance(e, A.Binary) and e.op in ("**", "&&"):
            for side in (e.lhs, e.rhs):
                if has_resources(side):
                    self.collect(side, env, limit, sign)
        elif isinstance(e, A.Binary) and e.op == "==>":
            if self.value(e.lhs, env):
                self.collect(e.rhs, env, limit, sign)
        elif isinstance(e, A.Cond):
            self.collect(e.then if self.value(e.cond, env) else e.other, env, limit, sign)
        elif isinstance(e, A.Quant):
            for i in range(-1, limit + 1):
                inner = {**env, e.var: i}
                if self.value(e.range, inner):
                    self.collect(e.body, inner, limit, sign)


def permission_tables(kernel: n.Kernel, sizes: tuple[int, int, int], params: dict[str, int],
                      spec: KernelSpec | None = None) -> list[Table]:
    """What every work-item holds at entry, after every barrier instance, and at exit."""
    spec = spec if spec is not None else attach(kernel)
    machine = _Machine(kernel, sizes, params)
    machine.initial = {a: dict(m) for a, m in machine.memory.items()}
    # Quantified variables range over [-1, limit]: enough for any index of
    # arrays sized by the launch or by a scalar parameter.
    limit = 2 * max([sizes[0] * sizes[1] * sizes[2], *params.values()])
    threads = [Thread(ids) for ids in product(range(sizes[0]), range(sizes[1]), range(sizes[2]))]
    pre = [c for c in spec.contract if c.kind in (A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT)]
    for t in threads:
        machine.transfer(pre, t, limit, 1)
    tables = [_table("kernel entry", threads)]
    rounds: dict[int, int] = {}
    for barrier in machine.lockstep(threads):
        rounds[id(barrier)] = rounds.get(id(barrier), 0) + 1
        clauses = spec.barriers.get(id(barrier), [])
        given = [c for c in clauses if c.kind in (A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT)]
        got = [c for c in clauses if c.kind in (A.ClauseKind.ENSURES, A.ClauseKind.CONTEXT)]
        for t in threads:
            machine.transfer(given, t, limit, -1)
            machine.transfer(got, t, limit, 1)
        tables.append(_table(f"after barrier, line {barrier.pos.line} "
                             f"(round {rounds[id(barrier)]})", threads))
        if len(tables) > MAX_TABLES:
            raise VeriscanError(f"cannot draw: more than {MAX_TABLES} barrier instances; "
                                "choose a smaller --n")
    tables.append(_table("kernel exit", threads))
    return tables


def _table(label: str, threads: list[Thread]) -> Table:
    """Everything the work-items hold at this point."""
    table = Table(label)
    for t in threads:
        for key, (frac, reads) in sorted(t.held.items()):
            if frac > 0:
                amount = A.Amount(A.AmountKind.FRACTION, min(frac, Fraction(1)))
            elif reads > 0:
                amount = A.READ
            else:
                continue
            table.cells.setdefault(key, []).append(Holding(t.ids, amount))
    return table


def amount_text(amount: A.Amount) -> str:
    if amount.kind is A.AmountKind.READ:
        return "R"
    if amount.is_write:
        return "W"
    return str(Fraction(amount.fraction))
