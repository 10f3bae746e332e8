"""Measure ``veriscan check`` against GPUVerify's public testsuite.

PATH is a checkout of GPUVerify's repository (github.com/mc-imperial/gpuverify);
its kernels are read from there and never copied into this repository.  Each
test is ``testsuite/{OpenCL,CUDA}/**/kernel.{cl,cu}`` with the expectation on
line 1 (``//pass`` or ``//xfail:CODE``) and GPUVerify's command line on line 2.
Every kernel is checked with exactly that command line (veriscan accepts
GPUVerify's flags), plus ``--allow-benign-writes`` unless the header says
``--no-benign-tolerance``, because GPUVerify tolerates same-value write-write
races by default, and ``--skip-initialisation-check`` and
``--skip-overflow-check``, because GPUVerify checks neither reads of
uninitialised memory nor signed overflow, and ``--assume-pure-calls``, because
GPUVerify takes a function without a body to touch no memory.  (C's other
undefined behaviour,
which GPUVerify does not check either, stays checked: division by zero, shift
counts, and a null dereference, which is reported as undefined.)

Agreement: ``pass`` expects verified (exit 0); ``xfail:NOT_ALL_VERIFIED``
expects a violation (exit 1); ``xfail:CLANG_ERROR`` and
``xfail:COMMAND_LINE_ERROR`` expect bad input (exit 3); GPUVerify's own tool
failures (``BUGLE_ERROR``, ``GPUVERIFYVCGEN_ERROR``) expect anything but
verified.  A kernel verified where GPUVerify expects a failure must have a
one-line justification in ``gpuverify_expected_failures_verified.txt`` beside
this script; one without is printed as UNJUSTIFIED and makes the exit code 1.

Kernels run in forked children of one warmed-up process (no interpreter start
per kernel), ``--jobs`` at a time, each stopped after ``--timeout`` seconds
(then counted as unknown: "benchmark time limit").

    python benchmarks/gpuverify_suite.py PATH [--lang opencl|cuda|both]
        [--subset free|annotated|all] [--jobs J] [--timeout S] [--only TEXT]
        [--results FILE.json]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from pathlib import Path

JUSTIFICATIONS = Path(__file__).with_name("gpuverify_expected_failures_verified.txt")

# GPUVerify's annotation language: a kernel using any of these is "annotated".
ANNOTATION = re.compile(
    r"\b(__requires|__ensures|__assert|__assume|__invariant|__global_requires|"
    r"__global_ensures|__global_assert|__implies|__read|__write|__no_read|__no_write|"
    r"__is_pow2|__barrier_invariant|__function_wide_invariant|__candidate_invariant|"
    r"__function_wide_candidate_invariant|DECLARE_UF_\w+|__axiom|__same_group|"
    r"__enabled|__other_int|__old_int|__return_val_\w+|__read_offset\w*|"
    r"__write_offset\w*|__ptr_base\w*|__ptr_offset\w*|__array_snapshot|__add_noovfl\w*|"
    r"__ensures_\w+|__uniform_\w+|__distinct_\w+|__all_\w+|__at_most_one\w*|"
    r"__exclusive_\w+|__requires_fresh_array|__writes_to|__reads_from)\b")

EXPECTED_EXIT = {"pass": {0}, "NOT_ALL_VERIFIED": {1}, "CLANG_ERROR": {3},
                 "COMMAND_LINE_ERROR": {3}}
NOT_VERIFIED = {1, 2, 3}


@dataclass
class Case:
    path: str
    lang: str
    expect: str
    flags: list[str]
    annotated: bool


@dataclass
class Result:
    case: Case
    exit_code: int
    status: str
    reason: str
    seconds: float


def collect(root: Path, langs: list[str]) -> list[Case]:
    cases = []
    for lang in langs:
        suffix = ".cl" if lang == "OpenCL" else ".cu"
        for path in sorted((root / "testsuite" / lang).rglob(f"kernel{suffix}")):
            lines = [*path.read_text(errors="replace").splitlines(), "", ""]
            first = lines[0].strip().lstrip("/").strip()
            expect = "pass" if first.lower() == "pass" else first.split(":", 1)[-1].strip()
            flags = lines[1].strip().lstrip("/").replace("${KERNEL_DIR}", str(path.parent))
            cases.append(Case(str(path), lang, expect, flags.split(),
                              bool(ANNOTATION.search(path.read_text(errors="replace")))))
    return cases


def argv_for(case: Case) -> list[str]:
    extra = ["--skip-initialisation-check", "--skip-overflow-check", "--assume-pure-calls"]
    if "--no-benign-tolerance" not in case.flags:
        extra.append("--allow-benign-writes")
    return ["check", case.path, *case.flags, *extra, "--json", "--no-progress"]


def _child(case: Case, conn: Connection) -> None:
    """Run one check in this forked child; send (exit code, stdout)."""
    from veriscan.cli.main import main

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)  # compiler chatter written by C code straight to fd 2
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            code = main(argv_for(case))
        except SystemExit as exc:  # argparse's own --help/--version paths
            code = int(exc.code or 0)
    conn.send((code, out.getvalue()))
    conn.close()


def _summarise(code: int, text: str, path: str) -> tuple[str, str]:
    """The verdict and, for unknown and bad input, a reason with names and numbers elided
    so that kernels fail for the same reason group together."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        return "internal", f"no JSON document (exit {code})"
    status = str(doc.get("status"))
    if status == "bad_input":
        reason = str((doc.get("error") or {}).get("message", ""))
    elif status == "unknown":
        reasons = [str(v.get("summary", "")) for v in doc.get("verdicts", [])
                   if v.get("status") == "unknown"]
        reason = reasons[0] if reasons else ""
    elif status == "violation":
        parts = [str((v.get("details") or {}).get("failed_part", "")) for v in
                 doc.get("verdicts", []) if v.get("status") == "violation"]
        return status, parts[0] if parts else ""
    else:
        return status, ""
    reason = reason.replace(path, "kernel").splitlines()[0] if reason else ""
    reason = re.sub(r" at kernel:\d+(:\d+)?", "", reason)
    reason = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "'…'", reason)
    reason = re.sub(r"\b(line|lines) \d+(:\d+)?", r"\1 …", reason)
    reason = re.sub(r"\d+", "N", reason)
    return status, reason[:110]


