"""Front-end fuzzing: whatever the text, parsing ends in IR or one VeriscanError.

Random bytes, kernels cut off at random points, kernels with tokens dropped,
repeated or swapped, deep nesting and huge expressions (deterministic seeds).
Before the fix a 400-term expression raised RecursionError and a 500-term one
a ValueError (the binding silently lost children in a failed callback); any
exception other than :class:`VeriscanError` here is such a crash.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import clang.cindex as ci
import pytest

from veriscan.errors import KernelSourceError, VeriscanError
from veriscan.frontend import parse_kernel
from veriscan.frontend.lower_expressions import SPILL_DEPTH
from veriscan.ir import nodes as ir
from veriscan.ir.interpret import GroupInterpreter, WorkItem
from veriscan.ir.visit import expr_children, stmt_exprs, walk

ROOT = Path(__file__).resolve().parents[2]
SEEDS = [ROOT / "src" / "veriscan" / "kernels" / "scan" / name for name in
         ("kogge_stone.cl", "blelloch.cl", "brent_kung.cl", "sklansky.cl",
          "cuda/kogge_stone_cuda.cu", "cuda/blelloch_cuda.cu")]
TOKEN = re.compile(r"\w+|\S")
DEFINES = {"N": "8"}


def _random_bytes(rng: random.Random) -> str:
    alphabet = "(){}[];,+-*/%<>=!&|^~?:#\"'\\ \n\t_abcdefkNTYPE0123456789" + "\x00\x7f\xff"
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))).decode("latin-1")
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 300)))


def _mutated(rng: random.Random, source: str) -> str:
    tokens = TOKEN.findall(source)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(tokens))
        action = rng.randrange(3)
        if action == 0:
            del tokens[i]
        elif action == 1:
            tokens.insert(i, tokens[rng.randrange(len(tokens))])
        else:
            j = rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
    return " ".join(tokens)


def _deep(kind: str, depth: int) -> str:
    head = "__kernel void k(__global uint *out) {\n uint x = get_local_id(0);\n"
    if kind == "sum":
        return head + " out[x] = " + " + ".join(["x"] * depth) + ";\n}\n"
    if kind == "parens":
        return head + " out[x] = " + "(" * depth + "x" + ")" * depth + ";\n}\n"
    if kind == "ifs":
        return head + " " + "if (x) {" * depth + " out[x] = 1; " + "}" * depth + "\n}\n"
    if kind == "ternary":
        return head + " out[x] = " + "x ? " * depth + "1" + " : 0" * depth + ";\n}\n"
    return head + " out[x] = " + "-" * depth + "x;\n}\n"


def cases() -> Iterator[tuple[str, str, str]]:
    """(case id, file suffix, source) for every fuzz case, deterministically."""
    rng = random.Random(8)
    for k in range(120):
        yield f"bytes{k}", ".cl", _random_bytes(rng)
    for path in SEEDS:
        text = path.read_text()
        for _ in range(20):
            cut = rng.randrange(len(text))
            yield f"cut-{path.stem}-{cut}", path.suffix, text[:cut]
        for k in range(15):
            yield f"mutate-{path.stem}-{k}", path.suffix, _mutated(rng, text)
    # (sums of 400 to 2000 terms: test_long_sums_lower_completely)
    for kind, depths in (("sum", (12000,)), ("parens", (200, 300)),
                         ("ifs", (100, 300)), ("ternary", (300, 1000)), ("unary", (600, 3000))):
        for depth in depths:
            yield f"{kind}{depth}", ".cl", _deep(kind, depth)


CASES = list(cases())


def test_there_are_hundreds_of_cases() -> None:
    print(f"\nfront-end fuzz cases: {len(CASES)}")
    assert len(CASES) >= 300


# The cases in consecutive shares, so the test runner can spread the work; the last
# holds the deep expressions, which lower to IR.
SHARES = 4


@pytest.mark.parametrize("share", range(SHARES))
def test_every_input_gives_ir_or_a_veriscan_error(tmp_path: Path, share: int) -> None:
    outcomes = {"ir": 0, "error": 0}
    size = -(-len(CASES) // SHARES)
    for name, suffix, source in CASES[share * size:(share + 1) * size]:
        path = tmp_path / f"fuzz{suffix}"
        try:
            kernel = parse_kernel(path, source=source, defines=DEFINES)
        except VeriscanError as exc:
            assert str(exc).strip(), f"{name}: an error without a message"
            outcomes["error"] += 1
            continue
        except Exception as exc:  # the crash this test exists to catch
            pytest.fail(f"{name}: {type(exc).__name__}: {exc}")
        assert isinstance(kernel, ir.Kernel)
        outcomes["ir"] += 1
    # Both outcomes occur, or the cases would not exercise both paths.
    assert outcomes["error"] >= 100 // SHARES, outcomes
    assert share < SHARES - 1 or outcomes["ir"] >= 3, outcomes


@pytest.mark.parametrize("terms", [400, 500, 2000])
def test_long_sums_lower_completely(tmp_path: Path, terms: int) -> None:
    """Long expressions lower in full (the interpreter computes every term), split
    through temporaries into trees no deeper than the analyses can walk."""
    kernel = parse_kernel(tmp_path / "sum.cl", source=_deep("sum", terms))

    def depth(e: ir.Expr) -> int:
        return 1 + max((depth(k) for k in expr_children(e)), default=0)

    assert max(depth(e) for s in walk(kernel.body) for e in stmt_exprs(s)) <= SPILL_DEPTH + 2
    interpreter = GroupInterpreter(kernel, (4, 1, 1), {})
    for _ in interpreter.lockstep([WorkItem((t, 0, 0)) for t in range(4)]):
        pass
    assert interpreter.memory["out"] == {t: terms * t for t in range(4)}


def test_nesting_beyond_the_limit_is_bad_input_with_a_position(tmp_path: Path) -> None:
    with pytest.raises(KernelSourceError, match="levels deep") as caught:
        parse_kernel(tmp_path / "deep.cl", source=_deep("sum", 12000))
    assert caught.value.pos is not None and caught.value.pos.line == 3


def test_without_a_lowering_thread_deep_kernels_are_still_clean_errors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no big-stack thread can start, the lowering runs under the normal
    recursion limit: small kernels lower, deep ones are bad input, nothing crashes."""
    def refuse(self: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr("threading.Thread.start", refuse)
    assert parse_kernel(tmp_path / "small.cl", source=_deep("sum", 20)).body
    with pytest.raises(KernelSourceError, match="levels deep"):
        parse_kernel(tmp_path / "deep.cl", source=_deep("sum", 2000))


def test_a_child_visit_that_stops_early_is_an_error_not_fewer_children(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The binding's own get_children returns a short list when its callback
    fails; the front end's children() checks clang's answer instead."""
    real = ci.conf.lib.clang_visitChildren

    def stopped(*args: object) -> int:
        real(*args)
        return 1  # what clang answers when a visit was broken off

    monkeypatch.setattr(ci.conf.lib, "clang_visitChildren", stopped)
    with pytest.raises(KernelSourceError, match="nested too deeply"):
        parse_kernel(tmp_path / "small.cl", source=_deep("sum", 3))
