"""Witnesses name a vector's lane as the source does (``tile[2].y``), not the
scalar cell the model keeps it in, for races and out-of-bounds accesses alike."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from veriscan.cli.main import main
from veriscan.ir import nodes as ir

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"


@pytest.mark.parametrize(("kernel", "launch", "named"), [
    # Which element and lanes the solver picks varies (two lanes of one vector are
    # one location); that both are named as lanes of that element does not.
    ("vec_lane_race.cl", ["--local-size", "8"],
     r"data race on tile\[([1-8])\]\.[xyz]( \(tile\[\1\]\.[xyz] for thread B: lanes of "
     r"one vector\))? \("),
    ("vec_int3_race.cl", ["--local-size", "8"],
     r"data race on trio\[([0-7])\]\.[xyzw]( \(trio\[\1\]\.[xyzw] for thread B: lanes of "
     r"one vector\))? \("),
    ("vec_private_pointer_bounds.cl", ["--local-size", "4"], r"write of v\[1\]\.x "),
])
def test_violation_names_the_lane(kernel: str, launch: list[str], named: str,
                                  capsys: pytest.CaptureFixture) -> None:
    assert main(["check", str(CORPUS / kernel), *launch, "--json"]) == 1
    [row] = json.loads(capsys.readouterr().out)["verdicts"]
    assert re.search(named, row["summary"]), row["summary"]


def test_cells_of_multidimensional_vector_arrays_and_wide_vectors() -> None:
    arrays = [ir.ArrayDecl("L", ir.INT, ir.MemSpace.LOCAL, (2, 3, 4), lanes=3),
              ir.ArrayDecl("W", ir.INT, ir.MemSpace.LOCAL, (2, 16), lanes=16),
              ir.ArrayDecl("S", ir.INT, ir.MemSpace.LOCAL, (8,))]
    kernel = ir.Kernel("k", ir.Dialect.OPENCL, [], arrays, [], "k.cl", "")
    assert kernel.cell("L", 4 * 3 + 2) == "L[1][0].z"  # a 3-vector takes 4 cells
    assert kernel.cell("L", 23) == "L[1][2].w"
    assert kernel.cell("W", 31) == "W[1].sf"
    assert kernel.cell("S", 5) == "S[5]"
