"""TYPE in code the compiler works out by itself is not generic (red team FV-2, FV-3).

Enumerators, array bounds, ``__typeof__``, attribute arguments, template
arguments and defaults, bit-field widths, a barrier's flags: the compiler
folds them for each monoid apart and the IR never holds them, so the type-flow
walk must find TYPE there (and wherever a folded declaration is used from),
and overload resolution (``enable_if``, ``overloadable``, C++ overloads and
specialisations) must not pick the body by TYPE.  Compile-time code that does
not involve TYPE stays generic.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.check import check_generic
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk
from veriscan.verdict import Status

KERNELS = Path(__file__).resolve().parent / "kernels"
FOLDED = "uses TYPE in code the compiler works out by itself"


def breaking(path: Path, entry: str) -> list[tuple[int, str]]:
    kernel = parse_kernel(path, entry=entry, defines={"N": "4"})
    return [(s.pos.line, s.construct) for s in walk(kernel.body)
            if isinstance(s, ir.Unsupported) and s.breaks_genericity]


@pytest.mark.parametrize(("entry", "line", "words"), [
    ("implicit_enumerator", 2, FOLDED),   # AFTER_IT follows from UNSIGNED_TYPE
    ("chained_enumerator", 2, FOLDED),    # CHAINED is defined from UNSIGNED_TYPE
    ("typedef_bound", 4, FOLDED),
    ("typeof_operand", 32, "'( acc )' " + FOLDED),
    ("attribute_names", 2, FOLDED),       # aligned(UNSIGNED_TYPE ? 16 : 8)
    ("attribute_names", 39, "attribute 'Alignas' use 'element_t' (built from TYPE)"),
    ("parameter_bound", 11, FOLDED),      # a helper's parameter type
    ("barrier_flags", 51, FOLDED),        # folded by the lowering, never lowered
    ("enable_if_overloads", 57, "the call of 'pick' passes or returns values typed by "
                                "TYPE and a function of that name has an enable_if"),
    ("plain_overloads", 62, "the file declares several functions of that name"),
])
def test_type_in_folded_opencl_code_breaks_genericity(entry: str, line: int,
                                                      words: str) -> None:
    found = breaking(KERNELS / "folded_leaks.cl", entry)
    assert any(at == line and words in text for at, text in found), found
    verdict = check_generic(parse_kernel(KERNELS / "folded_leaks.cl", entry=entry,
                                         defines={"N": "4"}))
    assert verdict.status is Status.VIOLATION


@pytest.mark.parametrize(("entry", "line", "words"), [
    ("template_argument", 13, FOLDED),
    ("template_default", 3, FOLDED),
    ("template_instance", 23, "TYPE as a template argument"),
    ("specialised_member", 29, "the call of 'go' passes or returns values typed by TYPE"),
    ("underlying_type", 8, "an enumeration based on TYPE"),
    ("bit_field_width", 9, FOLDED),
])
def test_type_in_folded_cuda_code_breaks_genericity(entry: str, line: int, words: str) -> None:
    found = breaking(KERNELS / "folded_leaks.cu", entry)
    assert any(at == line and words in text for at, text in found), found


def test_one_report_per_folded_expression() -> None:
    """``((TYPE)-1) > 0`` is one leak, not one per operand, cast and parenthesis."""
    assert len(breaking(KERNELS / "folded_leaks.cl", "typedef_bound")) == 1


@pytest.mark.parametrize(("file", "entry"), [("folded.cl", "plain_constants"),
                                             ("folded_cuda.cu", None)])
def test_compile_time_code_without_type_stays_generic(file: str, entry: str | None) -> None:
    """Enumerators, array bounds (typedef'd too), an aligned attribute, a static
    assertion, a template argument and overloads that never see TYPE."""
    kernel = parse_kernel(KERNELS / file, entry=entry, defines={"N": "16"})
    assert not [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]
    assert check_generic(kernel).status is Status.VERIFIED
