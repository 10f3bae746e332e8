"""A real Ctrl-C and a real device time limit, through the installed command line.

The device worker (veriscan.device.worker) stops runs; here the check is the
command line's side of the contract: SIGINT ends `interval-test` on a kernel
that never ends with exit 130 and one JSON document saying "interrupted", and
the time limit ends it with unknown (exit 2), never a hang or a traceback.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

ENDLESS = Path(__file__).resolve().parents[1] / "runtime" / "kernels" / "endless.cl"


def _start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "veriscan", *argv, "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_sigint_stops_a_running_command_with_130() -> None:
    proc = _start("interval-test", str(ENDLESS), "--n", "4", "--timeout", "120")
    time.sleep(4.0)  # past start-up: the kernel is running on the device by now
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err[-500:]
    assert json.loads(out)["status"] == "interrupted"
    assert "Traceback" not in err


def test_device_time_limit_is_unknown_exit_2() -> None:
    proc = _start("interval-test", str(ENDLESS), "--n", "4", "--timeout", "2")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err[-500:]
    doc = json.loads(out)
    assert doc["status"] == "unknown" and doc["verdicts"][0]["status"] == "unknown"
    assert "Traceback" not in err
