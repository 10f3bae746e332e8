"""Make every installed OpenCL implementation visible, Oclgrind included, with no set-up.

The ICD loader pyopencl uses finds implementations through ``.icd`` files in
``/etc/OpenCL/vendors`` (or ``$OCL_ICD_VENDORS``); PoCL from PyPI is found by
pyopencl's bundled loader on its own.  Debian's ``oclgrind`` package installs
its ICD library but registers no vendor file, so a user would have to write
one as root.  Instead, veriscan writes a private vendors folder naming the
Oclgrind library (plus every system vendor file, which ``$OCL_ICD_VENDORS``
would otherwise hide) and points the loader at it.  The loader reads the
variable once, on its first platform query, so :func:`configure_icd` runs
when :mod:`veriscan.device.opencl` is imported, before any query.
A user's own ``$OCL_ICD_VENDORS`` is left alone.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from veriscan.user_cache import cache_folders, digest

VENDORS_ENV = "OCL_ICD_VENDORS"
OCLGRIND_ENV = "VERISCAN_OCLGRIND_ICD"  # path of liboclgrind-rt-icd.so, if not in a usual place
SYSTEM_VENDORS = Path("/etc/OpenCL/vendors")
ICD_LIBRARY = "liboclgrind-rt-icd.so"
# Where distributions put the library, relative to the prefix of the `oclgrind` binary.
_RELATIVE = ("lib/oclgrind", "lib", "lib/x86_64-linux-gnu/oclgrind", "lib64/oclgrind", "lib64")


def oclgrind_library() -> Path | None:
    """The Oclgrind ICD library, or None where Oclgrind is not installed."""
    override = os.environ.get(OCLGRIND_ENV)
    if override:
        return Path(override) if Path(override).is_file() else None
    prefixes = [Path("/usr"), Path("/usr/local")]
    binary = shutil.which("oclgrind")
    if binary:
        prefixes.insert(0, Path(binary).resolve().parent.parent)
    for prefix in prefixes:
        for rel in _RELATIVE:
            candidate = prefix / rel / ICD_LIBRARY
            if candidate.is_file():
                return candidate
    return None


def configure_icd() -> Path | None:
    """Point the ICD loader at a vendors folder that includes Oclgrind; the folder or None."""
    if os.environ.get(VENDORS_ENV):
        return None
    library = oclgrind_library()
    if library is None:
        return None
    entries = {"veriscan-oclgrind.icd": f"{library}\n"}
    if SYSTEM_VENDORS.is_dir():
        for icd in sorted(SYSTEM_VENDORS.glob("*.icd")):
            try:
                entries[icd.name] = icd.read_text()
            except OSError:
                continue
    folder = _write_vendors(entries)
    if folder is not None:
        os.environ[VENDORS_ENV] = str(folder)
    return folder


def _write_vendors(entries: dict[str, str]) -> Path | None:
    """A folder holding exactly ``entries``, named after their content (so concurrent
    processes agree on it), in the user's cache or else the temporary folder."""
    key = digest(part for item in sorted(entries.items()) for part in item)
    for base in cache_folders():
        folder = base / f"icd-{key}"
        try:
            if not all((folder / name).is_file() for name in entries):
                folder.mkdir(parents=True, exist_ok=True)
                for name, text in entries.items():
                    tmp = folder / f".{name}.{os.getpid()}"
                    tmp.write_text(text)
                    os.replace(tmp, folder / name)
            return folder
        except OSError:
            continue
    return None
