"""Solver settings in one place: a per-query time limit.

A query that times out must become ``unknown``, never a pass; callers get
``z3.unknown`` back and are responsible for saying so.
"""

from __future__ import annotations

import z3

QUERY_TIMEOUT_MS = 20_000


def new_solver(timeout_ms: int = QUERY_TIMEOUT_MS) -> z3.Solver:
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    return solver
