"""The one preprocessing that the proof and every device build share (issue 8, class 1)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from veriscan.check import check_generic
from veriscan.errors import KernelSourceError
from veriscan.frontend import parse_kernel
from veriscan.frontend.clang_parse import parse_unit
from veriscan.frontend.foreign_names import _side_names, genericity_problems
from veriscan.frontend.preprocess import preprocess
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
    # #pragma in its operator form (here made by a macro) meets the same allow-list
    ("pragma_operator.cl", "'_Pragma' is not supported", 5),
    ("include.cl", "a kernel must be one self-contained file", 2),
    # text veriscan's preprocessor and a C compiler cut into comments differently
    ("trigraph_splice.cl", "trigraph '??/' is not supported", 7),
    ("form_feed_comment.cl", "character U+000C inside a // comment", 6),
    ("line_separator_comment.cl", "character U+2028 inside a // comment", 6),
    ("comment_splice.cl", "a // comment continued onto the next line by a line splice", 6),
    ("raw_string.cu", "a raw string literal is not supported", 6),
    ("splice_inside_token.cl", "a line splice inside a token is not supported", 5),
    # macros veriscan's preprocessor would expand otherwise than a compiler
    ("variadic_comma.cl", "'## __VA_ARGS__' and '__VA_OPT__' are not supported", 4),
    ("position_in_argument.cl", "__LINE__ in a macro's arguments is not supported", 9),
    ("stringify_tokens.cl", "stringifies an argument of several tokens", 6),
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
    # Defined only where the monoid is CUDA C++ (a CUDA kernel run as written).
    ("#ifndef VS_IV_CUDA\nint x;\n#endif\n", {}, "'VS_IV_CUDA' is defined by the placeholder"),
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


# The scan-kernel attacks (a ``// veriscan:`` header); the others are plain kernels
# run with ``check`` (test_adversarial), whose truth is a race, not genericity.
SCAN_ATTACKS = sorted(p for p in ATTACKS.glob("*.cl") if "\n// veriscan:" in p.read_text())


@pytest.mark.parametrize("path", SCAN_ATTACKS, ids=lambda p: p.name)
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


# ------------------------------------------- names a compiler may define (finding F3)
def directive_problems(source: str, file: str = "k.cl",
                       defines: dict[str, str] | None = None) -> list[tuple[int, str]]:
    dialect = ir.Dialect.CUDA if file.endswith(".cu") else ir.Dialect.OPENCL
    pre = preprocess(source, file, defines)
    return [(at.line, message) for at, message in genericity_problems(pre, dialect)]


# The red team's names (spec-mandated, header, target and nvcc macros), and relatives.
COMPILER_NAMES = {
    "k.cl": ["__OPENCL_VERSION__", "__IMAGE_SUPPORT__", "CLK_LOCAL_MEM_FENCE", "INT_MAX",
             "CHAR_BIT", "FLT_MAX", "M_PI", "MAXFLOAT", "HUGE_VALF", "INFINITY", "NAN", "NULL",
             "FP_FAST_FMAF", "__FAST_RELAXED_MATH__", "__SPIR__", "__ENDIAN_BIG__",
             "M_PI_F", "DBL_EPSILON", "HALF_MAX", "CL_VERSION_3_0", "cl_amd_media_ops",
             "__opencl_c_generic_address_space", "kernel_exec", "true", "global",
             "get_local_id", "barrier", "ULONG_MAX", "__pocl__", "_Bool_MAX"],
    "k.cu": ["__NVCC__", "__CUDACC_VER_MAJOR__", "__CUDA_ARCH_LIST__", "__CUDACC_RTC__",
             "CUDART_VERSION", "CUDART_PI_F", "INT32_MAX", "NULL", "threadIdx", "my__name",
             "NV_IS_DEVICE", "M_PI"],
}


@pytest.mark.parametrize(("file", "name"), [(f, n) for f, names in COMPILER_NAMES.items()
                                            for n in names])
@pytest.mark.parametrize("directive", ["#ifdef {}", "#ifndef {}", "#if defined({}) || 0",
                                       "#if 0\n#elif {} > 1"])
def test_a_directive_on_a_compiler_name_is_reported_with_name_and_line(
        file: str, name: str, directive: str) -> None:
    source = "int a;\n" + directive.format(name) + "\nint b;\n#endif\n"
    found = directive_problems(source, file)
    line = source.count("\n", 0, source.index(name)) + 1
    assert any(at == line and f"'{name}'" in message for at, message in found), found


@pytest.mark.parametrize(("source", "defines"), [
    ("#ifndef BLOCK_SIZE\n#define BLOCK_SIZE 256\n#endif\nint a[BLOCK_SIZE];\n", {}),
    ("#ifndef BLOCK_SIZE\n#define BLOCK_SIZE 256\n#endif\nint a[BLOCK_SIZE];\n",
     {"BLOCK_SIZE": "64"}),
    ("#if N > 64\nint big;\n#elif N == 64\nint same;\n#endif\n", {"N": "128"}),
    ("#define FOO 3\n#if defined(FOO) && FOO > 2\nint a;\n#endif\n", {}),
    ("#if defined(FOO) && FOO > 2\nint a;\n#endif\n", {}),         # the kernel's name, unset
    ("#if defined(FOO) && FOO > 2\nint a;\n#endif\n", {"FOO": "3"}),
    ("#ifdef TILE\n#undef TILE\n#endif\n#define TILE 4\n", {}),
    # A compiler's name the kernel itself defined or undefined first is the kernel's.
    ("#define __MY_CONFIG 1\n#if __MY_CONFIG\nint a;\n#endif\n", {}),
    ("#undef NULL\n#ifdef NULL\nint a;\n#endif\n", {}),
    ("#if 0\n#ifdef __OPENCL_VERSION__\n#endif\n#endif\n", {}),    # never asked
])
def test_the_kernels_own_configuration_macros_stay_generic(source: str,
                                                           defines: dict[str, str]) -> None:
    assert directive_problems(source, "k.cl", defines) == []


def test_an_own_default_proves_as_before() -> None:
    source = ("#ifndef BLOCK_SIZE\n#define BLOCK_SIZE 64\n#endif\n"
              "#if defined(STRIDE) && STRIDE > 2\n#define STEP STRIDE\n#else\n#define STEP 1\n"
              "#endif\n__kernel void k(__global int *out) {\n"
              "  __local int buf[BLOCK_SIZE];\n  uint t = get_local_id(0);\n"
              "  buf[t] = t;\n  barrier(CLK_LOCAL_MEM_FENCE);\n"
              "  out[get_global_id(0)] = buf[(t + STEP) % BLOCK_SIZE];\n}\n")
    for defines in ({}, {"STRIDE": "3"}):
        kernel = parse_kernel("own_defaults.cl", source=source, defines=defines)
        assert not [s for s in walk(kernel.body) if isinstance(s, ir.Unsupported)]


def test_cuda_arch_is_defined_everywhere_but_its_value_is_an_assumption() -> None:
    assert directive_problems("#ifdef __CUDA_ARCH__\nint a;\n#endif\n", "k.cu") == []
    assert directive_problems("#if defined(__CUDACC__)\nint a;\n#endif\n", "k.cu") == []
    found = directive_problems("int x;\n#if __CUDA_ARCH__ >= 700\nint a;\n#endif\n", "k.cu")
    assert found and found[0][0] == 2 and "'__CUDA_ARCH__' is 350 only by veriscan's" in \
        found[0][1]
    assert directive_problems("int x = __CUDA_ARCH__;\n", "k.cu")  # a use in the code too
    assert directive_problems("#if __CUDA_ARCH__ >= 700\nint a;\n#endif\n", "k.cu",
                              {"__CUDA_ARCH__": "800"}) == []


@pytest.mark.parametrize(("source", "file", "expected"), [
    ("#if 0x7FFFFFFFFFFFFFFF + 1 < 0\n#endif\n", "k.cl", "signed overflow"),
    ("#if '\\377' < 0\n#endif\n", "k.cl", "whether char is signed"),
    ("#if __has_builtin(__builtin_expect)\n#endif\n", "k.cl", "'__has_builtin(...)'"),
    ("#define HAVE(x) defined(x)\n#if HAVE(MINE)\n#endif\n", "k.cl", "'defined' produced"),
    ("#if 1 << 64\n#endif\n", "k.cu", "shift count"),
])
def test_a_value_compilers_disagree_on_is_reported(source: str, file: str,
                                                   expected: str) -> None:
    found = directive_problems(source, file)
    assert any(expected in message for _, message in found), found
