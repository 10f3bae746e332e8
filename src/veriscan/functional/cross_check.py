"""Whether a dynamic run agrees with the static proof of the same kernel and launch.

A run follows one schedule and the proof covers all, so a static violation
the run did not see is expected.  The other way round is not: an Oclgrind
finding of a kind the proof says cannot happen is an internal error of
veriscan (one of them is wrong), never a verdict on the kernel, so it is
reported as unknown with both sides, to be reported upstream.
"""

from __future__ import annotations

from veriscan.functional.oclgrind_reports import detector_kinds
from veriscan.verdict import Status, Verdict

DISAGREEMENT = "internal disagreement, please report"


def cross_check(dynamic: Verdict, static: Verdict) -> Verdict:
    """A dynamic finding the static proof says cannot happen is an internal error of
    veriscan, not a verdict on the kernel: unknown, with the witness, to be reported."""
    proven = {"race": "races", "memory": "bounds", "divergence": "divergence",
              "uninitialized": "initialisation"}
    contradicted = [k for k in detector_kinds(dynamic) if k in proven]
    if "memory" in contradicted and _unsized_arrays(static):
        # The run had to guess those buffers' sizes; the proof made no claim on them.
        return Verdict(dynamic.check, Status.UNKNOWN,
                       f"not compared: {dynamic.summary}, but the static check was given no "
                       f"size for {', '.join(_unsized_arrays(static))} and the run guessed "
                       "one (give --array-size)", witness=dynamic.witness,
                       details=dynamic.details, seconds=dynamic.seconds, error_id="dynamic",
                       reason_id="not_run")
    if not static.ok and dynamic.ok:
        dynamic.summary += ("; the static violation was not seen in these runs, which is "
                            "expected: a run follows one schedule, the proof covers all")
    if not static.ok or not contradicted:
        return dynamic
    return Verdict(dynamic.check, Status.UNKNOWN,
                   f"{DISAGREEMENT}: the static proof found no "
                   f"{'/'.join(proven[k] for k in contradicted)} problem, but "
                   f"{dynamic.summary}", witness=dynamic.witness,
                   details={**dynamic.details, "disagreement": contradicted},
                   seconds=dynamic.seconds, error_id="dynamic",
                   reason_id="internal_disagreement", pos=dynamic.pos)


def _unsized_arrays(static: Verdict) -> list[str]:
    """The global arrays the static bounds check did not cover (no size given)."""
    for part in static.details.get("parts", []):
        if part.get("check") == "bounds":
            return list((part.get("details") or {}).get("unchecked", []))
    return []
