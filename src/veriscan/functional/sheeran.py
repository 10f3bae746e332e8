"""Sheeran's test: one run with the free monoid (index lists, concatenation).

in[k] = [k] must give out[k] = [0, 1, …, k] (exclusive: [], [0], …).  Exact,
like the interval test, but every element is a whole list: O(n² lg n) bits
of output instead of O(n lg n).

It runs on the device (not on the host) because what is tested is the
kernel as compiled and scheduled there; the list monoid gets a fixed
capacity of n entries, enough for every list a correct scan builds, with an
absorbing overflow value for longer ones.  The price is local memory: a
kernel's buffer of N lists takes about 2n² bytes, so the device limit is hit
at much smaller n than with the interval test — which is the point the
comparison makes.
"""

from __future__ import annotations

import time

from veriscan.device.opencl import Runtime, get_runtime
from veriscan.functional.outcome import run_details, wrong_elements
from veriscan.functional.scan_runner import prepare_scan
from veriscan.monoids.baselines import list_encode, list_monoid
from veriscan.scankernel import ScanKernel
from veriscan.verdict import Verdict, verified, violation

CHECK = "sheeran"


def sheeran_test(kernel: ScanKernel, n: int, runtime: Runtime | None = None) -> Verdict:
    started = time.perf_counter()
    rt = runtime or get_runtime()
    monoid = list_monoid(n)
    program = prepare_scan(kernel, monoid, n, rt)
    actual = program.run(list_encode([[k] for k in range(n)], n))
    stop = 1 if kernel.inclusive else 0
    expected = list_encode([list(range(k + stop)) for k in range(n)], n)
    details = run_details(kernel, n, program.threads, rt, local_bytes=program.local_bytes,
                          result_bytes=actual.nbytes)
    wrong = wrong_elements(monoid, actual, expected)
    if wrong:
        verdict = violation(CHECK, f"Sheeran test failed for n={n}: {wrong[0]['text']}",
                            {"wrong": wrong}, error="output", reason="wrong_output", **details)
    else:
        verdict = verified(CHECK, f"Sheeran test passed for n={n}, {actual.nbytes:,} bytes of "
                           "lists (a test result; a proof also needs race freedom and "
                           "genericity)", **details)
    verdict.seconds = time.perf_counter() - started
    return verdict
