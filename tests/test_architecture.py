"""The package's floors: imports only go down, and no two parts import each other.

Every top-level module or subpackage of ``veriscan`` (a *part*) stands on
exactly one floor of :data:`FLOORS`, stated here once, from the bottom up.
A part imports from its own floor and the floors below, never from above,
and no two parts import each other, directly or around a longer loop.

Every import statement counts, read from the source (nothing is imported
to find them): at module level, under ``TYPE_CHECKING``, and inside
functions, since a lazy import is exactly how a cycle hides, plus
``importlib.import_module`` / ``__import__`` with a literal name.
Imports within one part (``veriscan.library.scan`` and
``veriscan.library.info``) are that part's own business.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import veriscan

PACKAGE = Path(veriscan.__file__).resolve().parent
ROOT = "veriscan"  # the package itself: ``veriscan/__init__.py``, the public names

# From the bottom up.  A part on a floor may import parts on its own floor or below.
FLOORS: list[tuple[str, frozenset[str]]] = [
    # records and files every floor uses; none of them runs or proves anything
    ("basics", frozenset({"errors", "diagnostics", "verdict", "outputs", "version",
                          "kernels", "user_cache"})),
    # where kernels run: OpenCL and CUDA backends, the program cache, the device worker
    ("device", frozenset({"device"})),
    ("monoids", frozenset({"monoids"})),
    # the shipped primitives: scan, compact, summed-area table, transpose
    ("library", frozenset({"library"})),
    # reading kernels and proving them, the tests on the device, certificates
    ("verification", frozenset({
        "ir", "frontend", "analysis", "budget", "scankernel", "smt", "seplogic", "circuit",
        "functional", "check", "verify", "verification", "dask",
    })),
    # ``import veriscan``: the public names, loaded on first use
    ("api", frozenset({ROOT})),
    ("cli", frozenset({"cli", "__main__"})),
]


@dataclass(frozen=True)
class Import:
    """One import statement of part ``source`` that reaches part ``target``."""

    source: str
    target: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.source} imports {self.target}"


def part_of(path: Path) -> str:
    """The part a file of the package belongs to."""
    rel = path.relative_to(PACKAGE)
    if rel.parts == ("__init__.py",):
        return ROOT
    return rel.parts[0].removesuffix(".py")


def module_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE).with_suffix("")
    parts = [ROOT, *rel.parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def parts() -> set[str]:
    return {part_of(p) for p in PACKAGE.rglob("*.py")}


def _target(module: str, names: list[str], known: set[str]) -> Iterator[str]:
    """The parts ``from module import names`` (or ``import module``) reaches."""
    pieces = module.split(".")
    if pieces[0] != ROOT:
        return
    if len(pieces) > 1:
        yield pieces[1]
        return
    # ``from veriscan import x``: the part x when it is one, else the package itself
    for name in names or ["*"]:
        yield name if name in known else ROOT


def imports_in(source: str, module: str, is_package: bool, known: set[str]) -> Iterator[
        tuple[str, int]]:
    """(part, line) for every import of a veriscan part in ``source``, however deep."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                for part in _target(alias.name, [], known):
                    yield part, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            for part in _target(name, [a.name for a in node.names], known):
                yield part, node.lineno
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and (getattr(node.func, "attr", None) == "import_module"
                   or getattr(node.func, "id", None) in ("import_module", "__import__"))):
            for part in _target(node.args[0].value, [], known):
                yield part, node.lineno


def all_imports() -> list[Import]:
    known = parts()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = part_of(path)
        rel = str(path.relative_to(PACKAGE.parent))
        for target, line in imports_in(path.read_text(), module_of(path),
                                       path.name == "__init__.py", known):
            if target != source:
                found.append(Import(source, target, rel, line))
    return found


def floor_of(part: str) -> int | None:
    return next((i for i, (_, members) in enumerate(FLOORS) if part in members), None)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


