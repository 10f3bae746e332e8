"""The seed papers' listings as printed, and VerCors' own annotation forms.

Each listing file under ``listings/`` is the paper's text without its line
numbers; a variant (a name that adds a suffix) is one stated change of it, made
at test time from ``listings/variants.toml``.  A listing that does not verify
as printed is a test of *why*: the verdict must name the obligation that fails.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_format import apply_edit, run_cli_process
from veriscan.seplogic.checker import check_spec
from veriscan.seplogic.headers import parse_spec_kernel
from veriscan.verdict import Status

HERE = Path(__file__).resolve().parent
tomllib = pytest.importorskip("tomllib", reason="the variants are TOML (Python 3.11+)")
VARIANTS = {v["name"]: v for v in
            tomllib.loads((HERE / "listings" / "variants.toml").read_text())["variant"]}


def listing_text(name: str) -> str:
    """A listing as printed, or a variant: its base with the variant's edits."""
    if name not in VARIANTS:
        return (HERE / "listings" / name).read_text()
    variant = VARIANTS[name]
    text = listing_text(variant["base"])
    for edit in variant["edit"]:
        text = apply_edit(text, edit, f"{name} (from {variant['base']})")
    return text


@pytest.fixture
def listing(tmp_path: Path):
    def write(name: str) -> Path:
        path = tmp_path / name
        path.write_text(listing_text(name))
        return path
    return write

