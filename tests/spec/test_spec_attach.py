"""Where annotations take effect: by their place in the code the compiler sees.

The broken variants live in tests/corpus/spec_broken (assert_end_of_*,
assert_after_statement_on_its_line, if0_braces_hide_*,
macro_argument_braces_hide_assert, called_kernel_empty_body_contract); these
are the controls that show the placement rejects nothing valid, and the
placements that are bad input or unknown rather than a verdict.
"""

import pytest

from veriscan.errors import VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.seplogic.checker import check_spec
from veriscan.verdict import Status


def run(tmp_path, source, suffix=".cl"):
    path = tmp_path / f"k{suffix}"
    path.write_text(source)
    return check_spec(parse_kernel(path), rlimit=20_000_000).verdict


CONTRACT = """/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
"""

BLOCK_ENDS = CONTRACT + """__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    int v = 0;
    if (lid == 0) {
        v = 1;
        //@ assert v == 1;
    } else { v = 2;
        //@ assert v == 2 && lid != 0;
    } out[lid] = v;
    //@ loop_invariant 0 <= j && j <= 4 && Perm(out[lid], write);
    for (int j = 0; j < 4; j++) {
        v = j;
        //@ assert v == j;
    } { v = 5; /*@ assert v == 5; @*/ } v = 6; /*@ assert v == 6; @*/ out[lid] = v;
    //@ assert out[lid] == 6;
}
"""


def test_assertions_at_the_end_of_blocks_hold_where_they_stand(tmp_path):
    verdict = run(tmp_path, BLOCK_ENDS)
    assert verdict.status is Status.VERIFIED, verdict.summary
    # each one is checked in its own block: at the end of the loop body in every iteration
    wrong = run(tmp_path, BLOCK_ENDS.replace("assert v == j;", "assert v == 3;"))
    assert wrong.status is Status.VIOLATION and "annotated assertion" in wrong.summary


DEAD_BRACES = """#define IGNORE(...)
#define SYNC barrier(CLK_GLOBAL_MEM_FENCE)
#if 0
__kernel void old(__global int *out) {
#endif
""" + CONTRACT + """__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
#if 0
    }
    __kernel void ghost(void) {
#endif
    IGNORE(} {)
    out[lid] = 1;
    /*@ requires Perm(out[lid], write); ensures Perm(out[lid], write); @*/
    SYNC;
    //@ assert out[lid] == ONE;
    IGNORE(})
    out[lid] = 2;
}
"""


def test_braces_the_compiler_never_sees_change_nothing(tmp_path):
    # Unbalanced braces in #if 0 regions and in discarded macro arguments: the kernel is
    # the compiler's; the annotations after plain code are placed (the barrier's before
    # a macro, which expands to the barrier), and the assertion is checked.
    ok = run(tmp_path, DEAD_BRACES.replace("ONE", "out[lid]"))
    assert ok.status is Status.VERIFIED, ok.summary
    wrong = run(tmp_path, DEAD_BRACES.replace("ONE", "2"))
    assert wrong.status is Status.VIOLATION and "annotated assertion" in wrong.summary


@pytest.mark.parametrize("body", [
    "int v = /*@ assert lid == 0; @*/ 1;",
    "if (lid == 0)\n        //@ assert lid == 0;\n        out[lid] = 1;",
])
def test_an_assertion_inside_a_statement_is_bad_input(tmp_path, body):
    source = CONTRACT + ("__kernel void k(__global int *out) {\n    int lid = get_local_id(0);\n"
                         f"    {body}\n}}\n")
    with pytest.raises(VeriscanError, match="stands alone, between two statements"):
        run(tmp_path, source)


def test_an_assertion_before_inlined_code_it_cannot_place_is_unknown(tmp_path):
    # h's body lowers to nothing of the statement's own: where its code begins is unknown
    source = "void h(void) { }\n" + CONTRACT + """__kernel void k(__global int *out) {
    int lid = get_local_id(0);
    //@ assert lid == 4321;
    h();
    out[lid] = 1;
}
"""
    verdict = run(tmp_path, source)
    assert verdict.status is Status.UNKNOWN and "calls function 'h'" in verdict.summary
