"""Z3 terms keyed by identity: a table must never answer for a term it was not asked about.

Z3 gives a freed term's id to the next term it creates, so a memo keyed by
bare ids answers for the wrong term once its key is freed.  Both tables that
did so were wrong in ways a proof relies on: interval bounds of another term
(an overflow check skipped), and a run-time check dropped as a "repeat" of a
freed formula.  The last test holds the whole package to the one module that
reads ids, :mod:`veriscan.smt.dag`.
"""

from __future__ import annotations

import re
from pathlib import Path

import z3

import veriscan
from veriscan.seplogic.cexpr import Ranges
from veriscan.smt.dag import TermMap, first_of_each, subterms
from veriscan.smt.symbols import Approximate, approximations

PACKAGE = Path(veriscan.__file__).resolve().parent


def test_ranges_of_a_new_term_are_its_own_after_an_old_one_is_freed():
    ranges = Ranges({"x": (0, 10), "y": (100, 200)})
    x, y = z3.Ints("x y")
    assert ranges.of(x + 1) == (1, 11)
    # x + 1 is no longer referenced by the caller; y * 2 must not inherit its bounds
    assert ranges.of(y * 2) == (200, 400)
    assert ranges.of(y - x) == (90, 200)


def test_distinct_formulas_built_on_the_fly_are_all_kept():
    a, b, c, d = z3.Bools("a b c d")
    pairs = [(a, b), (c, d), (a, d), (a, b)]
    kept = first_of_each(pairs, lambda p: z3.And(*p))
    assert kept == [(a, b), (c, d), (a, d)]


def test_approximation_memo_follows_terms_not_ids():
    marked = z3.Int("~float_lt!3")
    plain = z3.Int("n")
    approximate = Approximate()
    assert approximate(marked + 1) is True
    assert approximate(plain * 3) is False
    assert approximate(plain + marked) is True
    assert approximations(plain + marked) == ["~float_lt!3"]


def test_term_map_keeps_its_keys_and_their_values_apart():
    table: TermMap[str] = TermMap()
    x, y = z3.Ints("x y")
    table[x + 1] = "first"
    table[y + 2] = "second"
    assert table.get(x + 1) == "first" and table[y + 2] == "second"
    assert (x + 3) not in table and table.get(x + 3, "none") == "none"


def test_subterms_visits_each_shared_node_once_and_respects_the_fences():
    x = z3.Int("x")
    shared = x * x
    term = z3.ForAll([z3.Int("i")], shared + z3.Int("i") > shared)
    inside = {str(t) for t in subterms([term], quantifiers=True)}
    assert "x*x" in inside and "x" in inside
    assert [str(t) for t in subterms([term])] == [str(term)]
    walked = [str(t) for t in subterms([shared + 1], below=lambda t: str(t) != "x*x")]
    assert "x*x" in walked and "x" not in walked
    assert len(walked) == len(set(walked))


def test_only_the_dag_module_reads_term_ids():
    offenders = [f"{path.relative_to(PACKAGE)}:{number}"
                 for path in sorted(PACKAGE.rglob("*.py")) if path.name != "dag.py"
                 for number, line in enumerate(path.read_text().splitlines(), 1)
                 if re.search(r"\.get_id\(\)|\.hash\(\)", line)]
    assert offenders == [], ("a bare term id outlives its term; key by term "
                             "(veriscan.smt.dag.TermMap) instead: " + ", ".join(offenders))
