"""The one certificate builder: what every ``--certificate`` file records.

``veriscan verify KERNEL|all`` (:func:`veriscan.verify.certificate`) and
``veriscan verify library`` (:meth:`veriscan.verification.library.LibraryReport.certificate`)
both build their record here: the tool and its version, when, the device,
the solver's version, and the results; a kernel sweep adds the options it
ran with and the versions of pyopencl and Python, the library names its
target.
"""

from __future__ import annotations

import datetime
import sys
from typing import Any

from veriscan.version import __version__


def certificate(device: str, results: list[dict[str, Any]], *, target: str | None = None,
                options: dict[str, Any] | None = None,
                environment: bool = False) -> dict[str, Any]:
    """The JSON record of a verify run: enough to redo it and to see what was proven.

    ``target`` names what was verified when it is not the kernels given
    (``"library"``), ``options`` records how the run was asked for, and
    ``environment`` adds the versions of pyopencl and Python.
    """
    import z3

    record: dict[str, Any] = {"tool": f"veriscan {__version__}"}
    if target is not None:
        record["target"] = target
    record["created"] = datetime.datetime.now(datetime.timezone.utc).isoformat(
        timespec="seconds")
    if options is not None:
        record["options"] = options
    record["device"] = device
    record["z3"] = z3.get_version_string()
    if environment:
        import pyopencl

        record["pyopencl"] = pyopencl.VERSION_TEXT
        record["python"] = sys.version.split()[0]
    record["results"] = results
    return record
