"""Everything built for a device, in one cache keyed by (device, source, options).

Building is the slowest part of a short run (hundreds of ms per OpenCL
program on PoCL, NVRTC for CUDA), so what is built for a device is kept for
the life of the process: OpenCL programs and their kernel objects
(:meth:`~veriscan.device.opencl.Runtime.build`), CUDA modules
(:mod:`veriscan.device.cuda`), and whatever a caller makes from such a
program once per source (the scan runner's launch-ready scan programs).
There is one cache, so there is one place to let it all go:
:func:`release_programs` drops every entry, or one device's.

``device`` names where the entry is valid: an OpenCL program belongs to one
context, so an OpenCL runtime's name includes its context.  An entry keeps
what it was built for alive, so no identity is reused while it is cached.
``source`` is the text the entry is made from and ``options`` everything
else that changes what is built.  A build that fails
is not cached: the next call tries again and reports the same error.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
Key = tuple[str, str, tuple[str, ...]]


class ProgramCache:
    """Built programs by (device, source, options); each one built once, even under threads."""

    def __init__(self) -> None:
        self._entries: dict[Key, Any] = {}
        self._building: dict[Key, threading.Lock] = {}
        self._lock = threading.Lock()

    def get(self, device: str, source: str, options: Sequence[str],
            build: Callable[[], T]) -> T:
        """The entry for (``device``, ``source``, ``options``), made by ``build()`` if absent.

        Two threads asking for the same entry build it once; different entries
        build side by side (a build may itself ask the cache for another entry).
        """
        key = (device, source, tuple(options))
        with self._lock:
            if key in self._entries:
                return self._entries[key]
            gate = self._building.setdefault(key, threading.Lock())
        with gate:
            with self._lock:
                if key in self._entries:
                    return self._entries[key]
            try:
                value = build()
                with self._lock:
                    self._entries[key] = value
                return value
            finally:
                with self._lock:
                    if self._building.get(key) is gate:
                        del self._building[key]

    def release(self, device: str | None = None) -> int:
        """Drop every entry (``device`` None) or those of ``device``; how many were dropped."""
        with self._lock:
            keys = [k for k in self._entries if device is None or k[0] == device]
            for key in keys:
                del self._entries[key]
            return len(keys)

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


PROGRAMS = ProgramCache()


def release_programs(device: str | None = None) -> int:
    """Let go of what was built (for one device, or for all): the next use builds again."""
    return PROGRAMS.release(device)
