"""Find every change of pointee type and every type query on ``TYPE``, in one walk.

A kernel can look inside ``TYPE`` values, or access memory in units the
verifier does not model, without writing a single explicit cast: an implicit
conversion in an initialiser, an assignment, a call argument, a return value
or a ``?:`` arm, an array decaying to a pointer of another type, laundering
through ``void *``, binding a reference of another type, a union.  And
``sizeof``/``_Alignof``/``vec_step`` of ``TYPE`` (or of anything built from
it), ``_Generic`` and the built-in type traits tell monoids apart without
touching a value.

Rather than a check per construct, this module looks at every edge of the
syntax tree along which a value moves into a slot of a declared type: an
expression node and its operand (implicit conversions are unexposed
expressions, explicit ones are casts), a declaration and its initialiser, an
assignment, a call argument and its parameter, a ``return`` and its
function's result type, a ``?:`` and its arms, an initialiser list and its
elements.  Wherever the pointee (or referenced) type differs, *as written*,
so that ``TYPE *`` and its stand-in ``int *`` count as different, the
conversion is reported: involving ``TYPE`` it breaks genericity, otherwise
it makes the verdict unknown (the IR models accesses only in the declared
element type).  Clang omits the conversion node exactly when the canonical
types agree, which is why the declaration/argument/return edges are checked
as well as the nodes.

The walk covers the kernel body and, once each, the bodies of the functions
it calls and the file-scope declarations it refers to (an enumerator defined
as ``sizeof(TYPE)``), dead branches included, so what it reports does not
depend on what the lowering later manages to resolve.  It is iterative and
also measures the nesting depth, which the recursive lowering needs to stay
within.

Code the compiler works out by itself never reaches the IR, so the IR's
genericity check cannot see it: ``enum { U = ((TYPE)-1) > 0 }``, an array
bound, a ``case`` label, a static assertion, a template argument, an
attribute's arguments, ``__typeof__``, the initialiser of a program-lifetime
variable, and whatever the lowering folds through
:func:`~veriscan.frontend.consteval.evaluate_constant`.  One rule covers it
all: a generic kernel's ``TYPE`` values come from its arrays, ``IDENTITY`` and
``OPERATOR``, none of which the compiler can know, so a ``TYPE`` value (or
anything typed by ``TYPE``) in code the compiler works out for each monoid
apart is a leak.  The walk tells such code by where it stands (the
compile-time parts of declarations, casts, references and ``case`` labels,
:func:`_compile_time_children`) and, wherever it stands, by asking clang
whether it folds a ``TYPE`` value to a number (what the lowering can fold,
clang can).  So that nothing folded escapes, the walk also reads the whole of
each function it reaches (attributes, parameters), every enumerator of an
enumeration it uses, the parameter lists of the templates it uses, the
declarations named in attribute arguments (attributes have no children) and
the file's static assertions.

Overload resolution is compile-time code too: where the kernel's file
declares several functions of one name (OpenCL ``overloadable``, C++
overloads, templates and their specialisations) or guards one with
``enable_if``/``diagnose_if``, which body runs could change with the monoid
while the proof reads only the one chosen for ``TYPE``'s stand-in, so a call
of such a name that passes or returns ``TYPE`` values is a leak.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache

import clang.cindex as ci

from veriscan.budget import charge
from veriscan.errors import KernelSourceError, SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.clang_parse import binary_operator
from veriscan.frontend.consteval import (
    evaluate_constant,
    folded_value,
    is_null_pointer_constant,
)
from veriscan.frontend.cursors import (
    children,
    is_expression,
    is_value_wrapper,
    kind_of,
    var_initializer,
)
from veriscan.frontend.preprocess import GENERIC_NAMES
from veriscan.ir import nodes as ir

K = ci.CursorKind
# Deeper syntax trees are refused as bad input: the lowering recurses once per level.
MAX_NESTING = 10000
_CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR,
          K.CXX_CONST_CAST_EXPR, K.CXX_DYNAMIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR,
          K.COMPOUND_LITERAL_EXPR}
_TYPE_QUERIES = {K.CXX_UNARY_EXPR, K.GENERIC_SELECTION_EXPR}
_REFERENCES = (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE)
_REFERRING = {K.DECL_REF_EXPR, K.TYPE_REF, K.MEMBER_REF_EXPR, K.TEMPLATE_REF}
_FUNCTION_LIKE = {K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR,
                  K.DESTRUCTOR, K.CONVERSION_FUNCTION, K.LAMBDA_EXPR}
_TEMPLATES = {K.FUNCTION_TEMPLATE, K.CLASS_TEMPLATE,
              K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION, K.TYPE_ALIAS_TEMPLATE_DECL}
_TEMPLATE_PARAMETERS = {K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER,
                        K.TEMPLATE_TEMPLATE_PARAMETER}
# Declarations whose members are declarations of the file too.
_SCOPES = {K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.STRUCT_DECL, K.CLASS_DECL,
           K.UNION_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
# Attributes that make a function's use hang on a condition the compiler works out.
_GUARDS = frozenset({"enable_if", "diagnose_if"})
_GENERIC_SPELLINGS = GENERIC_NAMES | {ty.GENERIC_TYPEDEF}
# Functions are walked through their calls, their parameters and locals where they stand.
_NOT_WALKED = {K.FUNCTION_DECL, K.PARM_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE,
               K.CONSTRUCTOR, K.DESTRUCTOR, K.LAMBDA_EXPR}


@dataclass(frozen=True)
class TypeLeak:
    """One conversion or type query; ``breaks_genericity`` when it involves TYPE."""

    cursor: ci.Cursor
    construct: str
    breaks_genericity: bool


@dataclass(frozen=True)
class TypeFlow:
    """What one walk found: the leaks, and the deepest nesting (inlining included)."""

    leaks: list[TypeLeak]
    depth: int


class _Code(Enum):
    """Who works out the code a cursor stands in."""

    RUN = "run"            # the kernel, when it runs: the lowering turns it into IR
    FOLDED = "folded"      # the compiler, for each monoid apart: it never reaches the IR
    REPORTED = "reported"  # folded, and inside an expression already reported


def type_leaks(body: ci.Cursor, result: ci.Type | None, file: str) -> TypeFlow:
    """All leaks in ``body`` (a function body whose result type is ``result``),
    in the rest of its function (attributes, parameters), in the functions it
    calls, in the declarations it uses and in the file's static assertions."""
    leaks: list[TypeLeak] = []
    deepest = 0
    called: set[ci.Cursor] = set()
    index = _FileIndex(body.translation_unit.cursor, file, body)
    stack: list[tuple[ci.Cursor, ci.Type | None, int, _Code]] = [
        (part, None, 1, _Code.RUN) for part in _around(body, index)]
    stack.append((body, result, 0, _Code.RUN))
    while stack:
        c, fn_result, depth, code = stack.pop()
        charge("in the front end, during its type-flow audit")
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            loc = c.location
            raise KernelSourceError(
                f"the kernel nests expressions or statements more than {MAX_NESTING} levels "
                "deep, beyond what the front end lowers",
                SourcePos(loc.file.name if loc.file else file, loc.line, loc.column))
        kind = kind_of(c)
        kids = children(c)
        for target, source, how in _flows(c, kind, kids, fn_result):
            leak = _conversion(c, target, source, how)
            if leak is not None:
                leaks.append(leak)
        folded = _folded(c, kind, kids, code)
        if folded is not None:
            code = _Code.REPORTED  # one report per expression, not one per operand
        found = [_type_query(c, kind, kids), folded, _declared_leak(c, kind, kids),
                 _overload_leak(c, kind, index)]
        leaks += [leak for leak in found if leak is not None]
        uses: list[ci.Cursor | None] = []
        for attribute in (k for k in kids if _is_attribute(k)):
            leaks += _attribute_leaks(attribute, c, index)
            uses += [d for name in _attribute_names(attribute, c) for d in index.named(name)]
        if kind == K.CALL_EXPR:
            callee = c.referenced
            definition = callee.get_definition() if callee is not None else None
            if definition is not None and definition not in called:
                called.add(definition)
                # The whole function: its attributes and parameters are compile-time code.
                stack.extend((ch, definition.result_type, depth + 1, _Code.RUN)
                             for ch in children(definition))
            uses.append(_specialized_template(callee) if callee is not None else None)
        elif kind in _REFERRING:
            # An enumerator, typedef, struct, template or program-scope variable
            # of the file: its definition (``enum { W = sizeof(TYPE) }``) counts too.
            uses.append(c.referenced)
        for decl in (d for use in uses for d in _definitions(use, file)):
            if decl not in called:
                called.add(decl)
                stack.append((decl, None, 0, _Code.RUN))  # a tree of its own, never inlined
        folds = _compile_time_children(c, kind, kids)
        stack.extend((ch, fn_result, depth + 1, _code_of(ch, kind, code, folds)) for ch in kids)
    unique = {(leak.cursor.location.line, leak.cursor.location.column, leak.construct): leak
              for leak in leaks}
    return TypeFlow([unique[key] for key in sorted(unique)], deepest)


