"""Voigtländer's and Sheeran's tests: counts, passes on correct kernels, catches mutants."""

import numpy as np
import pytest

from corpus_format import mutant_path
from veriscan.functional.sheeran import sheeran_test
from veriscan.functional.voigtlander import (
    count_tests,
    families,
    reference_rows,
    voigtlander_test,
)
from veriscan.monoids.baselines import f1_monoid
from veriscan.scankernel import load_scan_kernel
from veriscan.verdict import Status


def test_voigtlander_count_formula():
    assert count_tests(512) == 131_839          # POPL'14 Table 4
    for n in (2, 3, 16, 100):
        f1, f2 = families(n)
        assert len(f1.first) == n * (n + 1) // 2
        assert len(f2.first) == n - 1
        assert count_tests(n) == len(f1.first) + len(f2.first)


def test_voigtlander_inputs_follow_the_definition():
    f1, f2 = families(5)
    rows = f1.inputs(slice(None), 5)
    for row, i, k in zip(rows, f1.first, f1.second, strict=True):
        assert list(row) == [1 if j == i else (0 if j <= k else 2) for j in range(5)]
    rows = f2.inputs(slice(None), 5)
    for row, i in zip(rows, f2.first, strict=True):
        assert list(row) == [1 if j == i else (2 if j == i + 1 else 0) for j in range(5)]


def test_vectorised_reference_equals_sequential_scan():
    m = f1_monoid()
    rows = np.random.default_rng(1).integers(0, 3, (30, 9)).astype(np.uint8)
    for inclusive in (True, False):
        ref = reference_rows(m, rows, inclusive)
        for r in range(30):
            assert np.array_equal(ref[r], m.reference_scan(rows[r], inclusive))


@pytest.mark.parametrize("name", ["kogge_stone", "blelloch", "brent_kung", "blelloch_tree2d"])
def test_voigtlander_passes_correct_kernels(runtime, name):
    verdict = voigtlander_test(load_scan_kernel(name), 32, runtime)
    assert verdict.status is Status.VERIFIED, verdict.summary
    assert verdict.details["tests_run"] == count_tests(32)


@pytest.mark.parametrize("mutant", ["kogge_stone__swapped_operands",
                                    "blelloch__identity_set_twice",
                                    "sklansky__source_off_by_one"])
def test_voigtlander_catches_mutants(runtime, mutant):
    verdict = voigtlander_test(load_scan_kernel(str(mutant_path(mutant))), 16, runtime)
    assert verdict.status is Status.VIOLATION
    assert verdict.witness["test"].startswith(("f1 test", "f2 test"))
    assert verdict.witness["wrong"]


def test_voigtlander_progress_reports_every_test(runtime):
    seen = []
    voigtlander_test(load_scan_kernel("sklansky"), 16, runtime,
                     progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (count_tests(16), count_tests(16))


@pytest.mark.parametrize("name", ["blelloch", "sklansky", "brent_kung", "sequential",
                                  "kogge_stone", "kogge_stone_inplace"])
def test_sheeran_passes_correct_kernels(runtime, name):
    # The Kogge-Stone kernels hold a list in a private variable across a barrier: the
    # case PoCL miscompiled before list.cl kept the operator out of line.
    verdict = sheeran_test(load_scan_kernel(name), 64, runtime)
    assert verdict.status is Status.VERIFIED, verdict.summary


def test_sheeran_catches_mutant_with_readable_lists(runtime):
    path = mutant_path("brent_kung__down_level_skipped")
    verdict = sheeran_test(load_scan_kernel(str(path)), 4, runtime)
    assert verdict.status is Status.VIOLATION
    assert verdict.witness["wrong"][0]["text"] == "out[2] = [2], expected [0,1,2]"
