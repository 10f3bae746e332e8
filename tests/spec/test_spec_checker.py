"""Checker behaviour on small kernels written for the purpose."""

import pytest

from veriscan.errors import VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.seplogic.checker import check_spec
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
    from veriscan.seplogic import annotated_kernels

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

    from veriscan.seplogic import annotated_kernels

    broken = parse_kernel(Path(__file__).resolve().parents[1] / "corpus" / "spec_broken"
                          / "bug1_read_back_makes_write.cl")
    first, second = (check_spec(broken).verdict for _ in range(2))
    assert first.status is Status.VIOLATION
    assert (first.summary, first.witness) == (second.summary, second.witness)
    assert first.details["solver"]["limit"].startswith("z3 rlimit")
    starved = check_spec(parse_kernel(annotated_kernels()["demo"]), rlimit=1).verdict
    assert starved.status is Status.UNKNOWN and "could not decide" in starved.summary
    assert starved.details["solver"]["rlimit_per_obligation"] == 1


def test_old_of_a_variable_the_kernel_declares_is_bad_input(tmp_path):
    # \old is the kernel-entry state, where only parameters have values.
    src = OWN.format(amount="write", body="a[t] = 1;\n    //@ assert a[t] == \\old(t);\n"
                                          "    a[t] = 2;")
    with pytest.raises(VeriscanError, match=r"\\old\(t\)"):
        run(tmp_path, src)


GLOBAL_IDS = """
/*@ requires Perm(a[{gid}], write);
    ensures Perm(a[{gid}], write); @*/
{kernel} void k({ptr} *a) {{
    a[{mixed}] = 1;
}}
"""


def test_launch_assumptions_of_the_encoding_are_listed(tmp_path):
    # get_global_id is group * size + local: no global work offset, and one
    # local size for every group (no OpenCL 2.0 non-uniform work-groups).
    src = GLOBAL_IDS.format(gid="get_global_id(0)", kernel="__kernel", ptr="__global int",
                            mixed="get_group_id(0) * get_local_size(0) + get_local_id(0)")
    verdict = run(tmp_path, src)
    assert verdict.status is Status.VERIFIED, verdict.summary
    listed = " ".join(verdict.details["assumptions"])
    assert "global work offset of 0" in listed and "non-uniform work-groups" in listed
    # CUDA has neither: its global index is written out by the kernel itself.
    cuda = GLOBAL_IDS.format(gid="blockIdx.x * blockDim.x + threadIdx.x", kernel="__global__",
                             ptr="int", mixed="blockIdx.x * blockDim.x + threadIdx.x")
    verdict = run(tmp_path, cuda, ".cu")
    assert verdict.status is Status.VERIFIED, verdict.summary
    assert "global work offset" not in " ".join(verdict.details["assumptions"])


def test_a_builtin_without_a_value_is_unsupported_never_some_value():
    import z3

    from veriscan.ir import nodes as n
    from veriscan.seplogic.identities import ThreadIds
    from veriscan.seplogic.terms import UnsupportedSpec

    one = (z3.IntVal(1),) * 3
    ids = ThreadIds(one, one, one, one)
    assert all(ids.builtin(kind, 0) is not None for kind in n.BuiltinKind
               if kind is not n.BuiltinKind.WORK_DIM)
    with pytest.raises(UnsupportedSpec, match="work_dim"):
        ids.builtin(n.BuiltinKind.WORK_DIM, 0)


def test_work_dim_in_an_annotation_is_the_launch_dimensions(tmp_path):
    src = """
/*@ context_everywhere get_work_dim() == 1;
    requires Perm(a[get_local_id(0)], write); ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a) {
    if (get_work_dim() == 2) { a[0] = 1; } else { a[get_local_id(0)] = 1; }
}
"""
    assert run(tmp_path, src).status is Status.VERIFIED
    bad = run(tmp_path, src.replace("context_everywhere get_work_dim() == 1;", ""))
    assert bad.status is Status.VIOLATION and "write of a" in bad.summary


MACRO_KERNEL = """{defines}
/*@ requires Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a, int n) {{ a[get_local_id(0)] = n; }}
"""


