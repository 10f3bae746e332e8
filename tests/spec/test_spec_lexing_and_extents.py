"""Annotations are the comments C's lexer sees, and entry permissions stay in the buffer.

The broken variants live in tests/corpus/spec_broken (digit_separator_*,
pointer_length_cell_past_end*, buffer_argument_negative_index);
these are the controls that show the fixes reject nothing valid, and the lexing
cases that are bad input rather than a verdict (a // comment a splice continues
is refused by the front end, tests/frontend/preprocess_kernels/comment_splice.cl).
"""

import pytest

from veriscan.errors import VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.ir.nodes import Dialect
from veriscan.seplogic.checker import check_spec
from veriscan.seplogic.parser import annotation_spans, parse_annotations
from veriscan.verdict import Status


def run(tmp_path, source, suffix=".cl"):
    path = tmp_path / f"k{suffix}"
    path.write_text(source)
    return check_spec(parse_kernel(path), rlimit=20_000_000).verdict


def annotation_texts(source, dialect):
    return [source[start:end].strip() for start, end, _ in annotation_spans(source, dialect)]


def test_a_spliced_line_comment_swallows_only_the_next_line():
    source = ("// a note \\\n/*@ requires a; @*/\n/*@ requires b; @*/\n"
              "//@ requires c;\n//@ requires d;\n")
    assert annotation_texts(source, Dialect.OPENCL) == ["requires b;",
                                                        "requires c;\n//@ requires d;"]


def test_a_trigraph_splice_is_a_splice_too():
    # ??/ is a backslash to C (trigraphs are on for CL1.2 and -std=c++14)
    assert annotation_texts("// note ??/\n/*@ requires a; @*/\n", Dialect.OPENCL) == []


@pytest.mark.parametrize(("source", "expected"), [
    # C++14 digit separators: no character literal starts at the apostrophe
    ("int k = 1'000; /*@ assert k > 0; @*/\n", ["assert k > 0;"]),
    ("int k = 1'0; /* ' */ //@ requires x;\n", ["requires x;"]),
    # a raw string may hold quotes and comment openers
    ('const char *s = R"x( " /*@ requires y; @*/ " )x";\n', []),
])
def test_cuda_literals_are_lexed_as_cplusplus(source, expected):
    assert annotation_texts(source, Dialect.CUDA) == expected


def test_the_file_name_chooses_the_lexing_dialect():
    source = "int k = 1'0; /*@ requires x; @*/ int j = '0';\n"
    assert [a.start.col for a in parse_annotations(source, "k.cu")] == [17]


@pytest.mark.parametrize("source", [
    "/*@ requires Perm(a[0], write); \\\n    ensures Perm(a[0], write); @*/\n",
    "//@ requires Perm(a[0], write); \\\n   ensures Perm(a[0], write);\n",
    "/\\\n*@ requires Perm(a[0], write); @*/\n",
])
def test_a_line_splice_in_an_annotation_is_bad_input(source):
    with pytest.raises(VeriscanError, match="read differently by C's lexer near line 1"):
        parse_annotations(source, "k.cl")


def test_an_unterminated_comment_is_bad_input():
    with pytest.raises(VeriscanError, match="unterminated comment"):
        parse_annotations("/*@ requires true; @*/\nint x; /* never closed\n", "k.cl")


def test_code_after_a_digit_separator_is_attached_as_c_reads_it(tmp_path):
    source = """
/*@ requires Perm(out[threadIdx.x], write);
    ensures Perm(out[threadIdx.x], write);
    ensures out[threadIdx.x] == 1000; @*/
__global__ void k(int *out)
{
    int v = 1'000; /* a ' */ /*@ assert v == 1000; @*/
    out[threadIdx.x] = v;
}
"""
    assert run(tmp_path, source, ".cu").status is Status.VERIFIED


LENGTH = """
/*@ context_everywhere n == get_local_size(0);
    requires \\pointer_length(a) == n;
    requires Perm(a[get_local_id(0) + SHIFT], write);
    ensures Perm(a[get_local_id(0) + SHIFT], write); @*/
__kernel void k(__global int *a, int n)
{
    a[get_local_id(0) + SHIFT] = 1;
}
"""


def test_permissions_within_the_stated_length_verify(tmp_path):
    assert run(tmp_path, LENGTH.replace("SHIFT", "0")).status is Status.VERIFIED


@pytest.mark.parametrize("shift", ["1", "-1"])
def test_permissions_outside_the_stated_length_are_a_violation(tmp_path, shift):
    verdict = run(tmp_path, LENGTH.replace("SHIFT", shift))
    assert verdict.status is Status.VIOLATION
    assert "outside the buffer a[0 .. \\pointer_length(a))" in verdict.summary


def test_pointer_clause_gives_cells_within_its_length(tmp_path):
    source = """
/*@ context_everywhere get_local_size(0) == 1;
    requires \\pointer(a, n, write);
    ensures \\pointer(a, n, write); @*/
__kernel void k(__global int *a, int n)
{
    if (n > 2) { a[n - 1] = 1; }
}
"""
    assert run(tmp_path, source).status is Status.VERIFIED


def test_without_a_stated_length_only_the_buffer_start_bounds_opencl(tmp_path):
    source = LENGTH.replace("    requires \\pointer_length(a) == n;\n", "")
    assert run(tmp_path, source.replace("SHIFT", "1")).status is Status.VERIFIED
    verdict = run(tmp_path, source.replace("SHIFT", "-1"))
    assert verdict.status is Status.VIOLATION and "below a[0]" in verdict.summary


CUDA = """
/*@ context_everywhere n == blockDim.x;
    LENGTH
    requires Perm(a[threadIdx.x SHIFT], write);
    ensures Perm(a[threadIdx.x SHIFT], write); @*/
__global__ void k(int *a, int n)
{
    int t = threadIdx.x;
    a[t SHIFT] = 1;
}
"""


def test_a_cuda_pointer_may_point_into_an_allocation(tmp_path):
    # cells before the pointer are someone's allocation; only a stated length ends it
    unbounded = CUDA.replace("LENGTH", "").replace("SHIFT", "- 1")
    assert run(tmp_path, unbounded, ".cu").status is Status.VERIFIED
    bounded = CUDA.replace("LENGTH", "requires \\pointer_length(a) == n;")
    assert run(tmp_path, bounded.replace("SHIFT", "- 1"), ".cu").status is Status.VERIFIED
    verdict = run(tmp_path, bounded.replace("SHIFT", "+ 1"), ".cu")
    assert verdict.status is Status.VIOLATION and "at or past a[" in verdict.summary
