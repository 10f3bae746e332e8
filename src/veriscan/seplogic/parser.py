"""Annotation comments: find them in the raw source and parse their clauses.

The kernel itself comes from the C front end; only the *comment text* is read
here, which is why a small hand-written Pratt parser is enough: the annotation
language is a few dozen operators, not C.  Every token keeps its line and
column in the original file so a parse error points into the kernel source.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend.clang_parse import dialect_for
from veriscan.frontend.lexing import SPLICE, SourceMap, lex, spliced
from veriscan.ir.nodes import Dialect
from veriscan.seplogic import ast as A

CLAUSE_KEYWORDS = {k.value: k for k in A.ClauseKind}
# VerCors clause keywords this checker does not implement: seeing one makes the
# verdict unknown instead of silently ignoring a proof obligation.
UNSUPPORTED_KEYWORDS = {"given", "yields", "modifies", "accessible", "invariant", "ghost",
                        "assume", "inhale", "exhale", "pure", "resource",
                        "kernel_invariant", "decreases", "signals"}


# VerCors' thread-id keywords, as the OpenCL calls they stand for.
_THREAD_IDS = {"\\ltid": "get_local_id", "\\gtid": "get_global_id"}


@dataclass(frozen=True)
class Token:
    kind: str   # "int", "frac", "name", "kw" (backslash word), "op", "end"
    text: str
    pos: SourcePos
    offset: int


_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<frac>\d+\\\d+)
  | (?P<int>(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*)
  | (?P<kw>\\[A-Za-z_]+\*?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op>==>|<==>|\*\*|&&|\|\||==|!=|<=|>=|<<|>>|[-+*/%<>!~&|^?:;,()\[\].=])
""", re.VERBOSE)

_BINARY = {  # operator -> (precedence, right associative)
    "==>": (2, True), "||": (3, False), "&&": (4, False), "**": (4, False),
    "|": (5, False), "^": (6, False), "&": (7, False), "==": (8, False), "!=": (8, False),
    "<": (9, False), "<=": (9, False), ">": (9, False), ">=": (9, False),
    "<<": (10, False), ">>": (10, False), "+": (11, False), "-": (11, False),
    "*": (12, False), "/": (12, False), "%": (12, False),
}
_TERNARY_PREC = 1
_COMPARE_PREC = 9
_UNARY_PREC = 13


_INT_LITERAL = re.compile(r"(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)"
                          r"(?:[uU](?:ll|LL|[lL])?|(?:ll|LL|[lL])[uU]?)?")


def int_literal(text: str, pos: SourcePos) -> int:
    """The value of a C integer literal (hexadecimal, octal or decimal, with the
    suffixes ``u``, ``l``, ``ll`` in either order), as C reads it: ``010`` is 8."""
    m = _INT_LITERAL.fullmatch(text)
    if m is None:
        raise VeriscanError(f"'{text}' is not a C integer literal", pos)
    digits = m.group(1)
    if digits[:2] in ("0x", "0X"):
        return int(digits, 16)
    return int(digits, 8) if digits.startswith("0") else int(digits)


def annotation_spans(source: str, dialect: Dialect, file: str = ""
                     ) -> Iterator[tuple[int, int, int]]:
    """(content start, content end, comment end) of each annotation comment, in order.

    The comments are exactly those C's lexer finds (:func:`.lexing.lex`, for
    ``dialect``: C++14's digit separators and raw strings are CUDA's only), so
    text C reads as part of a string or of
    another comment is never an annotation, and every ``//@`` and ``/*@``
    comment C sees is one.  Consecutive ``//@`` lines are merged.  ``file``
    names the source in errors.
    """
    smap = SourceMap(file, source)
    lexed = lex(source, dialect)
    pending: list[int] | None = None  # merged run of //@ lines: [start, end, comment_end]
    for start, end in lexed.comments:
        kind = _annotation_kind(smap, start, end)
        if kind == "//@" and pending is not None and not source[pending[2]:start].strip():
            pending[1] = pending[2] = end
            continue
        if pending is not None:
            yield tuple(pending)  # type: ignore[misc]
            pending = None
        if kind == "//@":
            pending = [start + 3, end, end]
        elif kind == "/*@":
            star = end - 2  # the closing "*/"
            stop = star - 1 if source[star - 1] == "@" and star - 1 > start + 2 else star
            yield (start + 3, stop, end)
    if pending is not None:
        yield tuple(pending)  # type: ignore[misc]


