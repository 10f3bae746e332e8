"""Block scopes, so that no pointer outlives the private object it points into.

A private object (an array, a scalar whose address is taken, a struct's or a
vector's parts) lives until its block ends: C11 6.2.4p2 makes a pointer to it
indeterminate afterwards, and the memory may hold the next block's objects.
The IR keeps one name per declaration and no end of life, so a pointer that
leaves the block (stored in a variable declared outside it, or returned by an
inlined function) would still read the object's last values.  The lowering
therefore refuses, as unknown, any pointer variable given a pointer into an
object whose scope does not enclose the variable's own.

A scope is a path of block ids from the kernel's body inwards (a block, a
``for`` statement's own scope, an inlined call); scope A encloses scope B
when A's path is a prefix of B's.  The kernel's parameters stand outside its
body, which ends only when the kernel does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from veriscan.frontend.lower_rules import UnsupportedConstruct

Path = tuple[int, ...]


class Scopes:
    def __init__(self) -> None:
        self._stack: list[int] = []
        self._next = 0
        self._objects: dict[str, Path] = {}   # private object -> the scope it dies with
        self._pointers: dict[str, Path] = {}  # pointer variable -> the scope it lives in

    @contextmanager
    def scope(self) -> Iterator[None]:
        self._next += 1
        self._stack.append(self._next)
        try:
            yield
        finally:
            self._stack.pop()

    def path(self) -> Path:
        return tuple(self._stack)

    def object_declared(self, name: str) -> None:
        self._objects[name] = self.path()

    def pointer_declared(self, name: str, path: Path | None = None) -> None:
        self._pointers[name] = self.path() if path is None else path

    def check_points_to(self, pointer: str, targets: Iterable[str]) -> None:
        """``pointer`` may be given a pointer into each of ``targets``: none of them
        ends its life while ``pointer`` still lives."""
        lives = self._pointers.get(pointer)
        if lives is None:
            return
        for target in targets:
            dies = self._objects.get(target)
            # an object of the kernel's own body lives as long as any pointer can
            if dies is not None and len(dies) > 1 and lives[:len(dies)] != dies:
                raise UnsupportedConstruct(
                    f"a pointer to '{target.split('#')[0]}' kept beyond the end of its "
                    "block (the object's lifetime ends there, C11 6.2.4p2)")
