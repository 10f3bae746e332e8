"""``veriscan devices``: the OpenCL implementations found here, and which one is the default.

Oclgrind is listed when its Debian package is installed, with no system
configuration (see :mod:`veriscan.device.icd`); ``verify`` runs its interval
step on every implementation listed, ``--device`` on one.
"""

from __future__ import annotations

import argparse

from veriscan.cli.common import add_json_arg


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "devices", help="list the OpenCL devices veriscan can run kernels on",
        description="List every OpenCL device found (PoCL from PyPI always; Oclgrind, the "
                    "simulator with race and uninitialised-value detectors, when installed: "
                    "apt-get install oclgrind), with the name to give --device and which one "
                    "is the default.")
    add_json_arg(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.markup import escape
    from rich.table import Table

    from veriscan.cli.common import console
    from veriscan.cli.document import OK, document, print_document
    from veriscan.device.icd import oclgrind_library
    from veriscan.device.oclgrind import is_oclgrind
    from veriscan.device.opencl import get_runtime, list_devices
    from veriscan.verdict import EXIT_OK

    devices = list_devices()
    default = get_runtime().device if devices else None
    rows = [{"device": d.name.strip(), "platform": d.platform.name.strip(),
             "version": d.platform.version.strip(), "select": _selector(d),
             "default": d == default,
             "detectors": is_oclgrind(d.platform.name),
             "max_work_group_size": int(d.max_work_group_size)} for d in devices]
    note = ("" if oclgrind_library() else
            "Oclgrind is not installed: apt-get install oclgrind adds a second implementation "
            "with data-race and uninitialised-value detectors")
    if args.json:
        return print_document(document(OK, devices=rows, note=note))
    table = Table(title="OpenCL devices")
    for column in ("device", "platform", "--device", "default", "detectors"):
        table.add_column(column)
    for row in rows:
        table.add_row(escape(row["device"]), escape(f"{row['platform']} ({row['version']})"),
                      escape(row["select"]), "yes" if row["default"] else "",
                      "races, uninitialised values, bounds" if row["detectors"] else "")
    console.print(table)
    if note:
        console.print(note)
    return EXIT_OK


def _selector(device: object) -> str:
    """The shortest --device word that picks this device: a well-known implementation
    name, else the first word of its platform's name, else the whole device name."""
    from veriscan.device.opencl import get_runtime
    from veriscan.errors import VeriscanError

    platform = device.platform  # type: ignore[attr-defined]
    text = f"{platform.name} {platform.version}".lower()
    words = [w for w in SHORT_NAMES if w in text] + text.split()[:1]
    for word in words:
        try:
            if get_runtime(word).device == device:
                return word
        except VeriscanError:
            continue
    return str(device.name).strip()  # type: ignore[attr-defined]


SHORT_NAMES = ("pocl", "oclgrind", "nvidia", "cuda", "amd", "intel", "rusticl", "clover")
