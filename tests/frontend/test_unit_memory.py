"""Parsing a kernel keeps nothing of libclang's alive once the IR is made.

Each translation unit holds the preludes' thousands of declarations in libclang's
memory; a side table that kept units (or cursors, which hold their unit) would
grow with every kernel checked, in a long test run or a service that checks many.
"""

from __future__ import annotations

import gc

import clang.cindex as ci

from veriscan.frontend import parse_kernel

# A helper with a definition, so the per-unit indexes (function attributes, the
# file's own declarations) are built for it.
KERNEL = """
int twice(int x) { return 2 * x; }
__kernel void k(__global int *a) { a[get_local_id(0)] = twice(1); }
"""


def _live_units() -> int:
    gc.collect()
    return sum(isinstance(o, ci.TranslationUnit) for o in gc.get_objects())


def test_no_translation_unit_outlives_its_parse(tmp_path) -> None:
    path = tmp_path / "k.cl"
    before = _live_units()
    for round_ in range(3):
        path.write_text(KERNEL + f"// round {round_}\n")  # a new text each time
        kernel = parse_kernel(path)
        assert kernel.name == "k"
    del kernel
    assert _live_units() == before
