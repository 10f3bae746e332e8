"""veriscan: prove GPU scan kernels correct, and ship the kernels it proves.

The library (``veriscan.scan``, ``exclusive_scan``, ``compact``,
``summed_area_table``, ``transpose``, and ``explain`` for what covers a call)
is loaded on first use, so that the
command line and ``import veriscan`` stay fast and do not need an OpenCL
device until a kernel actually runs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from veriscan.errors import VeriscanError
from veriscan.version import __version__

if TYPE_CHECKING:  # type checkers see the real signatures; at run time they load lazily
    from veriscan.library.compact import compact as compact
    from veriscan.library.sat import summed_area_table as summed_area_table
    from veriscan.library.scan import exclusive_scan as exclusive_scan
    from veriscan.library.scan import scan as scan
    from veriscan.library.transpose import transpose as transpose
    from veriscan.verification.explain import explain as explain
    from veriscan.verification.explain import explain_compact as explain_compact

# Public name -> module that defines it.
_LAZY = {
    "scan": "veriscan.library.scan",
    "exclusive_scan": "veriscan.library.scan",
    "explain": "veriscan.verification.explain",
    "explain_compact": "veriscan.verification.explain",
    "compact": "veriscan.library.compact",
    "summed_area_table": "veriscan.library.sat",
    "transpose": "veriscan.library.transpose",
}

__all__ = ["VeriscanError", "__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'veriscan' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
