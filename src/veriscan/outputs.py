"""Writing output files safely: only regular files, only whole files.

Every path a user names for output (``--certificate``, ``--sarif``, a picture
folder given with ``--out``) goes through here, so one rule holds everywhere:

* an existing path must already be what we would create (a regular file for a
  file, a directory for a folder); a device node (``/dev/full``), a FIFO, a
  socket or a symbolic link is refused, because replacing it would destroy
  something that is not ours (run as root, ``os.replace`` over ``/dev/full``
  once turned the device node into a plain file);
* a file is written to a temporary name in the same folder and renamed into
  place, so a reader never sees half a file and a failure leaves nothing.

Paths are checked before any work starts, so bad input costs nothing.
"""

from __future__ import annotations

import glob
import os
import stat
import tempfile
from pathlib import Path

from veriscan.errors import OutputPathError


def _lstat(path: Path, option: str) -> os.stat_result | None:
    """What ``path`` is (not following a link), or None when nothing is there."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputPathError(f"{option} {path}: cannot inspect it ({exc.strerror})") from None


def check_output_file(path: Path, option: str) -> None:
    """Fail (bad input) unless ``path`` is a new or regular file in a writable folder."""
    info = _lstat(path, option)
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputPathError(f"{option} {path} is a directory; give a file name")
        if not stat.S_ISREG(info.st_mode):
            raise OutputPathError(f"{option} {path} exists and is not a regular file "
                                  f"({_kind(info.st_mode)}); veriscan writes only regular files")
    parent = _parent(path)
    if not parent.is_dir():
        raise OutputPathError(f"{option} {path}: folder '{parent}' does not exist")
    if not os.access(parent, os.W_OK):
        raise OutputPathError(f"{option} {path}: folder '{parent}' is not writable")


def check_output_dir(path: Path, option: str, stem: str = "") -> None:
    """Fail (bad input) unless ``path`` is a directory or can be created as one.

    Pictures are written as ``STEM_*`` files in it: an existing entry of that
    name that is not a regular file (a link, a device) is refused as well.
    """
    info = _lstat(path, option)
    if info is not None:
        if not stat.S_ISDIR(info.st_mode):
            raise OutputPathError(f"{option} {path} exists and is not a directory "
                                  f"({_kind(info.st_mode)}); give a folder for the pictures")
        if not os.access(path, os.W_OK):
            raise OutputPathError(f"{option} {path}: folder is not writable")
        for entry in path.glob(f"{glob.escape(stem)}_*") if stem else ():
            mode = os.lstat(entry).st_mode
            if not stat.S_ISREG(mode):
                raise OutputPathError(f"{option} {path}: {entry.name} exists and is not a "
                                      f"regular file ({_kind(mode)}); veriscan would write "
                                      "a picture there")
        return
    ancestor = _parent(path)
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir() or not os.access(ancestor, os.W_OK):
        raise OutputPathError(f"{option} {path}: cannot create it under '{ancestor}'")


def write_text_atomically(path: Path, text: str, option: str) -> None:
    """Write ``text`` to a temporary file next to ``path``, then rename it into place."""
    check_output_file(path, option)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=_parent(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OutputPathError(f"{option} {path}: writing failed ({exc.strerror})") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _parent(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISREG, "a regular file"), (stat.S_ISLNK, "a symbolic link"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a plain file"
