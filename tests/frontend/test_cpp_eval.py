"""``#if`` arithmetic by C99 6.10.1 / C++14 [cpp.cond], checked against gcc's preprocessor.

pcpp's evaluator took Python's ``%`` (the divisor's sign), divided through a
float and read C++'s ``true`` as 0, so a kernel could select one branch for
the proof and another in the compiler (red-team finding F2).  The evaluator
(:mod:`veriscan.frontend.cpp_eval`) is checked here three ways: hand-picked
corner cases with the values C gives them, what it refuses or doubts, and a
differential run of generated expressions through veriscan's preprocessing
and through the system's ``cpp`` (C, and C++ for CUDA).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

from veriscan.errors import KernelSourceError
from veriscan.frontend.cpp_eval import MASK, ExpressionError, Value, evaluate
from veriscan.frontend.preprocess import preprocess

CPP = shutil.which("cpp")
INTMAX_MIN = "(-9223372036854775807 - 1)"


def value(expression: str, cplusplus: bool = False) -> Value:
    """The value of a (macro-free) expression, which must have no doubt."""
    result = evaluate(re.findall(r"'(?:\\.|[^'])*'|0[xX][\w']+|\d[\w']*|\w+|<<|>>|<=|>=|==|!="
                                 r"|&&|\|\||\S", expression), cplusplus)
    assert not result.doubts, result.doubts
    return result.value


@pytest.mark.parametrize(("expression", "expected"), [
    ("(-3 % 2) == -1", 1),                     # % takes the dividend's sign (e03)
    ("7 % -2 == 1", 1),                        # (e11)
    ("-7 / 2", -3), ("-7 % 4", -3), ("7 / -2", -3),
    ("(0x7FFFFFFFFFFFFFFF / 3) == 3074457345618258602", 1),  # exact, no float (e10)
    ("0x7FFFFFFFFFFFFFFF / 7", 1317624576693539401),
    ("-1 > 0u", 1), ("-1 < 0", 1), ("0u - 1 == 0xFFFFFFFFFFFFFFFF", 1),
    ("0xFFFFFFFFFFFFFFFF + 1 == 0", 1), ("18446744073709551615u * 2", MASK - 1),
    ("-1 >> 1", -1), ("1 << 62", 1 << 62), ("0xFFFFFFFFFFFFFFFF >> 63", 1),
    ("(1 ? -1 : 0u) > 0", 1), ("(0 ? 0u : -1) == 0xFFFFFFFFFFFFFFFF", 1),
    ("'A'", 65), ("'\\n'", 10), ("'\\x41' == 'A'", 1), ("'\\101'", 65), ("'\\0'", 0),
    ("1 || 1 / 0", 1), ("0 && 1 % 0", 0), ("1 ? 2 : 1 / 0", 2),
    ("0 && (0x7FFFFFFFFFFFFFFF + 1)", 0),      # unevaluated: no overflow
    ("(1, 2)", 2), ("~0 == -1", 1), ("~0u == 0xFFFFFFFFFFFFFFFF", 1), ("!5", 0),
    ("0x10 | 010 | 0b1", 25), ("3 ^ 5", 6), ("-8 & 7", 0), ("1ULL + 1LL", 2),
    ("zz", 0), ("zz + 1", 1),                  # identifiers left after expansion are 0
    ("9223372036854775807 + 0", (1 << 63) - 1),
])
def test_corner_cases_have_cs_values(expression: str, expected: int) -> None:
    assert value(expression).number == expected


@pytest.mark.parametrize(("expression", "expected"), [
    ("true", 1), ("false", 0), ("true + true == 2", 1),        # (e09)
    ("1 and not 0", 1), ("1 bitand 2", 0), ("compl 0 == -1", 1), ("1 not_eq 2", 1),
    ("1'000 == 1000", 1), ("0x1'0", 16),
])
def test_cplusplus_literals_and_operator_spellings(expression: str, expected: int) -> None:
    assert value(expression, cplusplus=True).number == expected


def test_true_is_an_identifier_in_c() -> None:
    result = evaluate(["true"])
    assert result.value.number == 0 and result.identifiers == ["true"]


@pytest.mark.parametrize("expression", [
    "1 / 0", "5 % (2 - 2)", "1.0", "1e5", "0x1p3", "08", "1 +", "(1", "1 2", "\"s\"",
    "''", "1 and 0", "18446744073709551616",
])
def test_what_every_compiler_rejects_is_an_error(expression: str) -> None:
    with pytest.raises(ExpressionError):
        evaluate(re.findall(r"\"[^\"]*\"|'[^']*'|[\w.]+|\S", expression))


@pytest.mark.parametrize(("expression", "doubt"), [
    ("0x7FFFFFFFFFFFFFFF + 1", "signed overflow"),
    ("-" + INTMAX_MIN, "signed overflow"),
    (INTMAX_MIN + " / -1", "signed overflow"),
    (INTMAX_MIN + " % -1", "quotient overflows"),
    ("4611686018427387904 * 2", "signed overflow"),
    ("1 << 63", "signed overflow"), ("1 << 64", "shift count"), ("1 >> -1", "shift count"),
    ("-1 << 1", "negative value"),
    ("9223372036854775808", "does not fit intmax_t"),
    ("'ab'", "multi-character"), ("'\\377'", "whether char is signed"),
    ("L'a'", "width and signedness"),
])
def test_undefined_or_implementation_defined_is_a_doubt(expression: str, doubt: str) -> None:
    words = re.findall(r"L?'(?:\\.|[^'])*'|\w+|<<|>>|\S", expression)
    result = evaluate(words)
    assert any(doubt in d for d in result.doubts), result.doubts


def test_a_function_call_is_noted_not_evaluated() -> None:
    result = evaluate(["__has_include", "(", "<", "x", ".", "h", ">", ")", "||", "1"])
    assert result.calls == ["__has_include"] and result.value.number == 1


# ------------------------------------------------------------ through the preprocessing
def branch(expression: str, file: str = "k.cl", defines: dict[str, str] | None = None,
           header: str = "") -> bool:
    source = f"{header}#if {expression}\nint yes;\n#else\nint no;\n#endif\n"
    text = preprocess(source, file, defines).text
    return "yes" in text


def test_the_red_team_directives_take_cs_branch() -> None:
    assert branch("(-3 % 2) == -1") and branch("7 % -2 == 1")
    assert branch("(0x7FFFFFFFFFFFFFFF / 3) == 3074457345618258602")
    assert branch("true", "k.cu") and not branch("false", "k.cu")


def test_division_by_zero_in_if_is_bad_input_with_its_line() -> None:
    with pytest.raises(KernelSourceError, match="division by zero") as err:
        preprocess("\n#define Z 0\n#if 4 / Z\n#endif\n", "k.cl")
    assert err.value.pos is not None and err.value.pos.line == 3


def test_overflow_in_if_is_a_doubt_with_its_line() -> None:
    pre = preprocess("#if 0x7FFFFFFFFFFFFFFF + 1 < 0\n#endif\n", "k.cl")
    assert [line for line, _ in pre.doubts] == [1] and "signed overflow" in pre.doubts[0][1]


def test_defined_is_taken_before_expansion_and_a_produced_one_is_a_doubt() -> None:
    # C99 6.10.1p4: the operand of a written ``defined`` is not macro-expanded.
    assert branch("defined(A)", header="#define A B\n")
    assert branch("defined A && !defined(B)", header="#define A B\n")
    pre = preprocess("#define HAVE(x) defined(x)\n#if HAVE(A)\n#endif\n", "k.cl")
    assert any("'defined' produced by a macro expansion" in d for _, d in pre.doubts)


def test_a_preprocessing_number_is_one_token() -> None:
    """pcpp split ``1ULL`` into ``1UL`` and ``L``: a macro ``L`` replaced the piece."""
    text = preprocess("#define L +1\n#define f +2\nlong x = 1ULL + 0x1p3f + 1.f;\n", "k.cl").text
    assert "1ULL + 0x1p3f + 1.f" in text
    assert branch("1ULL == 1", header="#define L +1\n")
    cxx = preprocess("#define u x\nint c = u'a'; int d = 1'000;\n", "k.cu").text
    assert "u'a'" in cxx and "1'000" in cxx


# ------------------------------------------------------------------ differential (cpp)
_HEADER = ("#define A 5\n#define NEG (-3)\n#define BIG 0xFFFFFFFFFFFFFFFF\n#define EMPTY\n"
           "#define ID(x) x\n#define TWICE(x) ((x) * 2)\n")
_C_ATOMS = ["0", "1", "2", "3", "7", "-1", "63", "64", "0u", "1u", "5U", "2l", "3LL", "4ull",
            "0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "0xFFFFFFFFFFFFFFFF", "010", "0xFF",
            "9223372036854775807", "18446744073709551615u", "'A'", "'\\n'", "'\\x7f'",
            "'\\0'", "A", "NEG", "BIG", "zz", "defined(A)", "defined zz", "ID(4)",
            "TWICE(NEG)", "EMPTY 6"]
_CXX_ATOMS = ["true", "false", "not 0", "compl 1", "1'0"]
_BINARY = ["+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "^",
           "|", "&&", "||", "and", "or", "bitand", "bitor", "xor", "not_eq"]
_C_BINARY = _BINARY[:18]


def _expression(rng: random.Random, depth: int, cplusplus: bool) -> str:
    atoms = _C_ATOMS + (_CXX_ATOMS if cplusplus else [])
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(atoms)
    kind = rng.random()
    if kind < 0.15:
        return rng.choice(["-", "~", "!", "+"]) + "(" + _expression(rng, depth - 1,
                                                                     cplusplus) + ")"
    if kind < 0.25:
        return "(" + _expression(rng, depth - 1, cplusplus) + " ? " + \
            _expression(rng, depth - 1, cplusplus) + " : " + \
            _expression(rng, depth - 1, cplusplus) + ")"
    if kind < 0.3:
        return "(" + _expression(rng, depth - 1, cplusplus) + ", " + \
            _expression(rng, depth - 1, cplusplus) + ")"
    op = rng.choice(_BINARY if cplusplus else _C_BINARY)
    return "(" + _expression(rng, depth - 1, cplusplus) + f" {op} " + \
        _expression(rng, depth - 1, cplusplus) + ")"


def _veriscan_values(expressions: list[str], file: str) -> dict[int, Value]:
    """The value of each expression in veriscan's preprocessing (the branch it
    took, and the value of the expanded expression), where it has one value for
    every compiler: no error, no doubt."""
    out = {}
    for i, expression in enumerate(expressions):
        source = f"{_HEADER}#if {expression}\nint yes;\n#else\nint no;\n#endif\n"
        try:
            pre = preprocess(source, file)
        except KernelSourceError:
            continue  # division by zero where evaluated: gcc errors too
        if pre.doubts:
            continue
        result = evaluate(pre.conditions[-1][1], cplusplus=file.endswith(".cu"))
        assert (result.value.number != 0) == ("yes" in pre.text), expression
        out[i] = result.value
    return out


def _literal(value: Value) -> str:
    if value.unsigned:
        return f"{value.number}u"
    return str(value.number) if value.number >= 0 else f"({value.number + 1} - 1)"


def _cpp_values(expressions: dict[int, str], values: dict[int, Value],
                cplusplus: bool) -> dict[int, tuple[bool, bool, bool]]:
    """What ``cpp`` says of each expression: nonzero, equal to veriscan's value,
    of a signed type."""
    assert CPP is not None
    probes = {"nonzero": "({e})", "equal": "({e}) == {v}", "signed": "(({e}) * 0 - 1) < 0"}
    source = _HEADER + "".join(
        f"#if {probe.format(e=e, v=_literal(values[i]))}\nR_{i}_{name}_1\n#else\n"
        f"R_{i}_{name}_0\n#endif\n" for i, e in expressions.items()
        for name, probe in probes.items())
    language = ["-x", "c++", "-std=c++14"] if cplusplus else ["-x", "c", "-std=c99"]
    run = subprocess.run([CPP, "-P", *language, "-"], input=source, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[:2000]
    bits = {(int(i), name): bit == "1" for i, name, bit in
            re.findall(r"R_(\d+)_(\w+?)_([01])", run.stdout)}
    return {i: (bits[i, "nonzero"], bits[i, "equal"], bits[i, "signed"]) for i in expressions}


def _agreement(expressions: list[str], file: str, cplusplus: bool) -> tuple[int, list]:
    ours = _veriscan_values(expressions, file)
    theirs = _cpp_values({i: expressions[i] for i in ours}, ours, cplusplus)
    wrong = [(expressions[i], ours[i], theirs[i]) for i in ours
             if theirs[i] != (ours[i].number != 0, True, not ours[i].unsigned)]
    return len(ours), wrong


@pytest.mark.skipif(CPP is None, reason="no system C preprocessor (cpp) to compare with")
@pytest.mark.parametrize(("file", "cplusplus"), [("k.cl", False), ("k.cu", True)],
                         ids=["C", "C++"])
def test_generated_expressions_agree_with_the_system_preprocessor(file: str,
                                                                  cplusplus: bool) -> None:
    rng = random.Random(20240611 + cplusplus)
    expressions = [_expression(rng, rng.randrange(1, 5), cplusplus) for _ in range(600)]
    compared, wrong = _agreement(expressions, file, cplusplus)
    assert compared > 300  # most expressions have one value for every compiler
    assert not wrong, wrong[:5]


@pytest.mark.skipif(CPP is None, reason="no system C preprocessor (cpp) to compare with")
def test_hand_picked_corner_cases_agree_with_the_system_preprocessor() -> None:
    corner = ["(-3 % 2) == -1", "7 % -2 == 1", "(0x7FFFFFFFFFFFFFFF / 3) == 3074457345618258602",
              "-1 > 0u", "-1 >> 1 == -1", "(1 ? -1 : 0u) > 0", "0xFFFFFFFFFFFFFFFF + 1 == 0",
              "'A' == 65", "1 || 1 / 0", "!(0 && 1 / 0)", "-7 / 2 == -3", "-7 % 4 == -3",
              "(0 ? 0u : -1) == 0xFFFFFFFFFFFFFFFF", "!(-1 < 0u)", "~0u == 18446744073709551615u"]
    compared, wrong = _agreement(corner, "k.cl", False)
    assert compared == len(corner) and not wrong, wrong
