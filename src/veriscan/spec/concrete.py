"""Run an annotated kernel for one concrete size and record who holds which permission.

This is for pictures, not proofs: every work-item of one work-group executes
the IR on concrete data (C integer semantics), and whenever all of them reach
a barrier, the barrier's postcondition resources are evaluated for each
work-item.  The result is one permission table per barrier instance (plus
the kernel's entry and exit), like the figures of papers 000 and 002.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from veriscan.errors import VeriscanError
from veriscan.ir import nodes as n
from veriscan.spec import ast as A
from veriscan.spec.attach import KernelSpec, attach
from veriscan.spec.encode import has_resources

MAX_STEPS = 200_000
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
class Thread:
    """One work-item: its ids, private variables and what it holds (fraction, reads)."""

    ids: tuple[int, int, int]
    vars: dict[str, int] = field(default_factory=dict)
    held: dict[tuple[str, int], tuple[Fraction, int]] = field(default_factory=dict)

    def change(self, key: tuple[str, int], amount: A.Amount, sign: int) -> None:
        frac, reads = self.held.get(key, (Fraction(0), 0))
        if amount.kind is A.AmountKind.READ:
            reads = max(reads + sign, 0)
        else:
            frac += sign * amount.fraction
        self.held[key] = (frac, reads)


class _Machine:
    def __init__(self, kernel: n.Kernel, sizes: tuple[int, int, int], params: dict[str, int]):
        self.kernel = kernel
        self.sizes = sizes
        self.params = params
        self.memory: dict[str, dict[int, int]] = {
            name: {} for name in [p.name for p in kernel.params if p.is_pointer]
            + [a.name for a in kernel.arrays]}
        self.initial: dict[str, dict[int, int]] = {}
        self.steps = 0

    # -- kernel code ---------------------------------------------------------------
    def expr(self, e: n.Expr, t: Thread) -> int:
        if isinstance(e, n.Const):
            return int(e.value)
        if isinstance(e, n.Var):
            if e.name in t.vars:
                return t.vars[e.name]
            return self.params.get(e.name, 0)
        if isinstance(e, n.Builtin):
            return self.builtin(e.kind, e.dim, t.ids)
        if isinstance(e, n.Cast):
            return self.expr(e.operand, t)
        if isinstance(e, n.Select):
            return self.expr(e.then if self.expr(e.cond, t) else e.other, t)
        if isinstance(e, n.UnOp):
            x = self.expr(e.operand, t)
            return {"-": -x, "~": ~x, "!": int(not x)}[e.op]
        if isinstance(e, (n.BinOp, n.GenericOp)):
            a, b = self.expr(e.lhs, t), self.expr(e.rhs, t)
            return c_binop(e.op if isinstance(e, n.BinOp) else "+", a, b)
        if isinstance(e, (n.GenericIdentity, n.Opaque)):
            return 0
        raise VeriscanError(f"cannot draw: expression {type(e).__name__}", e.pos)

    def builtin(self, kind: n.BuiltinKind, dim: int, ids: tuple[int, ...]) -> int:
        if kind is n.BuiltinKind.LOCAL_ID:
            return ids[dim]
        if kind is n.BuiltinKind.LOCAL_SIZE:
            return self.sizes[dim]
        if kind in (n.BuiltinKind.GROUP_ID,):
            return 0
        if kind is n.BuiltinKind.NUM_GROUPS:
            return 1
        if kind is n.BuiltinKind.GLOBAL_ID:
            return ids[dim]
        return self.sizes[dim]

    def run(self, stmts: list[n.Stmt], t: Thread) -> Iterator[n.Barrier]:
        for stmt in stmts:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise VeriscanError("cannot draw: the kernel runs too long for this size",
                                    stmt.pos)
            if isinstance(stmt, n.Assign):
                t.vars[stmt.target] = self.expr(stmt.value, t)
            elif isinstance(stmt, n.Load):
                t.vars[stmt.target] = self.memory[stmt.array].get(self.expr(stmt.index, t), 0)
            elif isinstance(stmt, n.Store):
                self.memory[stmt.array][self.expr(stmt.index, t)] = self.expr(stmt.value, t)
            elif isinstance(stmt, n.If):
                yield from self.run(stmt.then if self.expr(stmt.cond, t) else stmt.other, t)
            elif isinstance(stmt, n.Loop):
                yield from self.run(stmt.init, t)
                first = True
                while (not stmt.test_first and first) or self.expr(stmt.cond, t):
                    first = False
                    yield from self.run(stmt.body, t)
                    yield from self.run(stmt.step, t)
            elif isinstance(stmt, n.Barrier):
                yield stmt
            elif not isinstance(stmt, (n.Assume, n.Assert)):
                raise VeriscanError(f"cannot draw: statement {type(stmt).__name__}", stmt.pos)

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
        from veriscan.spec.encode import _ALIASES, _CL_IDS, _CUDA_IDS, _DIMS
        v = lambda x: self.value(x, env, old)  # noqa: E731
        if isinstance(e, A.IntLit):
            return e.value
        if isinstance(e, A.BoolLit):
            return int(e.value)
        if isinstance(e, A.Name):
            if e.name in env:
                return env[e.name]
            if e.name in self.t.vars:
                return self.t.vars[e.name]
            if e.name in self.m.params:
                return self.m.params[e.name]
            if e.name in _ALIASES:
                return self.m.builtin(*_ALIASES[e.name], self.t.ids)
            raise VeriscanError(f"cannot draw: unknown name '{e.name}'", e.pos)
        if isinstance(e, A.Member) and e.base in _CUDA_IDS:
            return self.m.builtin(_CUDA_IDS[e.base], _DIMS[e.field], self.t.ids)
        if isinstance(e, A.Call) and e.func in _CL_IDS:
            return self.m.builtin(_CL_IDS[e.func], v(e.args[0]), self.t.ids)
        if isinstance(e, A.Index):
            mem = self.m.initial if old else self.m.memory
            return mem[e.array].get(self.flat(e, env, old), 0)
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


def c_binop(op: str, a: int, b: int) -> int:
    """A C operator on ints (``/`` and ``%`` truncate toward zero)."""
    if op in ("/", "%"):
        if b == 0:
            raise VeriscanError("cannot draw: division by zero")
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        return q if op == "/" else a - b * q
    table = {"+": a + b, "-": a - b, "*": a * b, "<<": a << b if b >= 0 else 0,
             ">>": a >> b if b >= 0 else 0, "&": a & b, "|": a | b, "^": a ^ b,
             "==": int(a == b), "!=": int(a != b), "<": int(a < b), "<=": int(a <= b),
             ">": int(a > b), ">=": int(a >= b), "&&": int(bool(a) and bool(b)),
             "||": int(bool(a) or bool(b))}
    return table[op]


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
    runners = [machine.run(kernel.body, t) for t in threads]
    rounds: dict[int, int] = {}
    while True:
        stops = [next(r, None) for r in runners]
        if all(s is None for s in stops):
            break
        if any(s is None or s is not stops[0] for s in stops):
            raise VeriscanError("cannot draw: the work-items do not all reach the same barrier")
        barrier = stops[0]
        assert barrier is not None
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
