"""The multi-work-group scan pipelines on device buffers, for any n and any monoid.

Two algorithms, one recursion (paper 004 §4.5): produce one total per part
of the input, scan the totals exclusively (the same pipeline again, until one
part is left), then let every part finish with its offset.

* ``runs`` (coarsened, work-efficient): few work-items, each owning a long
  contiguous run that it reduces and later scans sequentially.  Three passes
  over memory (read, read, write), vector-friendly loops: the fast path on
  CPUs, where PoCL runs each work group on one core.  With at most
  ``FUSED_RUNS`` runs (always on a CPU) the scan of the totals is folded into
  the final kernel, each run combining the totals before it: two launches in
  all, one for a single run, since on a busy CPU every launch costs a wake-up
  of the device's threads.
* ``runs8``: ``runs`` whose scan takes eight elements a step (``RUN_STEP`` in
  ``runs_scan.cl``), for monoids whose sequential loop waits on each ⊕
  (:attr:`Monoid.chain_bound`: + and *); ``auto`` picks it for them on a CPU.
  A pipeline of its own, so that its proof is of the launches it makes.
* ``blocks`` (the classic GPU form): one work group per BLOCK elements scans
  its block with an up-sweep/down-sweep tree in local memory and keeps the
  block total; a last kernel combines each element with its block's offset.

The host never combines values itself: every ⊕ happens in a kernel through
the monoid's ``OPERATOR``, which is what lets one interval-monoid run verify
the whole pipeline (host recursion included) for every monoid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from veriscan.device.backend import Backend
from veriscan.errors import DeviceLimitError, VeriscanError
from veriscan.library.launch import (
    KernelLaunch,
    Recorder,
    ceil_div,
    check_count,
    make_launch,
    round_up,
    run_launch,
)
from veriscan.monoids.base import Monoid

ALGORITHMS = ("auto", "runs", "runs8", "blocks")
RUNS = ("runs", "runs8")

# A run shorter than this costs more in launch and recursion than it saves.
MIN_RUN = 4096
# Runs per compute unit on a CPU: a few each keeps both cores busy to the end.
RUNS_PER_CORE = 8
# Work-items per group for runs on a GPU, and how many runs a GPU gets at most.
GPU_RUN_GROUP = 64
GPU_MAX_RUNS = 1 << 16
# Elements per work group for ``blocks`` (BLOCK/2 work-items, two elements each).
BLOCK = 512
# Work-items per group for one-element-per-item kernels.
ELEMENT_GROUP = 64
# Up to this many runs, each run combines the totals before it itself (runs_scan_totals).
FUSED_RUNS = 64


@dataclass(frozen=True)
class RunsLayout:
    items: int   # work-items launched (a multiple of ``local``)
    local: int   # work-items per group
    run: int     # elements per run
    runs: int    # runs that hold elements (the rest are empty)


class ScanPipeline:
    """Scans device buffers of one monoid with one algorithm on one backend."""

    def __init__(self, backend: Backend | Recorder, monoid: Monoid, algorithm: str = "auto"):
        self.backend = backend
        self.monoid = monoid
        self.algorithm = resolve_algorithm(algorithm, backend, monoid)
        self.block = min(BLOCK, 2 * _largest_pow2(backend.max_group),
                         _largest_pow2(backend.local_mem_bytes // monoid.dtype.itemsize))
        if self.algorithm == "blocks" and self.block < 2:
            raise DeviceLimitError(f"the blocks scan needs two {monoid.dtype} elements of local "
                                   f"memory per work group; {backend.name} has "
                                   f"{backend.local_mem_bytes} bytes (use algorithm='runs')")

    # ------------------------------------------------------------------ public
    def scan(self, src: Any, dst: Any, n: int, inclusive: bool) -> None:
        """dst[k] = src[0] ⊕ … ⊕ src[k] (inclusive) or … ⊕ src[k-1] (exclusive).

        ``src`` and ``dst`` must be different buffers.
        """
        check_count(n, "the input")
        if n == 0:
            return
        if self.algorithm in RUNS:
            self._runs(src, dst, n, inclusive)
        else:
            self._blocks(src, dst, n, inclusive)

    def launches(self, n: int, inclusive: bool) -> list[KernelLaunch]:
        """Every launch :meth:`scan` makes for ``n`` elements, in order (nothing runs)."""
        recorder = Recorder(self.backend)
        ScanPipeline(recorder, self.monoid, self.algorithm).scan(None, None, n, inclusive)
        return recorder.launches

    # ------------------------------------------------------------------ helpers
    def _defines(self, exclusive: bool) -> dict[str, object]:
        defines: dict[str, object] = {"SCAN_EXCLUSIVE": int(exclusive)}
        if self.algorithm == "blocks":
            defines["BLOCK"] = self.block
        if self.algorithm == "runs8":
            defines["RUN_STEP"] = 8
        return defines

    def _alloc(self, count: int, what: str) -> Any:
        return self.backend.alloc(count, self.monoid.dtype, what)

    def _launch(self, spec: KernelLaunch, *buffers: Any) -> None:
        run_launch(self.backend, self.monoid.cl_source, spec, buffers)

    def _identity(self, count: int) -> Any:
        """A buffer of ``count`` identities (the offsets of a pipeline's only run)."""
        buf = self._alloc(count, "scan offsets")
        group = min(ELEMENT_GROUP, self.backend.max_group)
        self._launch(make_launch("runs_scan", "fill_identity", (round_up(count, group),),
                                 (group,), self._defines(False), {"out": count}, {"n": count}),
                     buf)
        return buf

    # ------------------------------------------------------------------ runs
    def runs_layout(self, n: int) -> RunsLayout:
        """How ``n`` elements are cut into runs.

        On a CPU every run is its own work group (PoCL gives each group to a
        core, and a group's work-items run one after the other on that core).
        On a GPU runs are short and groups are 64 wide; the work-items past the
        last run get empty runs.
        """
        if self.backend.is_cpu:
            wanted = max(1, min(ceil_div(n, MIN_RUN), RUNS_PER_CORE * self.backend.compute_units))
            local = 1
        else:
            wanted = max(1, min(ceil_div(n, 32), GPU_MAX_RUNS))
            local = min(GPU_RUN_GROUP, self.backend.max_group) if wanted > 1 else 1
        run = ceil_div(n, wanted)
        runs = ceil_div(n, run)
        return RunsLayout(items=round_up(runs, local), local=local, run=run, runs=runs)

    def reduce_launch(self, layout: RunsLayout, n: int) -> KernelLaunch:
        """runs_reduce: one total per run of ``layout`` (``totals`` has ``layout.items``)."""
        return make_launch("runs_scan", "runs_reduce", (layout.items,), (layout.local,),
                           self._defines(False), {"in": n, "totals": layout.items},
                           {"n": n, "run": layout.run})

    def offsets_launch(self, layout: RunsLayout, n: int, inclusive: bool) -> KernelLaunch:
        """runs_scan: each run scanned from its offset (``offsets`` has ``layout.items``)."""
        return make_launch("runs_scan", "runs_scan", (layout.items,), (layout.local,),
                           self._defines(not inclusive),
                           {"in": n, "out": n, "offsets": layout.items},
                           {"n": n, "run": layout.run})

    def run_totals(self, src: Any, n: int) -> tuple[Any, RunsLayout]:
        """The first step of a scan whose offsets come from elsewhere (``veriscan.dask``: the
        runs of every chunk of an array): one total per run, and the runs."""
        layout = self.runs_layout(n)
        totals = self._alloc(layout.items, "run totals")
        self._launch(self.reduce_launch(layout, n), src, totals)
        return totals, layout

    def scan_from_offsets(self, src: Any, dst: Any, n: int, layout: RunsLayout, offsets: Any,
                          inclusive: bool) -> None:
        """The last step: every run of ``layout`` scanned starting from its offset (the
        ⊕ of everything before the run, wherever that was computed)."""
        self._launch(self.offsets_launch(layout, n, inclusive), src, dst, offsets)

    def _runs(self, src: Any, dst: Any, n: int, inclusive: bool) -> None:
        layout = self.runs_layout(n)
        if layout.items <= FUSED_RUNS:
            totals = self._alloc(layout.items, "run totals")
            if layout.runs > 1:
                self._launch(self.reduce_launch(layout, n), src, totals)
            self._launch(make_launch("runs_scan", "runs_scan_totals", (layout.items,),
                                     (layout.local,), self._defines(not inclusive),
                                     {"in": n, "out": n, "totals": layout.items},
                                     {"n": n, "run": layout.run}), src, dst, totals)
            return
        if layout.runs == 1:
            offsets = self._identity(layout.items)
        else:
            totals, _ = self.run_totals(src, n)
            offsets = self._alloc(layout.items, "run offsets")
            # Only the real runs' totals are scanned: each level is strictly shorter.
            self._runs(totals, offsets, layout.runs, inclusive=False)
        self.scan_from_offsets(src, dst, n, layout, offsets, inclusive)

    # ------------------------------------------------------------------ blocks
    def _blocks(self, src: Any, dst: Any, n: int, inclusive: bool) -> None:
        groups = ceil_div(n, self.block)
        half = self.block // 2
        defines = self._defines(not inclusive)
        sizes = (groups * half,), (half,)
        totals = self._alloc(groups, "block totals")
        self._launch(make_launch("block_scan", "block_scan", *sizes, defines,
                                 {"in": n, "out": n, "totals": groups}, {"n": n}),
                     src, dst, totals)
        if groups == 1:
            return
        offsets = self._alloc(groups, "block offsets")
        self._blocks(totals, offsets, groups, inclusive=False)
        self._launch(make_launch("block_scan", "block_add", *sizes, defines,
                                 {"out": n, "offsets": groups}, {"n": n}), dst, offsets)


def resolve_algorithm(algorithm: str, backend: Backend | Recorder, monoid: Monoid) -> str:
    if algorithm not in ALGORITHMS:
        raise VeriscanError(f"unknown scan algorithm '{algorithm}'; choose one of "
                            + ", ".join(ALGORITHMS))
    if algorithm == "auto":
        if not backend.is_cpu:
            return "blocks"
        return "runs8" if monoid.chain_bound else "runs"
    return algorithm


def _largest_pow2(k: int) -> int:
    return 1 << (max(k, 1).bit_length() - 1)
