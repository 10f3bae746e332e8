"""Every change of pointee type and every type query on TYPE is seen (issue 8, class 2).

Clang shows an implicit conversion only where the canonical types differ, and
the proof parses TYPE as ``int``: the kernels here convert through
initialisers, arguments, returns and casts, with and without a conversion
node, and ask sizeof/_Alignof/vec_step/_Generic questions about TYPE.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.analysis.genericity import genericity_issues
from veriscan.check import check_generic
from veriscan.errors import SourcePos
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk
from veriscan.verdict import Status

KERNELS = Path(__file__).resolve().parent / "kernels" / "conversions.cl"


def leaks(entry: str) -> list[ir.Unsupported]:
    kernel = parse_kernel(KERNELS, entry=entry, defines={"N": "4"})
    return [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]


@pytest.mark.parametrize(("entry", "line", "words"), [
    ("typedef_only", 9, "initialisation of 'raw' turns a pointer to TYPE into a pointer to int"),
    ("helper_argument", 15, "passing an argument to 'low_bits' turns a pointer to TYPE"),
    ("returned", 5, "turns a pointer to TYPE into a pointer to uint"),
    ("addresses", 38, "turns a pointer to TYPE into the number ulong"),
])
def test_conversions_of_type_pointers_are_not_generic(entry: str, line: int,
                                                     words: str) -> None:
    verdict = check_generic(parse_kernel(KERNELS, entry=entry, defines={"N": "4"}))
    assert verdict.status is Status.VIOLATION
    problems = [(int(i["at"].split(":")[-2]), i["problem"]) for i in verdict.witness["issues"]]
    assert any(at == line and words in text for at, text in problems), problems


def test_every_size_query_on_type_is_reported_at_its_line() -> None:
    found = [(u.pos.line, u.construct) for u in leaks("size_queries") if u.breaks_genericity]
    assert [line for line, _ in found] == [27, 28, 29, 30, 31, 32]
    assert "sizeof ( TYPE )" in found[0][1] and "_Alignof ( tagged )" in found[1][1]


def test_other_element_types_are_unknown_not_a_genericity_violation() -> None:
    (leak,) = leaks("bytes_of_uint")
    assert not leak.breaks_genericity
    assert "pointer to uint into a pointer to uchar" in leak.construct


def test_const_views_typedef_names_and_plain_sizes_stay_generic() -> None:
    assert leaks("harmless") == []
    verdict = check_generic(parse_kernel(KERNELS, entry="harmless", defines={"N": "4"}))
    assert verdict.status is Status.VERIFIED


def test_a_type_element_read_into_an_int_variable_is_reported() -> None:
    """The second line of defence, on IR built by hand: a load that changes type."""
    pos = SourcePos("hand.cl", 3)
    kernel = ir.Kernel("k", ir.Dialect.OPENCL,
                       [ir.Param("in", ir.GENERIC, ir.MemSpace.GLOBAL, True)], [],
                       [ir.Load(pos, "bits", "in", ir.Const(pos, ir.LONG, 0))],
                       "hand.cl", "", var_types={"bits": ir.INT})
    (issue,) = genericity_issues(kernel)
    assert issue.pos == pos and issue.message == "an element of in (TYPE) is read as int"


def test_size_queries_hidden_in_file_scope_declarations_are_found() -> None:
    """An enumerator or a typedef used by the kernel is read where it is defined."""
    found = [(u.pos.line, u.construct) for u in leaks("hidden_in_declarations")
             if u.breaks_genericity]
    assert [line for line, _ in found] == [58, 59]


def test_const_type_references_are_generic_and_read_where_used() -> None:
    """``const TYPE &`` operands bind to the array elements (no copy, no cast)."""
    kernel = parse_kernel(KERNELS.parent / "const_reference_scan.cu", defines={"N": "8"})
    assert check_generic(kernel).status is Status.VERIFIED
    loads = [s.array for s in walk(kernel.body) if isinstance(s, ir.Load)]
    assert loads.count("data") == 3  # partial, b inside combine, the final copy


def test_auto_variables_keep_the_type_of_their_initialiser() -> None:
    kernel = parse_kernel(KERNELS.parent / "auto_scan.cu", defines={"N": "8"})
    assert check_generic(kernel).status is Status.VERIFIED
    assert kernel.var_types["partial"] == ir.GENERIC and kernel.var_types["last"] == ir.GENERIC
