"""Every command with --json on fixed good and bad inputs: one valid document, the right code.

Each case is (argv, exit code, a phrase the document must contain).  Placeholders
in braces name files made per test: {EMPTY}, {BINARY}, {DIR}, {MISSING}, {TMP}.
The `conftest.run_json` helper checks the rest of the contract on every run.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from corpus_format import mutant_path

KERNELS = Path(__file__).resolve().parent / "kernels"
REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "tests" / "corpus" / "static"
VERIFY = REPO / "tests" / "corpus" / "verify"
SPEC_BROKEN = REPO / "tests" / "corpus" / "spec_broken"
SCAN_COMMANDS = ("check", "verify", "interval-test", "voigtlander-test", "sheeran-test",
                 "circuit")

# Bad input that every scan command must refuse alike (issue 14: one --n, one kernel rule).
COMMON_BAD = [
    (["{MISSING}", "--n", "4"], "not found"),
    (["{DIR}", "--n", "4"], "is a directory"),
    (["{EMPTY}", "--n", "4"], "is empty"),
    (["{BINARY}", "--n", "4"], "not UTF-8"),
    (["kogge_stone", "--n", ""], "--n is empty"),
    (["kogge_stone", "--n", "3"], "not a power of two"),
    (["kogge_stone", "--n", "0"], "at least 1"),
    (["kogge_stone", "--n", "-4"], "at least 1"),
    (["kogge_stone", "--n", "four"], "--n expects"),
    (["kogge_stone", "--n", "1"], "not a power of two"),
    (["kogge_stone", "--n", "4294967296"], "too large"),
    (["kogge_stone", "--n", "4,,8"], "--n expects"),
    (["kogge_stone", "--n", "4", "--bogus"], "unrecognized arguments"),
    (["kogge_stone", "--n", "4", "--inclusive", "--exclusive"], "not allowed with"),
    ([KERNELS / "extra_scalar_param.cl", "--n", "4"], "exactly (in, out)"),
    ([KERNELS / "header_unknown_key.cl", "--n", "4"], "unknown key"),
    ([KERNELS / "header_power_tower.cl", "--n", "256"], "too large"),
    (["kogge_stone", "--n", "4", "-D", "1X=2"], "NAME=VALUE"),
    (["kogge_stone", "--n", "4", "--generic", "COLOUR=T"], "ROLE=NAME"),
    (["kogge_stone", "--n", "4", "-D", "TYPE=int"], "set by veriscan"),
    (["kogge_stone", "--n", "4", "--threads", "n**n**n"], "too large"),
    (["kogge_stone", "--n", "4", "--threads", "n/0"], "division by zero"),
]

CASES = [
    *[([command, *argv], 3, needle) for command in SCAN_COMMANDS for argv, needle in COMMON_BAD],
    # check
    (["check", "kogge_stone", "--n", "4"], 0, "race-free"),
    (["check", "kogge_stone", "--n", "2,4,8"], 0, "race-free"),
    (["check", KERNELS / "race_on_line_9.cl", "--n", "4"], 1, "data race"),
    (["check", STATIC / "early_return_divergence.cl", "--local-size", "64"], 1, "diverg"),
    (["check", STATIC / "local_out_of_bounds.cl", "--local-size", "64"], 1, "bounds"),
    (["check", KERNELS / "renamed_placeholders.cl", "--n", "4", "--generic",
      "TYPE=T,OPERATOR=combine,IDENTITY=zero"], 0, "race-free"),
    (["check", "kogge_stone", "--n", "4", "--groups", "0"], 3, "--groups must be at least 1"),
    (["check", "kogge_stone", "--n", "4", "--groups", "-2"], 3, "--groups must be at least 1"),
    (["check", "kogge_stone"], 3, "no launch given"),
    (["check", "kogge_stone", "--n", "4", "--sarif", "/dev/null"], 3, "not a regular file"),
    (["check", STATIC / "early_return_divergence.cl", "--local-size", "0"], 3, "1..2^31"),
    # verify
    (["verify", "kogge_stone", "--n", "4"], 0, "correct inclusive prefix sum"),
    (["verify", KERNELS / "renamed_placeholders.cl", "--n", "4", "-D", "T=TYPE", "-D",
      "combine=OPERATOR", "-D", "zero=IDENTITY"], 0, "correct inclusive prefix sum"),
    (["verify", VERIFY / "racy_benign_passes_interval.cl", "--n", "8"], 1, "race"),
    (["verify", VERIFY / "wrong_order.cl", "--n", "4"], 1, "interval"),
    (["verify", "kogge_stone_cuda", "--n", "4"], 0, "translated to OpenCL C"),
    (["verify", REPO / "tests" / "runtime" / "kernels" / "cuda_translation" /
      "kogge_stone_nested_shared.cu", "--n", "4"], 2, "not translated to OpenCL C"),
    (["verify", "all", "--n", "3"], 3, "not a power of two"),
    (["verify", "kogge_stone"], 3, "--n is required"),
    (["verify", "kogge_stone", "--n", "4", "--certificate", "/dev/full"], 3,
     "not a regular file"),
    (["verify", "kogge_stone", "--n", "4", "--certificate", "{DIR}"], 3, "is a directory"),
    (["verify", "kogge_stone", "--n", "4", "--certificate", "{MISSING}/c.json"], 3,
     "does not exist"),
    (["verify", "kogge_stone", "--n", "4", "--sarif", "/dev/null"], 3, "not a regular file"),
    (["verify", "kogge_stone", "--n", "4", "--certificate", "{TMP}/c.json", "--sarif",
      "{TMP}/v.sarif"], 0, "verified"),
    # the functional tests
    (["interval-test", "kogge_stone", "--n", "4,8"], 0, "(0,k)"),
    (["interval-test", mutant_path("kogge_stone__swapped_operands"), "--n",
      "4"], 1, "out["),
    (["voigtlander-test", "kogge_stone", "--n", "4"], 0, "tests"),
    (["voigtlander-test", "kogge_stone"], 3, "--n is required"),
    (["sheeran-test", "kogge_stone", "--n", "4"], 0, "verified"),
    # circuit: a wrong circuit is a violation (exit 1), not a success
    (["circuit", "kogge_stone", "--n", "4", "--out", "{TMP}/pictures"], 0, "right prefix"),
    (["circuit", mutant_path("sklansky__last_level_skipped"), "--n", "8",
      "--out", "{TMP}/pictures"], 1, "not the right prefix"),
    (["circuit", "kogge_stone", "--n", "4", "--out", "{EMPTY}"], 3, "not a directory"),
    (["circuit", "kogge_stone", "--n", "128"], 3, "too large to draw"),
    # spec
    (["spec", "left_rotation"], 0, "verified"),
    (["spec", SPEC_BROKEN / "demo_wrong_barrier_post.cl"], 1, "violation"),
    (["spec", KERNELS / "plain_copy.cl"], 3, "no /*@ ... @*/ annotations"),
    (["spec", "left_rotation", "--draw"], 3, "--draw needs --n"),
    (["spec", "left_rotation", "--draw", "--n", "0"], 3, "at least 1"),
    (["spec", "left_rotation", "--draw", "--n", "4", "--out", "{EMPTY}"], 3,
     "not a directory"),
    (["spec", "left_rotation", "--rlimit", "0"], 3, "--rlimit"),
    (["spec", "left_rotation", "--sarif", "/dev/null"], 3, "not a regular file"),
    (["spec", "{DIR}"], 3, "is a directory"),
    (["spec", "{EMPTY}"], 3, "is empty"),
    (["spec", "{MISSING}"], 3, "no kernel file"),
    # the rest
    (["kernels"], 0, "kogge_stone"),
    (["devices"], 0, "pocl"),
    ([], 3, "required"),
    (["no-such-command"], 3, "invalid choice"),
    (["check"], 3, "required"),
]


@pytest.fixture
def places(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "empty.cl").write_text("")
    (tmp_path / "binary.cl").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "folder.cl").mkdir()
    return {"EMPTY": str(tmp_path / "empty.cl"), "BINARY": str(tmp_path / "binary.cl"),
            "DIR": str(tmp_path / "folder.cl"), "MISSING": str(tmp_path / "missing.cl"),
            "TMP": str(tmp_path)}


def test_there_are_at_least_100_cases() -> None:
    assert len(CASES) >= 100


@pytest.mark.parametrize(("argv", "code", "needle"), CASES,
                         ids=[" ".join(Path(str(a)).name for a in c[0]) or "(none)"
                              for c in CASES])
def test_one_valid_document_and_the_documented_code(cli, places, argv, code, needle) -> None:
    out = cli(*[str(a).format(**places) for a in argv])
    assert out.code == code, (out.doc["status"], out.doc["error"], out.err[-300:])
    if code == 3:
        assert out.doc["error"]["message"] in out.err  # the same one line for people
        text = out.doc["error"]["message"]
    else:
        assert out.doc["verdicts"] or out.doc["status"] == "ok", "no verdict, no listing"
        text = " ".join(v["summary"] for v in out.doc["verdicts"]) + str(out.doc)
    assert needle.lower() in text.lower(), text[:400]


def test_dev_full_stays_a_device(cli) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    cli("verify", "kogge_stone", "--n", "4", "--certificate", "/dev/full")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_symlinked_output_is_refused_and_kept(cli, tmp_path: Path) -> None:
    target = tmp_path / "target.json"
    target.write_text("keep")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    out = cli("check", "kogge_stone", "--n", "4", "--sarif", link)
    assert out.code == 3 and "symbolic link" in out.doc["error"]["message"]
    assert link.is_symlink() and target.read_text() == "keep"


def test_picture_over_a_link_is_refused(cli, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    (tmp_path / "kogge_stone_circuit_n4.png").symlink_to(target)
    out = cli("circuit", "kogge_stone", "--n", "4", "--out", tmp_path)
    assert out.code == 3 and "symbolic link" in out.doc["error"]["message"]
    assert target.read_text() == "keep"


def test_every_document_names_the_tool_version_and_command(cli) -> None:
    from veriscan import __version__

    for argv in (["kernels"], ["check", "kogge_stone", "--n", "4"], ["check", "nope.cl"]):
        doc = cli(*argv).doc
        assert (doc["tool"], doc["version"], doc["command"]) == ("veriscan", __version__,
                                                                  argv[0])


def test_verify_all_runs_the_cuda_kernels_translated(cli) -> None:
    from veriscan.scankernel import KERNEL_DIR

    doc = cli("verify", "all", "--n", "2", "--no-progress").doc
    cuda = sorted(p.stem for p in (KERNEL_DIR / "scan").rglob("*.cu"))
    ran = {r["kernel"]: r for r in doc["results"]}
    assert len(ran) == len(doc["verdicts"]) and "skipped" not in doc
    assert cuda and set(cuda) <= set(ran)
    for name in cuda:
        [interval] = [s for s in ran[name]["steps"] if s["check"] == "interval"]
        assert interval["status"] == "verified"
        assert interval["summary"].startswith("translated to OpenCL C, ")


def test_an_internal_error_is_exit_4_never_1(cli, monkeypatch) -> None:
    import veriscan.check

    def broken(*args, **kwargs):
        raise ZeroDivisionError("simulated bug")

    monkeypatch.setattr(veriscan.check, "check_scan_kernel", broken)
    out = cli("check", "kogge_stone", "--n", "4")
    assert out.code == 4 and out.doc["status"] == "internal_error"
    assert "simulated bug" in out.doc["error"]["message"]


def test_ctrl_c_is_exit_130_with_a_document(cli, monkeypatch) -> None:
    import veriscan.check

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(veriscan.check, "check_scan_kernel", interrupted)
    out = cli("check", "kogge_stone", "--n", "4")
    assert out.code == 130 and out.doc["status"] == "interrupted"


def test_abbreviated_json_flag_still_gets_the_error_document(capsys) -> None:
    import json

    from veriscan.cli.main import main

    assert main(["check", "kogge_stone", "--n", "3", "--js"]) == 3
    assert json.loads(capsys.readouterr().out)["status"] == "bad_input"


def test_spec_draw_says_where_the_pictures_went(capsys, tmp_path: Path) -> None:
    from veriscan.cli.main import main

    out = tmp_path / "pictures"
    assert main(["spec", "left_rotation", "--draw", "--n", "4", "--out", str(out)]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    drawn = sorted(out.iterdir())
    assert drawn and f"{len(drawn)} pictures written to {out.resolve()}" in printed


def test_version_flag(capsys) -> None:
    from veriscan import __version__
    from veriscan.cli.main import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"veriscan {__version__}"