def _file_scope(decl: ci.Cursor | None, file: str) -> bool:
    """Whether ``decl`` is a declaration of the kernel's file outside any function."""
    if decl is None or kind_of(decl) in _NOT_WALKED or decl.location.file is None:
        return False
    parent = decl.semantic_parent
    return (decl.location.file.name == file
            and (parent is None or kind_of(parent) not in _NOT_WALKED))


def _flows(c: ci.Cursor, kind: ci.CursorKind | None, kids: list[ci.Cursor],
           fn_result: ci.Type | None) -> Iterator[tuple[ci.Type, ci.Cursor, str]]:
    """(slot type, value cursor, how) for every edge along which a value moves into a slot."""
    exprs = [k for k in kids if is_expression(k)]
    if kind in _CASTS and exprs:
        yield c.type, exprs[-1], "an explicit cast"
    elif kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and is_value_wrapper(c, kids):
        yield c.type, kids[0], "an implicit conversion"
    elif kind == K.VAR_DECL and exprs:
        yield c.type, exprs[-1], "the initialisation of '" + c.spelling + "'"
    elif kind == K.BINARY_OPERATOR and len(exprs) == 2 and binary_operator(c) == "=":
        yield exprs[0].type, exprs[1], "an assignment"
    elif kind == K.CALL_EXPR:
        callee = c.referenced
        if callee is not None and callee.kind == K.FUNCTION_DECL:
            params = list(callee.get_arguments())
            for param, arg in zip(params, c.get_arguments(), strict=False):
                if arg is not None:
                    yield param.type, arg, f"passing an argument to '{callee.spelling}'"
    elif kind == K.RETURN_STMT and exprs and fn_result is not None:
        yield fn_result, exprs[0], "a return value"
    elif kind == K.CONDITIONAL_OPERATOR and len(exprs) == 3:
        yield c.type, exprs[1], "an arm of '?:'"
        yield c.type, exprs[2], "an arm of '?:'"
    elif kind == K.INIT_LIST_EXPR:
        element = ty.unit_type(c.type)
        for e in exprs if element is not None else ():
            yield element, e, "an initialiser list"


