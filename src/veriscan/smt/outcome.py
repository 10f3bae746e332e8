"""How an SMT engine reports a finding: a violation (exact) or an unknown.

Engines raise :class:`Finding` to stop early (a divergent barrier ends the
symbolic execution) or return it; :mod:`veriscan.check` turns it into a
:class:`~veriscan.verdict.Verdict`.  ``exact`` records whether the
counterexample uses only exact symbols (see :mod:`veriscan.smt.symbols`):
only then is it a violation, otherwise the honest answer is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Finding(Exception):
    check: str                 # "races", "divergence", "bounds", "assertions", "execution"
    summary: str
    exact: bool = False        # a real execution: report as a violation
    witness: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.summary
