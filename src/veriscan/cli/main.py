"""``veriscan`` entry point: one parser, one sub-command module per verb.

Each module in :data:`COMMANDS` exposes ``register(subparsers)`` and sets a
``func(args) -> int`` default; heavy imports (pyopencl, z3, libclang) happen
inside those functions so ``veriscan --help`` stays instant.  This module owns
the error policy: a :class:`~veriscan.errors.VeriscanError` becomes one line on
stderr and exit code 3, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from veriscan.errors import VeriscanError
from veriscan.verdict import EXIT_BAD_INPUT

# Sub-command modules under veriscan.cli, in the order `--help` lists them.
COMMANDS = ("verify", "check", "interval", "baselines", "spec", "circuit", "kernels")


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on usage errors; veriscan reserves 2 for "unknown"."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"veriscan: error: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="veriscan",
        description="Prove GPU kernels race-free, divergence-free and correct prefix sums; "
                    "run the verified scan library.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"veriscan.cli.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except VeriscanError as exc:
        sys.stderr.write(f"veriscan: error: {exc}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("veriscan: interrupted\n")
        return 130
    except BrokenPipeError:
        # The reader went away (`veriscan ... | head`): not an error of ours.
        # Point stdout at /dev/null so the interpreter's final flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