def run_all(cases: list[Case], jobs: int, timeout: float) -> list[Result]:
    ctx = multiprocessing.get_context("fork")
    # Warm the parent once (libclang, z3, the analyses); every child inherits it.
    import veriscan.check
    import veriscan.cli.main
    import veriscan.frontend  # noqa: F401

    pending = list(cases)
    running: dict[int, tuple[Case, multiprocessing.Process, Connection, float]] = {}
    results: list[Result] = []
    while pending or running:
        while pending and len(running) < jobs:
            case = pending.pop(0)
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(case, child), daemon=True)
            proc.start()
            child.close()
            running[proc.pid or 0] = (case, proc, parent, time.perf_counter())
        time.sleep(0.01)
        for pid, (case, proc, conn, start) in list(running.items()):
            elapsed = time.perf_counter() - start
            if conn.poll():
                try:
                    code, text = conn.recv()
                except EOFError:
                    code, text = 4, ""
                status, reason = _summarise(code, text, case.path)
            elif not proc.is_alive():
                code, status, reason = 4, "internal", f"child died (exit {proc.exitcode})"
            elif elapsed > timeout:
                proc.kill()
                code, status, reason = 2, "unknown", "benchmark time limit"
            else:
                continue
            proc.join()
            conn.close()
            del running[pid]
            results.append(Result(case, code, status, reason, elapsed))
            print(f"\r{len(results)}/{len(cases)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results


def load_justifications() -> dict[str, str]:
    """``relative/path/kernel.cl: why verifying it is right`` per line; # comments."""
    table = {}
    if JUSTIFICATIONS.exists():
        for line in JUSTIFICATIONS.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, why = line.partition(":")
                table[key.strip()] = why.strip()
    return table


def agrees(result: Result) -> bool:
    return result.exit_code in EXPECTED_EXIT.get(result.case.expect, NOT_VERIFIED)


def report(results: list[Result], root: Path) -> int:
    justified = load_justifications()
    unjustified = 0
    for subset in ("annotation-free", "annotated"):
        chosen = [r for r in results if r.case.annotated == (subset == "annotated")]
        if not chosen:
            continue
        print(f"\n## {subset} kernels\n")
        print("| corpus | kernels | agree | verified | violation | unknown | bad input |"
              " internal |")
        print("|---|---|---|---|---|---|---|---|")
        by_lang: dict[str, list[Result]] = defaultdict(list)
        for r in chosen:
            by_lang[r.case.lang].append(r)
        for lang, rs in by_lang.items():
            counts = Counter(r.status for r in rs)
            agree = sum(agrees(r) for r in rs)
            print(f"| {lang} | {len(rs)} | {100 * agree / len(rs):.0f} % ({agree}) |"
                  f" {counts['verified']} | {counts['violation']} | {counts['unknown']} |"
                  f" {counts['bad_input']} | {counts['internal']} |")
        for lang, rs in by_lang.items():
            wrong = Counter(r.reason for r in rs if r.status == "violation"
                            and r.case.expect == "pass")
            if wrong:
                print(f"\n{lang}, violation where GPUVerify expects pass, by failed check "
                      "(initialisation and undefined behaviour are checks GPUVerify does "
                      "not make):")
                for reason, count in wrong.most_common():
                    print(f"  {count:4d}  {reason}")
            for status in ("bad_input", "unknown", "internal"):
                reasons = Counter(r.reason for r in rs if r.status == status)
                if reasons:
                    print(f"\n{lang}, {status}, by reason:")
                    for reason, count in reasons.most_common():
                        print(f"  {count:4d}  {reason}")
    print("\n## verified where GPUVerify expects a failure\n")
    for r in sorted(results, key=lambda r: r.case.path):
        if r.exit_code == 0 and r.case.expect != "pass":
            rel = str(Path(r.case.path).relative_to(root / "testsuite"))
            why = justified.get(rel)
            unjustified += why is None
            print(f"- {rel} (xfail:{r.case.expect}): {why or 'UNJUSTIFIED'}")
    return 1 if unjustified else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="a checkout of GPUVerify's repository")
    parser.add_argument("--lang", choices=("opencl", "cuda", "both"), default="both")
    parser.add_argument("--subset", choices=("free", "annotated", "all"), default="all")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per kernel")
    parser.add_argument("--only", default="", help="only kernels whose path contains TEXT")
    parser.add_argument("--results", type=Path, help="also write per-kernel results as JSON")
    args = parser.parse_args(argv)
    if not (args.path / "testsuite").is_dir():
        print(f"gpuverify_suite: {args.path}/testsuite not found; PATH must be a checkout "
              "of GPUVerify's repository", file=sys.stderr)
        return 3
    langs = {"opencl": ["OpenCL"], "cuda": ["CUDA"], "both": ["OpenCL", "CUDA"]}[args.lang]
    cases = [c for c in collect(args.path, langs) if args.only in c.path
             and (args.subset == "all" or c.annotated == (args.subset == "annotated"))]
    results = run_all(cases, max(1, args.jobs), args.timeout)
    if args.results:
        args.results.write_text(json.dumps([asdict(r) for r in results], indent=1))
    return report(results, args.path)


if __name__ == "__main__":
    sys.exit(main())
