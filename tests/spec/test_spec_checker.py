"""Checker behaviour on small kernels written for the purpose."""

import pytest

from veriscan.errors import VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.spec.checker import check_spec
from veriscan.verdict import Status


def run(tmp_path, source, suffix=".cl"):
    path = tmp_path / f"k{suffix}"
    path.write_text(source)
    return check_spec(parse_kernel(path), rlimit=20_000_000).verdict


OWN = """
/*@ requires Perm(a[get_local_id(0)], {amount});
    ensures Perm(a[get_local_id(0)], {amount}); @*/
__kernel void k(__global int *a) {{
    int t = get_local_id(0);
    {body}
}}
"""


def test_read_permission_allows_reads_not_writes(tmp_path):
    ok = run(tmp_path, OWN.format(amount="read", body="int v = a[t];"))
    assert ok.status is Status.VERIFIED
    bad = run(tmp_path, OWN.format(amount="read", body="a[t] = 1;"))
    assert bad.status is Status.VIOLATION and "write of a" in bad.summary


def test_half_is_not_a_write(tmp_path):
    bad = run(tmp_path, OWN.format(amount="1\\2", body="a[t] = 1;"))
    assert bad.status is Status.VIOLATION and bad.witness["obligation"] == "write permission"


def test_overlapping_entry_permissions_are_rejected(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0) / 2], 1\\2); @*/
__kernel void k(__global int *a) { }
"""
    # two threads, half each: fine; three would not be, but t/2 gives at most two
    assert run(tmp_path, src).status is Status.UNKNOWN  # fractions given twice: not countable
    src = src.replace("1\\2", "write")
    bad = run(tmp_path, src)
    assert bad.status is Status.VIOLATION and "two threads" in bad.summary


def test_reads_never_add_up_to_a_write_at_a_barrier(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0)], read);
    requires Perm(a[(get_local_id(0) + 1) % get_local_size(0)], read); @*/
__kernel void k(__global int *a) {
    int t = get_local_id(0);
    /*@ requires Perm(a[t], read) ** Perm(a[(t + 1) % get_local_size(0)], read);
        ensures Perm(a[t], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    a[t] = 0;
}
"""
    bad = run(tmp_path, src)
    assert bad.status is Status.VIOLATION and "did not hand in" in bad.summary


def test_values_of_locations_not_held_are_forgotten_at_a_barrier(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 7; @*/
__kernel void k(__global int *a) {
    int t = get_local_id(0);
    a[t] = 7;
    /*@ requires Perm(a[t], write);
        ensures Perm(a[t], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
}
"""
    bad = run(tmp_path, src)
    assert bad.status is Status.VIOLATION and "postcondition does not hold" in bad.summary
    kept = src.replace("requires Perm(a[t], write);\n        ensures Perm(a[t], write); @*/",
                       "requires true; @*/")
    assert run(tmp_path, kept).status is Status.VERIFIED


def test_unframed_assertion_is_rejected(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0)], write) ** a[0] == 1; @*/
__kernel void k(__global int *a) { a[get_local_id(0)] = 2; }
"""
    bad = run(tmp_path, src)
    assert bad.status is Status.VIOLATION and bad.witness["obligation"] == "framing"


def test_loop_without_invariant_keeps_no_permissions(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a, int m) {
    for (int i = 0; i < m; i++) { a[get_local_id(0)] = i; }
}
"""
    bad = run(tmp_path, src)
    assert bad.status is Status.VIOLATION and "write of a" in bad.summary
    fixed = src.replace("__kernel", "__kernel", 1).replace(
        "    for", "    //@ loop_invariant Perm(a[get_local_id(0)], write);\n    for")
    assert run(tmp_path, fixed).status is Status.VERIFIED


@pytest.mark.parametrize(("annotation", "reason"), [
    ("/*@ given int g; requires true; @*/", "annotation keyword 'given'"),
    ("/*@ requires foo(1) == 2; @*/", "function 'foo'"),
    ("/*@ context_everywhere a.size == 4; @*/", "'a.size'"),
    ("/*@ ensures \\result == 0; @*/", "annotation construct \\result"),
    ("/*@ requires \\length(a) > 0; @*/", "annotation construct \\length"),
])
def test_unsupported_annotation_gives_unknown(tmp_path, annotation, reason):
    verdict = run(tmp_path, annotation + "\n__kernel void k(__global int *a) { }\n")
    assert verdict.status is Status.UNKNOWN and reason in verdict.summary


