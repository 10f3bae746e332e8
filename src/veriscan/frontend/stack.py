"""Room for the recursive lowering of deeply nested kernels.

The lowering follows the syntax tree recursively, a few Python frames per
level.  Python's default limit stops near 1000 frames, which a few hundred
terms of one expression reach (a RecursionError, or worse, libclang's
callbacks failing silently); raising the limit on the caller's own stack could
overflow the C stack instead.  This module gives the lowering a thread with a
large stack and a matching limit, one lowering at a time because both settings
are process-wide.
"""

from __future__ import annotations

import contextvars
import sys
import threading
from collections.abc import Callable

from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend.typeflow import MAX_NESTING

_FRAMES_PER_LEVEL = 8  # a generous estimate; the thread gets five times that
_RECURSION_LIMIT = 5 * _FRAMES_PER_LEVEL * MAX_NESTING
_STACK_BYTES = 512 * 1024 * 1024
_DEEP_LOCK = threading.Lock()


def run_deep(work: Callable[[], None], depth: int, where: SourcePos) -> None:
    """Run the recursive lowering of a syntax tree ``depth`` levels deep.

    Python's default recursion limit stops near 1000 frames, which a few
    hundred terms of one expression reach; raising it on the caller's own
    stack could overflow the C stack instead.  So the work runs on a thread
    with a large stack and a raised limit (both restored afterwards).  Where
    no such thread can be started it runs here under the normal limit, for
    trees shallow enough to fit it; deeper ones are reported as bad input.
    """
    failure: list[BaseException] = []

    def target() -> None:
        try:
            work()
        except BaseException as exc:  # re-raised on the caller's thread below
            failure.append(exc)

    too_deep = KernelSourceError(f"the kernel nests {depth} levels deep, more than the front "
                                 "end can lower here", where)
    with _DEEP_LOCK:  # the recursion limit and the stack size are process-wide
        _run_on_big_stack(target, depth, too_deep)
    if failure:
        if isinstance(failure[0], RecursionError):
            raise too_deep from None
        raise failure[0]


def _run_on_big_stack(target: Callable[[], None], depth: int,
                      too_deep: KernelSourceError) -> None:
    """``target`` on a thread with a big stack, or here when no thread can start."""
    old_limit = sys.getrecursionlimit()
    try:
        old_stack = threading.stack_size(_STACK_BYTES)
        worker = threading.Thread(target=contextvars.copy_context().run, args=(target,),
                                  name="veriscan-lowering")
        sys.setrecursionlimit(max(old_limit, _RECURSION_LIMIT))
        try:
            worker.start()
            worker.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    except (RuntimeError, ValueError):  # no big-stack thread here: lower on this one
        if depth * _FRAMES_PER_LEVEL > old_limit:
            raise too_deep from None
        target()
