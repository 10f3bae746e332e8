"""A declaration reached again begins a new object (C11 6.2.4p6): ``ir.Indeterminate``.

The lowering names each declaration once, so a loop body or an inlined function
reaches the same variable or array again; the statement tells the engines that
whatever an earlier iteration or call stored no longer counts as assigned.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import assigned_vars, stmt_exprs, walk

KERNELS = Path(__file__).resolve().parent / "kernels"


def lifetimes(entry: str) -> Counter[tuple[str, bool]]:
    kernel = parse_kernel(KERNELS / "lifetimes.cl", entry=entry)
    return Counter((s.target.split("#")[0], s.array) for s in walk(kernel.body)
                   if isinstance(s, ir.Indeterminate))


def test_declarations_reached_once_need_none() -> None:
    assert not lifetimes("k_top")


def test_every_kind_of_declaration_in_a_loop_begins_a_new_object() -> None:
    found = lifetimes("k_loop")
    assert found == Counter({("x", False): 1, ("v.s0", False): 1, ("v.s1", False): 1,
                             ("s.lo", False): 1, ("s.hi", False): 1, ("row", True): 1,
                             ("cell", True): 1})  # pointers start as never given a value


def test_an_inlined_function_begins_its_locals_on_every_call() -> None:
    # ... and its result, which holds nothing until a return gives it a value
    assert lifetimes("k_inline") == Counter({("r", False): 2, ("helper.result", False): 2})


def test_a_new_lifetime_reads_nothing_and_names_no_variable_for_an_array() -> None:
    kernel = parse_kernel(KERNELS / "lifetimes.cl", entry="k_loop")
    news = [s for s in walk(kernel.body) if isinstance(s, ir.Indeterminate)]
    assert all(stmt_exprs(s) == () for s in news)
    arrays = {s.target for s in news if s.array}
    assert arrays and not arrays & assigned_vars(kernel.body)