@pytest.mark.parametrize(("defines", "value"), [
    ("#define N -1u", 4294967295), ("#define N 010", 8), ("#define N (1 << 4)", 16),
    ("#define M 3\n#define N (M * M)", 9), ("#define N (-7 / 2)", -3), ("#define N 5ul", 5),
    ("/*\n#define N 8\n*/\n#if 0\n#define N 4\n#endif\n#define N (8 + 8)", 16),
])
def test_annotation_macros_have_their_c_values(tmp_path, defines, value):
    from veriscan.seplogic.macros import Macros

    path = tmp_path / "k.cl"
    path.write_text(MACRO_KERNEL.format(defines=defines))
    assert Macros(parse_kernel(path)).value("N") == value


@pytest.mark.parametrize(("defines", "why"), [
    ("#define N 1\n#undef N\n#define N 2", "defined more than once"),
    ("#define N(x) x", "function-like"),
    ("#define N (n + 1)", "not an integer constant expression"),
    ("#define N (1 / 0)", "not an integer constant expression"),
    ("#define N (2147483647 + 1)", "not an integer constant expression"),
])
def test_annotation_macros_c_cannot_give_a_value_are_unknown(tmp_path, defines, why):
    path = tmp_path / "k.cl"
    path.write_text(MACRO_KERNEL.format(defines=defines).replace("requires", "requires N > 0;"
                                                                             " requires", 1))
    verdict = check_spec(parse_kernel(path)).verdict
    assert verdict.status is Status.UNKNOWN and why in verdict.summary, verdict.summary


def test_command_line_defines_reach_annotations(tmp_path):
    from veriscan.seplogic.macros import Macros

    path = tmp_path / "k.cl"
    path.write_text(MACRO_KERNEL.format(defines=""))
    assert Macros(parse_kernel(path, defines={"N": "0x20"})).value("N") == 32


TWO_KERNELS = """
/*@ requires Perm(a[get_local_id(0)], write); @*/
__kernel void b(__global int *a) {
    //@ assert get_local_id(0) == 0;
    a[get_local_id(0)] = 2;
}
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void a(__global int *a) {
    a[get_local_id(0)] = 1;
}
"""


def test_annotations_of_another_kernel_are_its_own_unless_the_kernel_runs_it(tmp_path):
    path = tmp_path / "k.cl"
    path.write_text(TWO_KERNELS)
    assert check_spec(parse_kernel(path, entry="a")).verdict.status is Status.VERIFIED
    other = check_spec(parse_kernel(path, entry="b")).verdict
    assert other.status is Status.VIOLATION and "assertion may fail" in other.summary
    # a kernel that calls b runs b's assertion: it cannot go unchecked
    path.write_text(TWO_KERNELS.replace("a[get_local_id(0)] = 1;", "b(a);"))
    calls = check_spec(parse_kernel(path, entry="a")).verdict
    assert calls.status is Status.UNKNOWN and "which kernel 'a' calls" in calls.summary


@pytest.mark.parametrize("brk", ["\x0c", "\u2028", "\x0b", "\x1e"])
def test_contract_after_a_line_separator_in_a_comment_is_attached(tmp_path, brk):
    src = f"""/* a comment{brk}with a line separator */
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 5; @*/
__kernel void k(__global int *a) {{
    a[get_local_id(0)] = 4;
}}
"""
    verdict = run(tmp_path, src)
    assert verdict.status is Status.VIOLATION and "postcondition" in verdict.summary


def test_loop_keeps_no_value_of_a_private_array_it_writes(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0)], write); ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a, int m) {
    int p[1];
    p[0] = 0;
    //@ loop_invariant Perm(a[get_local_id(0)], write) ** p[0] >= 0 ** p[0] <= i;
    for (int i = 0; i < m; i++) { p[0] = p[0] + 1; }
    //@ assert p[0] == 0;
    a[get_local_id(0)] = p[0];
}
"""
    bad = run(tmp_path, src)
    assert bad.status is Status.VIOLATION and "assertion may fail" in bad.summary
    fixed = src.replace("//@ assert p[0] == 0;", "//@ assert p[0] >= 0;")
    assert run(tmp_path, fixed).status is Status.VERIFIED


def test_read_of_a_variable_assigned_in_an_earlier_iteration_only_is_unknown(tmp_path):
    src = """
