"""``veriscan`` entry point: one parser, one sub-command module per verb.

Each module in :data:`COMMANDS` exposes ``register(subparsers)`` and sets a
``func(args) -> int`` default; heavy imports (pyopencl, z3, libclang) happen
inside those functions so ``veriscan --help`` stays instant.  This module owns
the error policy: a :class:`~veriscan.errors.VeriscanError` becomes one line on
stderr and exit code 3, any other exception exit code 4 (a bug in veriscan,
never 1, which means "violation"), Ctrl-C exit code 130; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from veriscan.cli.document import error_document, print_document, start_run
from veriscan.errors import UsageError, VeriscanError
from veriscan.verdict import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED

# Sub-command modules under veriscan.cli, in the order `--help` lists them.
COMMANDS = ("verify", "check", "interval", "baselines", "spec", "circuit", "kernels",
            "devices")


class _Parser(argparse.ArgumentParser):
    """Usage errors become :class:`UsageError`, so ``main`` reports them like any bad input
    (exit 3, and the JSON document with ``--json``); argparse's own exit 2 would read as
    "unknown"."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message, self.format_usage())


def build_parser() -> argparse.ArgumentParser:
    from veriscan import __version__

    parser = _Parser(
        prog="veriscan",
        description="Prove GPU kernels race-free, divergence-free and correct prefix sums; "
                    "run the verified scan library.",
        epilog="Exit codes: 0 verified/pass, 1 violation/fail, 2 unknown, 3 bad input or "
               "usage, 4 internal error (a bug in veriscan), 130 interrupted.")
    parser.add_argument("--version", action="version", version=f"veriscan {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"veriscan.cli.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every outcome is an exit code, never a traceback.

    ``--json`` is read from the raw arguments as well, so that even a command
    line argparse rejects gets its one JSON document.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(words)
    except BrokenPipeError:
        # The reader went away (`veriscan ... | head`): not an error of ours.
        # Point stdout at /dev/null so the interpreter's final flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _main(words: list[str]) -> int:
    run = start_run(next((w for w in words if not w.startswith("-")), ""), "--json" in words)
    try:
        args = build_parser().parse_args(words)
        run.as_json = bool(getattr(args, "json", False))  # argparse also takes --js for --json
        _check_output_paths(args)
        return int(args.func(args))
    except UsageError as exc:
        sys.stderr.write(exc.usage)
        return _fail(run.as_json, "bad_input", EXIT_BAD_INPUT, str(exc), exc)
    except VeriscanError as exc:
        return _fail(run.as_json, "bad_input", EXIT_BAD_INPUT, str(exc), exc)
    except KeyboardInterrupt:
        return _fail(run.as_json, "interrupted", EXIT_INTERRUPTED, "interrupted")
    except BrokenPipeError:
        raise
    except Exception as exc:  # the last line of the exit-code contract
        if os.environ.get("VERISCAN_DEBUG"):
            traceback.print_exc()
        message = (f"internal error (a bug in veriscan; please report it with the command "
                   f"line): {type(exc).__name__}: {exc}")
        return _fail(run.as_json, "internal_error", EXIT_INTERNAL, message)


def _check_output_paths(args: argparse.Namespace) -> None:
    """Refuse an output path before any work, so bad input costs nothing and writes nothing."""
    from veriscan.outputs import check_output_dir, check_output_file

    for option in ("sarif", "certificate"):
        if getattr(args, option, None) is not None:
            check_output_file(args.__dict__[option], f"--{option}")
    if getattr(args, "out", None) is not None and (args.command == "circuit"
                                                  or getattr(args, "draw", False)):
        check_output_dir(Path(args.out), "--out", Path(args.kernel).stem)


def _fail(as_json: bool, status: str, code: int, message: str,
          exc: BaseException | None = None) -> int:
    sys.stderr.write(f"veriscan: {'' if status == 'interrupted' else 'error: '}{message}\n")
    if as_json:
        print_document(error_document(status, message, exc))
    return code


if __name__ == "__main__":
    sys.exit(main())
