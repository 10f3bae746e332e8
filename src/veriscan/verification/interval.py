"""The interval test of a whole multi-work-group scan pipeline (paper 001 §4-6).

The pipeline (every kernel launch plus the host's recursion over the
totals) is run with the interval monoid on in[k] = (k, k).  Since the host
only ever combines values through kernels, the pipeline as a whole is a
generic scan; if each of its kernels is race-free, getting (0, k) at every k
proves it a correct prefix sum of length n for every monoid.

Scans along an axis compute many lines at once.  Each line gets its own
range of leaves (line l holds (l*len + k, l*len + k) at step k), so a result
is only right if it combines exactly its own line's prefix, in order: an
element of another line, or of this line out of order, gives a different or
undefined interval.  That is the same test, applied to every line at once.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from veriscan.device.backend import Backend
from veriscan.functional.outcome import wrong_elements
from veriscan.library.axis import AxisShape, axis_scan
from veriscan.library.pipeline import ScanPipeline
from veriscan.monoids import interval_monoid
from veriscan.monoids.base import Monoid
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
    kind = "inclusive" if inclusive else "exclusive"
    details = {"n": n, "algorithm": pipeline.algorithm, "mode": kind, "device": backend.name,
               "launches": len(pipeline.launches(n, inclusive))}
    return _judge(monoid, got, expected, f"the {pipeline.algorithm} pipeline",
                  f"a correct {kind} scan of length {n}",
                  f"maps (k,k) to {'(0,k)' if inclusive else '(0,k-1)'} for all {n} elements",
                  details, start)


def line_leaves(shape: tuple[int, ...], axis: int,
                inclusive: bool = True) -> tuple[np.ndarray, np.ndarray, Monoid]:
    """Interval leaves numbered line by line along ``axis``, the expected scan, and the
    monoid: line l holds (l*len + k, l*len + k) at step k and must get (l*len, l*len + k)
    there (inclusive), or (l*len, l*len + k - 1) and the identity at step 0 (exclusive).

    Elements are built by the codec's own ``pair``, so the test never depends on how
    the interval monoid packs them."""
    n = int(np.prod(shape))
    monoid = interval_monoid(n)
    codec = codec_for(n)
    steps = np.indices(shape, dtype=np.int64)
    line = np.zeros(shape, np.int64)
    for k, size in enumerate(shape):
        if k != axis:
            line = line * size + steps[k]
    first = line * shape[axis]
    position = first + steps[axis]
    pair = np.vectorize(codec.pair, otypes=[codec.dtype])
    leaves = pair(position, position) if n else np.zeros(shape, codec.dtype)
    if inclusive or n == 0:
        expected = pair(first, position) if n else leaves.copy()
    else:
        expected = np.full(shape, codec.one, codec.dtype)
        later = steps[axis] > 0
        expected[later] = pair(first[later], position[later] - 1)
    return leaves, expected, monoid


def axis_interval_test(backend: Backend, shape: AxisShape, inclusive: bool = True) -> Verdict:
    """Scan every line of an ``outer x len x inner`` array of interval leaves at once."""
    start = time.perf_counter()
    n = shape.size
    leaves, expected, monoid = line_leaves((shape.outer, shape.length, shape.inner), 1,
                                           inclusive)
    leaves, expected = leaves.reshape(-1), expected.reshape(-1)
    out = backend.output((n,), monoid.dtype, like=leaves)
    axis_scan(backend, monoid, backend.wrap(leaves, "interval input"), out.buffer, shape,
              inclusive)
    kind = "inclusive" if inclusive else "exclusive"
    details = {"n": shape.describe(), "algorithm": "axis", "mode": kind, "device": backend.name,
               "launches": 1}
    return _judge(monoid, out.take(), expected, "the axis scan",
                  f"a correct {kind} scan of each of its {shape.lines} lines of length "
                  f"{shape.length}", f"maps every line's leaves to that line's own prefixes, "
                  f"for all {n} elements", details, start)


def _judge(monoid: Any, got: np.ndarray, expected: np.ndarray, what: str, claim: str,
           passed: str, details: dict[str, Any], start: float) -> Verdict:
    wrong = wrong_elements(monoid, got, expected)
    if wrong:
        count = int(np.count_nonzero(got != expected))
        verdict = violation("interval", f"{what} is not {claim}: {wrong[0]['text']} ({count} "
                            f"of {len(got)} outputs wrong)",
                            {"wrong": wrong, "wrong_count": count}, error="output",
                            reason="wrong_output", **details)
    else:
        verdict = verified("interval", f"{what} {passed}", **details)
    verdict.seconds = time.perf_counter() - start
    return verdict