def _conversion(at: ci.Cursor, target: ci.Type, source: ci.Cursor,
                how: str) -> TypeLeak | None:
    """The leak when a value of ``source``'s type moves into a slot of type ``target``."""
    if ty.is_pointer(target) and is_null_pointer_constant(source):
        return None  # the null pointer points at nothing: no unit to reinterpret
    src_t = source.type
    if ty.type_kind(target.get_canonical()) in _REFERENCES:
        # A reference binds to an lvalue of the referenced type.
        dst_unit, src_unit = target.get_pointee(), src_t
    else:
        if not ty.is_pointer(target) and not ty.is_pointer(src_t):
            return None
        dst_unit, src_unit = ty.unit_type(target), ty.unit_type(src_t)
        if dst_unit is None and src_unit is None:
            return None
        if dst_unit is None or src_unit is None:
            return _address_leak(at, target, source, src_unit, how)
    if ty.type_key(dst_unit) == ty.type_key(src_unit) or (
            (ty.sugar_lost(dst_unit) or ty.sugar_lost(src_unit))
            and ty.type_key(dst_unit.get_canonical()) == ty.type_key(src_unit.get_canonical())):
        return None  # ``auto`` keeps only the canonical type: compare what is left
    generic = ty.mentions_generic(dst_unit) or ty.mentions_generic(src_unit)
    if ty.type_kind(target.get_canonical()) in _REFERENCES:
        what = f"{how} binds a reference to {_name(dst_unit)} to a {_name(src_unit)} object"
    else:
        what = f"{how} turns a pointer to {_name(src_unit)} into a pointer to {_name(dst_unit)}"
    why = ("it reads or writes TYPE values as another type" if generic else
           "accesses in another unit than the declared element type are not modelled")
    return TypeLeak(at, f"{what}: {why}", generic)