def test_barrier_under_thread_dependent_condition_is_unknown(tmp_path):
    src = """
__kernel void k(__global int *a) {
    if (get_local_id(0) < 3) { barrier(CLK_LOCAL_MEM_FENCE); }
}
"""
    verdict = run(tmp_path, src)
    assert verdict.status is Status.UNKNOWN and "lock-step" in verdict.summary


def test_unknown_name_and_misplaced_annotation_are_bad_input(tmp_path):
    with pytest.raises(VeriscanError, match="unknown name 'zz'"):
        run(tmp_path, "/*@ requires zz > 0; @*/\n__kernel void k(__global int *a) { }\n")
    src = "__kernel void k(__global int *a) {\n  int x = 1;\n  //@ requires x > 0;\n  x = 2;\n}\n"
    with pytest.raises(VeriscanError, match="must be followed by the kernel, a loop or a barrier"):
        run(tmp_path, src)


def test_values_only_cross_a_barrier_that_fences_their_memory(tmp_path):
    from veriscan.spec import annotated_kernels

    source = annotated_kernels()["demo"].read_text()
    assert run(tmp_path, source).status is Status.VERIFIED
    local_only = source.replace("barrier(CLK_GLOBAL_MEM_FENCE);", "barrier(CLK_LOCAL_MEM_FENCE);")
    verdict = run(tmp_path, local_only)
    assert verdict.status is Status.VIOLATION
    # Neither values nor permissions on global memory cross a local fence.
    assert "does not fence global memory" in verdict.summary


PRIVATE = """
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out) {
    int buf[4];
    int t = get_local_id(0);
    buf[INDEX] = t;
    /*@ requires Perm(out[t], write) ** buf[0] == t;
        ensures Perm(out[t], write) ** buf[0] == CLAIM; @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[t] = buf[0];
}
"""


def test_private_arrays_are_per_thread_and_bounded(tmp_path):
    ok = PRIVATE.replace("INDEX", "0").replace("CLAIM", "t")
    assert run(tmp_path, ok).status is Status.VERIFIED
    # another thread's private copy says nothing about ours
    borrowed = PRIVATE.replace("INDEX", "0").replace("CLAIM", "(t + 1) % get_local_size(0)")
    verdict = run(tmp_path, borrowed)
    assert verdict.status is Status.VIOLATION and "does not follow" in verdict.summary
    outside = PRIVATE.replace("INDEX", "4").replace("CLAIM", "t")
    verdict = run(tmp_path, outside)
    assert verdict.status is Status.VIOLATION and "outside its 4 elements" in verdict.summary


def test_static_local_array_permissions_must_fit_the_array(tmp_path):
    src = """
/*@ context_everywhere get_local_size(0) <= LIMIT;
    requires Perm(tmp[get_local_id(0)], write); @*/
__kernel void k(__global int *out) {
    __local int tmp[64];
    tmp[get_local_id(0)] = 1;
}
"""
    assert run(tmp_path, src.replace("LIMIT", "64")).status is Status.VERIFIED
    verdict = run(tmp_path, src.replace("LIMIT", "65"))
    assert verdict.status is Status.VIOLATION and "outside tmp[64]" in verdict.summary


def test_solver_budget_is_deterministic_recorded_and_never_verifies_when_exhausted():
    from pathlib import Path

    from veriscan.spec import annotated_kernels

    broken = parse_kernel(Path(__file__).resolve().parents[1] / "corpus" / "spec_broken"
                          / "bug1_read_back_makes_write.cl")
    first, second = (check_spec(broken).verdict for _ in range(2))
    assert first.status is Status.VIOLATION
    assert (first.summary, first.witness) == (second.summary, second.witness)
    assert first.details["solver"]["limit"].startswith("z3 rlimit")
    starved = check_spec(parse_kernel(annotated_kernels()["demo"]), rlimit=1).verdict
    assert starved.status is Status.UNKNOWN and "could not decide" in starved.summary
    assert starved.details["solver"]["rlimit_per_obligation"] == 1