# file -> (status, words the summary must contain)
LISTINGS = {
    # 000 List. 3 as printed: the prose assumes one block of exactly `size`
    # threads, the annotations never say so.  So the precondition itself already
    # gives cells past `array.length == size` (one thread, size = 0: thread 0
    # gets array[1]), which no buffer of that length has; further on, with
    # blockDim.x = 3 and size = 2 the barrier would hand thread 2 write on
    # array[2], which nobody handed in.
    "paper000_list3.cu": (Status.VIOLATION, "the preconditions give a permission outside "
                                            "the buffer array"),
    "paper000_list3_cuda_h.cu": (Status.VIOLATION, "the preconditions give a permission "
                                                   "outside the buffer array"),
    # The same with the prose's assumption as one annotation line: verifies.
    "paper000_list3_one_block_of_size.cu": (Status.VERIFIED, "CUDALeftRotation"),
    # 003 Fig. 8 in OpenCL with VerCors syntax (perm(x,100) = write, 10 = 1\10).
    # Its barrier names nothing to hand in: as 003 §5 says, a barrier takes all
    # of a thread's permissions, and the group hands out what it owns.
    "paper003_fig8.cl": (Status.VERIFIED, "demo"),
    # 003 Fig. 9 in OpenCL with VerCors syntax.  Changes, each needed to state
    # the figure in C: `(tid-1) mod gsize` is written `(tid + gsize - 1) %
    # gsize` (C's % of -1 is -1), the loop invariant's `ar` is `bin`, and the
    # first barrier states what the figure elides ("only the critical parts of
    # the specifications have been given"): the value each thread publishes.
    # As printed, the second barrier fences nothing (`barrier(2,)`), yet hands
    # every tmp[tid] back to its owner after the neighbour read it: without a
    # fence on local memory that read and the owner's next write are not
    # ordered (the race checker reports the same race), so the figure is wrong
    # for OpenCL as printed, and from 35 work-items on its int sums overflow
    # (binom(34, 17) > INT_MAX), which the checker meets first; it cannot decide
    # the overflow for unbounded groups, so the figure as printed is unknown ...
    "paper003_fig9.cl": (Status.UNKNOWN, "signed overflow in '+'"),
    # ... and bounded to 34 work-items, the missing fence is what is wrong ...
    "paper003_fig9_bounded.cl": (Status.VIOLATION, "the barrier does not fence local memory, "
                                                   "so it cannot move permission on tmp[x] "
                                                   "between threads"),
    # ... with the second barrier fencing local memory the permissions are right,
    # but the sums still overflow for large groups ...
    "paper003_fig9_local_fence.cl": (Status.UNKNOWN, "signed overflow in '+'"),
    # ... and bounded to 34 work-items it verifies.  Its permissions come back
    # whole because the 9/10 of tmp[tid] the first barrier handed out to nobody
    # stayed with the group (003 §5).
    "paper003_fig9_local_fence_bounded.cl": (Status.VERIFIED, "binomial"),
    # 000 Alg. 2 (Kogge-Stone) with the permissions §4.3.1 describes: each thread
    # reads out[tid] and out[tid - offset], the first barrier trades those reads
    # for a write on out[tid], the second hands out the reads for the doubled
    # offset.  Wrong as described: with `read` the first barrier makes a write out
    # of two reads, and reads never add up to a write (witness out[0], read by
    # threads 0 and 1) ...
    "paper000_alg2.cu": (Status.VIOLATION, "the barrier hands out permission on Output[x] "
                                           "that the threads did not hand in (line 20)"),
    # ... and with halves, the last `offset` locations have one reader only (no
    # thread tid + offset): half a permission never makes a write.  The shipped
    # kernels/annotated/kogge_stone_perms.cu gives those locations a write.
    "paper000_alg2_halves.cu": (Status.VIOLATION, "the barrier hands out permission on "
                                                  "Output[x] that the threads did not hand "
                                                  "in (line 20)"),
    # 004 Alg. 4 and Alg. 5 (one kernel) in OpenCL with VerCors syntax.  Changes,
    # each needed to state it in C: `par threads (int t=0..N)` is one work-group of
    # N work-items (`get_local_size(0) == N`, t = get_local_id(0)); `temp[H][N]` is
    # a __local pointer indexed temp[j * N + i]; the doubled `))` of lines 60-67
    # and 90-98 lose one `)`; the down-sweep's `int level=H-1;` (line 77, a second
    # declaration in one scope) is `level = H - 1;`.  The kernel-level Perm clauses
    # (lines 5-9, 11-16) are not repeated: they are exactly the sum over the
    # work-items of the thread-level ones (lines 22-28, 30-36), which is what the
    # checker takes as the group's resources.
    # As printed, line 65 hands each thread temp[level][t], which it still holds
    # (line 51 keeps rows level..H-1 of its column): it would hold a write twice,
    # and no thread handed that cell in (the witness is a cell of row `level`).
    # The paper reports the up-sweep verified; 003's barrier rule says otherwise,
    # and so does 003 §5's reading (a barrier takes everything): then the barrier
    # would return only rows level and level-1, and line 51 asks for the others.
    "paper004_alg4.cl": (Status.VIOLATION, "the barrier hands out permission on temp[x] that "
                                           "the threads did not hand in (line 55)"),
    # Without line 65 the up-sweep verifies; the down-sweep barrier has the same
    # defect in lines 97-98: temp[level-1][t*2] and [t*2+1] are still the
    # thread's (lines 82-83 keep rows 0..level-1 of those columns) ...
    "paper004_alg4_drop65.cl": (Status.VIOLATION, "the barrier hands out permission on "
                                                  "temp[x] that the threads did not hand in "
                                                  "(line 84)"),
    # ... and without those, line 81 (`level<i`, where line 51 has `level<=i`)
    # drops the row the barrier just handed out (line 96) and asks for it again
    # one iteration later ...
    "paper004_alg4_drop65_97_98.cl": (Status.VIOLATION, "loop invariant after an iteration: "
                                                        "the thread does not hold the "
                                                        "permission on temp[x]"),
    # ... and with line 81 as line 51 has it, the whole kernel verifies.  (Its
    # values are out of the paper's scope and of this spec: the down-sweep starts
    # one row too low, row H-2 is never recomputed from the zeroed root, so the
    # output is not the exclusive scan.)
    "paper004_alg4_drop65_97_98_fix81.cl": (Status.VERIFIED, "prefixSum"),
}


# file -> Z3 budget (`--rlimit`, millions) where the default 12 only makes an unknown
# slower: both unbounded Fig. 9 listings spend every stage of the overflow obligation
# of line 24 without an answer, and with 6 they end on the same obligation, line and
# solver reason ("max. resource limit exceeded"; below 5 Z3 says "canceled") in half
# the time.
RLIMITS = {"paper003_fig9.cl": 6, "paper003_fig9_local_fence.cl": 6}


# file -> what its witness must show
WITNESSES = {
    # a cell of row `level` >= 2 (line 65's), not of row level-1 (lines 66-67,
    # which were handed in)
    "paper004_alg4.cl": lambda w: w["location"] // w["params"]["N"] >= 2,
    # one of the last `offset` locations (offset < N, so never location 0)
    "paper000_alg2_halves.cu": lambda w: 1 <= w["location"] < w["params"]["N"],
}