def _address_leak(at: ci.Cursor, target: ci.Type, source: ci.Cursor,
                  src_unit: ci.Type | None, how: str) -> TypeLeak | None:
    """A pointer turned into a number or a number into a pointer (not a null test)."""
    if src_unit is not None:
        if ty.type_kind(target.get_canonical()) == ci.TypeKind.BOOL:
            return None  # testing a pointer for null reveals nothing
        generic = ty.mentions_generic(src_unit)
        return TypeLeak(at, f"{how} turns a pointer to {_name(src_unit)} into the number "
                        f"{ty.scalar_type(target)}" + (
                            ": address arithmetic measures the size of TYPE" if generic
                            else ""), generic)
    if ty.scalar_type(source.type).kind is not ir.TypeKind.INT:
        return None  # a function decaying to a function pointer, not a number
    if evaluate_constant(source) == 0:
        return None  # the null pointer constant
    dst_unit = ty.unit_type(target)
    generic = dst_unit is not None and ty.mentions_generic(dst_unit)
    return TypeLeak(at, f"{how} turns a number into a pointer to {_name(dst_unit)}", generic)


def _type_query(c: ci.Cursor, kind: ci.CursorKind | None,
                kids: list[ci.Cursor]) -> TypeLeak | None:
    """``sizeof``/``_Alignof``/``vec_step``/``_Generic``/type traits that see TYPE,
    and unions that hold it."""
    if kind in _TYPE_QUERIES and any(_sees_generic(d) for d in _descendants(kids)):
        return TypeLeak(c, f"'{_snippet(c)}' asks about a type built from TYPE, which tells "
                        "monoids apart", True)
    if kind is not None and kind.is_expression() and kind not in _CASTS | _TYPE_QUERIES:
        for k in kids:
            if kind_of(k) == K.TYPE_REF and ty.mentions_generic(k.type):
                return TypeLeak(c, "a type query on TYPE tells monoids apart", True)
    if kind in (K.VAR_DECL, K.MEMBER_REF_EXPR) and _generic_union(c.type):
        return TypeLeak(c, "a union holding TYPE reinterprets its bytes", True)
    return None


def _descendants(roots: list[ci.Cursor]) -> Iterator[ci.Cursor]:
    stack = list(roots)
    while stack:
        c = stack.pop()
        yield c
        stack.extend(children(c))


def _sees_generic(c: ci.Cursor) -> bool:
    return (kind_of(c) == K.TYPE_REF or is_expression(c)) and ty.mentions_generic(c.type)


def _generic_union(t: ci.Type) -> bool:
    decl = t.get_canonical().get_declaration()
    return decl.kind == K.UNION_DECL and ty.mentions_generic(t)


def _name(t: ci.Type | None) -> str:
    if t is None:
        return "nothing"
    return "TYPE" if ty.is_generic(t) else ty.scalar_type(t).name or t.spelling


def _snippet(c: ci.Cursor) -> str:
    """The source text of ``c``, short, with TYPE spelled as the user wrote it."""
    text = " ".join(t.spelling for t in c.get_tokens()).replace(ty.GENERIC_TYPEDEF, "TYPE")
    return text if len(text) <= 40 else text[:37] + "..."


def _in_file(c: ci.Cursor, file: str) -> bool:
    return c.location.file is not None and c.location.file.name == file


