"""A kernel that never ends: unknown within the time limit, and Ctrl-C ends any command.

kernels/endless.cl passes the static step (loops without barriers are assumed
to terminate), so before device runs had a time limit `verify` and
`interval-test` spun for ever and ignored Ctrl-C.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from veriscan.cli.main import main

ENDLESS = str(Path(__file__).parent / "kernels" / "endless.cl")
LIMIT_S = 1.0
# Worker start-up (Python, pyopencl, the device's compiler) on a loaded 2-core machine.
SLACK_S = 20.0


@pytest.mark.parametrize("command", [["interval-test", ENDLESS, "--n", "4"],
                                     ["verify", ENDLESS, "--n", "4", "--device", "pocl"],
                                     ["voigtlander-test", ENDLESS, "--n", "4"]],
                         ids=["interval-test", "verify", "voigtlander-test"])
def test_endless_kernel_is_unknown_within_the_time_limit(command, capsys) -> None:
    started = time.monotonic()
    code = main([*command, "--timeout", str(LIMIT_S), "--json"])
    elapsed = time.monotonic() - started
    document = json.loads(capsys.readouterr().out)
    assert code == 2 and document["status"] == "unknown"
    summary = document["verdicts"][0]["summary"]
    assert f"did not finish within {LIMIT_S:g} s" in summary and "--timeout" in summary
    assert elapsed < LIMIT_S + SLACK_S


def _children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(p) for p in path.read_text().split()} if path.exists() else set()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_sigint_ends_a_running_command_with_130_and_stops_its_device_run() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "veriscan", "verify", ENDLESS, "--n", "4",
                             "--device", "pocl", "--timeout", "600", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "VERISCAN_DEVICE": ""})
    try:
        # Wait until the device worker runs the endless kernel (it has started and the
        # static steps are done: the parent then only waits for it).
        deadline = time.monotonic() + SLACK_S + 40
        workers: set[int] = set()
        while time.monotonic() < deadline and proc.poll() is None:
            workers = _children(proc.pid)
            if workers and any(_busy(w) for w in workers):
                break
            time.sleep(0.2)
        assert workers, "the command never started a device worker"
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, _ = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert time.monotonic() - sent < 10
    assert json.loads(out)["status"] == "interrupted"
    assert not any(Path(f"/proc/{w}").exists() and _state(w) != "Z" for w in workers)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def _busy(pid: int) -> bool:
    """The worker has used a second of CPU: it is past start-up, inside the kernel."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    ticks = int(fields[11]) + int(fields[12])  # utime + stime
    return ticks > 2 * os.sysconf("SC_CLK_TCK")
