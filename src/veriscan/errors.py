"""Errors that mean "the input is bad", as opposed to bugs in veriscan.

Every user-facing failure (missing file, malformed kernel, size a device cannot
take, non-generic kernel, ...) is raised as a :class:`VeriscanError`.  The CLI
turns it into one readable line and exit code 3; anything else is a bug in
veriscan and becomes exit code 4 with a one-line report (the traceback only with
``VERISCAN_DEBUG=1``).  Keeping one exception family means no command has to
guess which failures are the user's.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourcePos:
    """A position in a kernel source file (1-based line and column)."""

    file: str
    line: int
    col: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" + (f":{self.col}" if self.col else "")

    @classmethod
    def parse(cls, text: str) -> SourcePos | None:
        """The position ``str(pos)`` wrote (``file:line[:col]``), None for anything else."""
        head, _, last = text.rpartition(":")
        if not head or not last.isdigit():
            return None
        file, _, line = head.rpartition(":")
        if file and line.isdigit():
            return cls(file, int(line), int(last))
        return cls(head, int(last))


class VeriscanError(Exception):
    """Bad input or usage; the message names the problem and, when known, where."""

    def __init__(self, message: str, pos: SourcePos | None = None, detail: str | None = None):
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.detail = detail

    def __str__(self) -> str:
        where = f"{self.pos}: " if self.pos else ""
        text = f"{where}{self.message}"
        if self.detail:
            text += "\n" + self.detail
        return text


class ArrayTypeError(VeriscanError, TypeError):
    """An array the library cannot take for its dtype: a ``TypeError`` too, as NumPy
    raises, so ``except TypeError`` written for NumPy still catches it."""


class ArrayValueError(VeriscanError, ValueError):
    """An array of the wrong shape or length, or values out of range: a ``ValueError``
    too, as NumPy raises."""


class KernelSourceError(VeriscanError):
    """The kernel source cannot be parsed or built (compiler log in ``detail``)."""


class DeviceLimitError(VeriscanError):
    """The launch does not fit the device (work-group size, local or global memory)."""


class NotGenericError(VeriscanError):
    """The kernel inspects values of the generic ``TYPE``; the interval test would prove nothing."""


class UsageError(VeriscanError):
    """The command line itself is wrong (unknown option, missing argument)."""

    def __init__(self, message: str, usage: str = ""):
        super().__init__(message)
        self.usage = usage


class OutputPathError(VeriscanError):
    """An output path that veriscan refuses to write (not a regular file, no folder)."""
