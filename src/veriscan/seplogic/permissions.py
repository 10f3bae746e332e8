"""The permission checks of one thread: holding, counting, framing.

Whatever a construct asks of permissions is one of these: the thread holds
at least some clauses (to give them up at a barrier, a loop or the end), a
quantified clause names each location once, one clause set covers another
wherever the latter lands, an annotation only mentions memory the thread
holds, and memory keeps its values exactly where a permission is kept.
The rules for reads and fractions live in :mod:`veriscan.seplogic.perms`.
"""

from __future__ import annotations

from typing import Any

import z3

from veriscan.diagnostics import spec_error
from veriscan.errors import SourcePos
from veriscan.seplogic import ast as A
from veriscan.seplogic import perms as P
from veriscan.seplogic.context import Context, Split, State
from veriscan.seplogic.encode import Need, Read
from veriscan.seplogic.prover import CHECK, Stop
from veriscan.seplogic.terms import fresh_int
from veriscan.verdict import unknown


class Permissions:
    """The permission obligations every construct states through (module docstring)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        # Conditions annotations need to have a value, where they were evaluated.
        self.needs: list[tuple[State, Need, str]] = []

    def require_perms(self, state: State, need: list[P.Clause], *, obligation: str,
                      pos: SourcePos, what: str) -> None:
        """The thread holds at least ``need`` (every location, every array)."""
        self.check_injective(state, need, [], obligation=obligation, what=what)
        for array in P.arrays_of(need):
            mine = [c for c in need if c.array == array]
            message = (f"{what}: the thread does not hold the permission on {array}[x] that "
                       "it must give up")
            # Disjoint fractions: one clause at a time, at a named binding of it,
            # so there is no existential on the side that must be covered.
            self.check_covered(state, [], state.held, mine, array, pos,
                               each=self.disjoint_fractions(state, mine),
                               obligation=obligation, message=message, tag="!n",
                               reason="permission_missing")

    def disjoint_fractions(self, state: State, clauses: list[P.Clause]) -> bool:
        """All clauses are fractions and no two of them reach a common location."""
        if any(c.amount.kind is A.AmountKind.READ for c in clauses):
            return False
        for i, a in enumerate(clauses):
            for b in clauses[i + 1:]:
                # Two encodings of "they share a location"; either one refuted suffices.
                ca, cb = a.renamed("!p"), b.renamed("!q")
                x = fresh_int("loc")
                queries = ([ca.guard, cb.guard, ca.index == cb.index],
                           [P.covers(a, x), P.covers(b, x)])
                refuted = (self.ctx.prover.solve([*self.ctx.base, *state.path, *q],
                                                 stage="quick")[0]
                           for q in queries)
                if z3.unsat not in refuted:
                    return False
        return True

    def check_injective(self, state: State | None, clauses: list[P.Clause],
                        hyps: list[z3.BoolRef], *, obligation: str, what: str,
                        threads: int = 0) -> None:
        """Each fractional clause reaches every location from at most one binding.

        The first ``threads`` bound variables are thread ids: a clash there is
        reported as two threads receiving permission on one location.
        """
        for clause in clauses:
            if clause.amount.kind is A.AmountKind.READ or not clause.bound:
                continue
            a, b = clause.renamed("!a"), clause.renamed("!b")
            differ = z3.Or([u != v for u, v in zip(a.bound, b.bound, strict=True)])
            clash = z3.And(a.guard, b.guard, a.index == b.index, differ)
            witness: dict[str, Any] = {"location": a.index}
            if threads:
                # the ids of the two threads, in the order bound_thread made them
                witness["thread_a"] = a.bound[:threads]
                witness["thread_b"] = b.bound[:threads]
            if threads:
                message = (f"{what}: two threads both receive {clause.amount} permission "
                           f"on the same location of {clause.array}")
            else:
                message = (f"{what}: the quantified permission on {clause.array} names one "
                           f"location twice")
            if clause.amount.is_write:
                self.ctx.prove(state, hyps, z3.Not(clash), obligation=obligation,
                               pos=clause.origin, message=message, witness=witness,
                               reason="permission_exceeded")
            else:
                try:
                    self.ctx.prove(state, hyps, z3.Not(clash), obligation=obligation,
                                   pos=clause.origin, message=message, witness=witness,
                                   reason="permission_exceeded")
                except Stop as stop:
                    raise Stop(unknown(CHECK, f"cannot count the fractional permissions of "
                                               f"line {clause.origin.line}: they may name one "
                                               f"location of {clause.array} more than "
                                               f"once", error=spec_error(obligation),
                                       reason="unsupported_construct", pos=clause.origin,
                                       obligation=obligation, line=clause.origin.line)) from stop

    def check_covered(self, state: State, hyps: list[z3.BoolRef], have: list[P.Clause],
                      clauses: list[P.Clause], array: str, pos: SourcePos, *, each: bool,
                      obligation: str, message: str, tag: str, reason: str,
                      refuted_is_unknown: bool = False) -> None:
        """Wherever one of ``clauses`` lands, ``have`` holds what the clauses ask there.

        ``each``: the clauses are known not to overlap, so each one's own
        amount is what it asks; otherwise their sum at that location.  Only
        locations some clause reaches can fall short, so one binding of each
        clause is named (with ``tag``) instead of quantifying over locations;
        its values are the natural candidates for the other thread.  ``reason``:
        the reason id of a shortfall.
        """
        ctx = self.ctx
        for c in clauses:
            fixed = c.renamed(tag)
            x = fixed.index
            hints = fixed.bound + tuple(ctx.ids.local[d] for d in ctx.used_dims)
            ctx.prove_having(
                state, [*hyps, fixed.guard],
                lambda under, c=c, x=x, hints=hints: P.at_least(
                    P.totals(have, array, x, hints, under),
                    P.single(c.amount) if each else P.totals(clauses, array, x)),
                obligation=obligation, pos=pos, message=message, witness={"location": x},
                refuted_is_unknown=refuted_is_unknown, reason=reason)

    def check_well_formed(self, state: State, split: Split, held: list[P.Clause],
                          what: str) -> None:
        """An assertion the thread evaluates here means something: every heap value it
        mentions is framed by a held permission, and everything it needs to have a
        value (divisors not zero, shift counts not negative) holds on this path.
        The other threads' views of it are the same text, so this thread's proof
        stands for theirs."""
        self.check_framed(state, split.reads, held, what)
        # Proven after everything else (check_defined): an extra solver call here
        # would change how Z3 searches every later query, and the verdict of a
        # query near its budget with it.
        self.needs += [(state.fork(), need, what) for need in split.needs]

    def check_defined(self) -> None:
        """Every annotation had a value wherever the thread evaluated it."""
        for state, need, what in self.needs:
            self.ctx.prove(state, [], need.cond, obligation="well-defined annotation",
                           pos=need.pos, message=f"{what} is undefined where it is "
                                                 f"evaluated: {need.what}")

    def check_framed(self, state: State, reads: list[Read], held: list[P.Clause],
                     what: str) -> None:
        """Every heap value an assertion mentions is protected by a held permission
        (a value under ``\\old`` is the entry heap's, which nothing changes)."""
        ctx = self.ctx
        for read in reads:
            if read.old or read.array not in ctx.mutable or read.array in ctx.private:
                continue
            have = P.totals(held, read.array, read.index)
            ctx.prove(state, [], z3.Implies(read.guard, P.readable(have)),
                      obligation="framing", pos=read.pos,
                      message=f"{what} mentions {read.array}[...] without holding a "
                              "permission on it", witness={"location": read.index},
                      reason="permission_missing")

    def assume_heap_kept(self, old_heap: dict[str, z3.ArrayRef], kept: list[P.Clause],
                         tag: str) -> tuple[dict[str, z3.ArrayRef], list[z3.BoolRef]]:
        """A fresh heap that agrees with ``old_heap`` wherever ``kept`` gives a permission."""
        heap = dict(old_heap)
        facts: list[z3.BoolRef] = []
        for array in sorted(self.ctx.mutable - set(self.ctx.private)):
            fresh = z3.Array(f"{array}@{tag}", z3.IntSort(), z3.IntSort())
            heap[array] = fresh
            x = fresh_int("kept")
            facts.append(z3.ForAll([x], z3.Implies(P.readable(P.totals(kept, array, x)),
                                                   fresh[x] == old_heap[array][x]),
                                   patterns=[fresh[x]]))
        return heap, facts
