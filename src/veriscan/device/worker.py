"""Device work in a child process, so that a kernel that never ends can be stopped.

A kernel launch blocks inside the OpenCL driver; Python cannot interrupt it,
so a kernel with an endless loop would hang the command and ignore Ctrl-C.
Every device run of the verdict commands therefore goes to a
:class:`DeviceWorker`: a ``python -m veriscan.device.worker`` child that
executes module-level functions sent to it (pickled over its stdin/stdout)
and stays alive between calls, so built programs and the driver's start-up
are paid once per command, not per run.  The parent waits with a time limit:
past it, or on Ctrl-C, it kills the child (a fresh one starts on the next
call) and raises :class:`DeviceTimeout` or ``KeyboardInterrupt``.

The child's stderr goes to a file the parent reads after every call: that is
where Oclgrind prints its detector reports, so each call returns the text its
own run produced.  The child ignores SIGINT (the parent decides) and dies
with its parent (``PR_SET_PDEATHSIG``), so no endless kernel outlives a
killed command.
"""

from __future__ import annotations

import atexit
import importlib
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from veriscan.errors import VeriscanError

_HEADER = struct.Struct("<Q")
_TAIL = 2000  # characters of a crashed child's stderr shown in the reason


class DeviceTimeout(Exception):
    """A device run did not finish within its time limit (its worker was killed)."""

    def __init__(self, seconds: float):
        super().__init__(f"the device run did not finish within {seconds:g} s "
                         "(time limit; set it with --timeout) and was stopped")
        self.seconds = seconds


class DeviceCrash(Exception):
    """The worker process died during a run (a driver crash, not a verdict)."""


@dataclass
class Reply:
    """A call's result and the stderr text the child produced during it."""

    value: Any
    stderr: str
    seconds: float


class DeviceWorker:
    """One child process for device work, restarted after a timeout or crash."""

    def __init__(self, env: dict[str, str] | None = None):
        self._env = {**os.environ, **(env or {})}
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self._read_at = 0

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float) -> Reply:
        """``fn(*args)`` in the child; ``fn`` must be a module-level function."""
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        started = time.monotonic()
        try:
            payload = pickle.dumps((fn.__module__, fn.__qualname__, args))
            proc.stdin.write(_HEADER.pack(len(payload)) + payload)
            proc.stdin.flush()
            status, value = pickle.loads(self._receive(proc, started + timeout, timeout))
        except (DeviceTimeout, DeviceCrash, KeyboardInterrupt):
            self.close()
            raise
        except BrokenPipeError:
            tail = self._stderr()[-_TAIL:]
            self.close()
            raise DeviceCrash(f"the device worker exited unexpectedly: {tail.strip()}") from None
        stderr = self._stderr()
        if status == "error":
            raise _rebuild(value)
        return Reply(value, stderr, time.monotonic() - started)

    def close(self) -> None:
        """Stop the child now (kill: it may be inside an endless kernel)."""
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.kill()
            self._proc.wait()
            for stream in (self._proc.stdin, self._proc.stdout):
                if stream is not None:
                    stream.close()
            self._proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    # ------------------------------------------------------------------ internals
    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        self.close()
        # Lives as long as the child: closed by close().
        self._log = tempfile.TemporaryFile()  # noqa: SIM115
        self._read_at = 0
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "veriscan.device.worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self._log, env=self._env)
        if self not in _LIVE:
            _LIVE.append(self)
        return self._proc

    def _receive(self, proc: subprocess.Popen[bytes], deadline: float, limit: float) -> bytes:
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        buffer = b""
        need = _HEADER.size
        length: int | None = None
        while True:
            while len(buffer) < need:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise DeviceTimeout(limit)
                ready, _, _ = select.select([fd], [], [], min(remaining, 0.5))
                if not ready:
                    continue
                chunk = os.read(fd, max(need - len(buffer), 65536))
                if not chunk:
                    tail = self._stderr()[-_TAIL:]
                    raise DeviceCrash("the device worker died during the run"
                                      + (f": {tail.strip()}" if tail.strip() else ""))
                buffer += chunk
            if length is None:
                (length,) = _HEADER.unpack(buffer[:_HEADER.size])
                buffer = buffer[_HEADER.size:]
                need = length
                continue
            return buffer

    def _stderr(self) -> str:
        if self._log is None:
            return ""
        self._log.seek(self._read_at)
        data = self._log.read()
        self._read_at += len(data)
        return data.decode(errors="replace")


def _rebuild(error: tuple[Any, ...]) -> Exception:
    """The child's exception in the parent: the same VeriscanError class (callers tell a
    device limit from bad input by class), anything else a :class:`DeviceCrash`."""
    module, name, message, pos, detail = error
    if module is not None:
        cls = getattr(importlib.import_module(module), name, None)
        if isinstance(cls, type) and issubclass(cls, VeriscanError):
            try:
                return cls(message, pos=pos, detail=detail)
            except TypeError:
                return VeriscanError(message, pos=pos, detail=detail)
    return DeviceCrash(message)


_LIVE: list[DeviceWorker] = []


@atexit.register
def _close_all() -> None:
    for worker in _LIVE:
        worker.close()


# ---------------------------------------------------------------------- the child
def _die_with_parent() -> None:
    """Linux: the kernel kills this process when its parent dies (PR_SET_PDEATHSIG)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return


def _serve(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:
        return
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # stray prints must not corrupt the reply stream
    while True:
        header = stdin.read(_HEADER.size)
        if len(header) < _HEADER.size:
            return
        (length,) = _HEADER.unpack(header)
        module, name, args = pickle.loads(stdin.read(length))
        try:
            fn = getattr(importlib.import_module(module), name)
            reply = ("ok", fn(*args))
        except VeriscanError as exc:
            reply = ("error", (type(exc).__module__, type(exc).__qualname__, exc.message,
                               exc.pos, exc.detail))
        except Exception as exc:  # reported to the parent, which decides
            reply = ("error", (None, None, f"{type(exc).__name__}: {exc}", None, None))
        sys.stderr.flush()
        data = pickle.dumps(reply)
        stdout.write(_HEADER.pack(len(data)) + data)
        stdout.flush()


if __name__ == "__main__":
    _serve(os.getppid())
