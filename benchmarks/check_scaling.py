"""How `veriscan check` grows with the length of a straight-line kernel.

Generates kernels of N statements ``out[tid*N + j] = in[tid*N + j] + j;``
(j = 0 .. N-1: each thread owns a block of N cells, so the kernel is
race-free and every pair of its N writes must be shown apart, within a group
and across groups) and times the whole check of each, parsing included, for
a launch of 4 groups of 64.  Prints, per N, the median wall and CPU seconds
of the runs, the CPU time per statement, the growth ratio to the previous size
(linear growth doubles with N: a ratio of 2.0) and the seconds spent in each
stage (CPU), taken from the check's own progress reports.

    python benchmarks/check_scaling.py [--sizes 1000,2000,4000,8000,16000] [--repeat R]
                                       [--kernel global|barriers|local]

The other families stress what straight-line global code does not: a barrier
after every statement (thousands of barrier intervals), and local memory
(the initialisation check).

CPU seconds are this process's; on a shared machine wall time also measures
the neighbours.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import veriscan.budget
from veriscan.check import check_ir
from veriscan.frontend import parse_kernel
from veriscan.smt.threads import Launch
from veriscan.verdict import Status

LAUNCH = Launch((64,), (4,))


# Statement j of each kernel family ({K}: the statement count); "local" also
# declares a local array of 64*K cells that each work-item fills and reads back.
FAMILIES = {
    "global": "  out[tid * {K} + {j}] = in[tid * {K} + {j}] + {j};",
    "barriers": "  out[tid * {K} + {j}] = in[tid * {K} + {j}] + {j};\n"
                "  barrier(CLK_GLOBAL_MEM_FENCE);",
    "local": "  s[lid * {K} + {j}] = in[tid * {K} + {j}];\n"
             "  out[tid * {K} + {j}] = s[lid * {K} + {j}] + {j};",
}


def kernel_source(count: int, family: str = "global") -> str:
    lines = [FAMILIES[family].format(K=count, j=j) for j in range(count)]
    local = f"  __local int s[{64 * count}];\n" if family == "local" else ""
    return ("__kernel void straight_line(__global const int *in, __global int *out) {\n"
            + local + "  int tid = get_global_id(0);\n  int lid = get_local_id(0);\n"
            + "\n".join(lines) + "\n}\n")


def one_run(path: Path) -> tuple[float, float, dict[str, float]]:
    """Wall and CPU seconds of one check, and the CPU seconds of each stage."""
    stages: dict[str, float] = {}
    current: list = ["parsing", time.process_time()]

    def progress(done: int, total: int, what: str) -> None:
        stage = what.split(" (")[0]
        if stage != current[0]:
            now = time.process_time()
            stages[current[0]] = stages.get(current[0], 0.0) + now - current[1]
            current[:] = [stage, now]

    wall, cpu = time.perf_counter(), time.process_time()
    kernel = parse_kernel(path)
    verdict = check_ir(kernel, launch=LAUNCH, progress=progress)
    now = time.process_time()
    stages[current[0]] = stages.get(current[0], 0.0) + now - current[1]
    if verdict.status is not Status.VERIFIED:
        raise SystemExit(f"{path.name}: expected verified, got {verdict.status.value}: "
                         f"{verdict.summary}")
    return time.perf_counter() - wall, now - cpu, stages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,2000,4000,8000,16000",
                        help="statement counts, comma-separated")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size (median)")
    parser.add_argument("--kernel", choices=sorted(FAMILIES), default="global",
                        help="global: global memory only; barriers: a barrier after every "
                             "statement; local: through local memory (default: global)")
    args = parser.parse_args(argv)
    # The check's wall-clock budget would turn a slow run on a busy machine into
    # "unknown"; this script measures the time, so it lifts the budget.
    veriscan.budget.CHECK_BUDGET_S = 1e9
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'statements':>10} {'wall s':>8} {'cpu s':>8} {'ms/stmt':>8} {'growth':>7}  "
          "stages (cpu s)")
    previous: float | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for count in sizes:
            path = Path(tmp) / f"straight_{count}.cl"
            path.write_text(kernel_source(count, args.kernel))
            runs = [one_run(path) for _ in range(args.repeat)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            stages = runs[len(runs) // 2][2]
            growth = f"{cpu / previous:7.2f}" if previous else f"{'-':>7}"
            previous = cpu
            print(f"{count:>10} {wall:8.2f} {cpu:8.2f} {1000 * cpu / count:8.3f} {growth}  "
                  + ", ".join(f"{k} {v:.2f}" for k, v in stages.items()), flush=True)
    print("growth: CPU time of a size over the previous one; linear growth gives the "
          "ratio of the sizes (2.0 for doubling)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