def test_every_listing_and_variant_has_a_verdict():
    files = {p.name for p in (HERE / "listings").glob("*.c[lu]")}
    assert set(LISTINGS) == files | set(VARIANTS)
    assert not files & set(VARIANTS), "a variant is made from its base, not stored"
    assert all(v["change"] for v in VARIANTS.values())


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_listing_verdict(name, listing):
    # As a user runs it, one process per check: Z3 keeps state across contexts
    # in one process, so a verdict near its resource budget can depend on what
    # ran before it (the command line never shares a process between checks).
    status, words = LISTINGS[name]
    budget = ["--rlimit", str(RLIMITS[name])] if name in RLIMITS else []
    run = subprocess.run([sys.executable, "-m", "veriscan", "spec",
                          str(listing(name)), "--json", *budget],
                         capture_output=True, text=True, timeout=600)
    verdict = json.loads(run.stdout)["verdicts"][0]
    assert verdict["status"] == status.value, verdict["summary"]
    assert words in verdict["summary"]
    if name in WITNESSES:
        assert WITNESSES[name](verdict["witness"]), verdict["witness"]


def test_fig9_as_printed_races_for_the_race_checker_too(listing):
    # The independent engine agrees: without a fence the neighbour's read of
    # tmp[tid] and its owner's write in the next round form a data race.
    from veriscan.check import check_kernel
    from veriscan.smt.threads import Launch

    verdict = check_kernel(HERE / "listings" / "paper003_fig9.cl", launch=Launch((8,)))
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert "race" in verdict.summary and "tmp" in verdict.summary
    fenced = check_kernel(listing("paper003_fig9_local_fence.cl"), launch=Launch((8,)))
    # Race-free with the fence.  Its int sums of values stored in local memory may
    # overflow for all the race checker follows of them, so the whole is unknown.
    assert fenced.status is Status.UNKNOWN and "signed overflow" in fenced.summary
    assert fenced.details["failed_part"] == "undefined", fenced.details["failed_part"]


# 000 List. 3 as printed, with the launch the prose states (§3.2: "only one thread
# block in the grid and there are `size` threads in that block") given as the host's
# guarantee on the command line: the file unchanged verifies.  One block is already
# what the checker takes for a kernel that never uses block ids, so the fact left to
# state is the block size.
PROSE_LAUNCH = {"paper000_list3.cu": "blockDim.x == size",
                "paper000_list3_cuda_h.cu": "gridDim.x == 1 && blockDim.x == size"}


@pytest.mark.parametrize("name", sorted(PROSE_LAUNCH))
def test_list3_verbatim_verifies_under_the_prose_launch(name, listing):
    fact = PROSE_LAUNCH[name]
    code, document = run_cli_process(["spec", str(listing(name)), "--assume", fact])
    verdict = document["verdicts"][0]
    assert (code, verdict["status"]) == (0, "verified"), verdict["summary"]
    assert any(fact in a and "--assume" in a for a in verdict["details"]["assumptions"])


def test_list3_under_a_launch_other_than_the_prose_is_still_wrong(listing):
    # One thread more than `size`: that thread's precondition asks for array[size],
    # past the buffer's end, so the preconditions are refused, not assumed away.
    code, document = run_cli_process(["spec", str(listing("paper000_list3.cu")),
                                      "--assume", "blockDim.x == size + 1"])
    verdict = document["verdicts"][0]
    assert (code, verdict["status"]) == (1, "violation"), verdict["summary"]
    assert "outside the buffer array" in verdict["summary"]


def test_list3_counterexample_is_a_block_whose_size_is_not_size():
    verdict = check_spec(parse_spec_kernel(HERE / "listings" / "paper000_list3.cu")).verdict
    witness = verdict.witness
    assert witness["sizes"]["local_size[0]"] != witness["params"]["size"]


def test_vercors_forms_null_range_quantifier_macro_none_ltid_and_assert():
    ok = check_spec(parse_spec_kernel(HERE / "syntax" / "vercors_forms.cl")).verdict
    assert ok.status is Status.VERIFIED, ok.summary
    bad = check_spec(parse_spec_kernel(HERE / "syntax" / "vercors_forms_false_assert.cl")).verdict
    assert bad.status is Status.VIOLATION and "annotated assertion may fail" in bad.summary
    assert bad.witness["line"] == 9


def test_array_parameter_is_a_pointer_parameter():
    # `int a[]` declares a pointer parameter, as in C: checked like `int *a`.
    verdict = check_spec(parse_spec_kernel(HERE / "syntax" / "array_parameter.cu")).verdict
    assert verdict.status is Status.VERIFIED, verdict.summary
    racy = check_spec(parse_spec_kernel(HERE / "syntax" / "array_parameter_race.cu")).verdict
    assert racy.status is Status.VIOLATION
    assert "write of a[...] without write permission" in racy.summary