def _from_main_file(c: ci.Cursor) -> bool:
    """Whether ``c`` is in the parsed file itself, asked without naming files
    (ten times cheaper, which matters over the preludes' thousands of cursors)."""
    lib = ci.conf.lib
    return bool(lib.clang_Location_isFromMainFile(lib.clang_getCursorLocation(c)))


class _FileIndex:
    """The kernel file's own declarations, read once per walk.

    Overloads and ``enable_if`` matter even where the walk never goes (the
    overload the compiler did *not* pick for TYPE's stand-in), and static
    assertions are used by nothing, so these come from the whole file.  The
    declarations by name are read only when an attribute names something.
    """

    def __init__(self, unit: ci.Cursor, file: str, body: ci.Cursor) -> None:
        self.file = file
        mine = _from_main_file if _from_main_file(body) else lambda c: _in_file(c, file)
        self.top = [c for c in children(unit) if mine(c)]
        self.functions: dict[str, set[ci.Cursor]] = {}
        self.guarded: set[str] = set()
        self.asserts: list[ci.Cursor] = []
        self._names: dict[str, list[ci.Cursor]] | None = None
        stack = list(self.top)
        while stack:
            c = stack.pop()
            kind = kind_of(c)
            if kind in _FUNCTION_LIKE:
                self.functions.setdefault(c.spelling, set()).add(c.canonical)
                if any(_attribute_parts(a, c)[0] in _GUARDS
                       for a in children(c) if _is_attribute(a)):
                    self.guarded.add(c.spelling)
            elif kind == K.STATIC_ASSERT:
                self.asserts.append(c)
            elif kind in _SCOPES:
                stack.extend(children(c))

    def overloaded(self, name: str) -> bool:
        """Whether the file declares several functions (or templates) called ``name``."""
        return len(self.functions.get(name, ())) > 1

    def named(self, name: str) -> list[ci.Cursor]:
        """Every declaration of the file, at any depth, called ``name``."""
        if self._names is None:
            self._names = {}
            stack = list(self.top)
            while stack:
                c = stack.pop()
                kind = kind_of(c)
                if kind is not None and kind.is_declaration() and c.spelling:
                    self._names.setdefault(c.spelling, []).append(c)
                stack.extend(children(c))
        return self._names.get(name, [])


def _around(body: ci.Cursor, index: _FileIndex) -> list[ci.Cursor]:
    """What the compiler works out for a kernel outside its body: the
    function's attributes and parameters (``uint (*p)[((TYPE)-1 > 0) + 1]``),
    a template kernel's parameter list, and the file's static assertions."""
    parts = list(index.asserts)
    fn = body.semantic_parent
    if fn is not None and kind_of(fn) in _FUNCTION_LIKE:
        parts += [ch for ch in children(fn) if ch != body]
        parts += _definitions(_specialized_template(fn), index.file)
    return parts


def _definitions(decl: ci.Cursor | None, file: str) -> list[ci.Cursor]:
    """What a use of ``decl`` makes the walk read.

    A file-scope declaration itself; for an enumerator, its whole enumeration
    (``B`` in ``enum { A = ((TYPE)-1) > 0, B }`` is worked out from ``A``);
    for a template, its parameter list, whose default arguments are worked out
    where it is used (its body is read as the instances the kernel calls).
    """
    if decl is None or not _in_file(decl, file):
        return []
    kind = kind_of(decl)
    if kind in _TEMPLATES:
        return [p for p in children(decl) if kind_of(p) in _TEMPLATE_PARAMETERS]
    if kind == K.ENUM_CONSTANT_DECL:
        decl = decl.semantic_parent
    return [decl] if _file_scope(decl, file) else []


def _specialized_template(c: ci.Cursor) -> ci.Cursor | None:
    """The template ``c`` is an instance of, or None."""
    found: ci.Cursor | None = ci.conf.lib.clang_getSpecializedCursorTemplate(c)
    return found


@cache
def _global_storage_function() -> object:
    fn = ci.conf.lib.clang_Cursor_hasVarDeclGlobalStorage
    fn.argtypes = [ci.Cursor]
    fn.restype = ctypes.c_int
    return fn


