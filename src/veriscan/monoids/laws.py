"""Sampling the monoid laws: associativity and identity on random elements.

Every theorem veriscan relies on assumes a monoid; a user operator that is
not associative makes "correct scan" meaningless, so the laws can be checked
(on samples: this finds counterexamples, it proves nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from veriscan.monoids.base import Monoid


@dataclass(frozen=True)
class LawViolation:
    law: str          # "associativity", "left identity" or "right identity"
    operands: tuple[str, ...]
    lhs: str
    rhs: str


def check_laws(monoid: Monoid, samples: int = 256, seed: int = 0) -> list[LawViolation]:
    """Counterexamples to the laws among ``samples`` random triples (empty: none found)."""
    rng = np.random.default_rng(seed)
    a, b, c = (monoid.sample(rng, samples) for _ in range(3))
    one = np.broadcast_to(monoid.identity, a.shape)
    checks = [
        ("associativity", (a, b, c), monoid.op(monoid.op(a, b), c), monoid.op(a, monoid.op(b, c))),
        ("left identity", (a,), monoid.op(one, a), a),
        ("right identity", (a,), monoid.op(a, one), a),
    ]
    found = []
    for law, operands, lhs, rhs in checks:
        for k in monoid.mismatches(lhs, rhs)[:3]:
            found.append(LawViolation(law, tuple(monoid.format(x[k]) for x in operands),
                                      monoid.format(lhs[k]), monoid.format(rhs[k])))
    return found
