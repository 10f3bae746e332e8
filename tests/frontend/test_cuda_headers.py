"""CUDA system headers resolve to veriscan's stubs; any other include stays bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.check import Launch, check_ir
from veriscan.errors import KernelSourceError
from veriscan.frontend import parse_kernel
from veriscan.frontend.foreign_names import _declared_names
from veriscan.frontend.preprocess import preprocess
from veriscan.ir.nodes import Dialect
from veriscan.verdict import Status

HERE = Path(__file__).resolve().parent / "cuda_headers"
CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"


def test_stub_includes_leave_no_text_and_are_recorded() -> None:
    path = CORPUS / "cuda_headers_ok.cu"
    pre = preprocess(path.read_text(), str(path))
    assert pre.headers == ("cuda.h", "cuda_runtime.h", "device_launch_parameters.h")
    assert "include" not in pre.text and "copy_shifted" in pre.text
    # the kernel's lines stay where they were written
    assert pre.text.splitlines()[8].startswith("__global__ void copy_shifted")


def test_quoted_include_of_the_kernels_own_file_is_refused() -> None:
    with pytest.raises(KernelSourceError) as err:
        parse_kernel(HERE / "own_header" / "kernel.cu")
    assert "is the kernel's own file" in str(err.value)
    assert err.value.pos is not None and err.value.pos.line == 1


def test_a_header_veriscan_does_not_supply_is_bad_input_naming_the_stubs() -> None:
    with pytest.raises(KernelSourceError) as err:
        parse_kernel(HERE / "unknown_header.cu")
    message = str(err.value)
    assert "thrust/device_vector.h: not a header veriscan provides" in message
    assert "cuda_runtime.h" in message
    assert err.value.pos is not None and err.value.pos.line == 2


def test_an_opencl_kernel_gets_no_cuda_stub() -> None:
    with pytest.raises(KernelSourceError, match="not a header veriscan provides"):
        preprocess("#include <cuda.h>\n", "k.cl")


def test_an_include_in_a_skipped_branch_is_not_read() -> None:
    kernel = parse_kernel(HERE / "disabled_include.cu")
    verdict = check_ir(kernel, launch=Launch((8,), (1,)))
    assert verdict.status is Status.VERIFIED


def test_cuda_arch_is_predefined_and_a_define_overrides_it() -> None:
    source = "int a = __CUDA_ARCH__; int b = __CUDACC__;\n"
    assert "".join(preprocess(source, "k.cu").text.split()) == "inta=350;intb=1;"
    assert "a = 700" in preprocess(source, "k.cu", {"__CUDA_ARCH__": "700"}).text
    assert "__CUDA_ARCH__" in preprocess(source, "k.cl").text  # not OpenCL's


def test_a_curand_draw_is_modelled_and_an_mtgp32_draw_is_unknown_with_the_call_named(
        tmp_path: Path) -> None:
    """Each thread's own XORWOW state: its reads and writes stay in its element.  The
    MTGP32 generator shares one state per block, which is not modelled."""
    kernel = parse_kernel(HERE / "curand_call.cu")
    assert check_ir(kernel, launch=Launch((4,), (1,))).status is Status.VERIFIED
    shared = tmp_path / "mtgp32.cu"
    shared.write_text((HERE / "curand_call.cu").read_text()
                      .replace("curandState *", "curandStateMtgp32_t *")
                      .replace("&state[threadIdx.x]", "state"))
    verdict = check_ir(parse_kernel(shared), launch=Launch((4,), (1,)))
    assert verdict.status is Status.UNKNOWN
    assert "curand_uniform" in verdict.summary


def test_a_template_kernel_needs_an_instantiation() -> None:
    with pytest.raises(KernelSourceError, match=r"--kernel 'fill<int>'"):
        parse_kernel(HERE / "template_only.cu")
    kernel = parse_kernel(HERE / "template_only.cu", entry="fill<short>")
    assert kernel.name == "fill<short>" and kernel.params[0].type.bits == 16


def test_template_arguments_cannot_smuggle_code() -> None:
    with pytest.raises(KernelSourceError, match="not a kernel name with template arguments"):
        parse_kernel(HERE / "template_only.cu", entry="fill<int>; int x = 1")


def test_a_pasted_piece_of_a_prelude_macro_is_not_a_name_of_the_environment() -> None:
    """``name##f`` in a prelude macro makes ``sinf``, not ``f``: a kernel's own
    function ``f`` is not mistaken for a redeclared built-in."""
    names = _declared_names("#define F1(name) float name##f(float);\nF1(sin)\n", Dialect.CUDA)
    assert "sinf" in names and "f" not in names
