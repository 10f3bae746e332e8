"""The interval test cannot be fooled by local memory nobody wrote (issue 8, class 5).

Fresh local memory on PoCL holds zeros or leftovers of other allocations; the
first interval code read zero as (0,0), exactly in[0], so a scan that never
loaded element 0 passed.  Now no cheap garbage word is an element and the
operator turns garbage into ⊤, so such a scan fails the test.
"""

from pathlib import Path

from veriscan.functional.interval import interval_test
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status

ADVERSARIAL = Path(__file__).parents[1] / "adversarial" / "class5"


def test_interval_test_fails_a_scan_that_reads_unwritten_local_memory(runtime):
    kernel = load_scan_kernel(str(ADVERSARIAL / "skips_first_load.cl"))
    verdict = interval_test(kernel, 8, runtime)
    assert verdict.status is Status.VIOLATION
    assert verdict.witness["wrong"][0]["index"] == 0
    assert "uninitialised" in verdict.witness["diagnosis"] or "garbage" in \
        verdict.witness["diagnosis"]
