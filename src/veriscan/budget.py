"""The time budget of one check, from the first line parsed to the verdict.

A check must end, and end honestly: past its budget the answer is unknown,
never verified.  The budget opens before the kernel is read, because on a
huge kernel the front end alone (preprocessing, libclang's parse, the
type-flow audit, the lowering) takes minutes before any engine starts; a
budget that only the engines watched would leave such a kernel without an
answer.  So the front end and the engines draw on the one budget that the
outermost caller opened, and each stage says where it stood when it ran out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

CHECK_BUDGET_S = 120.0  # wall-clock seconds of one check, front end included
# How a long check reports how far it got (and a bar shows it): work done, total
# work, what runs now.  The stages that charge the budget are the ones that report.
Progress = Callable[[int, int, str], None]


class OutOfBudget(Exception):
    """The budget ran out; ``stage`` says during what (for the unknown verdict)."""

    def __init__(self, seconds: float, stage: str):
        self.seconds = seconds
        self.stage = stage
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        return f"the time budget of this check ({self.seconds:g} s) ran out {self.stage}"


@dataclass(frozen=True)
class Budget:
    seconds: float
    deadline: float  # time.monotonic() past which the check stops

    def charge(self, stage: str | Callable[[], str]) -> None:
        """Stop the check (``OutOfBudget``) if the budget is spent; ``stage`` may be a
        callable, so a hot loop pays for its description only when it stops."""
        if time.monotonic() > self.deadline:
            raise OutOfBudget(self.seconds, stage if isinstance(stage, str) else stage())


_OPEN: ContextVar[Budget | None] = ContextVar("veriscan_check_budget", default=None)


@contextmanager
def check_budget(seconds: float | None = None) -> Iterator[Budget]:
    """The budget of the check running now: the one a caller already opened, else a
    new one of ``seconds`` (default :data:`CHECK_BUDGET_S`), open for the block."""
    outer = _OPEN.get()
    if outer is not None:
        yield outer
        return
    limit = CHECK_BUDGET_S if seconds is None else seconds
    budget = Budget(limit, time.monotonic() + limit)
    token = _OPEN.set(budget)
    try:
        yield budget
    finally:
        _OPEN.reset(token)


def deadline() -> float:
    """When the open budget ends; without one, when a budget opened now would."""
    budget = _OPEN.get()
    return budget.deadline if budget is not None else time.monotonic() + CHECK_BUDGET_S


def charge(stage: str | Callable[[], str]) -> None:
    """Stop if the open budget is spent; without an open budget nothing is limited."""
    budget = _OPEN.get()
    if budget is not None:
        budget.charge(stage)
