"""The one corpus format of the test suite: a header on every test kernel, one driver for
all of them, and manifests of find-and-replace mutants.

A test kernel starts with its header (GPUVerify's testsuite is the model: the
expectation on line 1, the command line on line 2)::

    // expect: STATUS [PART] [: WORDS]
    // run: COMMAND OPTIONS...          (one or more; run as `veriscan COMMAND KERNEL
                                         OPTIONS --json`)
    // veriscan: inclusive threads=n    (a scan kernel's own header, not a test key)
    // id: ERROR REASON [line N]         (the verdict's stable ids and source line)
    // truth: what is wrong, and the evidence
    //        (a line of `//` and two or more spaces continues the key above it)

``STATUS`` is ``verified``, ``violation``, ``unknown``, ``violation-or-unknown``,
``bad-input`` or ``not-verified`` (a violation, unknown or bad input); it fixes
the exit code of every run (0; 1; 2; 1 or 2; 3; 1, 2 or 3) and the status of every
verdict row of its JSON document.  ``PART`` (after ``violation`` only) is the
part of ``check`` that must fail in every row: ``race``, ``divergence``,
``bounds``, ``initialisation``, ``undefined``, ``assertion`` or ``not-generic``.
``WORDS`` must occur in every row's summary (in the error message of bad input).
``id`` pins what every row of a violation or unknown must name
(:mod:`veriscan.diagnostics`): its error id and reason id, exactly, and with
``line N`` the line of this file its position must be.  The optional keys
are ``truth`` (what is wrong, for kernels written to deceive), ``reason``,
``invisible-on`` (a device whose run does not show the defect) and ``process: own``
(run each command in a fresh interpreter, as the command line does: Z3's search
follows memory addresses, so a verdict resting on a query near its resource limit
can depend on what the test process ran before it).  The header ends
at the first other line; an ``expect`` or ``run`` line after it is an error, and
so is a ``// veriscan:`` line beyond line 5 (the product reads only the first
five).

A mutant is not a file but an edit of a shipped kernel, listed in a TOML
manifest as ``[[m]]`` tables: ``kernel`` (the original's name), ``find`` (text
that must occur exactly once, unless ``occurrence`` (1-based) or ``all = true``
is given), ``replace``, ``expect`` (a STATUS above), ``reason`` and, as a
manifest needs, ``name``, ``entry``, ``class``, ``invisible-on``.  The mutant is made when a test
asks for it, so it cannot drift from its original: an edit whose ``find`` no
longer occurs fails (:class:`EditDrift`).
"""

from __future__ import annotations

import atexit
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from veriscan.verdict import EXIT_BAD_INPUT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the manifests' tests are skipped
    tomllib = None  # type: ignore[assignment]

TESTS = Path(__file__).resolve().parent
SUFFIXES = (".cl", ".cu")

# STATUS -> the exit codes a run may end with.
EXIT_CODES = {"verified": {0}, "violation": {1}, "unknown": {2},
              "violation-or-unknown": {1, 2}, "bad-input": {3}, "not-verified": {1, 2, 3}}
# STATUS -> the statuses every verdict row may have.
ROW_STATUSES = {"verified": {"verified"}, "violation": {"violation"}, "unknown": {"unknown"},
                "violation-or-unknown": {"violation", "unknown"}, "bad-input": set(),
                "not-verified": {"violation", "unknown"}}
# PART -> the failed_part of `check`'s verdict rows.
FAILED_PART = {"race": "races", "divergence": "divergence", "bounds": "bounds",
               "initialisation": "initialisation", "undefined": "undefined",
               "assertion": "assertions", "not-generic": "generic"}
# Keys a header may hold besides expect and run; `veriscan` is the kernel's own line.
TEXT_KEYS = ("truth", "reason", "invisible-on")
ID_KEY = "id"
_ID = re.compile(r"^(?P<error>[a-z][a-z_.]*) (?P<reason>[a-z][a-z_]*)(?: line (?P<line>\d+))?$")
PROCESS_KEY, OWN_PROCESS = "process", "own"
PRODUCT_KEY = "veriscan"
PRODUCT_HEADER_LINES = 5  # veriscan.scankernel.parse_header reads this many lines

