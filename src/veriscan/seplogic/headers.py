"""CUDA's own headers in annotated kernels: ``#include <cuda.h>`` as the papers print it.

The front end parses one self-contained file and supplies the CUDA built-ins
(``threadIdx``, ``__syncthreads`` ...) itself, so ``cuda.h`` and
``cuda_runtime.h`` add nothing a kernel could use that the front end lacks: a
kernel that relies on anything else from them fails to parse (bad input)
instead of being misread.  Those two includes are therefore blanked, keeping
line numbers, before parsing; every other ``#include`` still reaches the
front end, which refuses it.
"""

from __future__ import annotations

import re
from pathlib import Path

from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as n
from veriscan.scankernel import read_kernel_source

_CUDA_HEADERS = re.compile(r"^[ \t]*#[ \t]*include[ \t]*<(cuda|cuda_runtime)\.h>[ \t]*$",
                           re.MULTILINE)


def without_cuda_headers(source: str) -> str:
    return _CUDA_HEADERS.sub("", source)


def parse_spec_kernel(path: Path | str, *, entry: str | None = None,
                      defines: dict[str, str] | None = None) -> n.Kernel:
    """The kernel in ``path`` for the spec checker, CUDA headers blanked."""
    source = without_cuda_headers(read_kernel_source(Path(path)))
    return parse_kernel(path, source=source, entry=entry, defines=defines)
