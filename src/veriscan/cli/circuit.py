"""``veriscan circuit KERNEL --n 16``: draw the prefix circuit a scan kernel computes."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from veriscan.cli.common import exit_code
from veriscan.verdict import Verdict, verified, violation

MAX_DRAW_N = 64


def register(subparsers: argparse._SubParsersAction) -> None:
    from veriscan.cli.common import add_kernel_args

    p = subparsers.add_parser(
        "circuit", help="draw the scan circuit of a generic scan kernel (PNG and SVG)",
        description="Run the kernel once for one work-group on symbolic values and draw "
                    "every OPERATOR application as a dot on the wire of the cell it updates, "
                    "with a line from the wire of its other operand (one picture per size). "
                    "Exit 0 when every output is the right prefix, 1 when some is not (the "
                    "picture shows where), 3 for kernels with no circuit to show.")
    add_kernel_args(p, n_note=f"default: 16; at most {MAX_DRAW_N}")
    p.add_argument("--out", default="circuits", metavar="DIR",
                   help="directory for the pictures (default: ./circuits)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.markup import escape

    from veriscan.circuit.draw import check_drawable, draw_circuit
    from veriscan.circuit.record import record_circuit
    from veriscan.cli.common import console, emit, macro_defines, parse_sizes
    from veriscan.errors import VeriscanError
    from veriscan.scankernel import load_scan_kernel

    sizes = parse_sizes(args.n, MAX_DRAW_N, default=16)
    too_big = [n for n in sizes if n > MAX_DRAW_N]
    if too_big:
        raise VeriscanError(f"--n {too_big[0]} is too large to draw; use at most {MAX_DRAW_N}")
    kernel = load_scan_kernel(args.kernel, inclusive=args.inclusive, threads=args.threads,
                              entry=args.entry, defines=macro_defines(args))
    # Record and lay out every size before drawing any, so bad input leaves no pictures.
    circuits = [record_circuit(kernel, n) for n in sizes]
    for circuit in circuits:
        check_drawable(circuit)
    records, verdicts = [], []
    for circuit in circuits:
        start = time.perf_counter()
        files = draw_circuit(circuit, Path(args.out), kernel.name)
        record = {"n": circuit.n, "threads": circuit.threads, "size": circuit.size,
                  "depth": circuit.depth, "wires": circuit.wire_array,
                  "wrong_outputs": circuit.wrong_outputs(),
                  "draw_seconds": round(time.perf_counter() - start, 3),
                  "files": [str(f) for f in files]}
        records.append(record)
        verdicts.append(_verdict(kernel.name, record))
    if args.json:
        return emit(verdicts, True, extra={"kernel": str(kernel.path), "circuits": records})
    for r in records:
        wrong = r["wrong_outputs"]
        status = ("[green]computes the scan[/green]" if not wrong else
                  f"[red]wrong at {escape(f'out{wrong[:8]}')}{'…' if len(wrong) > 8 else ''}"
                  "[/red]")
        console.print(f"{kernel.name} n={r['n']}: {r['size']} operators, depth {r['depth']}, "
                      f"{status}; {escape(', '.join(r['files']))}", soft_wrap=True)
    return exit_code(verdicts)


def _verdict(name: str, record: dict[str, Any]) -> Verdict:
    """One size's circuit as a verdict: its outputs are the right prefixes, or these are not.

    The circuit is recorded on free words over the input positions, so a right
    word at every output holds for every operator; the recorder refuses racy
    and divergent kernels, whose circuit would depend on the schedule.
    """
    n, wrong = record["n"], record["wrong_outputs"]
    details = {"n": n, "threads": record["threads"], "files": record["files"]}
    if wrong:
        return violation("circuit", f"{name} at n = {n}: {len(wrong)} of {n} outputs are not "
                         "the right prefix", {"wrong_outputs": wrong}, error="output",
                         reason="wrong_output", **details)
    return verified("circuit", f"{name} at n = {n}: every output is the right prefix "
                    f"({record['size']} operators, depth {record['depth']})", **details)
