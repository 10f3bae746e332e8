"""Memory a fact must not be about: contents the kernel starts with undefined.

A specification that assumes a fact about garbage makes the proof vacuous
(it may assume anything), and one that asks for such a fact asks something
meaningless; either way the check stops with a violation naming the line.
The other vacuity guards (satisfiable kernel and barrier preconditions, no
unchecked ``__assume`` in the code) stand where those are evaluated.
"""

from __future__ import annotations

from veriscan.ir import nodes as n
from veriscan.seplogic.encode import Read
from veriscan.seplogic.prover import CHECK, Stop
from veriscan.verdict import violation


def undefined_at_entry(kernel: n.Kernel, array: str) -> str | None:
    """What ``array`` is, if its contents are undefined when the kernel starts:
    every array the kernel declares (local or private), and every local
    pointer parameter (the host cannot initialise local memory)."""
    decl = kernel.array(array)
    if decl is not None:
        return f"{decl.space.value} array {array}"
    param = kernel.param(array)
    if param is not None and param.is_pointer and param.space is n.MemSpace.LOCAL:
        return f"local pointer parameter {array}"
    return None


def refuse_undefined_at_entry(kernel: n.Kernel, read: Read) -> None:
    """A fact about memory that holds garbage at kernel entry: assuming it makes
    the proof assume garbage, asking it is meaningless, so either is refused."""
    what = undefined_at_entry(kernel, read.array)
    if what is not None:
        raise Stop(violation(
            CHECK, f"the specification states a fact about {what}, whose contents are "
                   f"undefined at kernel entry (line {read.pos.line}): the proof would "
                   "assume garbage",
            {"obligation": "vacuity", "array": read.array, "line": read.pos.line,
             "source": str(read.pos)}, error="spec.vacuity", reason="undefined_contents",
            pos=read.pos))
