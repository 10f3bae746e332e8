"""GPUVerify's command-line flags on ``veriscan check`` (cli/gpuverify_flags.py).

The flags that change what is checked have their own corpus kernels
(tests/corpus/static/gv_*.cl); here: every flag GPUVerify's testsuite headers
use is accepted, the ignored ones are named in the verdict, and the command
lines GPUVerify refuses are bad input here too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "tests" / "corpus" / "static"
CLEAN = STATIC / "gv_callee_requires_ok.cl"         # race-free, no scalar parameter
TWO_ARRAYS = STATIC / "gv_kernel_args.cl"          # kernel k(__local int *a, int x)
SAME_VALUE = STATIC / "gv_benign_write_ok.cl"      # every thread stores 1 to flag[0]
LAUNCH = ["--local_size=8", "--num_groups=1"]

# GPUVerify flags about its own machinery, as its testsuite headers spell them.
IGNORED = ["--no-inline", "--no-infer", "--infer-info", "--debug", "--asymmetric-asserts",
           "--no-barrier-access-checks",
           "--equality-abstraction", "--check-array-bounds", "--boogie-file=axioms.bpl",
           "--time-as-csv=label", "--clang-opt=-O0", "--cruncher-opt=/noinfer",
           "--k-induction-depth=2", "--loop-unwind=3", "--vcgen-op=/checkArrays:a"]


def test_every_ignored_flag_is_accepted_and_named(cli) -> None:
    out = cli("check", CLEAN, *LAUNCH, *IGNORED)
    assert out.code == 0, out.doc
    ignored = " ".join(out.doc["verdicts"][0]["details"]["ignored"])
    for flag in IGNORED:
        assert flag.split("=")[0].replace("--vcgen-op", "--vcgen-opt") in ignored, flag


@pytest.mark.parametrize(("flags", "phrase"), [
    (["--equality-abstraction", "--adversarial-abstraction"], "exclude each other"),
    (["--no-annotations", "--only-requires"], "exclude each other"),
    (["--kernel-args=k,1,2"], "2 value(s)"),
    (["--kernel-args=k,three"], "hex values"),
    (["--vcgen-opt=/checkArrays:a,nosuch"], "'nosuch'"),
    (["--warp-sync=0"], "positive warp size"),
    (["--global_offset=x"], "whole numbers"),
])
def test_command_lines_gpuverify_refuses_are_bad_input(cli, flags: list[str],
                                                       phrase: str) -> None:
    out = cli("check", TWO_ARRAYS, "--local_size=2", "--num_groups=1", *flags)
    assert out.code == 3
    assert phrase in out.doc["error"]["message"]


def test_unconstrained_sizes_are_unknown_not_verified(cli) -> None:
    out = cli("check", CLEAN, "--local_size=*", "--global_size=64")
    assert out.code == 2
    assert "unconstrained" in out.doc["verdicts"][0]["summary"]


def test_a_device_of_other_pointer_width_is_unknown_not_verified(cli) -> None:
    width = STATIC / "target_size_t_width_ok.cl"  # verified: sizeof(size_t) is 8
    model = cli("check", width, "--local-size=4", "--num-groups=1")
    assert model.code == 0
    assert any("the device is 64-bit" in fact
               for fact in model.doc["verdicts"][0]["details"]["model"])
    assert cli("check", width, "--local-size=4", "--num-groups=1",
               "--pointer-bitwidth=32").code == 2
    narrow = cli("check", CLEAN, *LAUNCH, "--pointer-bitwidth=32")
    assert narrow.code == 2
    assert "pointers of 32 bits" in narrow.doc["verdicts"][0]["summary"]
    wide = cli("check", CLEAN, *LAUNCH, "--pointer-bitwidth=64")
    assert wide.code == 0
    assert any("--pointer-bitwidth=64" in note
               for note in wide.doc["verdicts"][0]["details"]["ignored"])


def test_kernel_args_for_another_kernel_are_not_used(cli) -> None:
    out = cli("check", TWO_ARRAYS, "--local_size=2", "--num_groups=1",
              "--kernel-args=other,0x3")
    assert out.code == 1  # x stays unconstrained, so the else branch races
    assert any("'other'" in note for note in out.doc["verdicts"][0]["details"]["ignored"])


def test_benign_tolerance_is_named_and_no_benign_tolerance_wins(cli) -> None:
    tolerated = cli("check", SAME_VALUE, "--local_size=8", "--num_groups=2",
                    "--allow-benign-writes")
    assert tolerated.code == 0
    assert "--allow-benign-writes" in tolerated.doc["verdicts"][0]["summary"]
    strict = cli("check", SAME_VALUE, "--local_size=8", "--num_groups=2",
                 "--allow-benign-writes", "--no-benign-tolerance")
    assert strict.code == 1
    assert strict.doc["verdicts"][0]["details"]["failed_part"] == "races"


@pytest.mark.parametrize(("flag", "phrase"), [
    ("--warp-sync=32", "lock-step (--warp-sync=32"),
    ("--skip-overflow-check", "overflow not reported (--skip-overflow-check)"),
])
def test_assumptions_and_narrowings_are_named_in_the_headline(cli, flag: str,
                                                              phrase: str) -> None:
    out = cli("check", CLEAN, *LAUNCH, flag)
    assert out.code == 0, out.doc
    assert phrase in out.doc["verdicts"][0]["summary"]


def test_pure_calls_are_named_with_where_they_are_used(cli) -> None:
    out = cli("check", STATIC / "pure_call_ok.cl", *LAUNCH, "--assume-pure-calls")
    assert out.code == 0, out.doc
    summary = out.doc["verdicts"][0]["summary"]
    assert "(--assume-pure-calls; 1 call(s), the first at " in summary
    assert "pure_call_ok.cl:11:11" in summary


@pytest.mark.parametrize("flag", ["--only-intra-group", "--warp-sync=32",
                                  "--skip-overflow-check", "--assume-pure-calls",
                                  "--pointer-bitwidth=32"])
def test_scope_flags_are_refused_with_the_scan_convention(cli, flag: str) -> None:
    out = cli("check", "kogge_stone", "--n", "4", flag)
    assert out.code == 3
    assert "explicit launch" in out.doc["error"]["message"]