def _static_storage(var: ci.Cursor) -> bool:
    """Whether a variable lives as long as the program (file scope, ``static``,
    ``__constant``): its initialiser is a constant the compiler works out."""
    return bool(_global_storage_function()(var) == 1)  # type: ignore[operator]


def _compile_time_children(c: ci.Cursor, kind: ci.CursorKind | None,
                           kids: list[ci.Cursor]) -> set[ci.Cursor]:
    """The children of ``c`` that the compiler works out instead of running.

    A declaration's expressions other than an automatic variable's
    initialiser (enumerator values, array bounds, bit-field widths,
    ``__typeof__`` operands, static assertions, template defaults, the
    initialiser of a program-lifetime variable); a function's expressions
    outside its body; a reference's (template arguments); a cast's other than
    its operand (``__typeof__`` in the type); a ``case`` label.
    """
    if kind is None:
        return set()
    exprs = [k for k in kids if is_expression(k)]
    if (kind in _FUNCTION_LIKE and kind.is_declaration()) or kind == K.DECL_REF_EXPR:
        return set(exprs)  # not a lambda's: its captures' initialisers run
    if kind == K.CASE_STMT:
        return set(kids[:-1])
    if kind in _CASTS:
        return set(exprs[:-1])
    if kind.is_declaration():
        runtime = (var_initializer(c, kids)
                   if kind == K.VAR_DECL and not _static_storage(c) else None)
        return {e for e in exprs if runtime is None or e != runtime}
    return set()


def _code_of(child: ci.Cursor, parent: ci.CursorKind | None, code: _Code,
             folds: set[ci.Cursor]) -> _Code:
    """Who works out ``child``: folded code stays folded, except a function body."""
    if child in folds:
        return _Code.FOLDED if code is _Code.RUN else code
    return _Code.RUN if parent in _FUNCTION_LIKE else code


def _folded(c: ci.Cursor, kind: ci.CursorKind | None, kids: list[ci.Cursor],
            code: _Code) -> TypeLeak | None:
    """A TYPE value in code the compiler works out: anything typed by TYPE in
    folded code, and in running code a TYPE value clang folds to a number
    (such as ``(TYPE)-1`` in a barrier's flags, which the lowering folds)."""
    if code is _Code.REPORTED or not is_expression(c):
        return None
    if code is _Code.FOLDED:
        if not ty.mentions_generic(c.type):
            return None
    elif (not ty.is_generic(c.type) or kind == K.PAREN_EXPR
          or (kind == K.UNEXPOSED_EXPR and is_value_wrapper(c, kids))
          or folded_value(c) is None):
        return None  # a wrapper's operand is asked instead
    return TypeLeak(c, f"'{_snippet(c)}' uses TYPE in code the compiler works out by itself "
                    "(a constant, a type, a declaration): it tells monoids apart where no "
                    "check of the lowered kernel looks", True)


def _declared_leak(c: ci.Cursor, kind: ci.CursorKind | None,
                   kids: list[ci.Cursor]) -> TypeLeak | None:
    """TYPE in what a declaration makes the compiler work out: an enumeration's
    underlying type, a variable of the program's lifetime initialised as a
    constant, TYPE as a template argument (the template's code sees only
    TYPE's stand-in, as an ``int``, so no check tells what it does with it)."""
    if kind == K.ENUM_DECL and ty.mentions_generic(c.enum_type):
        return TypeLeak(c, "an enumeration based on TYPE tells monoids apart", True)
    if (kind == K.VAR_DECL and ty.mentions_generic(c.type) and _static_storage(c)
            and var_initializer(c, kids) is not None):
        return TypeLeak(c, f"'{c.spelling}' holds TYPE values the compiler works out "
                        "(neither IDENTITY nor OPERATOR makes them)", True)
    if kind is None or (kind.is_expression() and kind not in _CASTS):
        return None  # an expression's TYPE arguments are type queries (_type_query)
    in_arguments = kind == K.TEMPLATE_TYPE_PARAMETER
    for k in kids:
        in_arguments = in_arguments or kind_of(k) == K.TEMPLATE_REF
        if in_arguments and kind_of(k) == K.TYPE_REF and ty.mentions_generic(k.type):
            return TypeLeak(c, "TYPE as a template argument: the template's code sees only "
                            "TYPE's stand-in, so what it works out from TYPE is never "
                            "checked", True)
    return None


