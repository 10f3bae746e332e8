"""The generic scan-kernel convention shared by every scan command.

A generic scan kernel is a ``.cl`` (or ``.cu``) file whose entry point has the
signature ``(__global const TYPE *in, __global TYPE *out)`` and which uses only
``TYPE``, ``OPERATOR(a, b)``, ``IDENTITY`` and the compile-time element count
``N``.  Its first line may say how to launch it::

    // veriscan: inclusive threads=n/2

Keys: ``inclusive`` | ``exclusive``; ``threads=EXPR`` (an expression in ``n``
with ``+ - * / // %``, ``min``/``max`` and integer literals).  Command-line
options override the header.  This module only reads that convention; running
and verifying live elsewhere.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from veriscan.errors import SourcePos, VeriscanError
from veriscan.kernels import KERNEL_DIR

SUFFIXES = (".cl", ".cu")
# Names a scan kernel gets from veriscan, never from -D: N from --n, the rest from the
# monoid (a -D TYPE=int would make the proved program a non-generic one).
RESERVED = frozenset({"N", "TYPE", "OPERATOR", "IDENTITY"})
_HEADER = re.compile(r"^\s*//\s*veriscan:(?P<body>.*)$")


@dataclass(frozen=True)
class ScanKernel:
    path: Path
    source: str
    inclusive: bool = True
    threads: str = "n"
    entry: str | None = None
    # -D NAME=VALUE from the command line (and --generic's renamings), applied alike
    # wherever the kernel is parsed or built, so that what is proved is what runs.
    defines: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def dialect(self) -> str:
        return "cuda" if self.path.suffix == ".cu" else "opencl"

    def thread_count(self, n: int) -> int:
        """Work-items for ``n`` elements; a non-positive or fractional count is bad input."""
        value = eval_size_expr(self.threads, n, where=f"{self.path.name}: threads={self.threads}")
        if value < 1:
            raise VeriscanError(f"threads={self.threads} gives {value} work-items for n={n}; "
                                "a launch needs at least one")
        return value

    def macros(self, n: int) -> dict[str, str]:
        """The preprocessor definitions for ``n`` elements: the user's, then ``N``."""
        return {**dict(self.defines), "N": str(n)}

    def with_overrides(self, inclusive: bool | None = None, threads: str | None = None,
                       entry: str | None = None,
                       defines: Mapping[str, str] | None = None) -> ScanKernel:
        reserved = sorted({name.partition("(")[0] for name in defines or ()} & RESERVED)
        if reserved:
            raise VeriscanError(f"-D {reserved[0]}: a scan kernel's N, TYPE, OPERATOR and "
                                "IDENTITY are set by veriscan (N by --n, the others by the "
                                "monoid); rename the kernel's own names with --generic")
        if threads is not None:
            eval_size_expr(threads, 2, where=f"--threads {threads}")  # validate early
        return replace(
            self,
            inclusive=self.inclusive if inclusive is None else _flag(inclusive, "inclusive"),
            threads=self.threads if threads is None else threads,
            entry=self.entry if entry is None else entry,
            defines=self.defines if not defines else tuple(sorted(defines.items())),
        )


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def resolve_kernel_path(name_or_path: str) -> Path:
    """A file path, or the name of a shipped kernel (``kogge_stone``, ``scan/blelloch``).

    A file must hold source text: an empty file, a directory or bytes that are
    not UTF-8 text are bad input with the same message on every command.
    """
    path = Path(name_or_path)
    if path.is_dir():
        raise VeriscanError(f"'{name_or_path}' is a directory, not a kernel file")
    if path.is_file():
        read_kernel_source(path)
        return path
    if path.exists():
        raise VeriscanError(f"'{name_or_path}' is not a regular file, not a kernel file")
    if path.suffix in SUFFIXES:
        raise VeriscanError(f"kernel file '{name_or_path}' not found")
    matches = [p for p in shipped_kernel_files()
               if p.stem == path.stem or str(p.relative_to(KERNEL_DIR).with_suffix("")) ==
               name_or_path or p.relative_to(KERNEL_DIR).as_posix() == name_or_path]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        options = ", ".join(p.relative_to(KERNEL_DIR).as_posix() for p in matches)
        raise VeriscanError(f"'{name_or_path}' names several shipped kernels: {options}")
    raise VeriscanError(f"kernel '{name_or_path}' not found (not a file, not a shipped kernel; "
                        "`veriscan kernels` lists the shipped ones)")


def shipped_kernel_files(folder: str = "") -> list[Path]:
    root = KERNEL_DIR / folder if folder else KERNEL_DIR
    return sorted(p for p in root.rglob("*") if p.suffix in SUFFIXES)


