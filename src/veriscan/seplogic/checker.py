"""Check a kernel against its VerCors-style specification, for every size the spec allows.

The method is paper 003's: verify *one arbitrary thread* (its ids and the
sizes are symbolic) by symbolic execution of the IR with a permission heap,
treating every barrier as a call that takes the barrier's precondition and
the resources it names and gives back its postcondition and resources; then
discharge the *global* obligations that make the thread-local proof sound
for the whole group, quantified over all threads:

* the permissions the threads start with never exceed 1 on any location;
* at each barrier, what the threads receive is covered by what they handed
  in (so a write can only come from a full permission, and only one thread
  gets it);
* each barrier postcondition follows from the preconditions of all threads
  (a shared heap satisfying ``forall t. pre(t)``).

Memory values: the thread sees the kernel-entry heap until its first
barrier; after a barrier (and at a loop head) it keeps only the values of
locations it still holds, everything else comes from the specification.
Arrays the kernel never stores to keep their entry values throughout;
private arrays need no permission (only their bounds are checked) and are
never shared with other threads' reasoning.

Code has C's semantics (:mod:`veriscan.seplogic.cexpr`): a value is used as a
mathematical integer only where it is proven to be C's value, signed overflow
and division by zero are violations, and the wrap-arounds C defines are
followed exactly.  Annotations are mathematical, with
C's truncating ``/`` and ``%`` (VerCors' rule).  Pointer parameters do not
alias, device limits bound the launch, and launch dimensions that neither
kernel nor spec mentions are fixed to 1; these assumptions are listed in every
verdict.

Each construct is its own module, and :class:`Checker` only composes them:
:mod:`~veriscan.seplogic.context` (the launch, the views, C's values),
:mod:`~veriscan.seplogic.permissions` (holding, counting, framing),
:mod:`~veriscan.seplogic.statements`, :mod:`~veriscan.seplogic.loops`,
:mod:`~veriscan.seplogic.barriers`, :mod:`~veriscan.seplogic.group` (the
obligations over all threads), :mod:`~veriscan.seplogic.kernel` (entry and
exit) and :mod:`~veriscan.seplogic.vacuity`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from veriscan.ir import nodes as n
from veriscan.ir.visit import walk
from veriscan.seplogic.attach import KernelSpec
from veriscan.seplogic.barriers import Barriers
from veriscan.seplogic.context import Context
from veriscan.seplogic.group import Group
from veriscan.seplogic.kernel import KernelEntry
from veriscan.seplogic.loops import Loops
from veriscan.seplogic.permissions import Permissions
from veriscan.seplogic.prover import CHECK, DEFAULT_RLIMIT, Stop
from veriscan.seplogic.statements import Statements
from veriscan.seplogic.terms import UnsupportedSpec
from veriscan.smt.solver import fresh_context, resources_spent
from veriscan.verdict import Verdict, unknown, verified


@dataclass
class Result:
    verdict: Verdict
    obligations: int = 0
    assumptions: list[str] = field(default_factory=list)


class Checker:
    """One check of one kernel: the constructs, wired to share one context."""

    def __init__(self, kernel: n.Kernel, spec: KernelSpec | None = None,
                 rlimit: int = DEFAULT_RLIMIT, launch: Sequence[str] = ()):
        self.context = Context(kernel, spec, rlimit, launch)
        self.permissions = Permissions(self.context)
        self.group = Group(self.context, self.permissions)
        self.statements = Statements(self.context, self.permissions,
                                     Loops(self.context, self.permissions),
                                     Barriers(self.context, self.permissions, self.group))
        self.entry = KernelEntry(self.context, self.permissions, self.group, self.statements)

    def run(self) -> Result:
        """The verdict: refusals first (what the checker would otherwise skip or
        assume unchecked), then the kernel; the first failed obligation stops it."""
        ctx = self.context
        kernel = ctx.kernel
        start = time.perf_counter()
        try:
            for what, pos in ctx.spec.unsupported:
                raise UnsupportedSpec(what, pos)
            for stmt in walk(kernel.body):
                if isinstance(stmt, n.Assume):
                    # Taken per thread with no vacuity check, a code-level assumption
                    # could make the proof vacuous (`__requires(lid == 0)`).
                    raise UnsupportedSpec("GPUVerify __assume/__requires in the code: the spec "
                                          "checker makes no unchecked assumption (state it as "
                                          "a requires clause, which is checked for vacuity)",
                                          stmt.pos)
            for holder in [*kernel.params, *kernel.arrays]:
                if holder.lanes > 1:
                    # Annotations index elements, the IR cells, and two lanes of one
                    # vector are one location for races: neither view is modelled here.
                    raise UnsupportedSpec(f"memory of vectors ('{holder.name}')", holder.pos
                                          or kernel.pos)
            for barrier in ctx.lockstep.divergent_barriers:
                raise UnsupportedSpec("barrier under a condition that is not lock-step-safe "
                                      "(threads may diverge)", barrier.pos)
            self.entry.check_kernel()
            verdict = verified(
                CHECK, f"{kernel.name}: every thread satisfies its specification and all "
                       f"barrier obligations hold, for every size the specification allows "
                       f"({ctx.prover.obligations} proof obligations)")
        except Stop as stop:
            verdict = stop.verdict
        except UnsupportedSpec as exc:
            where = f" at {exc.pos}" if exc.pos else ""
            verdict = unknown(CHECK, f"unsupported: {exc.what}{where}", error="spec.construct",
                              reason="unsupported_construct", pos=exc.pos,
                              line=exc.pos.line if exc.pos else None)
        verdict.details.setdefault("assumptions", ctx.assumptions)
        verdict.details["obligations"] = ctx.prover.obligations
        verdict.details["solver"] = {**ctx.prover.policy(), "rlimit_spent": resources_spent()}
        verdict.seconds = time.perf_counter() - start
        return Result(verdict, ctx.prover.obligations, ctx.assumptions)


def check_spec(kernel: n.Kernel, rlimit: int = DEFAULT_RLIMIT,
               launch: Sequence[str] = ()) -> Result:
    """The verdict for ``kernel``'s specification, independent of any check that ran
    before it in this process (a Z3 context of its own).  ``launch``: facts the host
    guarantees about the launch (:mod:`veriscan.seplogic.launch_facts`)."""
    with fresh_context():
        return Checker(kernel, rlimit=rlimit, launch=launch).run()
