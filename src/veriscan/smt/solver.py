"""The one solver policy of every engine: each query is bounded by Z3's resource
counter (``rlimit``), never by the clock, so a verdict does not depend on how busy
the machine is; every verdict records the limits it ran under.

A query that runs out of resources must become ``unknown``, never a pass; callers
get ``z3.unknown`` back and are responsible for saying so.  The one wall-clock
bound left is a check's whole budget (:mod:`veriscan.budget`), and a verdict that
reaches it says so instead of answering.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import z3

T = TypeVar("T")
# Z3 resource units (about 2,000 to 7,000 per millisecond of one core for the race
# checker's bit-vector queries): a whole race or bounds query; the undivided query of
# a parametric proof before it is split by cases; and each query of a parametric
# attempt, which is abandoned for per-size proofs when it bogs down.
QUERY_RLIMIT = 60_000_000
FIRST_TRY_RLIMIT = 1_000_000
PARAMETRIC_RLIMIT = 10_000_000
# How every verdict names the kind of limit its solver ran under.
LIMIT_KIND = "z3 rlimit (deterministic resource count, not time)"


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


def race_policy(rlimit: int) -> dict[str, object]:
    """The race checker's policy, for its verdicts: the same policy, the same verdict."""
    return {"limit": LIMIT_KIND, "rlimit_per_query": rlimit,
            "rlimit_first_try": FIRST_TRY_RLIMIT, "seed": 0, "z3": z3.get_version_string()}


# Terms made once per context (:func:`per_context`), dropped with their context.
_CONTEXT_MEMO: dict[str, Any] = {}


def per_context(key: str, make: Callable[[], T]) -> T:
    """``make()``, made once in the current Z3 context and kept only while it lasts.

    A module-level cache of terms would outlive the :func:`fresh_context` they were
    made in and keep that context alive, and a dead check's context left alive
    measurably changed the next check's search (the same queries took up to three
    times the resources after the binomial kernel had been checked)."""
    if key not in _CONTEXT_MEMO:
        _CONTEXT_MEMO[key] = make()
    return _CONTEXT_MEMO[key]


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
    saved, saved_memo = z3.z3._main_ctx, dict(_CONTEXT_MEMO)
    _CONTEXT_MEMO.clear()
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    context = z3.Context()
    z3.z3._main_ctx = context
    try:
        yield context
    finally:
        z3.z3._main_ctx = saved
        _CONTEXT_MEMO.clear()
        _CONTEXT_MEMO.update(saved_memo)
        if collecting:
            gc.enable()
