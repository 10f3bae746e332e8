"""CUDA C scan kernels as OpenCL C, so their interval test runs on an OpenCL device.

The interval test must run the program the static proof analysed.  A CUDA
kernel cannot run on PoCL, so this module writes the same program in OpenCL C:
it reads the libclang parse the front end made of the kernel's one
preprocessing (:func:`veriscan.frontend.clang_parse.parse_unit`, the text the
proof parsed) and rewrites that text token by token, each rewrite decided by
the AST node the token belongs to, never by a pattern over the text:

* ``__global__`` → ``__kernel``; ``__device__``/``__host__``/``inline``
  qualifiers of helper functions are dropped (an OpenCL C function is a device
  function); a kernel's pointer parameters gain ``__global``;
* ``__shared__`` → ``__local``, accepted at the kernel's outermost block, the
  one place OpenCL C allows it; a file-scope ``__shared__`` variable moves to
  the outermost block of each kernel that names it (one per block either way);
* ``threadIdx``/``blockIdx``/``blockDim``/``gridDim`` ``.x|.y|.z`` →
  ``((uint)get_local_id(d))`` and friends (the cast keeps CUDA's 32-bit
  unsigned type: ``threadIdx.x - 1`` must wrap as it does in CUDA);
* ``__syncthreads()`` → ``barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)``;
* the integer ``min``/``max`` overload clang chose → the OpenCL built-in of
  that one type, each argument cast to it; ``static_cast<T>(e)`` → ``((T)(e))``;
  ``size_t`` → ``ulong`` (the prelude's integer typedefs by the type they name);
  ``long long`` → ``long`` (both 64 bits here and there);
  ``'c'`` → ``((char)'c')`` (a character literal is an ``int`` in C);
* ``extern "C"`` goes (linkage means nothing to OpenCL C); ``#pragma unroll``
  and ``nounroll`` stay as written.

Everything else must already mean the same in both languages, and anything
the translation does not account for is refused with the reason, as
:class:`NotTranslated` (the caller's step is then unknown): every token of the
kernel must be explained by a node the translation understood (an identifier
the kernel declares, a keyword in a short list, a checked literal), so a
construct nobody listed is refused, not copied.  Refused on purpose: floating
point (OpenCL C rounds division and square root differently unless told
otherwise), shifts by anything but a constant below the width (OpenCL masks
the count, CUDA leaves it undefined), pointers outside kernel parameters
(OpenCL C needs their address space), ``sizeof``, structs, templates,
atomics, warp primitives and every other built-in of the CUDA prelude; and a
kernel that declares a name the translation writes (``get_local_id``,
``barrier``, ``min``, ``uint``…), which would change what the rewrite means.

Each token stays on its line (only file-scope ``__shared__`` declarations
move), so the OpenCL compiler's and Oclgrind's line numbers are the ``.cu``
file's.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

import clang.cindex as ci

from veriscan.errors import SourcePos, VeriscanError
from veriscan.frontend.clang_parse import (
    ParsedUnit,
    binary_operator,
    parse_unit,
    unary_operator,
)
from veriscan.ir.nodes import Dialect

K = ci.CursorKind
LABEL = "translated to OpenCL C"
BARRIER = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)"
_PRELUDE = "/veriscan-prelude/"
_GENERIC = "__veriscan_generic_t"
_INDEX_FUNCTIONS = {"threadIdx": "get_local_id", "blockIdx": "get_group_id",
                    "blockDim": "get_local_size", "gridDim": "get_num_groups"}
# Prelude macros the kernel may use, and what each becomes (None: kept as written:
# the three placeholders, which the monoid defines on the device).
_MACROS: dict[str, str | None] = {
    "__global__": "__kernel", "__device__": "", "__host__": "", "__forceinline__": "",
    "__noinline__": "", "__shared__": "__local", "__restrict__": "restrict",
    "TYPE": None, "OPERATOR": None, "IDENTITY": None,
}
# Names the translation writes: a kernel declaring one would change what it means.
_WRITTEN_NAMES = frozenset({*_INDEX_FUNCTIONS.values(), "barrier", "CLK_LOCAL_MEM_FENCE",
                            "CLK_GLOBAL_MEM_FENCE", "min", "max", "uint", "ulong", "uchar",
                            "ushort", "restrict"})
# Pragmas that only steer code generation, the same words in OpenCL C.
_PRAGMAS = frozenset({"unroll", "nounroll"})
_DROPPED_KEYWORDS = frozenset({"inline"})
_KEYWORDS = frozenset({
    "void", "bool", "char", "short", "int", "long", "signed", "unsigned", "const",
    "volatile", "if", "else", "for", "while", "do", "break", "continue", "return",
    "switch", "case", "default", "true", "false", *_DROPPED_KEYWORDS,
})
_PUNCTUATION_REFUSED = frozenset({"::", ".*", "->*", "->", "<=>", "...", "<:", ":>", "<%",
                                  "%>", "%:", "%:%:", "#", "##"})
# 64-bit CUDA integers are 64-bit OpenCL integers: one spelling per canonical type.
_OPENCL_INT = {
    ci.TypeKind.BOOL: "bool", ci.TypeKind.CHAR_S: "char", ci.TypeKind.SCHAR: "char",
    ci.TypeKind.UCHAR: "uchar", ci.TypeKind.SHORT: "short", ci.TypeKind.USHORT: "ushort",
    ci.TypeKind.INT: "int", ci.TypeKind.UINT: "uint", ci.TypeKind.LONG: "long",
    ci.TypeKind.ULONG: "ulong", ci.TypeKind.LONGLONG: "long", ci.TypeKind.ULONGLONG: "ulong",
}
_INTEGER = re.compile(r"(?:0[xX][0-9a-fA-F]+|[0-9]+)(?P<suffix>[uU]?(?:ll|LL|l|L)?|"
                      r"(?:ll|LL|l|L)[uU])")
_CHARACTER = re.compile(r"'(?:[^'\\\n]|\\(?:[0-7]{1,3}|x[0-9a-fA-F]+|[^\n0-7x]))'")
_STATEMENTS = frozenset({K.COMPOUND_STMT, K.DECL_STMT, K.IF_STMT, K.FOR_STMT, K.WHILE_STMT,
                         K.DO_STMT, K.SWITCH_STMT, K.CASE_STMT, K.DEFAULT_STMT, K.RETURN_STMT,
                         K.BREAK_STMT, K.CONTINUE_STMT, K.NULL_STMT})
# "?" is how clang_parse spells an operator it does not know.
_REFUSED_OPERATORS = {"binary": frozenset({".*", "->*", "<=>", "?"}),
                      "unary": frozenset({"&", "__real", "__imag", "__extension__",
                                          "co_await", "?"})}


class NotTranslated(VeriscanError):
    """A CUDA construct the translation to OpenCL C does not render exactly."""


def translate(unit: ParsedUnit) -> str:
    """The OpenCL C for the kernel file ``unit`` (a CUDA parse by the front end), token
    for token on the same lines."""
    return _Translator(unit).run()


def translate_file(file: str, source: str, defines: Mapping[str, str]) -> str:
    """``source`` (the text of the CUDA file ``file``) preprocessed with ``defines`` and
    parsed as the front end does for the proof, then translated."""
    return translate(parse_unit(file, source, Dialect.CUDA, dict(defines)))


# ------------------------------------------------------------------ spelling positions
@cache
def _spelling_function() -> object:
    function = ci.conf.lib.clang_getSpellingLocation
    function.argtypes = [ci.SourceLocation, ctypes.POINTER(ci.c_object_p),
                         ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                         ctypes.POINTER(ctypes.c_uint)]
    function.restype = None
    return function


def _spelled_offset(location: ci.SourceLocation) -> int:
    """Where a location's token was written (inside a macro argument too: clang's
    cursor positions give the macro's position instead)."""
    handle, line, col, offset = ci.c_object_p(), ctypes.c_uint(), ctypes.c_uint(), \
        ctypes.c_uint()
    _spelling_function()(location, ctypes.byref(handle), ctypes.byref(line),  # type: ignore[operator]
                         ctypes.byref(col), ctypes.byref(offset))
    return offset.value


