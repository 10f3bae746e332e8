"""The annotation parser: VerCors syntax in, positions on every error."""

from fractions import Fraction

import pytest

from veriscan.errors import VeriscanError
from veriscan.seplogic import ast as A
from veriscan.seplogic.parser import parse_annotations, parse_expression

KERNEL = """\
/*@ context_everywhere n > 0;
    requires threadIdx.x != n - 1 ? \\pointer_index(a, threadIdx.x + 1, 1\\2)
                                  : \\pointer_index(a, 0, 1\\2);
    requires \\pointer_index(a, threadIdx.x, 1\\2)
    ensures (\\forall* int i; 0 <= i && i < n; Perm(a[i], write)) ** a[1] == \\old(a[2]); @*/
__global__ void f(int *a, int n) {
    //@ loop_invariant k >= 0;
    //@ loop_invariant k < 3 ==> Perm(b[k][2], read);
    for (;;) {}
}
"""


def test_clauses_kinds_and_positions():
    first, second = parse_annotations(KERNEL, "k.cu")
    kinds = [c.kind for c in first.clauses]
    assert kinds == [A.ClauseKind.CONTEXT_EVERYWHERE, A.ClauseKind.REQUIRES,
                     A.ClauseKind.REQUIRES, A.ClauseKind.ENSURES]
    # A clause without ';' ends where the next keyword starts (List. 3 of paper 000).
    assert first.clauses[2].pos.line == 4 and first.clauses[3].pos.line == 5
    assert first.end_line == 5
    assert [c.pos.line for c in second.clauses] == [7, 8]
    assert second.end_line == 8


def test_pointer_index_is_perm_with_fraction():
    cond = parse_annotations(KERNEL, "k.cu")[0].clauses[1].expr
    assert isinstance(cond, A.Cond)
    assert isinstance(cond.then, A.Perm) and cond.then.loc.array == "a"
    assert cond.then.amount == A.Amount(A.AmountKind.FRACTION, Fraction(1, 2))


def test_separating_quantifier_and_old():
    expr = parse_annotations(KERNEL, "k.cu")[0].clauses[3].expr
    assert isinstance(expr, A.Binary) and expr.op == "**"
    quant = expr.lhs
    assert isinstance(quant, A.Quant) and quant.star and quant.var == "i"
    assert isinstance(quant.body, A.Perm) and quant.body.amount.is_write
    assert isinstance(expr.rhs, A.Binary) and isinstance(expr.rhs.rhs, A.Old)


def test_precedence_implication_ternary_and_arithmetic():
    e = parse_expression("a ==> b ==> c")
    assert isinstance(e, A.Binary) and e.op == "==>" and isinstance(e.rhs, A.Binary)
    e = parse_expression("x < 1 + 2 * 3 && y")
    assert e.op == "&&" and e.lhs.op == "<" and e.lhs.rhs.op == "+" and e.lhs.rhs.rhs.op == "*"
    e = parse_expression("c ? x : y ==> z")
    assert isinstance(e, A.Cond) and isinstance(e.other, A.Binary)
    e = parse_expression("tmp[j][i]")
    assert isinstance(e, A.Index) and len(e.indices) == 2


@pytest.mark.parametrize(("text", "line", "col", "words"), [
    ("/*@ requires a[ ; @*/\nkernel", 1, 17, "unexpected ';'"),
    ("\n\n  //@ ensures Perm(a[0], 3\\2);\n", 3, 26, "not in (0, 1]"),
    ("/*@ requires x +\n   ; @*/", 2, 4, "unexpected ';'"),
    ("/*@ requirez x; @*/", 1, 5, "expected a clause keyword"),
    ("/*@ requires Perm(a[0], half); @*/", 1, 25, "permission amount"),
    ("/*@ requires x $ y; @*/", 1, 16, "unexpected character"),
    ("/*@ requires (\\forall* int i; 0 <= i < n; Perm(a[i], write)); @*/", 1, 38,
     "chained comparison"),
])
def test_parse_errors_name_line_and_column(text, line, col, words):
    with pytest.raises(VeriscanError) as info:
        parse_annotations(text, "bad.cl")
    err = info.value
    assert err.pos is not None and (err.pos.line, err.pos.col) == (line, col)
    assert words in err.message
    assert f"bad.cl:{line}:{col}" in str(err)


def test_unsupported_keyword_is_recorded_not_dropped():
    ann = parse_annotations("/*@ given int g; requires true; @*/", "k.cl")[0]
    assert [w for w, _ in ann.unsupported] == ["given"]
    assert len(ann.clauses) == 1


def test_annotations_inside_strings_are_ignored():
    src = 'char *s = "//@ requires x;";\n/*@ requires true; @*/\n'
    anns = parse_annotations(src, "k.cl")
    assert len(anns) == 1 and anns[0].start.line == 2


@pytest.mark.parametrize(("text", "value"), [
    ("010", 8), ("0", 0), ("0x1F", 31), ("0X10u", 16), ("10UL", 10), ("7llu", 7), ("017L", 15),
])
def test_integer_literals_are_read_as_c_reads_them(text, value):
    lit = parse_expression(text)
    assert isinstance(lit, A.IntLit) and lit.value == value and lit.text == text


@pytest.mark.parametrize("text", ["09", "0x", "1uu", "08u"])
def test_malformed_integer_literal_is_bad_input(text):
    with pytest.raises(VeriscanError):
        parse_expression(text)


def test_octal_permission_amount_is_bad_input_not_a_crash():
    with pytest.raises(VeriscanError, match="not in"):
        parse_annotations("/*@ requires Perm(a[0], 010); @*/\n", "k.cl")
    ok = parse_annotations("/*@ requires Perm(a[0], 01); @*/\n", "k.cl")[0].clauses[0].expr
    assert ok.amount.is_write


def test_quantifier_keeps_its_declared_type():
    q = parse_expression("(\\forall uint j; j < 4; j >= 0)")
    assert isinstance(q, A.Quant) and q.type == "uint"
    assert parse_expression("(\\forall* int j; 0 <= j; Perm(a[j], read))").type == "int"


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\r", "\x0c\n", "\u2028", "\x0b", "\x85"])
def test_lines_end_where_the_front_end_ends_them(brk):
    # The front end's preprocessor splits lines as str.splitlines does.
    source = f"/* one{brk}two */\n/*@ requires x > 0; @*/\nint x;\n"
    (ann,) = parse_annotations(source, "k.cl")
    expected = source.splitlines().index("/*@ requires x > 0; @*/") + 1
    assert ann.start.line == ann.end_line == expected
    assert ann.clauses[0].pos.line == expected
