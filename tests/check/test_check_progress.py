"""A long static check reports progress through a callback (issue 14): the symbolic
execution statement by statement, then each analysis, on one scale."""

from pathlib import Path

from veriscan.check import check_ir
from veriscan.frontend import parse_kernel
from veriscan.smt.threads import Launch
from veriscan.verdict import Status

KERNEL = Path(__file__).parents[1] / "smt" / "kernels" / "race_dedup_conditional_barrier.cl"


def test_progress_counts_statements_then_analyses():
    kernel = parse_kernel(KERNEL)
    heard: list[tuple[int, int, str]] = []
    verdict = check_ir(kernel, launch=Launch((64,)),
                       progress=lambda done, total, what: heard.append((done, total, what)))
    statements = len(kernel.body)
    assert {total for _, total, _ in heard} == {statements + 5}
    done = [d for d, _, _ in heard]
    assert done == sorted(done) and done[0] == 1
    executed = [what for _, _, what in heard if what.startswith("symbolic execution")]
    assert executed[-1] == f"symbolic execution ({statements} of {statements} statements)"
    assert [what for _, _, what in heard][len(executed):len(executed) + 1] == ["races"]
    # The progress callback does not change the verdict.
    assert verdict.status == check_ir(kernel, launch=Launch((64,))).status


def test_time_budget_is_watched_during_the_symbolic_execution(monkeypatch):
    # A straight-line kernel asks the solver nothing while it is executed; the budget
    # must still end the check, as unknown, never as verified.
    import veriscan.budget

    monkeypatch.setattr(veriscan.budget, "CHECK_BUDGET_S", 0.0)
    verdict = check_ir(parse_kernel(KERNEL), launch=Launch((64,)))
    assert verdict.status is Status.UNKNOWN
    assert "ran out during the symbolic execution" in verdict.summary


def test_the_front_end_reports_each_statement_of_the_body():
    heard: list[tuple[int, int, str]] = []
    kernel = parse_kernel(KERNEL, progress=lambda done, total, what: heard.append(
        (done, total, what)))
    lowered = [(d, t) for d, t, what in heard if what.startswith("front end: lowering")]
    assert lowered, heard
    total = lowered[-1][1]
    assert lowered == [(d, total) for d in range(1, total + 1)]
    assert total >= len({s.pos.line for s in kernel.body}) > 1


def test_the_budget_covers_the_front_end(monkeypatch, capsys):
    # A budget opened before parsing ends in the front end of a big kernel: the
    # command answers unknown (exit 2) with the stage, never hangs, never verifies.
    import json

    import veriscan.budget
    from veriscan.cli.main import main

    monkeypatch.setattr(veriscan.budget, "CHECK_BUDGET_S", 0.0)
    code = main(["check", str(KERNEL), "--local-size", "64", "--json"])
    document = json.loads(capsys.readouterr().out)
    assert code == 2 and document["status"] == "unknown"
    reason = document["verdicts"][0]["summary"]
    assert reason.startswith("the time budget of this check (0 s) ran out in the front end")
