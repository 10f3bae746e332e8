"""A CUDA kernel's interval test as written, on an NVIDIA GPU (functional/cuda_native.py).

Three parts: the source the GPU build compiles (checked with nvcc where it is
installed); how ``verify`` joins a GPU run to the OpenCL translation's (checked
anywhere, with the GPU run replaced by what it can answer); and the GPU run
itself, which needs CuPy and a GPU (skipped without: CI has none; run it with
``benchmarks/gpu_check.sh``).
"""

import importlib.util
import shutil
import subprocess

import pytest

from veriscan.frontend.clang_parse import parse_unit
from veriscan.frontend.preprocess import line_marker
from veriscan.functional import dynamic
from veriscan.functional.cuda_native import LABEL, SELECTOR
from veriscan.functional.device_runs import Implementation
from veriscan.ir.nodes import Dialect
from veriscan.monoids.interval import interval_monoid
from veriscan.scankernel import KERNEL_DIR, load_scan_kernel
from veriscan.verdict import Status, unknown, verified, violation
from veriscan.verify import verify_kernel

CUDA_KERNELS = sorted((KERNEL_DIR / "scan" / "cuda").glob("*.cu"))
# Edits of the shipped CUDA kernels the GPU run must catch, with the diagnosis expected.
MUTATIONS = {
    "kogge_stone_cuda": [("OPERATOR(partial, data[tid])", "OPERATOR(data[tid], partial)",
                          "wrong order"),
                         ("distance = 1;", "distance = 2;", "missing prefix")],
    "blelloch_cuda": [("tree[N - 1] = IDENTITY;", "tree[N - 2] = IDENTITY;",
                       "identity problem"),
                      ("OPERATOR(tree[right], carried)", "OPERATOR(carried, tree[right])",
                       "wrong order")],
}


def _gpu() -> bool:
    if importlib.util.find_spec("cupy") is None:
        return False
    import cupy

    try:
        return cupy.cuda.runtime.getDeviceCount() > 0
    except cupy.cuda.runtime.CUDARuntimeError:
        return False


