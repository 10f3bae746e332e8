"""``veriscan spec``: exit codes, JSON record, shipped-kernel lookup, bad input."""

import json
from pathlib import Path

import pytest

from veriscan.cli.main import main

BROKEN = Path(__file__).resolve().parent.parent / "corpus" / "spec_broken"


def test_verified_exit_0_and_json(capsys):
    assert main(["spec", "left_rotation", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "verified"
    assert record["verdicts"][0]["details"]["obligations"] > 0


def test_violation_exit_1_with_witness(capsys):
    assert main(["spec", str(BROKEN / "demo_wrong_barrier_post.cl"), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    witness = record["verdicts"][0]["witness"]
    assert witness["obligation"] == "barrier postcondition" and witness["line"] == 22


def test_unknown_exit_2(tmp_path, capsys):
    path = tmp_path / "k.cl"
    path.write_text("/*@ requires foo(1) == 1; @*/\n__kernel void k(__global int *a) { }\n")
    assert main(["spec", str(path)]) == 2


@pytest.mark.parametrize("args", [["spec", "no_such_kernel"], ["spec", "demo", "--rlimit", "0"]])
def test_bad_input_exit_3_one_line(args, capsys):
    assert main(args) == 3
    err = capsys.readouterr().err
    assert err.startswith("veriscan: error:") and "Traceback" not in err


def test_parse_error_exit_3_names_position(tmp_path, capsys):
    path = tmp_path / "k.cl"
    path.write_text("__kernel void k(__global int *a) {\n  /*@ requires (a[0] ; @*/\n"
                    "  barrier(CLK_LOCAL_MEM_FENCE);\n}\n")
    assert main(["spec", str(path)]) == 3
    assert f"{path}:2:22" in capsys.readouterr().err


def test_draw_writes_png_and_svg_per_barrier(tmp_path, capsys):
    out = tmp_path / "pics"
    assert main(["spec", "kogge_stone_perms", "--draw", "--n", "8", "--out", str(out)]) == 0
    pngs = sorted(out.glob("*.png"))
    # entry, two barriers in each of the three rounds (offset 1, 2, 4), exit
    assert len(pngs) == 8 and len(list(out.glob("*.svg"))) == 8
    assert all(p.stat().st_size > 1000 for p in pngs)


def test_draw_tables_match_the_papers_pattern():
    from veriscan.frontend import parse_kernel
    from veriscan.seplogic import annotated_kernels
    from veriscan.seplogic.concrete import permission_tables

    kernel = parse_kernel(annotated_kernels()["kogge_stone_perms"])
    tables = permission_tables(kernel, (8, 1, 1), {"n": 8})
    entry = tables[0].cells
    # offset 1: element 3 is shared by its owner and its right neighbour, element 7 is whole
    assert sorted(h.thread[0] for h in entry[("out", 3)]) == [3, 4]
    assert [(h.thread[0], h.amount.is_write) for h in entry[("out", 7)]] == [(7, True)]
    after_first = tables[1].cells
    assert all([h.thread[0] for h in after_first[("out", i)]] == [i] for i in range(8))


def test_draw_needs_a_size(capsys):
    assert main(["spec", "demo", "--draw"]) == 3
    assert "--draw needs --n" in capsys.readouterr().err