def _annotation_kind(smap: SourceMap, start: int, end: int) -> str | None:
    """``//@`` or ``/*@`` for an annotation comment, None for another comment.

    Whether a comment is an annotation is decided on its text after C's line
    splicing, as C reads it; an annotation that holds a line splice would be
    read one way by C and another by the clause parser (which sees the
    physical text), so it is refused rather than guessed at."""
    text = smap.source[start:end]
    kind = spliced(text)[:3]
    if kind not in ("//@", "/*@"):
        return None
    splice = SPLICE.search(text)
    if splice is not None:
        pos = smap.pos(start + splice.start())
        raise VeriscanError(f"annotation comments are read differently by C's lexer near "
                            f"line {pos.line} (line splice): C joins a line ending in a "
                            "backslash to the next before it reads the comment; remove the "
                            "backslash", pos)
    return kind


def tokenize(smap: SourceMap, start: int, end: int) -> list[Token]:
    text = smap.source
    out: list[Token] = []
    i = start
    while i < end:
        m = _TOKEN.match(text, i, end)
        if m is None:
            raise VeriscanError(f"unexpected character {text[i]!r} in annotation", smap.pos(i))
        kind = m.lastgroup or ""
        if kind != "ws":
            value = m.group(kind)
            out.append(Token(kind, value, smap.pos(m.start()), m.start()))
        i = m.end()
        # A `//@` continuation line contributes its own prefix; drop it.
        if text.startswith("//@", i) and i < end:
            i += 3
    out.append(Token("end", "", smap.pos(end), end))
    return out


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.toks = tokens
        self.i = 0

    # -- token helpers -------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def next(self) -> Token:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def at(self, kind: str, text: str | None = None) -> bool:
        return self.tok.kind == kind and (text is None or self.tok.text == text)

    def expect(self, kind: str, text: str | None = None) -> Token:
        if not self.at(kind, text):
            want = text or kind
            got = self.tok.text or "end of annotation"
            raise VeriscanError(f"expected '{want}' but found '{got}' in annotation", self.tok.pos)
        return self.next()

    # -- clauses -------------------------------------------------------------
    def annotation(self, start: SourcePos, end_line: int) -> A.Annotation:
        ann = A.Annotation(clauses=[], start=start, end_line=end_line)
        while not self.at("end"):
            tok = self.tok
            if tok.kind == "name" and tok.text in CLAUSE_KEYWORDS:
                self.next()
                expr = self.expr(0)
                ann.clauses.append(A.Clause(CLAUSE_KEYWORDS[tok.text], expr, tok.pos))
                if self.at("op", ";"):
                    self.next()
                elif not (self.at("end") or self._at_clause_start()):
                    raise VeriscanError(f"expected ';' after {tok.text} clause, found "
                                        f"'{self.tok.text}'", self.tok.pos)
            elif tok.kind == "name" and tok.text in UNSUPPORTED_KEYWORDS:
                ann.unsupported.append((tok.text, tok.pos))
                self._skip_clause()
            else:
                raise VeriscanError(f"expected a clause keyword (requires, ensures, context, "
                                    f"context_everywhere, loop_invariant), found "
                                    f"'{tok.text}'", tok.pos)
        return ann

    def _at_clause_start(self) -> bool:
        return self.tok.kind == "name" and (self.tok.text in CLAUSE_KEYWORDS
                                            or self.tok.text in UNSUPPORTED_KEYWORDS)

    def _skip_clause(self) -> None:
        self.next()
        depth = 0
        while not self.at("end"):
            if self.at("op", ";") and depth == 0:
                self.next()
                return
            if self.tok.kind == "op" and self.tok.text in "([":
                depth += 1
            elif self.tok.kind == "op" and self.tok.text in ")]":
                depth -= 1
            self.next()

    # -- expressions (Pratt) -------------------------------------------------
    def expr(self, min_prec: int) -> A.SExpr:
        lhs = self.prefix()
        while True:
            tok = self.tok
            if tok.kind != "op":
                return lhs
            if tok.text == "?" and min_prec <= _TERNARY_PREC:
                self.next()
                then = self.expr(0)
                self.expect("op", ":")
                other = self.expr(_TERNARY_PREC)
                lhs = A.Cond(tok.pos, lhs, then, other)
                continue
            info = _BINARY.get(tok.text)
            if info is None or info[0] < min_prec:
                return lhs
            prec, right = info
            if prec == _COMPARE_PREC and isinstance(lhs, A.Binary) \
                    and _BINARY.get(lhs.op, (0,))[0] == _COMPARE_PREC:
                raise VeriscanError("chained comparison: write 'a <= i && i < b', not "
                                    "'a <= i < b' (C would compare a truth value)", tok.pos)
            self.next()
            rhs = self.expr(prec if right else prec + 1)
            lhs = A.Binary(tok.pos, tok.text, lhs, rhs)

    def prefix(self) -> A.SExpr:
        tok = self.next()
        if tok.kind == "int":
            return self.postfix(A.IntLit(tok.pos, int_literal(tok.text, tok.pos), tok.text))
        if tok.kind == "frac":
            raise VeriscanError(f"fraction {tok.text} is only allowed as a permission amount",
                                tok.pos)
        if tok.kind == "op" and tok.text in ("-", "!", "~"):
            return A.Unary(tok.pos, tok.text, self.expr(_UNARY_PREC))
        if tok.kind == "op" and tok.text == "(":
            if self.at("kw") and self.tok.text in ("\\forall", "\\forall*"):
                return self.postfix(self.quantifier())
            inner = self.expr(0)
            self.expect("op", ")")
            return self.postfix(inner)
        if tok.kind == "kw":
            return self.postfix(self.backslash(tok))
        if tok.kind == "name":
            return self.postfix(self.named(tok))
        raise VeriscanError(f"unexpected '{tok.text or 'end of annotation'}' in annotation",
                            tok.pos)

    def postfix(self, expr: A.SExpr) -> A.SExpr:
        while self.at("op", "["):
            if not isinstance(expr, (A.Name, A.Index)):
                raise VeriscanError("only named arrays can be indexed in annotations",
                                    self.tok.pos)
            self.next()
            idx = self.expr(0)
            self.expect("op", "]")
            if isinstance(expr, A.Name):
                expr = A.Index(expr.pos, expr.name, (idx,))
            else:
                expr = A.Index(expr.pos, expr.array, (*expr.indices, idx))
        return expr

    def named(self, tok: Token) -> A.SExpr:
        if tok.text in ("true", "false"):
            return A.BoolLit(tok.pos, tok.text == "true")
        if tok.text == "Perm":
            self.expect("op", "(")
            loc = self.expr(0)
            if not isinstance(loc, A.Index):
                raise VeriscanError("Perm expects an array location such as a[i]", loc.pos)
            self.expect("op", ",")
            amount = self.amount()
            self.expect("op", ")")
            return A.Perm(tok.pos, loc, amount)
        if self.at("op", "."):
            self.next()
            field = self.expect("name")
            return A.Member(tok.pos, tok.text, field.text)
        if self.at("op", "("):
            self.next()
            args: list[A.SExpr] = []
            if not self.at("op", ")"):
                args.append(self.expr(0))
                while self.at("op", ","):
                    self.next()
                    args.append(self.expr(0))
            self.expect("op", ")")
            return A.Call(tok.pos, tok.text, tuple(args))
        return A.Name(tok.pos, tok.text)

    def backslash(self, tok: Token) -> A.SExpr:
        if tok.text == "\\old":
            self.expect("op", "(")
            inner = self.expr(0)
            self.expect("op", ")")
            return A.Old(tok.pos, inner)
        if tok.text == "\\pointer_index":
            self.expect("op", "(")
            array = self.expect("name")
            self.expect("op", ",")
            index = self.expr(0)
            self.expect("op", ",")
            amount = self.amount()
            self.expect("op", ")")
            return A.Perm(tok.pos, A.Index(array.pos, array.text, (index,)), amount)
        if tok.text in _THREAD_IDS:
            func = _THREAD_IDS[tok.text]
            return A.Call(tok.pos, func, (A.IntLit(tok.pos, 0),))
        if tok.text == "\\pointer_length":
            self.expect("op", "(")
            array = self.expect("name")
            self.expect("op", ")")
            return A.Member(tok.pos, array.text, "length")
        if tok.text == "\\pointer":
            return self.pointer(tok)
        if self.at("op", "("):  # skip the arguments of an unknown \\function(...)
            self._skip_group()
        return A.Unknown(tok.pos, tok.text)

    def pointer(self, tok: Token) -> A.SExpr:
        """``\\pointer(a, n, p)``: ``a`` has at least ``n`` elements and the thread holds
        ``p`` on each of ``a[0 .. n)`` (VerCors' meaning; ``a`` is never null here)."""
        self.expect("op", "(")
        array = self.expect("name")
        self.expect("op", ",")
        size = self.expr(0)
        self.expect("op", ",")
        amount = self.amount()
        self.expect("op", ")")
        pos = tok.pos
        var = A.Name(pos, "\\i")  # cannot clash with a C name
        in_range = A.Binary(pos, "&&", A.Binary(pos, "<=", A.IntLit(pos, 0), var),
                            A.Binary(pos, "<", var, size))
        each = A.Quant(pos, True, var.name, in_range,
                       A.Perm(pos, A.Index(pos, array.text, (var,)), amount))
        longer = A.Binary(pos, ">=", A.Member(pos, array.text, "length"), size)
        return A.Binary(pos, "**", longer, each)

    def _skip_group(self) -> None:
        depth = 0
        while not self.at("end"):
            tok = self.next()
            if tok.kind == "op" and tok.text in "([":
                depth += 1
            elif tok.kind == "op" and tok.text in ")]":
                depth -= 1
                if depth == 0:
                    return
        raise VeriscanError("unbalanced parentheses in annotation", self.tok.pos)

    def quantifier(self) -> A.SExpr:
        kw = self.next()
        star = kw.text.endswith("*")
        ty = self.expect("name")
        if ty.text not in ("int", "size_t", "unsigned", "uint"):
            raise VeriscanError(f"quantified variables must be integers, not {ty.text}", ty.pos)
        var = self.expect("name")
        if self.at("op", "="):  # VerCors' range form: int i = lo .. hi
            self.next()
            lo = self.expr(0)
            self.expect("op", ".")
            self.expect("op", ".")
            hi = self.expr(0)
            name = A.Name(var.pos, var.text)
            rng: A.SExpr = A.Binary(var.pos, "&&", A.Binary(var.pos, "<=", lo, name),
                                    A.Binary(var.pos, "<", name, hi))
        else:
            self.expect("op", ";")
            rng = self.expr(0)
        self.expect("op", ";")
        body = self.expr(0)
        self.expect("op", ")")
        return A.Quant(kw.pos, star, var.text, rng, body, ty.text)

    def amount(self) -> A.Amount:
        tok = self.next()
        if tok.kind == "name" and tok.text == "read":
            return A.READ
        if tok.kind == "name" and tok.text == "write":
            return A.WRITE
        if tok.kind == "name" and tok.text == "none":
            return A.NONE
        if tok.kind == "frac":
            num, den = (int(x) for x in tok.text.split("\\"))
            value = Fraction(num, den) if den else Fraction(0)
        elif tok.kind == "int":
            value = Fraction(int_literal(tok.text, tok.pos))
        else:
            raise VeriscanError(f"permission amount must be read, write or a fraction such as "
                                f"1\\2, found '{tok.text}'", tok.pos)
        if not 0 < value <= 1:
            raise VeriscanError(f"permission amount {tok.text} is not in (0, 1]", tok.pos)
        return A.Amount(A.AmountKind.FRACTION, value)


def parse_annotations(source: str, file: str, dialect: Dialect | None = None
                      ) -> list[A.Annotation]:
    """Every annotation comment in ``source``, parsed, in source order.

    ``dialect`` decides how the file is lexed (C++14's digit separators are
    CUDA's only); without one it is the dialect of the file's name, as the
    front end chooses it."""
    smap = SourceMap(file, source)
    out = []
    lexed_as = dialect or dialect_for(file, None)
    for start, end, comment_end in annotation_spans(source, lexed_as, file):
        tokens = tokenize(smap, start, end)
        parser = _Parser(tokens)
        ann = parser.annotation(smap.pos(start), smap.pos(max(comment_end - 1, 0)).line)
        ann.offsets = (start - 3, comment_end)  # from the "/*@" or "//@"
        out.append(ann)
    return out


def parse_expression(text: str, file: str = "<spec>") -> A.SExpr:
    """Parse one assertion (for tests and tools that build specs programmatically)."""
    smap = SourceMap(file, text)
    parser = _Parser(tokenize(smap, 0, len(text)))
    expr = parser.expr(0)
    if not parser.at("end"):
        raise VeriscanError(f"unexpected '{parser.tok.text}' after expression", parser.tok.pos)
    return expr