needs_gpu = pytest.mark.skipif(not _gpu(), reason="needs CuPy and an NVIDIA GPU")


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="needs nvcc")
@pytest.mark.parametrize("path", CUDA_KERNELS, ids=lambda p: p.stem)
@pytest.mark.parametrize("n", [16, 1 << 16])  # both word widths of the interval monoid
def test_the_gpu_build_is_valid_cuda(tmp_path, path, n):
    """What NVRTC is given (the monoid's CUDA C++, then the text the proof parsed)
    compiles as CUDA C++, with the 32- and the 64-bit interval words."""
    kernel = load_scan_kernel(str(path))
    unit = parse_unit(str(path), kernel.source, Dialect.CUDA, dict(kernel.macros(n)))
    source = tmp_path / "build.cu"
    source.write_text(interval_monoid(n).cuda_source + line_marker(str(path))
                      + unit.preprocessed.text)
    done = subprocess.run(["nvcc", "-ptx", "-std=c++14", str(source), "-o",
                           str(tmp_path / "build.ptx")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert ".entry" in (tmp_path / "build.ptx").read_text()


def _with_gpu_answer(monkeypatch, answer):
    """``device_interval`` as it is, but the GPU's runs answer ``answer(kernel, n)``."""
    real = dynamic.device_interval

    def fake(kernel, n, impl, timeout=60.0):
        return answer(kernel, n) if impl.selector == SELECTOR else real(kernel, n, impl,
                                                                           timeout)

    monkeypatch.setattr(dynamic, "device_interval", fake)


GPU = Implementation(SELECTOR, f"Test GPU, {LABEL}", oclgrind=False)


def _verify(runtime, sizes=(4, 16)):
    from veriscan.functional.device_runs import implementations

    kernel = load_scan_kernel(str(KERNEL_DIR / "scan" / "cuda" / "kogge_stone_cuda.cu"))
    return verify_kernel(kernel, list(sizes), every_size=False, runtime=runtime,
                         devices=[*implementations(), GPU])


def test_a_gpu_run_that_cannot_be_made_is_said_and_changes_no_verdict(runtime, monkeypatch):
    _with_gpu_answer(monkeypatch, lambda kernel, n: unknown(
        "interval", "not run: 'x' is a macro of NVRTC's environment", error="output",
        reason="not_run", not_run=True))
    result = _verify(runtime)
    assert result.verdict.status is Status.VERIFIED, result.verdict.summary
    assert "not run on Test GPU" in result.step("interval").summary
    assert not any(LABEL in also for also in result.also)


def test_a_gpu_run_that_passes_is_joined_to_the_translations_step(runtime, monkeypatch):
    """The step stays the first device's (the translation on PoCL), with the GPU's
    sizes beside it (a GPU run seen last once replaced the step's details)."""
    from veriscan.functional.cuda_to_opencl import LABEL as TRANSLATED
    from veriscan.functional.device_runs import implementations

    _with_gpu_answer(monkeypatch, lambda kernel, n: verified(
        "interval", "interval test passed", n=n, device=GPU.name))
    result = _verify(runtime)
    assert result.verdict.status is Status.VERIFIED, result.verdict.summary
    interval = result.step("interval")
    assert interval.details["translation"] == TRANSLATED
    assert interval.details["device"] == implementations()[0].name
    assert any(also.startswith(GPU.name) for also in result.also), result.also
    assert f"also passed on {GPU.name}" in result.verdict.summary


def test_a_gpu_run_that_fails_fails_the_verdict(runtime, monkeypatch):
    _with_gpu_answer(monkeypatch, lambda kernel, n: violation(
        "interval", f"interval test failed for n={n}", {"wrong": [], "diagnosis": "x"},
        error="output", reason="wrong_output"))
    result = _verify(runtime)
    assert result.verdict.status is Status.VIOLATION
    assert result.verdict.summary.startswith("not verified (interval step)")


def test_a_gpu_run_that_stops_is_unknown_not_a_note(runtime, monkeypatch):
    """Only a run refused before any build is a note; one that ran and did not finish
    (a hang past its time limit) is the step's unknown."""
    _with_gpu_answer(monkeypatch, lambda kernel, n: unknown(
        "interval", "the device run took longer than 60 s", error="output",
        reason="budget_exhausted"))
    result = _verify(runtime)
    assert result.verdict.status is Status.UNKNOWN


# ------------------------------------------------------------------ on a GPU
@needs_gpu
@pytest.mark.parametrize("path", CUDA_KERNELS, ids=lambda p: p.stem)
def test_shipped_cuda_kernels_verify_with_their_gpu_run(runtime, path):
    from veriscan.functional.device_runs import implementations, with_native_cuda

    kernel = load_scan_kernel(str(path))
    devices = with_native_cuda(kernel, implementations())
    assert devices[-1].selector == SELECTOR
    sizes = [1 << k for k in range(1, 12)]
    result = verify_kernel(kernel, sizes, every_size=True, runtime=runtime, devices=devices)
    assert result.verdict.status is Status.VERIFIED, result.verdict.summary
    assert any(LABEL in also for also in result.also), result.also


@needs_gpu
@pytest.mark.parametrize("name,find,replace,diagnosis",
                         [(k, *edit) for k, edits in MUTATIONS.items() for edit in edits])
def test_cuda_mutants_fail_on_the_gpu(tmp_path, name, find, replace, diagnosis):
    from veriscan.functional.cuda_native import native_target
    from veriscan.functional.interval import interval_test

    source = (KERNEL_DIR / "scan" / "cuda" / f"{name}.cu").read_text()
    assert source.count(find) == 1
    path = tmp_path / f"{name}.cu"
    path.write_text(source.replace(find, replace))
    verdict = interval_test(load_scan_kernel(str(path)), 64, native_target())
    assert verdict.status is Status.VIOLATION, verdict.summary
    assert LABEL in verdict.summary
    assert verdict.witness["diagnosis"].startswith(diagnosis), verdict.witness["diagnosis"]


@needs_gpu
def test_a_name_nvrtc_defines_as_a_macro_is_not_run(tmp_path):
    """The proof read ``__CUDACC_RTC__`` as the kernel's own variable; NVRTC would
    expand it: the GPU build would not be the program the proof read."""
    from veriscan.functional.cuda_native import native_target
    from veriscan.functional.interval import interval_test

    source = (KERNEL_DIR / "scan" / "cuda" / "kogge_stone_cuda.cu").read_text()
    path = tmp_path / "kogge_stone_cuda.cu"
    path.write_text(source.replace("partial", "__CUDACC_RTC__"))
    verdict = interval_test(load_scan_kernel(str(path)), 64, native_target())
    assert verdict.status is Status.UNKNOWN and verdict.details.get("not_run")
    assert "'__CUDACC_RTC__' is a macro of NVRTC's environment" in verdict.summary


@needs_gpu
def test_nvrtc_probes():
    from veriscan.functional.cuda_native import native_target, nvrtc_declares, nvrtc_macros

    backend = native_target().backend
    macros = nvrtc_macros(backend, ("__CUDACC_RTC__", "tid", "partial"))
    assert macros == {"__CUDACC_RTC__"}
    assert nvrtc_declares(backend, "__syncthreads")
    assert not nvrtc_declares(backend, "vs_no_such_function")
