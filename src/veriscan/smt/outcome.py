"""How an SMT engine reports a finding: a violation (exact) or an unknown.

Engines raise :class:`Finding` to stop early (a divergent barrier ends the
symbolic execution) or return it; :mod:`veriscan.check` turns it into a
:class:`~veriscan.verdict.Verdict`.  ``exact`` records whether the
counterexample uses only exact symbols (see :mod:`veriscan.smt.symbols`):
only then is it a violation, otherwise the honest answer is unknown.
``reason`` is the violation's reason id (:mod:`veriscan.diagnostics`), used when
the finding is exact; ``undecided`` is the unknown's otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from veriscan.errors import SourcePos


@dataclass
class Finding(Exception):
    check: str                 # a key of ERROR_IDS
    summary: str
    exact: bool = False        # a real execution: report as a violation
    witness: dict[str, Any] = field(default_factory=dict)
    reason: str = ""               # required of an exact finding (an empty id is refused)
    undecided: str = "approximation"

    def __str__(self) -> str:
        return self.summary

    def position(self) -> SourcePos | None:
        """Where in the source: the finding's site, and of two accesses the one first in
        the file (which of a racing pair the solver calls A is no property of the kernel)."""
        w = self.witness
        spots = [w[k] for k in ("at", "barrier", "access") if isinstance(w.get(k), str)]
        spots += [w[k]["at"] for k in ("thread_a", "thread_b")
                  if isinstance(w.get(k), dict) and "at" in w[k]]
        found = [p for p in map(SourcePos.parse, spots) if p is not None]
        return min(found, key=lambda p: (p.line, p.col)) if found else None


# The error id (:mod:`veriscan.diagnostics`) of each engine check a finding names.
ERROR_IDS = {"races": "race", "divergence": "divergence", "bounds": "bounds",
             "initialisation": "initialisation", "undefined": "undefined",
             "assertions": "assertion", "assumptions": "assumption", "execution": "execution"}