@dataclass
class _Edits:
    """Per token: text put before it, what replaces it ("" drops it), text after it."""

    before: dict[int, list[str]] = field(default_factory=dict)
    replace: dict[int, str] = field(default_factory=dict)
    after: dict[int, list[str]] = field(default_factory=dict)

    def wrap(self, first: int, last: int, opening: str, closing: str) -> None:
        self.before.setdefault(first, []).append(opening)
        self.after.setdefault(last, []).append(closing)


class _Translator:
    def __init__(self, unit: ParsedUnit) -> None:
        self.unit = unit
        self.file = unit.file
        self.tokens = [t for t in unit.tu.get_tokens(extent=unit.tu.cursor.extent)
                       if t.location.file is not None and t.location.file.name == self.file]
        self.index = {t.extent.start.offset: i for i, t in enumerate(self.tokens)}
        self.edits = _Edits()
        self.explained: set[int] = set()
        self.pragma_tokens: set[int] = set()
        # File-scope __shared__ variables by position: name, first and last token (the ;).
        self.shared: dict[int, tuple[str, int, int]] = {}
        self.scopes: list[_Scope] = []
        self.scope: _Scope | None = None

    # -------------------------------------------------------------- driver
    def run(self) -> str:
        self.pragmas()
        for c in self.unit.tu.cursor.get_children():
            if c.location.file is None or c.location.file.name != self.file:
                continue
            self.top_level(c)
        self.check_tokens()
        self.hoist()
        return self.render()

    def refuse(self, where: ci.Cursor | ci.Token, what: str) -> NotTranslated:
        location = where.location
        return NotTranslated(f"not translated to OpenCL C: {what}",
                             SourcePos(self.file, location.line, location.column))

    # -------------------------------------------------------------- tokens
    def token_at(self, c: ci.Cursor) -> int:
        """The token a cursor starts at, where it was written."""
        offset = _spelled_offset(c.extent.start)
        if offset not in self.index:
            raise self.refuse(c, f"'{c.spelling or c.kind.name}' is not written in the "
                              "kernel's file")
        return self.index[offset]

    def span(self, c: ci.Cursor) -> tuple[int, int]:
        """The first and last token of a cursor, where it was written."""
        start, end = _spelled_offset(c.extent.start), _spelled_offset(c.extent.end)
        inside = [i for off, i in self.index.items() if start <= off < end]
        if not inside:
            raise self.refuse(c, f"'{c.spelling or c.kind.name}' is not written in the "
                              "kernel's file")
        return min(inside), max(inside)

    def declare(self, c: ci.Cursor) -> None:
        """The name a function, parameter or variable declares."""
        if c.spelling in _WRITTEN_NAMES:
            raise self.refuse(c, f"the kernel declares '{c.spelling}', a name the "
                              "translation writes for an OpenCL C built-in")
        self.explain_name(c)

    def explain_name(self, c: ci.Cursor) -> None:
        """The token naming what ``c`` declares or refers to."""
        i = self.index.get(_spelled_offset(c.location))
        if i is not None and self.tokens[i].spelling == c.spelling:
            self.explained.add(i)

    def pragmas(self) -> None:
        """``#pragma unroll`` lines pass as written (OpenCL C reads them alike)."""
        for i, t in enumerate(self.tokens):
            if t.spelling != "#":
                continue
            line = [j for j in range(i, len(self.tokens))
                    if self.tokens[j].location.line == t.location.line]
            words = [self.tokens[j].spelling for j in line[1:3]]
            if len(words) < 2 or words[0] != "pragma" or words[1] not in _PRAGMAS:
                raise self.refuse(t, f"#{' '.join(words)} (only #pragma "
                                  f"{'/'.join(sorted(_PRAGMAS))} is translated)")
            self.explained.update(line)
            self.pragma_tokens.update(line)

    def check_tokens(self) -> None:
        """Every token is a keyword in the list, plain punctuation, or a name or
        literal some node explained: nothing is copied that nothing understood."""
        for i, t in enumerate(self.tokens):
            kind, text = t.kind, t.spelling
            if kind == ci.TokenKind.KEYWORD and text not in _KEYWORDS and i not in self.explained:
                raise self.refuse(t, f"'{text}' (a C++ keyword the translation does not "
                                  "handle)")
            if kind == ci.TokenKind.KEYWORD and text in _DROPPED_KEYWORDS:
                self.edits.replace[i] = ""
            if kind == ci.TokenKind.PUNCTUATION and text in _PUNCTUATION_REFUSED and \
                    i not in self.explained:
                raise self.refuse(t, f"'{text}'")
            if kind in (ci.TokenKind.IDENTIFIER, ci.TokenKind.LITERAL) and \
                    i not in self.explained:
                raise self.refuse(t, f"'{text}' is not something the translation understands")
            if kind == ci.TokenKind.KEYWORD and text == "long" and i and \
                    self.tokens[i - 1].spelling == "long" and i - 1 not in self.edits.replace:
                self.edits.replace[i] = ""  # long long: OpenCL C's long has its 64 bits

    def hoist(self) -> None:
        """File-scope ``__shared__`` declarations move to the kernels that use them."""
        texts = {entry: " ".join(self.token_text(i) for i in range(entry[1], entry[2] + 1))
                 for entry in self.shared.values()}
        for scope in self.scopes:
            if scope.uses:
                brace = self.span(scope.body)[0]
                self.edits.after.setdefault(brace, []).insert(
                    0, "".join(f" {texts[entry]}" for entry in scope.uses))
        for _, first, last in self.shared.values():
            for i in range(first, last + 1):
                self.edits.before.pop(i, None)
                self.edits.after.pop(i, None)
                self.edits.replace[i] = ""

    def token_text(self, i: int) -> str:
        """Token ``i`` as written out, with what goes before and after it."""
        return "".join(self.edits.before.get(i, [])) + self.edits.replace.get(
            i, self.tokens[i].spelling) + "".join(reversed(self.edits.after.get(i, [])))

    def render(self) -> str:
        """The tokens on their own lines (and columns, while no rewrite pushed them)."""
        out: list[str] = []
        line, col, end = 1, 1, -1
        for i, t in enumerate(self.tokens):
            text = self.token_text(i)
            if not text:
                continue
            at = t.location
            if at.line > line:
                out.append("\n" * (at.line - line))
                line, col = at.line, 1
            touching = end == t.extent.start.offset and out and not _fuse(out[-1], text)
            gap = at.column - col if at.column >= col else 0 if touching else 1
            out.append(" " * gap + text)
            col, end = col + gap + len(text), t.extent.end.offset
        out.append("\n")
        return "".join(out)

    # -------------------------------------------------------------- declarations
    def top_level(self, c: ci.Cursor) -> None:
        if c.kind == K.MACRO_INSTANTIATION:
            self.macro(c)
        elif c.kind == K.FUNCTION_DECL:
            self.function(c)
        elif c.kind == K.LINKAGE_SPEC:
            self.linkage(c)
        elif c.kind == K.VAR_DECL:
            self.file_scope_shared(c)
        else:
            raise self.refuse(c, f"a file-scope {c.kind.name.lower().replace('_', ' ')} "
                              f"'{c.spelling}' (only __global__ and __device__ functions are "
                              "translated)")

    def macro(self, c: ci.Cursor) -> None:
        name = c.spelling
        if name not in _MACROS:
            raise self.refuse(c, f"'{name}' (a macro of the CUDA prelude without an exact "
                              "OpenCL C counterpart here)")
        i = self.index.get(c.extent.start.offset)
        if i is None:
            raise self.refuse(c, f"'{name}' is not written in the kernel's file")
        self.explained.add(i)
        replacement = _MACROS[name]
        if replacement is not None:
            self.edits.replace[i] = replacement

    def linkage(self, c: ci.Cursor) -> None:
        """``extern "C"``: C linkage means nothing to OpenCL C, so the words go."""
        first, last = self.span(c)
        words = [t.spelling for t in self.tokens[first:first + 3]]
        if words[:2] != ["extern", '"C"']:
            raise self.refuse(c, "a linkage specification other than extern \"C\"")
        dropped = [first, first + 1]
        if words[2:] == ["{"] and self.tokens[last].spelling == "}":
            dropped += [first + 2, last]
        for i in dropped:
            self.edits.replace[i] = ""
            self.explained.add(i)
        for child in c.get_children():
            self.top_level(child)

    def function(self, c: ci.Cursor) -> None:
        marks = {ch.spelling for ch in c.get_children() if ch.kind == K.ANNOTATE_ATTR}
        is_kernel = "veriscan_cuda_global" in marks
        if not c.is_definition():
            raise self.refuse(c, f"declaration of '{c.spelling}' without its body")
        if is_kernel and marks != {"veriscan_cuda_global"}:
            raise self.refuse(c, f"__global__ function '{c.spelling}' also marked "
                              "__device__ or __host__")
        if not is_kernel and "veriscan_cuda_device" not in marks:
            raise self.refuse(c, f"host function '{c.spelling}' (neither __global__ nor "
                              "__device__)")
        if c.storage_class not in (ci.StorageClass.NONE, ci.StorageClass.EXTERN) \
                or c.type.is_function_variadic():
            raise self.refuse(c, f"'{c.spelling}': static or variadic function")
        if not is_kernel:
            self.value_type(c, c.result_type, allow_void=True)
        self.declare(c)
        for ch in c.get_children():
            if ch.kind == K.ANNOTATE_ATTR:
                continue
            if ch.kind == K.PARM_DECL:
                self.parameter(ch, is_kernel)
            elif ch.kind == K.TYPE_REF:
                self.type_ref(ch)
            elif ch.kind == K.COMPOUND_STMT:
                self.scope = _Scope(is_kernel, ch)
                self.scopes.append(self.scope)
                self.statement(ch)
                self.scope = None
            else:
                raise self.refuse(ch, f"{ch.kind.name.lower()} in function '{c.spelling}'")

    def parameter(self, p: ci.Cursor, is_kernel: bool) -> None:
        t = p.type.get_canonical()
        if is_kernel and t.kind == ci.TypeKind.POINTER:
            self.value_type(p, t.get_pointee(), allow_void=False)
            self.edits.before.setdefault(self.span(p)[0], []).insert(0, "__global ")
        else:
            self.value_type(p, p.type, allow_void=False)
        for ch in p.get_children():
            if ch.kind != K.TYPE_REF:
                raise self.refuse(ch, f"parameter '{p.spelling}': a default argument or "
                                  "attribute")
            self.type_ref(ch)
        if p.spelling:
            self.declare(p)

    def value_type(self, where: ci.Cursor, t: ci.Type, allow_void: bool) -> str:
        """The OpenCL C name of an integer type CUDA and OpenCL C agree on."""
        canonical = t.get_canonical()
        if allow_void and canonical.kind == ci.TypeKind.VOID:
            return "void"
        if canonical.kind in _OPENCL_INT:
            return _OPENCL_INT[canonical.kind]
        what = "floating-point type" if canonical.kind in (
            ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE, ci.TypeKind.HALF) \
            else "type"
        raise self.refuse(where, f"{what} '{t.spelling}' (the translation keeps integer "
                          "types, whose arithmetic CUDA and OpenCL C define alike)")

    def type_ref(self, c: ci.Cursor) -> None:
        target = c.referenced
        if target is not None and target.spelling == _GENERIC:
            return  # the TYPE placeholder: its token is the macro, explained there
        if target is not None and target.kind == K.TYPEDEF_DECL and self.from_prelude(target):
            # size_t, uint...: the OpenCL C name of the integer type it stands for.
            i = self.token_at(c)
            self.edits.replace[i] = self.value_type(c, target.underlying_typedef_type,
                                                    allow_void=False)
            self.explained.add(i)
            return
        raise self.refuse(c, f"type '{c.spelling}'")

    def from_prelude(self, c: ci.Cursor) -> bool:
        file = c.location.file
        return file is not None and file.name.startswith(_PRELUDE)

    # -------------------------------------------------------------- statements
    def statement(self, c: ci.Cursor) -> None:
        if c.kind.is_expression():
            self.expression(c)
            return
        if c.kind == K.UNEXPOSED_STMT and self.pragma_loop(c):
            self.statement(next(c.get_children()))
            return
        if c.kind not in _STATEMENTS:
            raise self.refuse(c, f"{c.kind.name.lower().replace('_', ' ')}")
        for ch in c.get_children():
            if ch.kind == K.VAR_DECL and c.kind != K.DECL_STMT:
                raise self.refuse(ch, f"variable '{ch.spelling}' declared in a condition")
            if ch.kind == K.VAR_DECL:
                self.variable(ch, c)
            else:
                self.statement(ch)

    def pragma_loop(self, c: ci.Cursor) -> bool:
        """A loop under ``#pragma unroll`` (clang wraps it in an attributed statement)."""
        kids = list(c.get_children())
        return len(kids) == 1 and kids[0].kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT) \
            and self.span(c)[0] in self.pragma_tokens

    def variable(self, v: ci.Cursor, statement: ci.Cursor) -> None:
        shared = self.declaration(v)
        scope = self.scope
        if shared and not (scope is not None and scope.kernel
                           and statement in scope.outermost_declarations()):
            raise self.refuse(v, f"__shared__ '{v.spelling}' outside the kernel's outermost "
                              "block (OpenCL C allows __local variables only there)")

    def file_scope_shared(self, v: ci.Cursor) -> None:
        """A file-scope ``__shared__`` variable: one per block, as a ``__local`` variable
        at the outermost block of each kernel that names it (the only place OpenCL C
        allows it).  Its text moves there when the rest is done (:meth:`hoist`)."""
        if not self.declaration(v):
            raise self.refuse(v, f"file-scope variable '{v.spelling}' (only __shared__ ones "
                              "are translated)")
        first, last = self.span(v)
        if last + 1 == len(self.tokens) or self.tokens[last + 1].spelling != ";":
            raise self.refuse(v, f"'{v.spelling}' declared together with another variable")
        self.shared[_spelled_offset(v.location)] = (v.spelling, first, last + 1)

    def declaration(self, v: ci.Cursor) -> bool:
        """A variable's storage, type and initialiser; whether it is ``__shared__``."""
        if v.storage_class != ci.StorageClass.NONE:
            raise self.refuse(v, f"{v.storage_class.name.lower()} variable '{v.spelling}'")
        t = v.type.get_canonical()
        while t.kind == ci.TypeKind.CONSTANTARRAY:
            t = t.element_type
        self.value_type(v, t, allow_void=False)
        shared = False
        for ch in v.get_children():
            if ch.kind == K.ANNOTATE_ATTR and ch.spelling == "veriscan_cuda_shared":
                shared = True
            elif ch.kind == K.TYPE_REF:
                self.type_ref(ch)
            elif ch.kind.is_expression():
                self.expression(ch)
            else:
                raise self.refuse(ch, f"variable '{v.spelling}': {ch.kind.name.lower()}")
        self.declare(v)
        return shared

    # -------------------------------------------------------------- expressions
    def expression(self, c: ci.Cursor) -> None:
        canonical = c.type.get_canonical()
        if canonical.kind in (ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE,
                              ci.TypeKind.HALF):
            raise self.refuse(c, "floating-point arithmetic (OpenCL C may round division "
                              "and square root differently from CUDA)")
        kind = c.kind
        kids = list(c.get_children())
        if kind == K.CALL_EXPR:
            self.call(c, kids)
            return
        if kind == K.DECL_REF_EXPR:
            self.reference(c)
            return
        if kind == K.MEMBER_REF_EXPR:
            self.index_builtin(c, kids)
            return
        if kind == K.INTEGER_LITERAL:
            self.integer(c)
            return
        if kind == K.CHARACTER_LITERAL:
            self.character(c)
            return
        if kind == K.CXX_STATIC_CAST_EXPR:
            self.static_cast(c)
        elif kind == K.CSTYLE_CAST_EXPR:
            self.value_type(c, c.type, allow_void=False)
        elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            self.operator(c, binary_operator(c), "binary", kids)
        elif kind == K.UNARY_OPERATOR:
            self.operator(c, unary_operator(c), "unary", kids)
        elif kind == K.CXX_UNARY_EXPR:
            raise self.refuse(c, "sizeof or alignof (C++ and OpenCL C give some expressions "
                              "different types: a comparison is a bool in one, an int in "
                              "the other)")
        elif kind == K.UNEXPOSED_EXPR and not kids:
            raise self.refuse(c, "an implicit C++ expression (a default argument or "
                              "temporary)")
        elif kind not in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.ARRAY_SUBSCRIPT_EXPR,
                          K.CONDITIONAL_OPERATOR, K.CXX_BOOL_LITERAL_EXPR):
            raise self.refuse(c, f"{kind.name.lower().replace('_', ' ')}")
        for ch in kids:
            if ch.kind != K.TYPE_REF:
                self.expression(ch)
            elif kind != K.CXX_STATIC_CAST_EXPR:  # the cast's own type tokens are gone
                self.type_ref(ch)

    def operator(self, c: ci.Cursor, op: str, arity: str, kids: list[ci.Cursor]) -> None:
        if op in _REFUSED_OPERATORS[arity]:
            raise self.refuse(c, f"{arity} operator '{op}'")
        if op in ("<<", ">>", "<<=", ">>="):
            self.shift(c, kids)

    def shift(self, c: ci.Cursor, kids: list[ci.Cursor]) -> None:
        """Only a constant count below the width: OpenCL C takes the count modulo the
        width, where CUDA C++ leaves larger counts undefined (and GPUs saturate)."""
        count = kids[1]
        while count.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and \
                len(list(count.get_children())) == 1:
            count = next(count.get_children())
        width = max(32, 8 * kids[0].type.get_canonical().get_size())
        value = self.literal_value(count) if count.kind == K.INTEGER_LITERAL else None
        if value is None or value >= width:
            raise self.refuse(c, f"a shift by a count that is not a constant below {width} "
                              "(OpenCL C masks the count, CUDA leaves it undefined)")

    def literal_value(self, c: ci.Cursor) -> int | None:
        spelling = self.tokens[self.token_at(c)].spelling.rstrip("uUlL")
        return int(spelling, 16) if spelling[:2] in ("0x", "0X") else \
            int(spelling, 8) if spelling.startswith("0") else int(spelling)

    def integer(self, c: ci.Cursor) -> None:
        i = self.token_at(c)
        spelling = self.tokens[i].spelling
        match = _INTEGER.fullmatch(spelling)
        if match is None:
            raise self.refuse(c, f"integer literal '{spelling}'")
        suffix = match.group("suffix")
        if "ll" in suffix.lower():
            self.edits.replace[i] = spelling[:match.start("suffix")] + \
                suffix.replace("ll", "l").replace("LL", "L")
        self.explained.add(i)

    def character(self, c: ci.Cursor) -> None:
        i = self.token_at(c)
        spelling = self.tokens[i].spelling
        if _CHARACTER.fullmatch(spelling) is None:
            raise self.refuse(c, f"character literal {spelling}")
        self.edits.wrap(i, i, "((char)", ")")  # a char in C++, an int in C
        self.explained.add(i)

    def static_cast(self, c: ci.Cursor) -> None:
        """``static_cast<T>(e)`` of an integer to an integer type is ``((T)(e))``."""
        self.not_generic(c)
        target = self.value_type(c, c.type, allow_void=False)
        first, last = self.span(c)
        opening = next(i for i in range(first, last + 1) if self.tokens[i].spelling == "(")
        for i in range(first, opening):
            self.edits.replace[i] = ""
            self.explained.add(i)
        self.edits.wrap(opening, last, f"(({target})", ")")

    def not_generic(self, c: ci.Cursor) -> None:
        """Refuse a TYPE value (an int to the proof's parse) where the translation would
        spell its type: the device's TYPE is the monoid's, not int."""
        node = c
        while True:
            if _GENERIC in node.type.spelling:
                raise self.refuse(c, "a TYPE value converted to an integer type")
            kids = list(node.get_children())
            if node.kind not in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CXX_STATIC_CAST_EXPR) \
                    or not kids:
                return
            node = kids[-1]

    def reference(self, c: ci.Cursor) -> None:
        target = c.referenced
        if target is None or self.from_prelude(target):
            raise self.refuse(c, f"'{c.spelling}' (from the CUDA prelude; no exact OpenCL "
                              "C counterpart here)")
        if target.kind == K.FUNCTION_DECL:
            raise self.refuse(c, f"function '{c.spelling}' used as a value")
        shared = self.shared.get(_spelled_offset(target.location)) \
            if target.kind == K.VAR_DECL else None
        if shared is not None:
            if self.scope is None or not self.scope.kernel:
                raise self.refuse(c, f"file-scope __shared__ '{c.spelling}' used outside a "
                                  "__global__ function (it becomes a kernel's __local)")
            if shared not in self.scope.uses:
                self.scope.uses.append(shared)
        self.explain_name(c)

    def index_builtin(self, c: ci.Cursor, kids: list[ci.Cursor]) -> None:
        base = kids[0] if len(kids) == 1 else None
        target = base.referenced if base is not None else None
        if target is None or not self.from_prelude(target) or \
                target.spelling not in _INDEX_FUNCTIONS or c.spelling not in ("x", "y", "z"):
            raise self.refuse(c, f"member access '.{c.spelling}' (structs are not translated)")
        first, last = self.span(c)
        self.edits.replace[first] = \
            f"((uint){_INDEX_FUNCTIONS[target.spelling]}({'xyz'.index(c.spelling)}))"
        for i in range(first, last + 1):
            self.edits.replace.setdefault(i, "")
            self.explained.add(i)

    def call(self, c: ci.Cursor, kids: list[ci.Cursor]) -> None:
        target = c.referenced
        arguments = list(c.get_arguments())
        if target is None or target.kind != K.FUNCTION_DECL:
            raise self.refuse(c, "a call through a pointer")
        name = target.spelling
        if self.from_prelude(target):
            if name == "__syncthreads":
                first, last = self.span(c)
                self.edits.replace[first] = BARRIER
                for i in range(first, last + 1):
                    self.edits.replace.setdefault(i, "")
                    self.explained.add(i)
                return
            if name in ("min", "max"):
                self.min_max(c, target, arguments)
            elif name not in ("__veriscan_operator", "__veriscan_identity"):
                raise self.refuse(c, f"'{name}' (a CUDA built-in without an exact OpenCL C "
                                  "counterpart here)")
        else:
            marks = {ch.spelling for ch in target.get_children() if ch.kind == K.ANNOTATE_ATTR}
            if "veriscan_cuda_global" in marks:
                raise self.refuse(c, f"a call of the __global__ function '{name}'")
            callee = self.callee(kids)
            if callee is None:
                raise self.refuse(c, f"'{name}' called indirectly")
            self.explain_name(callee)
        for argument in arguments:
            self.expression(argument)

    def callee(self, kids: list[ci.Cursor]) -> ci.Cursor | None:
        """The DECL_REF_EXPR naming the called function, under its implicit conversion."""
        node = kids[0] if kids else None
        while node is not None and node.kind == K.UNEXPOSED_EXPR:
            node = next(iter(node.get_children()), None)
        return node if node is not None and node.kind == K.DECL_REF_EXPR else None

    def min_max(self, c: ci.Cursor, target: ci.Cursor, arguments: list[ci.Cursor]) -> None:
        """The overload clang picked, spelled so OpenCL C picks the same one."""
        types = [self.value_type(c, t, allow_void=False) for t in target.type.argument_types()]
        callee = self.callee(list(c.get_children()))
        if callee is None:
            raise self.refuse(c, f"'{target.spelling}' called indirectly")
        self.explained.add(self.token_at(callee))
        for argument, name in zip(arguments, types, strict=True):
            self.not_generic(argument)
            first, last = self.span(argument)
            self.edits.wrap(first, last, f"(({name})(", "))")


def _fuse(left: str, right: str) -> bool:
    """Whether two texts written side by side could lex as other tokens."""
    a, b = left[-1], right[0]
    word = a.isalnum() or a == "_", b.isalnum() or b == "_"
    return word[0] == word[1]


@dataclass
class _Scope:
    """The function a statement is in: a kernel or not, and its body."""

    kernel: bool
    body: ci.Cursor
    # The file-scope __shared__ variables it names (name, first token, last token).
    uses: list[tuple[str, int, int]] = field(default_factory=list)

    def outermost_declarations(self) -> list[ci.Cursor]:
        return [ch for ch in self.body.get_children() if ch.kind == K.DECL_STMT]
