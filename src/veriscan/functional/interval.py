"""The interval-of-summations test (POPL'14 §4-6): one run decides correctness.

Run the generic kernel on the interval monoid with in[k] = (k, k) and check
out[k] = (0, k) (exclusive: 1, then (0, k-1)).  By the paper's Thm 4.5 +
5.3 + Lemma 5.4 that, *together with race freedom and genericity*, proves the
kernel a correct scan of length n for every monoid.  This module only runs
the test, so a pass is reported as "the test passed", never as "the kernel is
correct"; ``veriscan verify`` joins it with the static proofs.

On failure the witness lists the first wrong elements, decoded, and one line
of diagnosis from the shape of the wrong value.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from veriscan.device.opencl import Runtime, get_runtime
from veriscan.functional.cuda_native import NativeTarget, prepare_native
from veriscan.functional.cuda_to_opencl_tokens import NotTranslated
from veriscan.functional.outcome import run_details, wrong_elements
from veriscan.functional.scan_runner import DiffersFromProof, prepare_scan
from veriscan.monoids.base import Monoid
from veriscan.monoids.interval import any_order_interval, codec_for, interval_monoid
from veriscan.scankernel import ScanKernel
from veriscan.verdict import Verdict, unknown, verified, violation

CHECK = "interval"
PREMISES = "a test result; a proof also needs race freedom and genericity"


def interval_test(kernel: ScanKernel, n: int,
                  runtime: Runtime | NativeTarget | None = None) -> Verdict:
    """Run the single interval test of ``kernel`` for ``n`` elements on an OpenCL device
    or, for a CUDA kernel as written, on a GPU (a kernel that run could not show as the
    proof read it: not run, unknown)."""
    started = time.perf_counter()
    rt = runtime or get_runtime()
    codec = codec_for(n)
    try:
        program = _prepare(kernel, interval_monoid(n), n, rt)
    except (NotTranslated, DiffersFromProof) as exc:
        return unknown(CHECK, f"not run: {exc}", error="output", reason="not_run",
                       kernel=kernel.name, n=n, device=rt.description, not_run=True)
    actual = program.run(codec.leaves(n))
    expected = codec.expected(n, kernel.inclusive)
    details = run_details(kernel, n, program.threads, rt, local_bytes=program.local_bytes)
    wrong = wrong_elements(program.monoid, actual, expected)
    if not wrong:
        shape = (f"out[k] = (0,k) for all k < {n}" if kernel.inclusive
                 else f"out[0] = 1 and out[k] = (0,k-1) for 0 < k < {n}")
        verdict = verified(CHECK, f"interval test passed: {shape} ({PREMISES})", **details)
    else:
        diagnosis = diagnose(kernel, n, actual, rt)
        count = int(np.count_nonzero(actual != expected))
        witness = {"wrong": wrong, "wrong_count": count, "diagnosis": diagnosis}
        verdict = violation(CHECK, f"interval test failed for n={n}: {wrong[0]['text']} "
                            f"({count} of {n} outputs wrong); {diagnosis}", witness,
                            error="output", reason="wrong_output", **details)
    if "translation" in details:
        verdict.summary = f"{details['translation']}, {rt.description}: {verdict.summary}"
    elif isinstance(rt, NativeTarget):
        verdict.summary = f"{rt.description}: {verdict.summary}"
    verdict.seconds = time.perf_counter() - started
    return verdict


def _prepare(kernel: ScanKernel, monoid: Monoid, n: int, rt: Runtime | NativeTarget) -> Any:
    if isinstance(rt, NativeTarget):
        return prepare_native(kernel, monoid, n, rt)
    return prepare_scan(kernel, monoid, n, rt)


def diagnose(kernel: ScanKernel, n: int, actual: np.ndarray, rt: Runtime | NativeTarget) -> str:
    """One line naming the most likely kind of bug, read off the wrong output."""
    codec = codec_for(n)
    expected = codec.expected(n, kernel.inclusive)
    if np.array_equal(actual, codec.expected(n, not kernel.inclusive)):
        other = "inclusive" if not kernel.inclusive else "exclusive"
        return f"wrong mode: the kernel computes an {other} scan (run with --{other})"
    wrong = np.flatnonzero(actual != expected)
    k = int(wrong[0])
    first = codec.decode(actual[k], n)
    want = k if kernel.inclusive else k - 1
    if isinstance(first, str) and first.startswith("?"):
        return (f"garbage: out[{k}] is not an interval element over 0..{n - 1} (never "
                "written, read from uninitialised memory, or forged instead of computed "
                "with OPERATOR)")
    if first == "1" or (not kernel.inclusive and k == 0):
        return (f"identity problem: out[{k}] should be "
                + ("the identity 1" if want < 0 else f"(0,{want})")
                + f" but is {codec.format(actual[k], n)} (IDENTITY stored in the wrong place, "
                "twice, or never)")
    if first == "⊤":
        if _right_with_any_order(kernel, n, rt):
            return ("wrong order: every output sums the right elements, but some OPERATOR "
                    "has its operands swapped (right before left)")
        return (f"non-contiguous sum: out[{k}] combined summations that are not adjacent "
                "(an element counted twice or skipped: a stale read or wrong offset), or a "
                "value that is no element (uninitialised memory)")
    i, j = first  # type: ignore[misc]
    if i > 0:
        return (f"missing prefix: out[{k}] = ({i},{j}) lacks elements 0..{i - 1} "
                "(a level skipped or a block total never added)")
    return (f"wrong extent: out[{k}] sums elements 0..{j} instead of 0..{want} "
            "(an offset off by one or a level missing)")


def _right_with_any_order(kernel: ScanKernel, n: int, rt: Runtime | NativeTarget) -> bool:
    codec = codec_for(n)
    program = _prepare(kernel, any_order_interval(n), n, rt)
    return bool(np.array_equal(program.run(codec.leaves(n)), codec.expected(n, kernel.inclusive)))
