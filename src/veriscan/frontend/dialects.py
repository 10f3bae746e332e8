"""What each dialect is to every tool that reads a kernel, stated once.

The kernel's one preprocessing (:mod:`.preprocess`), the libclang parse
(:mod:`.clang_parse`), the probes that find names foreign to a kernel
(:mod:`.foreign_names`) and the device build must read one language, or a
kernel could mean one thing to the proof and another when it runs.  So the
flags each dialect is parsed with, the macros its compilers predefine, the
preludes that model its environment and the stub headers a kernel may include
are stated here, and every reader takes them from here.
"""

from __future__ import annotations

import re
from pathlib import Path

import clang.cindex as ci

from veriscan.device import OPENCL_C_STD
from veriscan.ir.nodes import Dialect

# The names through which a generic kernel reaches the monoid, and nothing else.
GENERIC_NAMES = frozenset({"TYPE", "OPERATOR", "IDENTITY"})
MACRO_NAME = re.compile(r"^[A-Za-z_]\w*(\(\s*(\w+\s*(,\s*\w+\s*)*)?\))?$")  # N, OP(a,b)
# The preludes on disk, and where the parse places them (in memory, never on disk).
PRELUDE_DIR = Path(__file__).resolve().parent / "preludes"
VIRTUAL_PRELUDE_DIR = "/veriscan-prelude"
# The preludes that declare the dialect's environment (its built-ins and constants).
ENV_PRELUDES = {Dialect.OPENCL: ("opencl.h", "opencl_vectors.h", "opencl_conversions.h",
                                  "gpuverify.h"),
                Dialect.CUDA: ("cuda.h", "cuda_vectors.h", "gpuverify.h")}
# The system headers a kernel may include, by dialect: veriscan's own stubs
# (preludes/cuda/), which name parts of the environment the CUDA prelude models.
# An include of one contributes no text (the device compiler brings its real
# header, the proof its stub); anything else is the user's or an unknown file.
STUB_DIR = f"{VIRTUAL_PRELUDE_DIR}/cuda"
STUB_HEADERS = {Dialect.OPENCL: frozenset(),
                Dialect.CUDA: frozenset(p.name for p in (PRELUDE_DIR / "cuda").glob("*.h"))}
# Macros the CUDA device compiler predefines, with the values the proof assumes
# (the device build compiles the text preprocessed with them, so both agree):
# device code (__CUDA_ARCH__, compute capability 3.5, which GPUVerify's clang
# assumes too) compiled by a CUDA compiler (__CUDACC__).  -D overrides them.
DIALECT_MACROS = {Dialect.OPENCL: (), Dialect.CUDA: (("__CUDA_ARCH__", "350"),
                                                      ("__CUDACC__", "1"))}
DIALECT_FLAGS = {
    Dialect.OPENCL: ["-x", "cl", OPENCL_C_STD, "-cl-no-stdinc"],
    Dialect.CUDA: ["-x", "c++", "-std=c++14", "-nostdinc", "-nostdinc++"],
}


def from_prelude(decl: ci.Cursor) -> bool:
    """Whether ``decl`` is declared by one of veriscan's preludes (or stub headers),
    not by the kernel: only such a declaration is the environment's built-in."""
    where = decl.location.file
    return where is not None and where.name.startswith(f"{VIRTUAL_PRELUDE_DIR}/")
