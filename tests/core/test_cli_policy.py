"""The CLI's error policy: usage errors and bad input exit 3 with one message, no traceback."""

import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "veriscan", *args],
                          capture_output=True, text=True, timeout=120)


def test_unknown_command_is_a_usage_error():
    result = run("no-such-command")
    assert result.returncode == 3
    assert "Traceback" not in result.stderr
    assert "invalid choice" in result.stderr


def test_missing_command_is_a_usage_error():
    result = run()
    assert result.returncode == 3
    assert "Traceback" not in result.stderr
