"""Facts about the launch given on the command line (``veriscan spec --assume``).

Papers state a kernel's launch in prose ("one block of ``size`` threads",
000 §3.2) and leave it out of the annotations; the kernel as printed then
has launches it is wrong for, and the checker rightly finds one.  The
host, not the kernel, decides the launch, so the user may state it
as the host guarantees it, without editing the file.  Such a fact becomes a
``context_everywhere`` clause, exactly as if it were written in the
contract: it is assumed at kernel entry by every thread, it joins the
vacuity check (a fact no launch meets makes the verdict a violation, never
a vacuous proof), and it is listed among the verdict's assumptions.

Only launch-uniform terms may appear: scalar parameters, buffer lengths and
the launch sizes.  A thread id, a memory cell or a permission would turn a
fact about the launch into a per-thread or per-heap assumption, which is
what the file's own ``requires`` clauses are for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import fields

from veriscan.errors import VeriscanError
from veriscan.ir import nodes as n
from veriscan.seplogic import ast as A
from veriscan.seplogic.identities import OPENCL_IDS, cuda_builtin
from veriscan.seplogic.parser import parse_expression

OPTION = "--assume"
_SIZES = (n.BuiltinKind.LOCAL_SIZE, n.BuiltinKind.NUM_GROUPS, n.BuiltinKind.GLOBAL_SIZE)


def _children(e: A.SExpr) -> Iterator[A.SExpr]:
    for f in fields(e):
        value = getattr(e, f.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, A.SExpr):
                yield item


def _refuse_non_launch_terms(kernel: n.Kernel, e: A.SExpr, bound: frozenset[str],
                             text: str) -> None:
    def refuse(what: str) -> None:
        raise VeriscanError(f"{OPTION} '{text}' (column {e.pos.col}): {what} is not a fact "
                            "about the launch (use scalar parameters, buffer lengths and "
                            "launch sizes only)")

    if isinstance(e, (A.Perm, A.Index, A.Old, A.Unknown)):
        refuse({A.Perm: "a permission", A.Index: "a memory cell", A.Old: "\\old(...)",
                A.Unknown: "an unsupported construct"}[type(e)])
    if isinstance(e, A.Binary) and e.op == "**":
        refuse("'**'")
    if isinstance(e, A.Quant):
        if e.star:
            refuse("\\forall*")
        bound = bound | {e.var}
    if isinstance(e, A.Name) and e.name not in bound:
        param = kernel.param(e.name)
        if param is None or param.is_pointer:
            refuse(f"'{e.name}' (not a scalar parameter of {kernel.name})")
    if isinstance(e, A.Member):
        builtin = cuda_builtin(kernel, e.base, e.field)
        param = kernel.param(e.base)
        is_length = e.field == "length" and param is not None and param.is_pointer
        if not is_length and (builtin is None or builtin[0] not in _SIZES):
            refuse(f"'{e.base}.{e.field}'")
    if isinstance(e, A.Call) and not (OPENCL_IDS.get(e.func) in _SIZES
                                      or e.func == "get_work_dim"):
        refuse(f"'{e.func}(...)'")
    for child in _children(e):
        _refuse_non_launch_terms(kernel, child, bound, text)


def launch_clauses(kernel: n.Kernel, facts: Sequence[str]) -> list[A.Clause]:
    """Each fact parsed and checked to be about the launch only, as a
    ``context_everywhere`` clause; bad input is a :class:`VeriscanError`."""
    clauses = []
    for k, text in enumerate(facts, 1):
        if not text.strip():
            raise VeriscanError(f"{OPTION} needs an expression, got an empty one")
        try:
            expr = parse_expression(text, file=f"{OPTION} #{k}")
        except VeriscanError as exc:
            raise VeriscanError(f"{OPTION} '{text}': {exc.message}") from None
        _refuse_non_launch_terms(kernel, expr, frozenset(), text)
        clauses.append(A.Clause(A.ClauseKind.CONTEXT_EVERYWHERE, expr, expr.pos))
    return clauses


def described(facts: Sequence[str]) -> list[str]:
    """The facts as the verdict lists them among its assumptions."""
    return [f"the host launches the kernel so that {text.strip()} (given with {OPTION})"
            for text in facts]