def _overload_leak(c: ci.Cursor, kind: ci.CursorKind | None,
                   index: _FileIndex) -> TypeLeak | None:
    """A call whose callee could be another function for another monoid."""
    callee = c.referenced if kind == K.CALL_EXPR else None
    if callee is None:
        return None
    name = callee.spelling
    guarded = name in index.guarded
    if not (guarded or index.overloaded(name)) or not _passes_generic(c, callee):
        return None
    why = ("a function of that name has an enable_if or diagnose_if condition" if guarded
           else "the file declares several functions of that name")
    return TypeLeak(c, f"the call of '{name}' passes or returns values typed by TYPE and "
                    f"{why}: which one runs could change with the monoid, and the proof "
                    "reads only the one chosen for TYPE's stand-in", True)


def _passes_generic(call: ci.Cursor, callee: ci.Cursor) -> bool:
    types = [call.type, callee.result_type,
             *(a.type for a in call.get_arguments() if a is not None)]
    if kind_of(callee) in _FUNCTION_LIKE:
        types += [p.type for p in callee.get_arguments() or ()]
    owner = callee.semantic_parent
    if owner is not None and kind_of(owner) in _SCOPES:
        types.append(owner.type)  # the object a method is called on
    return any(ty.mentions_generic(t) for t in types)


def _is_attribute(c: ci.Cursor) -> bool:
    kind = kind_of(c)
    return kind is not None and kind.is_attribute()


def _attribute_parts(c: ci.Cursor, owner: ci.Cursor) -> tuple[str, list[ci.Token]]:
    """An attribute's name (``__aligned__`` read as ``aligned``) and argument tokens.

    libclang shows no attribute's arguments as children, so they are read from
    the preprocessed text, where TYPE, OPERATOR and IDENTITY are still names;
    a keyword's extent (``_Alignas``, ``alignas``) ends before its arguments,
    so those are read on, within the declaration ``owner`` that holds it.
    """
    own = list(c.get_tokens())
    if not own:
        return "", []
    tokens: Iterator[ci.Token] = iter(own)
    if len(own) == 1:  # read on lazily: the owner may be a whole function
        span = ci.SourceRange.from_locations(c.extent.start, owner.extent.end)
        tokens = c.translation_unit.get_tokens(extent=span)
    name = next(tokens, own[0]).spelling.strip("_")
    args: list[ci.Token] = []
    depth = 0
    for t in tokens:
        depth += {"(": 1, ")": -1}.get(t.spelling, 0)
        if depth <= 0:
            break  # the closing parenthesis, or no argument list at all
        args.append(t)
    return name, args[1:]


def _attribute_names(c: ci.Cursor, owner: ci.Cursor) -> list[str]:
    return [t.spelling for t in _attribute_parts(c, owner)[1]
            if t.kind == ci.TokenKind.IDENTIFIER]


def _attribute_leaks(c: ci.Cursor, owner: ci.Cursor, index: _FileIndex) -> list[TypeLeak]:
    """An ``enable_if``/``diagnose_if`` condition, and attribute arguments that
    name TYPE or anything typed by it (``aligned(sizeof(TYPE))``)."""
    name = _attribute_parts(c, owner)[0]
    leaks = []
    if name in _GUARDS:
        leaks.append(TypeLeak(c, f"'{name}' makes using the function hang on a condition "
                              "the compiler works out, which may ask about TYPE", True))
    typed = sorted({n for n in _attribute_names(c, owner) if n in _GENERIC_SPELLINGS or any(
        ty.mentions_generic(d.result_type if kind_of(d) in _FUNCTION_LIKE else d.type)
        for d in index.named(n))})
    if typed:
        what = ", ".join("TYPE" if n == ty.GENERIC_TYPEDEF else n if n in _GENERIC_SPELLINGS
                         else f"'{n}' (built from TYPE)" for n in typed)
        leaks.append(TypeLeak(c, f"the arguments of attribute '{name}' use {what}: the "
                              "compiler works them out for each monoid apart", True))
    return leaks