/*@ requires Perm(a[get_local_id(0)], write); ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a, int m) {
    int last;
    //@ loop_invariant Perm(a[get_local_id(0)], write);
    for (int i = 0; i < m; i++) { last = i; }
    a[get_local_id(0)] = last;
}
"""
    verdict = run(tmp_path, src)
    assert verdict.status is Status.UNKNOWN and "may not have been assigned" in verdict.summary


def test_the_same_check_spends_the_same_resources_whatever_ran_before():
    # Z3 reuses a freed term's id, and Python frees terms held in cycles whenever
    # its collector runs, which depends on the whole process's history: the search,
    # and a verdict near the budget with it, must not.
    import gc

    from veriscan.seplogic import annotated_kernels

    kernel = parse_kernel(annotated_kernels()["kogge_stone_perms"])
    thresholds = gc.get_threshold()
    spent = []
    try:
        for threshold in (1, 100_000, 7):
            gc.set_threshold(threshold, 1, 1)
            cycles = [[] for _ in range(5000)]
            for c in cycles:
                c.append(c)  # garbage for the collector to find part-way
            del cycles
            verdict = check_spec(kernel).verdict
            assert verdict.status is Status.VERIFIED
            spent.append(verdict.details["solver"]["rlimit_spent"])
    finally:
        gc.set_threshold(*thresholds)
    assert spent[0] > 0 and spent.count(spent[0]) == len(spent), spent


NEIGHBOUR = """
/*@ requires Perm(a[get_local_id(0)], write) **
             Perm(b[(get_local_id(0) + 1) % get_local_size(0)], read); @*/
__kernel void k(__global int *a, __global int *b) {
    int t = get_local_id(0);
    a[t] = b[(t + 1) % get_local_size(0)];
}
"""


def test_a_counterexample_obeys_the_device_limits_the_verdict_assumes(tmp_path):
    # Without the limits the solver finds local_size = 2^63 + 1, where the index
    # computed in size_t wraps; no device launches that, so the kernel verifies.
    ok = run(tmp_path, NEIGHBOUR)
    assert ok.status is Status.VERIFIED, ok.summary
    # A defect within the limits is still a violation, its witness within them.
    bad = run(tmp_path, NEIGHBOUR.replace("a[t] = b", "a[t + 1] = b"))
    assert bad.status is Status.VIOLATION
    assert int(bad.witness["thread"]["local_id[0]"]) < 2 ** 13



SHIFT = """
/*@ context_everywhere blockDim.x >= 1 && 0 <= s && s < {bound};
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write);
    ensures {post}; @*/
__global__ void k(int *a, int s) {{
    a[threadIdx.x] = {expr};
}}
"""


@pytest.mark.parametrize("expr, post", [
    ("1 << s", "a[threadIdx.x] > 0"),
    ("(1 << s) >> s", "a[threadIdx.x] == 1"),
    ("-64 >> (s % 7)", "a[threadIdx.x] < 0 && a[threadIdx.x] >= -64")])
def test_a_shift_by_a_variable_count_is_exact(tmp_path, expr, post):
    # one linear case per count: a CUDA shift that is defined has its value known
    verdict = run(tmp_path, SHIFT.format(bound=31, expr=expr, post=post), ".cu")
    assert verdict.status is Status.VERIFIED, verdict.summary


@pytest.mark.parametrize("expr, bound", [("1 << s", 32), ("-1 << (s % 3)", 31)])
def test_a_shift_by_a_variable_count_that_loses_bits_is_undefined(tmp_path, expr, bound):
    # 1 << 31 does not fit an int, and a negative value shifted left is undefined in C++
    verdict = run(tmp_path, SHIFT.format(bound=bound, expr=expr, post="true"), ".cu")
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert "'<<' of a negative or too large int" in verdict.summary