_KEY_LINE = re.compile(r"^//\s*([a-z][a-z-]*):\s?(.*)$")
_CONTINUATION = re.compile(r"^// {2,}(\S.*)$")
_EXPECT = re.compile(r"^(?P<status>[a-z-]+)(?:\s+(?P<part>[a-z-]+))?\s*(?::\s*(?P<words>.*))?$")


class HeaderError(AssertionError):
    """A test kernel's header breaks the grammar (a failure of the corpus, not of veriscan)."""


class EditDrift(AssertionError):
    """A manifest edit no longer applies to its original: the mutant would be silently lost."""


@dataclass(frozen=True)
class Expectation:
    status: str
    part: str | None = None
    words: str = ""

    def __str__(self) -> str:
        return self.status + (f" {self.part}" if self.part else "") + (
            f": {self.words}" if self.words else "")


@dataclass(frozen=True)
class Header:
    path: Path
    expect: Expectation
    runs: tuple[tuple[str, ...], ...]
    keys: dict[str, str] = field(default_factory=dict)
    lines: int = 0  # how many lines the header takes

    def get(self, key: str, default: str = "") -> str:
        return self.keys.get(key, default)

    def options(self, command: str) -> list[str]:
        """The options of the first run of ``command`` (``[]`` if there is none)."""
        return next((list(run[1:]) for run in self.runs if run[0] == command), [])


def parse_expectation(text: str, where: str = "expect") -> Expectation:
    match = _EXPECT.match(text.strip())
    if not match or match.group("status") not in EXIT_CODES:
        raise HeaderError(f"{where}: '{text}' is not STATUS [PART] [: WORDS] with STATUS one "
                          f"of {', '.join(EXIT_CODES)}")
    status, part = match.group("status"), match.group("part")
    if part is not None and (status != "violation" or part not in FAILED_PART):
        raise HeaderError(f"{where}: PART '{part}' needs 'violation' and is one of "
                          f"{', '.join(FAILED_PART)}")
    return Expectation(status, part, (match.group("words") or "").strip())


def parse_header(path: Path, text: str | None = None) -> Header:
    """The header of one test kernel; a :class:`HeaderError` names what is wrong."""
    lines = (path.read_text() if text is None else text).splitlines()
    if not lines or not lines[0].startswith("// expect:"):
        raise HeaderError(f"{path.name}: line 1 must be '// expect: STATUS [PART] [: WORDS]'")
    expect = parse_expectation(lines[0].split(":", 1)[1], f"{path.name}:1")
    runs: list[tuple[str, ...]] = []
    keys: dict[str, str] = {}
    last = ""
    end = 1
    for end in range(1, len(lines) + 1):
        if end == len(lines):
            break
        line = lines[end]
        key_line, continued = _KEY_LINE.match(line), _CONTINUATION.match(line)
        if key_line and key_line.group(1) in ("run", PRODUCT_KEY, PROCESS_KEY, ID_KEY,
                                              *TEXT_KEYS):
            key, value = key_line.group(1), key_line.group(2).strip()
            if key == "run":
                words = tuple(shlex.split(value))
                if not words or words[0].startswith("-"):
                    raise HeaderError(f"{path.name}:{end + 1}: '// run:' needs a command")
                runs.append(words)
            elif key == PRODUCT_KEY:
                if end >= PRODUCT_HEADER_LINES:
                    raise HeaderError(f"{path.name}:{end + 1}: the '// veriscan:' line must be "
                                      f"within the first {PRODUCT_HEADER_LINES} lines")
            else:
                if key in keys:
                    raise HeaderError(f"{path.name}:{end + 1}: '// {key}:' given twice")
                if key == PROCESS_KEY and value != OWN_PROCESS:
                    raise HeaderError(f"{path.name}:{end + 1}: '// {key}:' takes only "
                                      f"'{OWN_PROCESS}'")
                if key == ID_KEY and not _ID.match(value):
                    raise HeaderError(f"{path.name}:{end + 1}: '// id:' is ERROR REASON "
                                      f"[line N], got '{value}'")
                keys[key] = value
            last = key
        elif continued and last in TEXT_KEYS:
            keys[last] += " " + continued.group(1).strip()
        else:
            break
    for lineno, line in enumerate(lines[end:], start=end + 1):
        key_line = _KEY_LINE.match(line)
        if key_line and key_line.group(1) in ("expect", "run"):
            raise HeaderError(f"{path.name}:{lineno}: '// {key_line.group(1)}:' after the "
                              "header (the header is the block of key lines at the top)")
    if not runs:
        raise HeaderError(f"{path.name}: no '// run: COMMAND OPTIONS' line after line 1")
    return Header(path, expect, tuple(runs), keys, end)


