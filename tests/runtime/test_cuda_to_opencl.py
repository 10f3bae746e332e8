"""CUDA scan kernels verified through their OpenCL C translation, on PoCL.

The translation must be faithful (the features kernel gives CUDA's values on
PoCL), must carry a broken kernel's failure through to the interval test, and
must refuse, naming the construct, what it does not render exactly.
"""

import re
from pathlib import Path

import numpy as np
import pyopencl as cl
import pytest

from veriscan.cli.main import main
from veriscan.device.opencl import get_runtime
from veriscan.functional.cuda_to_opencl import LABEL, translate_file
from veriscan.functional.cuda_to_opencl_tokens import NotTranslated
from veriscan.functional.device_runs import implementations
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status
from veriscan.verify import STEPS, shipped_scan_kernels, verify_kernel

KERNELS = Path(__file__).parent / "kernels" / "cuda_translation"
REFUSED = sorted((KERNELS / "refused").glob("*.cu"))


def _verify(kernel, sizes):
    """The three steps, the interval test on the default device (PoCL) only."""
    return verify_kernel(kernel, sizes, every_size=False, runtime=get_runtime("pocl"),
                         devices=implementations()[:1])


@pytest.mark.parametrize("kernel", [k for k in shipped_scan_kernels() if k.dialect == "cuda"],
                         ids=lambda k: k.name)
def test_shipped_cuda_scan_kernels_are_verified_on_pocl_labelled(kernel):
    result = _verify(kernel, [4, 32])
    assert tuple(s.check for s in result.steps) == STEPS
    assert result.verdict.status is Status.VERIFIED, result.verdict.summary
    interval = result.step("interval")
    assert interval.summary.startswith(f"{LABEL}, ") and "PoCL" in interval.summary
    assert interval.details["translation"] == LABEL
    assert f"({LABEL}, " in result.verdict.summary


def test_a_file_scope_shared_array_becomes_the_kernels_local_array():
    result = _verify(load_scan_kernel(str(KERNELS / "kogge_stone_file_scope_shared.cu")), [4])
    assert result.verdict.status is Status.VERIFIED, result.verdict.summary
    assert result.step("interval").summary.startswith(f"{LABEL}, ")


@pytest.mark.parametrize(("name", "wrong"), [
    ("kogge_stone_level_skipped", "out[1] = (1,1), expected (0,1)"),
    ("blelloch_operands_swapped", "wrong order"),
])
def test_a_broken_cuda_kernel_fails_the_interval_test_through_the_translation(name, wrong):
    result = _verify(load_scan_kernel(str(KERNELS / f"{name}.cu")), [8])
    assert result.step("static").ok  # race-free and generic: only the test can tell
    assert result.verdict.status is Status.VIOLATION
    assert result.verdict.details["failed_step"] == "interval"
    assert result.step("interval").summary.startswith(f"{LABEL}, ")
    assert wrong in result.verdict.summary


@pytest.mark.parametrize(("defines", "status"), [({}, Status.VERIFIED),
                                                 ({"SKIP_FIRST_LEVEL": "1"}, Status.VIOLATION)])
def test_the_translation_starts_from_the_preprocessing_the_proof_parsed(defines, status):
    kernel = load_scan_kernel(str(KERNELS / "kogge_stone_first_level_option.cu"),
                              defines=defines)
    result = _verify(kernel, [4])
    assert result.step("static").ok
    assert result.verdict.status is status, result.verdict.summary
    assert result.step("interval").summary.startswith(f"{LABEL}, ")


def test_a_construct_the_translation_refuses_leaves_verify_unknown(capsys):
    path = KERNELS / "kogge_stone_nested_shared.cu"
    result = _verify(load_scan_kernel(str(path)), [8])
    assert result.step("static").ok
    assert result.verdict.status is Status.UNKNOWN
    assert "__shared__ 'data' outside the kernel's outermost block" in result.verdict.summary
    assert f"{path}:7:" in result.verdict.summary
    for command in ("verify", "interval-test"):
        assert main([command, str(path), "--n", "4", "--json"]) == 2
        assert "not translated to OpenCL C" in capsys.readouterr().out


@pytest.mark.parametrize("path", REFUSED, ids=lambda p: p.stem)
def test_constructs_without_an_exact_translation_are_refused_by_name(path):
    reason = re.search(r"^// refused: (.*)$", path.read_text(), re.M).group(1)
    with pytest.raises(NotTranslated, match=re.escape(reason)):
        translate_file(str(path), path.read_text(), {})


def test_the_translation_computes_what_cuda_computes():
    """Every rewrite at once, on PoCL; the expected values follow CUDA C++'s rules."""
    path = KERNELS / "features.cu"
    translation = translate_file(str(path), path.read_text(), {})
    rt = get_runtime()
    program = rt.build(translation, origin=str(path))
    values = np.array([-5, 0, 7, -1, 3, -3, 10, 2], dtype=np.int32)
    out = np.zeros(8 * len(values), dtype=np.int64)
    in_buf, out_buf = rt.to_device(values), rt.to_device(out)
    cl.Kernel(program, "features")(rt.queue, (8,), (8,), in_buf, out_buf)
    got = rt.to_host(out_buf, out.shape, out.dtype).reshape(8, 8)
    for tid in range(8):
        below = (tid - 1) % 2**32  # unsigned int wraps
        want = [below, below + 1, 4 + 6, (min(tid, 3) + max(int(values[tid]), -2)) % 2**32,
                (ord("a") + 8) & 0x0F, 2 * tid + 0 + 1, (300 + tid) % 256, min(below, 5)]
        assert got[tid].tolist() == want, tid
    # Every line keeps its number: compiler and Oclgrind positions are the .cu file's.
    source, lines = path.read_text().splitlines(), translation.splitlines()
    for mark, word in (("__global__", "__kernel"), ("static_cast<size_t>", "((ulong)")):
        at = next(i for i, line in enumerate(source) if mark in line)
        assert word in lines[at]


def test_oclgrind_sees_a_cuda_race_through_the_translation_at_the_cu_lines():
    """After a static race, Oclgrind runs the translation; its report names the .cu
    file's lines, since every token of the translation kept its line."""
    path = KERNELS.parents[2] / "corpus" / "static" / "kogge_stone_cuda_no_barrier.cu"
    oclgrind = [d for d in implementations() if d.oclgrind]
    if not oclgrind:
        pytest.skip("Oclgrind is not installed")
    result = verify_kernel(load_scan_kernel(str(path)), [8], every_size=False,
                           runtime=get_runtime(), devices=oclgrind)
    assert result.verdict.status is Status.VIOLATION
    assert result.verdict.details["failed_step"] == "static"
    interval = result.step("interval")
    assert interval.status is Status.VIOLATION and "race" in interval.witness["detector"]
    assert interval.summary.startswith(f"{LABEL}, Oclgrind")
    lines = {a["line"] for w in interval.witness["shown"] for a in w["accesses"]}
    assert lines <= {14, 17} and lines
