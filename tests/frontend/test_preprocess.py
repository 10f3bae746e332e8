"""The one preprocessing that the proof and every device build share (issue 8, class 1)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from veriscan.check import check_generic
from veriscan.errors import KernelSourceError
from veriscan.frontend import parse_kernel
from veriscan.frontend.clang_parse import parse_unit
from veriscan.frontend.preprocess import _side_names, genericity_problems, preprocess
from veriscan.functional import scan_runner
from veriscan.ir import nodes as ir
from veriscan.ir.visit import walk
from veriscan.monoids import get_monoid
from veriscan.scankernel import load_scan_kernel, shipped_kernel_files
from veriscan.verdict import Status

HERE = Path(__file__).resolve().parent / "preprocess_kernels"
ROOT = Path(__file__).resolve().parents[2]
ATTACKS = ROOT / "tests" / "adversarial" / "class1"


def problems(source: str, defines: dict[str, str] | None = None,
             device: tuple[str, ...] = ()) -> list[str]:
    pre = preprocess(source, "k.cl", {"N": "4", **(defines or {})})
    return [message for _, message in genericity_problems(pre, ir.Dialect.OPENCL, device)]


def test_text_keeps_every_token_on_its_line_and_column() -> None:
    source = (HERE / "positions.cl").read_text()
    pre = preprocess(source, "positions.cl", {"N": "8"})
    lines = pre.text.splitlines()
    # Directives and comments leave blank lines; code stays where it was written.
    assert lines[8] == "    int back = 5- - 1;"  # NEG's '-' cannot fuse into '--'
    assert lines[10].startswith("    for (uint k = 0; k < 8")  # columns kept before a macro
    assert "".join(lines[10].split()) == "for(uintk=0;k<8;k=((k)+1)){"
    assert lines[11] == "        acc = OPERATOR(acc, in[k]);"
    assert all("#" not in line for line in lines)
    # TYPE, OPERATOR and IDENTITY stay bare names for each side to define.
    assert {"TYPE", "OPERATOR", "IDENTITY"} <= pre.identifiers and "N" not in pre.identifiers


def test_analysis_positions_are_the_users_lines() -> None:
    kernel = parse_kernel(HERE / "positions.cl", defines={"N": "8"})
    stores = [s for s in walk(kernel.body) if isinstance(s, ir.Store)]
    assert [(s.array, s.pos.line) for s in stores] == [("out", 13)]
    assert kernel.source == (HERE / "positions.cl").read_text()  # witnesses quote the file


@pytest.mark.parametrize(("name", "message", "line"), [
    ("stray_hash.cl", "'#' outside a preprocessor directive", 4),
    ("digraph_if.cl", "'%:' outside a preprocessor directive", 3),
    ("pragmas.cl", "#pragma push_macro is not supported", 6),
    ("include.cl", "a kernel must be one self-contained file", 2),
])
def test_what_would_read_differently_downstream_is_bad_input(name: str, message: str,
                                                             line: int) -> None:
    with pytest.raises(KernelSourceError) as err:
        parse_kernel(HERE / name, defines={"N": "4"})
    assert message in str(err.value)
    assert err.value.pos is not None and err.value.pos.line == line


def test_allowed_pragma_passes_verbatim_on_its_line() -> None:
    source = (HERE / "pragmas.cl").read_text().replace('#pragma push_macro("TYPE")\n', "")
    pre = preprocess(source, "pragmas.cl", {"N": "4"})
    assert pre.text.splitlines()[2] == "#pragma unroll 2"


def test_side_names_are_read_from_the_preludes() -> None:
    names = _side_names(ir.Dialect.OPENCL)
    # monoid functions and macros, includer-provided macros, the placeholders' own names
    assert {"vs_interval_op", "VS_IV_ONE", "VS_IV_HALF", "VS_LIST_CAP",
            "__veriscan_operator", "vs_batch_offset"} <= names
    # the dialect's environment and the three placeholders are shared, not foreign
    assert not names & {"get_local_id", "get_global_id", "barrier", "CLK_LOCAL_MEM_FENCE",
                        "uint", "TYPE", "OPERATOR", "IDENTITY", "N"}


@pytest.mark.parametrize(("source", "defines", "expected"), [
    ("int x = VS_IV_ONE;", {}, "'VS_IV_ONE' is defined by the placeholder or monoid"),
    ("#ifdef VS_IV_HALF\n#endif\n", {}, "'VS_IV_HALF' is defined by the placeholder"),
    ("#if defined(vs_list_cat)\n#endif\n", {}, "'vs_list_cat' is defined by"),
    ("int x;", {"VS_IV_ANY_ORDER": "1"}, "(named by a -D option)"),
    ("int x = __LINE__;", {}, "'__LINE__' is defined by the compiler"),
    ("#if __COUNTER__\n#endif\n", {}, "'__COUNTER__' is defined by the compiler"),
    ("int v = __OPENCL_C_VERSION__;", {}, "'__OPENCL_C_VERSION__' is defined by the"),
    ("#define S(x) #x\nconst char *s = S(TYPE);", {}, "'TYPE' stringified or pasted"),
    ("#define P(a, b) a##b\nint P(x, OPERATOR);", {}, "'OPERATOR' stringified or pasted"),
    ("#ifndef IDENTITY\n#endif\n", {}, "preprocessor directive on 'IDENTITY'"),
    ("#undef N\nint N = 3;", {}, "'N' is defined by the device build (-DN)"),
])
def test_what_differs_between_proof_and_run_is_found(source: str, defines: dict[str, str],
                                                     expected: str) -> None:
    found = problems(source, defines)
    assert any(expected in message for message in found), found


def test_a_device_prelude_adds_its_own_names() -> None:
    assert problems("int x = MY_SCALE;") == []
    found = problems("int x = MY_SCALE;", device=("#define MY_SCALE 3\n",))
    assert found and "'MY_SCALE' is defined by the device prelude" in found[0]


def test_environment_and_placeholders_alone_are_generic() -> None:
    kernel = parse_kernel(HERE / "environment_names.cl", defines={"N": "8"})
    assert check_generic(kernel).status is Status.VERIFIED


@pytest.mark.parametrize("path", sorted(ATTACKS.glob("*.cl")), ids=lambda p: p.name)
def test_class1_attacks_are_not_generic(path: Path) -> None:
    kernel = load_scan_kernel(str(path))
    verdict = check_generic(parse_kernel(path, source=kernel.source, defines={
        "N": "4", **({"VS_IV_ANY_ORDER": "1"} if "VS_IV_ANY_ORDER" in kernel.source else {})}))
    assert verdict.status is Status.VIOLATION and "not generic" in verdict.summary


def test_the_device_builds_the_text_the_proof_parsed() -> None:
    kernel = load_scan_kernel("kogge_stone")
    monoid = get_monoid("add", "int32")
    text = scan_runner._kernel_text(kernel, monoid, 16)
    proved = parse_unit(str(kernel.path), kernel.source, ir.Dialect.OPENCL,
                        kernel.macros(16)).preprocessed
    assert text is proved  # one preprocessing, shared
    program = scan_runner.prepare_scan(kernel, monoid, 16)
    assert np.array_equal(program.run(np.ones(16, dtype=np.int32)), np.arange(1, 17))


def test_the_device_refuses_a_kernel_naming_the_monoid() -> None:
    kernel = load_scan_kernel(str(ATTACKS / "monoid_identity_name.cl"))
    with pytest.raises(KernelSourceError, match="not generic: 'VS_IV_ONE'"):
        scan_runner.prepare_scan(kernel, get_monoid("add", "int32"), 4)


def test_every_shipped_kernel_preprocesses_without_foreign_names() -> None:
    for path in shipped_kernel_files():
        dialect = ir.Dialect.CUDA if path.suffix == ".cu" else ir.Dialect.OPENCL
        pre = preprocess(path.read_text(), str(path), {"N": "16"})
        assert genericity_problems(pre, dialect) == [], path
        assert pre.text.count("\n") >= path.read_text().count("\n") - 1, path


def test_device_compiler_messages_name_the_users_file_and_line() -> None:
    kernel = load_scan_kernel(str(HERE / "device_error.cl"))
    with pytest.raises(KernelSourceError) as err:
        scan_runner.prepare_scan(kernel, get_monoid("add", "int32"), 4)
    # The monoid's lines come first in the program, yet the line is the file's own.
    assert f"{HERE / 'device_error.cl'}:9:9" in (err.value.detail or "")
