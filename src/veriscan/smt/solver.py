"""Solver settings in one place: a per-query time limit.

A query that times out must become ``unknown``, never a pass; callers get
``z3.unknown`` back and are responsible for saying so.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import z3

QUERY_TIMEOUT_MS = 20_000


def new_solver(timeout_ms: int = QUERY_TIMEOUT_MS) -> z3.Solver:
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    return solver


def budgeted_solver(rlimit: int, seed: int = 0) -> z3.Solver:
    """A solver bounded by Z3's resource counter instead of the clock.

    ``rlimit`` counts Z3's own steps (relative to where the context stands), so
    the same query with the same seed gets the same answer on an idle or a
    loaded machine; a wall-clock limit makes verdicts flip under load.
    """
    solver = z3.Solver()
    solver.set("rlimit", max(rlimit, 1))
    solver.set("random_seed", seed)
    return solver


def resources_spent() -> int:
    """Z3's resource count in the current context so far.  Within a
    :func:`fresh_context` the same check spends the same count on any machine
    and after any history, so the number is recorded as a fingerprint of the run."""
    solver = z3.Solver()
    solver.check()
    return int(solver.statistics().get_key_value("rlimit count"))


@contextmanager
def fresh_context() -> Iterator[z3.Context]:
    """Run a check in a Z3 context of its own.

    Z3's search depends on the terms its context already holds (their ids and
    hash order), so in one shared context a check's verdict can depend on what
    ran before it in the same process.  Every term built inside goes to the new
    context (the default one is swapped for the duration); nothing built
    inside may outlive it.

    Python's cycle collector stays off meanwhile: it frees terms held in
    reference cycles whenever the process's allocation count says so, and each
    freed term gives its id to the next new one, so the ids (and with them
    Z3's search) would again depend on the process's history.  A query near
    its resource limit was decided in one test process and not in another
    until this was done.
    """
    saved = z3.z3._main_ctx
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    context = z3.Context()
    z3.z3._main_ctx = context
    try:
        yield context
    finally:
        z3.z3._main_ctx = saved
        if collecting:
            gc.enable()
