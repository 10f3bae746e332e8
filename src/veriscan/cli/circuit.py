"""``veriscan circuit KERNEL --n 16``: draw the prefix circuit a scan kernel computes."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

MAX_DRAW_N = 64


def register(subparsers: argparse._SubParsersAction) -> None:
    from veriscan.cli.common import add_kernel_args

    p = subparsers.add_parser(
        "circuit", help="draw the scan circuit of a generic scan kernel (PNG and SVG)",
        description="Run the kernel once for one work-group on symbolic values and draw "
                    "every OPERATOR application as a dot on the wire of the cell it updates, "
                    "with a line from the wire of its other operand (one picture per size).")
    add_kernel_args(p)
    p.add_argument("--out", default="circuits", metavar="DIR",
                   help="directory for the pictures (default: ./circuits)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.markup import escape

    from veriscan.circuit.draw import check_drawable, draw_circuit
    from veriscan.circuit.record import record_circuit
    from veriscan.cli.common import console, parse_sizes
    from veriscan.errors import VeriscanError
    from veriscan.scankernel import load_scan_kernel

    kernel = load_scan_kernel(args.kernel, inclusive=args.inclusive, threads=args.threads,
                              entry=args.entry)
    sizes = parse_sizes(args.n, MAX_DRAW_N, default=16)
    too_big = [n for n in sizes if n > MAX_DRAW_N]
    if too_big:
        raise VeriscanError(f"--n {too_big[0]} is too large to draw; use at most {MAX_DRAW_N}")
    # Record and lay out every size before drawing any, so bad input leaves no pictures.
    circuits = [record_circuit(kernel, n) for n in sizes]
    for circuit in circuits:
        check_drawable(circuit)
    records = []
    for circuit in circuits:
        start = time.perf_counter()
        files = draw_circuit(circuit, Path(args.out), kernel.name)
        records.append({"n": circuit.n, "threads": circuit.threads, "size": circuit.size,
                        "depth": circuit.depth, "wires": circuit.wire_array,
                        "wrong_outputs": circuit.wrong_outputs(),
                        "draw_seconds": round(time.perf_counter() - start, 3),
                        "files": [str(f) for f in files]})
    if args.json:
        json.dump({"kernel": str(kernel.path), "circuits": records}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    for r in records:
        wrong = r["wrong_outputs"]
        status = ("[green]computes the scan[/green]" if not wrong else
                  f"[red]wrong at {escape(f'out{wrong[:8]}')}{'…' if len(wrong) > 8 else ''}"
                  "[/red]")
        console.print(f"{kernel.name} n={r['n']}: {r['size']} operators, depth {r['depth']}, "
                      f"{status}; {escape(', '.join(r['files']))}", soft_wrap=True)
    return 0
