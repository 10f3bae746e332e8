"""The interval test of a whole multi-work-group scan pipeline (paper 001 §4-6).

The pipeline (every kernel launch plus the host's recursion over the
totals) is run with the interval monoid on in[k] = (k, k).  Since the host
only ever combines values through kernels, the pipeline as a whole is a
generic scan; if each of its kernels is race-free, getting (0, k) at every k
proves it a correct prefix sum of length n for every monoid.
"""

from __future__ import annotations

import time

import numpy as np

from veriscan.functional.outcome import wrong_elements
from veriscan.library.backend import Backend
from veriscan.library.pipeline import ScanPipeline
from veriscan.monoids import interval_monoid
from veriscan.monoids.interval import codec_for
from veriscan.verdict import Verdict, verified, violation


def pipeline_interval_test(backend: Backend, algorithm: str, n: int,
                           inclusive: bool = True) -> Verdict:
    """Run the ``algorithm`` pipeline on the interval monoid; verified iff out[k] is right."""
    start = time.perf_counter()
    monoid = interval_monoid(n)
    codec = codec_for(n)
    pipeline = ScanPipeline(backend, monoid, algorithm)
    leaves = codec.leaves(n)
    out = backend.output((n,), monoid.dtype, like=leaves)
    pipeline.scan(backend.wrap(leaves, "interval input"), out.buffer, n, inclusive)
    got = out.take()
    expected = codec.expected(n, inclusive)
    wrong = wrong_elements(monoid, got, expected)
    kind = "inclusive" if inclusive else "exclusive"
    details = {"n": n, "algorithm": pipeline.algorithm, "mode": kind, "device": backend.name,
               "launches": len(pipeline.launches(n, inclusive))}
    if wrong:
        count = int(np.count_nonzero(got != expected))
        verdict = violation(
            "interval", f"the {pipeline.algorithm} pipeline is not a correct {kind} scan of "
            f"length {n}: {wrong[0]['text']} ({count} of {n} outputs wrong)",
            {"wrong": wrong, "wrong_count": count}, **details)
    else:
        verdict = verified(
            "interval", f"the {pipeline.algorithm} pipeline maps (k,k) to "
            f"{'(0,k)' if inclusive else '(0,k-1)'} for all {n} elements", **details)
    verdict.seconds = time.perf_counter() - start
    return verdict