def corpus_files(folder: Path, pattern: str = "*") -> list[Path]:
    return sorted(p for p in folder.glob(pattern) if p.is_file() and p.suffix in SUFFIXES)


def run_cli(argv: Sequence[str], capsys: Any) -> tuple[int, dict[str, Any]]:
    """``veriscan ARGV --json`` in this process: the exit code and the one JSON document."""
    from veriscan.cli.main import main

    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    try:
        document = json.loads(out)
    except json.JSONDecodeError as exc:
        raise AssertionError(f"`veriscan {shlex.join(argv)}` printed no JSON document "
                             f"({exc}):\n{out[:2000]}") from None
    return code, document


def run_cli_process(argv: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """``veriscan ARGV --json`` in a fresh interpreter: the exit code and the JSON document."""
    done = subprocess.run([sys.executable, "-m", "veriscan", *argv, "--json"],
                          capture_output=True, text=True, timeout=600)
    try:
        return done.returncode, json.loads(done.stdout)
    except json.JSONDecodeError as exc:
        raise AssertionError(f"`veriscan {shlex.join(argv)}` printed no JSON document "
                             f"({exc}):\n{done.stdout[:2000]}{done.stderr[-2000:]}") from None


def check_corpus_kernel(path: Path, capsys: Any,
                        header: Header | None = None) -> list[dict[str, Any]]:
    """The driver: every run of ``path``'s header must give what its expectation says.

    Returns each run's JSON document, for a caller's checks beyond the header's.
    """
    header = header or parse_header(path)
    expect = header.expect
    documents = []
    for command, *options in header.runs:
        argv = [command, str(path), *options]
        code, document = (run_cli_process(argv) if header.get(PROCESS_KEY) == OWN_PROCESS
                          else run_cli(argv, capsys))
        said = f"{path.name}: `veriscan {shlex.join(argv)}`"
        summaries = [r.get("summary", "") for r in document.get("verdicts", [])]
        error = (document.get("error") or {}).get("message", "")
        why = header.get("truth") or header.get("reason")
        because = f"; the header says why: {why}" if why else ""
        assert code in EXIT_CODES[expect.status], (
            f"{said} exited {code} ({document.get('status')}), expected {expect}: "
            f"{summaries or error}{because}")
        if code == EXIT_BAD_INPUT:
            assert expect.words in error, f"{said}: '{expect.words}' not in: {error}"
            documents.append(document)
            continue
        rows = document["verdicts"]
        assert rows, f"{said}: no verdict rows"
        for row in rows:
            assert row["status"] in ROW_STATUSES[expect.status], (
                f"{said}: a row is {row['status']}, expected {expect}: {row['summary']}{because}")
            assert expect.words in row["summary"], (
                f"{said}: '{expect.words}' not in: {row['summary']}")
            if expect.part:
                assert row["details"]["failed_part"] == FAILED_PART[expect.part], row["summary"]
                assert row["witness"], f"{said}: a violation must carry a witness"
            if header.get(ID_KEY):
                assert_ids(row, header, said)
        documents.append(document)
    return documents


def assert_ids(row: dict[str, Any], header: Header, said: str) -> None:
    """The row names the error id, reason id and (if given) line the header pins."""
    from veriscan.diagnostics import ERRORS, REASONS

    pinned = _ID.match(header.get(ID_KEY))
    assert pinned, header.get(ID_KEY)
    error, reason, line = pinned.group("error", "reason", "line")
    assert error in ERRORS and reason in REASONS, f"{said}: the header pins unknown ids"
    got = (row["error_id"], row["reason_id"])
    assert got == (error, reason), f"{said}: ids {got}, the header pins {(error, reason)}: " \
                                   f"{row['summary']}"
    if line is not None:
        position = row["position"] or {}
        assert Path(str(position.get("file"))).name == header.path.name, \
            f"{said}: position {position}, not in this file"
        assert position.get("line") == int(line), \
            f"{said}: line {position.get('line')}, the header pins line {line}"


# ------------------------------------------------------------------------------- manifests

def load_manifest(*paths: Path) -> list[dict[str, Any]]:
    """The ``[[m]]`` entries of the given TOML manifests, in order."""
    if tomllib is None:
        pytest.skip("the mutant manifests are TOML (Python 3.11+)", allow_module_level=True)
    entries = []
    for path in paths:
        for entry in tomllib.loads(path.read_text())["m"]:
            missing = {"kernel", "find", "replace", "expect", "reason"} - set(entry)
            if missing:
                raise AssertionError(f"{path.name}: an entry lacks {sorted(missing)}: {entry}")
            parse_expectation(entry["expect"], f"{path.name}: {entry['kernel']}")
            entries.append(entry)
    return entries


def apply_edit(source: str, entry: dict[str, Any], original: str = "the original") -> str:
    """``source`` with the entry's ``find`` replaced; :class:`EditDrift` if it does not apply."""
    find, replace = entry["find"], entry["replace"]
    count = source.count(find)
    if find == replace:
        raise EditDrift(f"{original}: the edit replaces {find!r} by itself")
    if entry.get("all"):
        if count < 1:
            raise EditDrift(f"{original}: {find!r} does not occur (has the kernel changed?)")
        return source.replace(find, replace)
    which = entry.get("occurrence")
    if which is None:
        if count != 1:
            raise EditDrift(f"{original}: {find!r} occurs {count} times, not once (has the "
                            "kernel changed? give more context or `occurrence`)")
        which = 1
    if not 1 <= which <= count:
        raise EditDrift(f"{original}: {find!r} has no occurrence {which} (it occurs {count} "
                        "times; has the kernel changed?)")
    start = -1
    for _ in range(which):
        start = source.index(find, start + 1)
    return source[:start] + replace + source[start + len(find):]


def mutate(entry: dict[str, Any], resolve: Callable[[str], Path]) -> str:
    """The mutant's source: the entry's edit of the kernel ``resolve`` finds for it."""
    original = resolve(entry["kernel"])
    return apply_edit(original.read_text(), entry, str(original))


# --------------------------------------------------- the scan-kernel mutants (tests/corpus)

MUTANT_MANIFEST = TESTS / "corpus" / "mutants" / "manifest.toml"


def _scan_original(kernel: str) -> Path:
    from veriscan.scankernel import KERNEL_DIR

    return KERNEL_DIR / "scan" / f"{kernel}.cl"


@cache
def scan_mutants() -> dict[str, dict[str, Any]]:
    """The scan-kernel mutants by id (``KERNEL__NAME``), in manifest order."""
    entries = {}
    for entry in load_manifest(MUTANT_MANIFEST):
        mutant_id = f"{entry['kernel']}__{entry['name']}"
        if mutant_id in entries:
            raise AssertionError(f"{MUTANT_MANIFEST.name}: mutant {mutant_id} listed twice")
        entries[mutant_id] = entry
    return entries


@cache
def _mutant_dir() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="veriscan-mutants-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def mutant_path(mutant_id: str) -> Path:
    """The mutant ``KERNEL__NAME`` written to a file (``KERNEL/KERNEL__NAME.cl`` in a temporary
    folder of this test run), made from its original now."""
    entry = scan_mutants()[mutant_id]
    path = _mutant_dir() / entry["kernel"] / f"{mutant_id}.cl"
    source = mutate(entry, _scan_original)
    if not path.is_file() or path.read_text() != source:
        path.parent.mkdir(exist_ok=True)
        path.write_text(source)
    return path
