"""Answers worth keeping between runs, in the user's cache folder.

Some answers take seconds to compute yet depend only on files shipped with
veriscan and on the versions of the parsers that read them (which names the
preludes declare, as libclang and the preprocessor read them); without a
cache every command would pay for them again.  An entry is named after a
digest of everything it was computed from, so a changed input makes another
entry, never a stale one, and it is written under a temporary name and then
renamed, so a reader never sees half of one.  A folder that cannot be written
costs only the recomputation.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable
from importlib import metadata
from pathlib import Path

from veriscan.version import __version__


def cache_folders() -> list[Path]:
    """Where veriscan may keep files, most preferred first: the user's cache
    folder, else one of its own in the temporary folder."""
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return [home / "veriscan", Path(tempfile.gettempdir()) / f"veriscan-{os.getuid()}"]


def digest(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part.encode())
    return h.hexdigest()[:24]


def stored_names(kind: str, inputs: Iterable[Path | str],
                 compute: Callable[[], Iterable[str]]) -> frozenset[str]:
    """The set of names ``compute`` gives, kept under ``kind`` and a digest of
    ``inputs`` (files by content, strings as they are), veriscan's version and
    its parsers' versions."""
    parts = [kind, __version__, *(_version(p) for p in ("libclang", "pcpp", "z3-solver"))]
    parts += [p.read_text() if isinstance(p, Path) else p for p in inputs]
    name = f"{kind}-{digest(parts)}.json"
    for folder in cache_folders():
        try:
            found = json.loads((folder / name).read_text())
        except (OSError, ValueError):
            continue
        if isinstance(found, list) and all(isinstance(x, str) for x in found):
            return frozenset(found)
    names = frozenset(compute())
    for folder in cache_folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp = folder / f".{name}.{os.getpid()}"
            tmp.write_text(json.dumps(sorted(names)))
            os.replace(tmp, folder / name)
            break
        except OSError:
            continue
    return names


def _version(package: str) -> str:
    try:
        return f"{package} {metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package} absent"