def read_kernel_source(path: Path) -> str:
    """The text of a kernel file; unreadable, empty or binary files are bad input."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise VeriscanError(f"cannot read kernel file '{path}': {exc.strerror}") from None
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VeriscanError(f"kernel file '{path}' is not UTF-8 text (byte {exc.start})"
                            ) from None
    if "\0" in source:
        raise VeriscanError(f"kernel file '{path}' contains NUL bytes; not a source file")
    if not source.strip():
        raise VeriscanError(f"kernel file '{path}' is empty")
    return source


def load_scan_kernel(name_or_path: str, inclusive: bool | None = None,
                     threads: str | None = None, entry: str | None = None,
                     defines: Mapping[str, str] | None = None) -> ScanKernel:
    path = resolve_kernel_path(name_or_path)
    source = read_kernel_source(path)
    kernel = ScanKernel(path=path, source=source, **parse_header(source, str(path)))
    return kernel.with_overrides(inclusive=inclusive, threads=threads, entry=entry,
                                 defines=defines)


def parse_header(source: str, file: str = "<kernel>") -> dict[str, object]:
    """The ``// veriscan:`` line, if any, as keyword arguments for :class:`ScanKernel`."""
    out: dict[str, object] = {}
    for lineno, line in enumerate(source.splitlines()[:5], start=1):
        match = _HEADER.match(line)
        if not match:
            continue
        for word in match.group("body").split():
            key, _, value = word.partition("=")
            if key in ("inclusive", "exclusive") and not value:
                out["inclusive"] = key == "inclusive"
            elif key == "threads" and value:
                eval_size_expr(value, 2, where=f"{file}:{lineno}")  # validate early
                out["threads"] = value
            else:
                raise VeriscanError(f"unknown key '{word}' in the veriscan header",
                                    SourcePos(file, lineno))
        break
    return out


# Size expressions are short formulas in n; their values are work-item counts and
# array extents, so anything beyond 2^64 is an error, found before it is computed.
MAX_EXPR_CHARS = 200
MAX_SIZE_BITS = 64

_ALLOWED = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name, ast.Call, ast.Load,
            ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.USub, ast.Pow)


def eval_size_expr(text: str, n: int, where: str = "size expression") -> int:
    """Evaluate an integer expression in ``n`` without ``eval``'s dangers.

    ``/`` is integer division here (as in C), but an inexact division is an
    error: ``threads=n/2`` with n = 3 would silently launch the wrong count.
    """
    if len(text) > MAX_EXPR_CHARS:
        raise VeriscanError(f"{where}: the expression is longer than {MAX_EXPR_CHARS} "
                            "characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise VeriscanError(f"{where}: '{text}' is not an expression in n") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise VeriscanError(f"{where}: '{text}' may only use n, integers, + - * / % "
                                "and min/max")
        if isinstance(node, ast.Name) and node.id not in ("n", "min", "max"):
            raise VeriscanError(f"{where}: unknown name '{node.id}' (only n is defined)")
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name)
                                               and node.func.id in ("min", "max")
                                               and node.args and not node.keywords):
            raise VeriscanError(f"{where}: only min() and max() may be called, with at least "
                                "one argument")

    def ev(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return bounded(node.value)
        if isinstance(node, ast.Name):
            return n
        if isinstance(node, ast.UnaryOp):
            return -ev(node.operand)
        if isinstance(node, ast.Call):
            args = [ev(a) for a in node.args]
            return min(args) if node.func.id == "min" else max(args)  # type: ignore[attr-defined]
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            if isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)) and b == 0:
                raise VeriscanError(f"{where}: division by zero for n={n}")
            if isinstance(node.op, ast.Div):
                if a % b:
                    raise VeriscanError(f"{where}: {text} is not a whole number for n={n}")
                return a // b
            if isinstance(node.op, ast.FloorDiv):
                return a // b
            if isinstance(node.op, ast.Mod):
                return a % b
            if isinstance(node.op, ast.Pow):
                # Bound the result before computing it: n**n would take all memory.
                if b < 0 or (abs(a) > 1 and b * (abs(a).bit_length() - 1) > MAX_SIZE_BITS):
                    raise VeriscanError(f"{where}: {text} is too large (or fractional) "
                                        f"for n={n}")
                return bounded(a ** b)
            return bounded({ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}[type(node.op)])
        raise VeriscanError(f"{where}: '{text}' is not an integer expression")

    def bounded(value: int) -> int:
        if abs(value) >> MAX_SIZE_BITS:
            raise VeriscanError(f"{where}: {text} exceeds 2^{MAX_SIZE_BITS} for n={n}")
        return value

    return ev(tree)
