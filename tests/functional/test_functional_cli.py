"""The interval-test, voigtlander-test, sheeran-test and kernels commands."""

import json
import subprocess
import sys

import pytest

from corpus_format import mutant_path
from veriscan.cli.main import main
from veriscan.functional.scan_runner import max_scan_size
from veriscan.monoids import interval_monoid
from veriscan.scankernel import load_scan_kernel


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_interval_test_json(capsys):
    code, out, _ = _run(capsys, "interval-test", "kogge_stone", "--n", "8,16", "--json")
    record = json.loads(out)
    assert code == 0 and record["status"] == "verified"
    assert [v["details"]["n"] for v in record["verdicts"]] == [8, 16]
    assert record["mode"] == "inclusive" and record["threads"] == "n"


def test_interval_test_all_sizes_reach_the_device_limit(capsys, runtime):
    code, out, _ = _run(capsys, "interval-test", "kogge_stone", "--n", "all", "--json")
    sizes = [v["details"]["n"] for v in json.loads(out)["verdicts"]]
    assert code == 0
    kogge_stone = max_scan_size(load_scan_kernel("kogge_stone"), interval_monoid, runtime)
    assert sizes[0] == 2 and sizes[-1] == kogge_stone
    if runtime.is_cpu:  # a GPU compiler may allow a kernel fewer work-items (registers)
        assert kogge_stone == runtime.limits.max_work_group_size
    assert sizes == [2**e for e in range(1, len(sizes) + 1)]


def test_interval_test_violation_table_shows_the_witness(capsys):
    path = mutant_path("kogge_stone__swapped_operands")
    code, out, _ = _run(capsys, "interval-test", str(path), "--n", "8")
    assert code == 1
    assert "out[1] = ⊤, expected (0,1)" in out
    assert "wrong order" in out


def test_mode_and_threads_overrides(capsys):
    code, out, _ = _run(capsys, "interval-test", "blelloch", "--inclusive", "--n", "8",
                        "--json")
    assert code == 1 and "wrong mode" in out
    code, out, _ = _run(capsys, "interval-test", "sequential", "--threads", "1", "--n", "64",
                        "--json")
    assert code == 0


@pytest.mark.parametrize(("argv", "message"), [
    (["interval-test", "missing_kernel.cl", "--n", "8"], "not found"),
    (["interval-test", "kogge_stone", "--n", "12"], "not a power of two"),
    (["interval-test", "kogge_stone", "--n", "1048576"], "largest n that fits is"),
    (["interval-test", "kogge_stone", "--n", "eight"], "--n expects"),
    (["interval-test", "kogge_stone", "--n", "8", "--threads", "n/3"], "not a whole number"),
    (["interval-test", "kogge_stone", "--n", "8", "--device", "no-such-device"],
     "no OpenCL device matches"),
    (["voigtlander-test", "kogge_stone"], "--n is required"),
    (["sheeran-test", "blelloch", "--n", "1024"], "CL_DEVICE_LOCAL_MEM_SIZE"),
])
def test_bad_input_exits_3_with_one_message(capsys, argv, message):
    code, out, err = _run(capsys, *argv)
    assert code == 3
    assert message in err
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize(("body", "message"), [
    ("static TYPE twice(TYPE a) { return OPERATOR(a, a); }\n", "no __kernel"),
    ("__kernel void k(__global const TYPE *in, __global TYPE *out) "
     "{ out[0] = OPERATOR(in[0], nope); }\n", "nope"),
    ("__kernel void k(__global const int *in, __global int *out) { out[0] = in[0]; }\n",
     "never uses TYPE or OPERATOR"),
])
def test_bad_kernel_files_exit_3(capsys, tmp_path, body, message):
    path = tmp_path / "bad.cl"
    path.write_text("// veriscan: inclusive threads=n\n" + body)
    code, _, err = _run(capsys, "interval-test", str(path), "--n", "4")
    assert code == 3 and message in err and "Traceback" not in err


def test_module_entry_point_reports_bad_input_without_traceback(tmp_path):
    path = tmp_path / "broken.cl"
    path.write_text("// veriscan: inclusive threads=n\n__kernel void k(__global const TYPE *in, "
                    "__global TYPE *out) { out[0] = OPERATOR(in[0] }\n")
    proc = subprocess.run([sys.executable, "-m", "veriscan", "interval-test", str(path),
                           "--n", "4"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3
    assert "OpenCL build of" in proc.stderr and "broken.cl" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_voigtlander_and_sheeran_commands(capsys):
    code, out, _ = _run(capsys, "voigtlander-test", "brent_kung", "--n", "8,16", "--json")
    record = json.loads(out)
    assert code == 0
    assert [v["details"]["tests_total"] for v in record["verdicts"]] == [43, 151]
    code, out, _ = _run(capsys, "sheeran-test", "blelloch_tree1d", "--n", "16", "--json")
    assert code == 0 and json.loads(out)["status"] == "verified"
    path = mutant_path("blelloch__identity_not_set")
    code, out, _ = _run(capsys, "voigtlander-test", str(path), "--n", "8")
    assert code == 1 and "Voigtländer" in out


def test_kernels_lists_shipped_kernels(capsys):
    code, out, _ = _run(capsys, "kernels", "--json")
    rows = {r["name"]: r for r in json.loads(out)["kernels"]}
    assert code == 0
    assert rows["blelloch"]["mode"] == "exclusive" and rows["blelloch"]["threads"] == "n/2"
    assert rows["kogge_stone"]["mode"] == "inclusive" and rows["kogge_stone"]["threads"] == "n"
    assert rows["blelloch_tree2d"]["folder"] == "scan"
    code, out, _ = _run(capsys, "kernels")
    assert code == 0 and "sklansky" in out
