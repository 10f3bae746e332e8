"""Race checking of long kernels: accesses that differ only in a constant offset are
proved in one query (issue 14), without losing a race or its witness; identical
accesses are merged only where nothing (a barrier, even a conditional one) tells
them apart.  The initialisation check settles a read of the cell the thread itself
wrote without a query, but only under the write's own guard."""

from pathlib import Path

from veriscan.check import check_kernel
from veriscan.smt.threads import Launch
from veriscan.verdict import Status

KERNELS = Path(__file__).parent / "kernels"
LAUNCH = Launch((64,), (4,))


def _straight_line(tmp_path: Path, count: int, race: bool) -> tuple[Path, int | None]:
    """The template with its marked line repeated ``count`` times (and, with ``race``,
    the racing line among them); the racing line's number."""
    template = (KERNELS / "race_scaling_template.cl").read_text().splitlines()
    racing = next(line for line in template if "// RACE" in line)
    out: list[str] = []
    for line in template:
        if line.endswith("// REPEAT"):
            body = [line.removesuffix("// REPEAT").rstrip().replace("K", str(count))
                    .replace("J", str(j)) for j in range(count)]
            if race:
                body.insert(count // 2, racing.replace("// RACE ", "").replace("K", str(count)))
            out += body
        elif line is not racing:
            out.append(line)
    path = tmp_path / "straight_line.cl"
    path.write_text("\n".join(out) + "\n")
    line = next((k for k, text in enumerate(out, start=1) if text.endswith("= 0;")), None)
    return path, line


def test_long_kernel_race_is_found_with_its_witness(tmp_path):
    count = 400
    path, race_line = _straight_line(tmp_path, count, race=True)
    verdict = check_kernel(path, launch=LAUNCH)
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert verdict.details["failed_part"] == "races"
    w = verdict.witness
    first_line = next(k for k, text in enumerate(path.read_text().splitlines(), start=1)
                      if f"+ {0}] = in[" in text)
    sides = {int(w[t]["at"].split(":")[-2]): w[t] for t in ("thread_a", "thread_b")}
    assert set(sides) == {race_line, first_line}, w
    # The racing write of thread g hits the first cell of thread g + 1's block.
    racer, owner = sides[race_line], sides[first_line]
    gid = [r["local_id"][0] + 64 * r["group_id"][0] for r in (racer, owner)]
    assert gid[1] == gid[0] + 1
    assert w["element"] == gid[1] * count
    assert racer["access"] == owner["access"] == "write"


def test_long_race_free_kernel_is_verified_counting_every_pair(tmp_path):
    count = 300
    path, _ = _straight_line(tmp_path, count, race=False)
    verdict = check_kernel(path, launch=LAUNCH)
    assert verdict.status is Status.VERIFIED, verdict.summary
    races = next(p for p in verdict.details["parts"] if p["check"] == "races")
    # Every pair of the 300 writes (with itself: by two threads) within a group and
    # across groups is covered, each set by one query.
    assert f"over {2 * count * (count + 1) // 2} access pairs" in races["summary"]


def test_identical_accesses_are_not_merged_across_a_conditional_barrier():
    verdict = check_kernel(KERNELS / "race_dedup_conditional_barrier.cl", launch=Launch((64,)))
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert verdict.details["failed_part"] == "races"
    w = verdict.witness
    assert w["array"] == "s" and w["inputs"]["n"] > 4
    lines = sorted(int(w[t]["at"].split(":")[-2]) for t in ("thread_a", "thread_b"))
    assert lines == [14, 16], w  # the second write and the read, not the first write


def test_own_write_of_the_same_cell_covers_a_read_only_under_its_guard():
    # A read of the very index the thread wrote is settled without a query only when
    # the write's guard is the read's (or true); here it is not, and the read is flagged.
    verdict = check_kernel(KERNELS / "init_own_write_other_guard.cl", launch=Launch((64,)),
                           array_sizes={"out": 64})
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert verdict.details["failed_part"] == "initialisation"
    assert verdict.witness["thread"]["local_id"][0] >= 32