# ---------------------------------------------------------------------- the rules
def test_every_part_stands_on_exactly_one_floor() -> None:
    stated = [part for _, members in FLOORS for part in members]
    twice = sorted({p for p in stated if stated.count(p) > 1})
    assert not twice, f"on more than one floor: {twice}"
    found = parts()
    assert not found - set(stated), (
        f"parts on no floor (add them to FLOORS in {Path(__file__).name}): "
        f"{sorted(found - set(stated))}")


def test_no_import_goes_up_a_floor() -> None:
    lines = []
    for imp in all_imports():
        source, target = floor_of(imp.source), floor_of(imp.target)
        # a part on no floor is reported by the test above
        if source is not None and target is not None and target > source:
            lines.append(f"{imp} ({FLOORS[source][0]} -> {FLOORS[target][0]})")
    assert not lines, "imports from a lower floor to a higher one:\n" + "\n".join(lines)


def test_no_cycle_between_parts() -> None:
    found = all_imports()
    edges: dict[str, set[str]] = {}
    for imp in found:
        edges.setdefault(imp.source, set()).add(imp.target)
    loops = cycles(edges)
    lines = []
    for loop in loops:
        members = set(loop)
        lines.append(" <-> ".join(loop) + ":")
        lines += [f"  {imp}" for imp in found if imp.source in members and imp.target in members]
    assert not loops, "parts that import each other:\n" + "\n".join(lines)


# ---------------------------------------------------------------------- the reader itself
@pytest.mark.parametrize(("source", "expected"), [
    ("from veriscan.library.scan import scan", {"library"}),
    ("import veriscan.device.opencl as cl", {"device"}),
    ("def f():\n    from veriscan.cli.main import main", {"cli"}),
    ("if TYPE_CHECKING:\n    from veriscan.verify import certificate", {"verify"}),
    ("from veriscan import library, __version__", {"library", ROOT}),
    ("from . import check", {"check"}),
    ("from ..library import scan", {"library"}),
    ("importlib.import_module('veriscan.dask')", {"dask"}),
    ("import numpy\nfrom veriscanner import x", set()),
])
def test_the_reader_sees_every_kind_of_import(source: str, expected: set[str]) -> None:
    module, is_package = ("veriscan.monoids.user", False) if source.startswith("from ..") else (
        "veriscan", True)
    known = {"library", "device", "cli", "verify", "check", "dask"}
    assert {part for part, _ in imports_in(source, module, is_package, known)} == expected


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


# A module a newcomer can read in one sitting, a class that does one thing.
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 300


def too_long(text: str, where: str) -> list[str]:
    """Each way ``text`` (a module named ``where``) breaks the size limits."""
    found = []
    lines = text.count("\n")
    if lines > MAX_MODULE_LINES:
        found.append(f"{where}: {lines} lines (at most {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > MAX_CLASS_LINES:
                found.append(f"{where}:{node.lineno}: class {node.name}, {size} lines "
                             f"(at most {MAX_CLASS_LINES})")
    return found


def test_no_module_or_class_is_too_long_to_read() -> None:
    found = [problem for path in sorted(PACKAGE.rglob("*.py"))
             for problem in too_long(path.read_text(), str(path.relative_to(PACKAGE)))]
    assert not found, "\n".join(found)


def test_size_limits_see_long_modules_and_nested_classes() -> None:
    body = "    x = 1\n" * MAX_CLASS_LINES
    assert too_long(f"def f():\n    class Inner:\n    {body.replace(chr(10), chr(10) + '    ')}",
                    "m.py")[0].startswith("m.py:2: class Inner")
    assert too_long("x = 1\n" * (MAX_MODULE_LINES + 1), "m.py") == [
        f"m.py: {MAX_MODULE_LINES + 1} lines (at most {MAX_MODULE_LINES})"]
    assert too_long("class Short:\n" + body[:-len("    x = 1\n")], "m.py") == []
