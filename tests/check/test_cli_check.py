"""`veriscan check`: launch spellings (veriscan's and GPUVerify's), sizes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veriscan.cli.main import main

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "static"


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, dict | None, str]:
    code = main(["check", *argv])
    captured = capsys.readouterr()
    try:
        payload = json.loads(captured.out)
    except json.JSONDecodeError:
        payload = None
    return code, payload, captured.err


def test_global_size_spelling_derives_the_groups(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run(capsys, str(CORPUS / "cross_group_race.cl"), "--global_size=256",
                       "--local_size=64", "--json")
    assert code == 1
    assert out["verdicts"][0]["details"]["launch"] == "local size 64, 4 group(s)"
    code, out, _ = run(capsys, str(CORPUS / "cross_group_race.cl"), "--local-size", "64",
                       "--json")
    assert code == 0 and out["status"] == "verified"


def test_cuda_spellings_and_defines(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run(capsys, str(CORPUS / "kogge_stone_ok.cl"), "--blockDim=64",
                       "--gridDim=1", "-DN=64", "--array-size", "in=64", "--array-size",
                       "out=64", "--json")
    assert code == 0
    bounds = next(p for p in out["verdicts"][0]["details"]["parts"] if p["check"] == "bounds")
    assert bounds["details"]["checked"] == ["buf", "in", "out"]


def test_struct_parameter_fields_are_sized_by_their_dotted_names(
        capsys: pytest.CaptureFixture) -> None:
    # A uint2 *q is two arrays to the proof, q.x and q.y: the verdict names them so
    # and asks for their sizes, which --array-size must then accept.
    kernel = str(CORPUS / "vec_cuda_member_ok.cu")
    code, out, _ = run(capsys, kernel, "--local-size", "8", "--num-groups", "2", "--json")
    assert code == 0 and "not checked: q.x, q.y" in out["verdicts"][0]["summary"]
    code, out, _ = run(capsys, kernel, "--local-size", "8", "--num-groups", "2",
                       "--array-size", "q.x=16", "--array-size", "q.y=16", "--json")
    assert code == 0 and "not checked" not in out["verdicts"][0]["summary"]
    code, out, _ = run(capsys, kernel, "--local-size", "8", "--num-groups", "2",
                       "--array-size", "q.x=15", "--array-size", "q.y=16", "--json")
    assert code == 1 and "out-of-bounds write of q.x[15]" in out["verdicts"][0]["summary"]


def test_struct_scalar_fields_take_values_by_their_dotted_names(
        capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    # The witness of a struct argument names its fields p.a, p.b; --param fixes them so.
    kernel = tmp_path / "stride.cu"
    kernel.write_text("struct P { int a; int b; };\n"
                      "__global__ void k(P p, int *out) { out[threadIdx.x * p.a] = p.b; }\n")
    launch = (str(kernel), "--local-size", "8", "--num-groups", "1", "--json")
    code, out, _ = run(capsys, *launch, "--param", "p.a=1")
    assert code == 0
    code, out, _ = run(capsys, *launch, "--param", "p.a=0")
    assert code == 1 and "race" in out["verdicts"][0]["summary"]
    code, out, err = run(capsys, *launch, "--param", "p.c=0")
    assert code == 3 and "'p.c', which is not a scalar parameter" in err


def test_every_size_of_a_scan_kernel(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run(capsys, "sequential", "--n", "all", "--json")
    assert code == 0
    (verdict,) = out["verdicts"]
    assert verdict["details"]["sizes"] == [1 << k for k in range(1, 32)]
    assert verdict["details"]["mode"] == "parametric"


def test_size_list_gives_one_row_per_size(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run(capsys, "kogge_stone", "--n", "2,1024,2147483648", "--json")
    assert code == 0
    assert [v["details"]["n"] for v in out["verdicts"]] == [2, 1024, 1 << 31]
    assert [v["details"]["threads"] for v in out["verdicts"]] == [2, 1024, 1 << 31]


@pytest.mark.parametrize(("argv", "message"), [
    ((str(CORPUS / "cross_group_race.cl"),), "no launch given"),
    ((str(CORPUS / "cross_group_race.cl"), "--local-size", "16x16"), "one to three sizes"),
    ((str(CORPUS / "cross_group_race.cl"), "--local-size", "64", "--global-size", "100"),
     "not a multiple"),
    ((str(CORPUS / "cross_group_race.cl"), "--local-size", "64", "--array-size", "nope=4"),
     "not a pointer parameter"),
    ((str(CORPUS / "cross_group_race.cl"), "--local-size", "64", "--array-size", "in.=4"),
     "expects NAME=VALUE"),
    ((str(CORPUS / "kogge_stone_ok.cl"), "--n", "8", "--local-size", "8"), "not both"),
    ((str(CORPUS / "frontend" / "syntax_error.cl"), "--local-size", "8"), "expected ';'"),
    ((str(CORPUS / "cross_group_race.cl"), "--local-size", "0"), "outside 1..2^31"),
])
def test_bad_input_is_exit_3_with_one_message(capsys: pytest.CaptureFixture,
                                              argv: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 3 and out is None
    assert message in err and "Traceback" not in err
