"""``veriscan kernels``: the kernels shipped with veriscan and how they launch."""

from __future__ import annotations

import argparse

from veriscan.cli.common import add_json_arg


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("kernels", help="list the shipped kernels",
                              description="List the kernels shipped with veriscan: name (usable "
                                          "wherever a kernel file is expected), folder, scan "
                                          "mode and work-items per group.")
    add_json_arg(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.table import Table

    from veriscan.cli.common import console
    from veriscan.cli.document import OK, document, print_document
    from veriscan.errors import VeriscanError
    from veriscan.scankernel import KERNEL_DIR, parse_header, shipped_kernel_files
    from veriscan.verdict import EXIT_OK

    rows = []
    for path in shipped_kernel_files():
        source = path.read_text()
        try:
            header = parse_header(source, str(path))
        except VeriscanError as exc:
            header = {"error": exc.message}
        mode = header.get("inclusive")
        rows.append({
            "name": path.stem, "folder": path.parent.relative_to(KERNEL_DIR).as_posix(),
            "dialect": "cuda" if path.suffix == ".cu" else "opencl",
            "mode": "" if mode is None else ("inclusive" if mode else "exclusive"),
            "threads": str(header.get("threads", "")), "note": header.get("error", ""),
        })
    if args.json:
        return print_document(document(OK, kernels=rows))
    table = Table(title=f"shipped kernels ({KERNEL_DIR})")
    for column in ("name", "folder", "dialect", "mode", "threads"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["name"], row["folder"], row["dialect"], row["mode"],
                      row["threads"] + (f" [red]{row['note']}[/red]" if row["note"] else ""))
    console.print(table)
    return EXIT_OK
