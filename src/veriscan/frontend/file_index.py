"""The kernel file's declarations, read once for the type-flow walk.

The walk (:mod:`.typeflow`) follows the kernel from its body outwards, but
some of what the compiler works out stands where the walk never goes: the
overload the compiler did *not* pick for TYPE's stand-in, an ``enable_if``
guard on it, a static assertion nothing uses, the declaration an attribute's
argument names (attributes have no children).  So the file's own functions,
guards and assertions are indexed here, once per walk, together with the
answers about declarations the walk asks as it goes: what a use of a
declaration makes it read, whether a variable lives as long as the program,
what an attribute is called and which names its arguments mention.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from functools import cache

import clang.cindex as ci

from veriscan.frontend.cursors import children, kind_of

K = ci.CursorKind
FUNCTION_LIKE = {K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE, K.CONSTRUCTOR,
                 K.DESTRUCTOR, K.CONVERSION_FUNCTION, K.LAMBDA_EXPR}
TEMPLATES = {K.FUNCTION_TEMPLATE, K.CLASS_TEMPLATE,
             K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION, K.TYPE_ALIAS_TEMPLATE_DECL}
TEMPLATE_PARAMETERS = {K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER,
                       K.TEMPLATE_TEMPLATE_PARAMETER}
# Declarations whose members are declarations of the file too.
SCOPES = {K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.STRUCT_DECL, K.CLASS_DECL,
          K.UNION_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
# Attributes that make a function's use hang on a condition the compiler works out.
GUARDS = frozenset({"enable_if", "diagnose_if"})
# Functions are walked through their calls, their parameters and locals where they stand.
NOT_WALKED = {K.FUNCTION_DECL, K.PARM_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE,
              K.CONSTRUCTOR, K.DESTRUCTOR, K.LAMBDA_EXPR}


class FileIndex:
    """The kernel file's own declarations, read once per walk.

    Overloads and ``enable_if`` matter even where the walk never goes (the
    overload the compiler did *not* pick for TYPE's stand-in), and static
    assertions are used by nothing, so these come from the whole file.  The
    declarations by name are read only when an attribute names something.
    """

    def __init__(self, unit: ci.Cursor, file: str, body: ci.Cursor) -> None:
        self.file = file
        mine = _from_main_file if _from_main_file(body) else lambda c: in_file(c, file)
        self.top = [c for c in children(unit) if mine(c)]
        self.functions: dict[str, set[ci.Cursor]] = {}
        self.guarded: set[str] = set()
        self.asserts: list[ci.Cursor] = []
        self._names: dict[str, list[ci.Cursor]] | None = None
        stack = list(self.top)
        while stack:
            c = stack.pop()
            kind = kind_of(c)
            if kind in FUNCTION_LIKE:
                self.functions.setdefault(c.spelling, set()).add(c.canonical)
                if any(attribute_parts(a, c)[0] in GUARDS
                       for a in children(c) if is_attribute(a)):
                    self.guarded.add(c.spelling)
            elif kind == K.STATIC_ASSERT:
                self.asserts.append(c)
            elif kind in SCOPES:
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


def around(body: ci.Cursor, index: FileIndex) -> list[ci.Cursor]:
    """What the compiler works out for a kernel outside its body: the
    function's attributes and parameters (``uint (*p)[((TYPE)-1 > 0) + 1]``),
    a template kernel's parameter list, and the file's static assertions."""
    parts = list(index.asserts)
    fn = body.semantic_parent
    if fn is not None and kind_of(fn) in FUNCTION_LIKE:
        parts += [ch for ch in children(fn) if ch != body]
        parts += definitions(specialized_template(fn), index.file)
    return parts


def definitions(decl: ci.Cursor | None, file: str) -> list[ci.Cursor]:
    """What a use of ``decl`` makes the walk read.

    A file-scope declaration itself; for an enumerator, its whole enumeration
    (``B`` in ``enum { A = ((TYPE)-1) > 0, B }`` is worked out from ``A``);
    for a template, its parameter list, whose default arguments are worked out
    where it is used (its body is read as the instances the kernel calls).
    """
    if decl is None or not in_file(decl, file):
        return []
    kind = kind_of(decl)
    if kind in TEMPLATES:
        return [p for p in children(decl) if kind_of(p) in TEMPLATE_PARAMETERS]
    if kind == K.ENUM_CONSTANT_DECL:
        decl = decl.semantic_parent
    return [decl] if _file_scope(decl, file) else []


def _file_scope(decl: ci.Cursor | None, file: str) -> bool:
    """Whether ``decl`` is a declaration of the kernel's file outside any function."""
    if decl is None or kind_of(decl) in NOT_WALKED or decl.location.file is None:
        return False
    parent = decl.semantic_parent
    return (decl.location.file.name == file
            and (parent is None or kind_of(parent) not in NOT_WALKED))


def specialized_template(c: ci.Cursor) -> ci.Cursor | None:
    """The template ``c`` is an instance of, or None."""
    found: ci.Cursor | None = ci.conf.lib.clang_getSpecializedCursorTemplate(c)
    return found


def in_file(c: ci.Cursor, file: str) -> bool:
    return c.location.file is not None and c.location.file.name == file


def _from_main_file(c: ci.Cursor) -> bool:
    """Whether ``c`` is in the parsed file itself, asked without naming files
    (ten times cheaper, which matters over the preludes' thousands of cursors)."""
    lib = ci.conf.lib
    return bool(lib.clang_Location_isFromMainFile(lib.clang_getCursorLocation(c)))


@cache
def _global_storage_function() -> object:
    fn = ci.conf.lib.clang_Cursor_hasVarDeclGlobalStorage
    fn.argtypes = [ci.Cursor]
    fn.restype = ctypes.c_int
    return fn


def static_storage(var: ci.Cursor) -> bool:
    """Whether a variable lives as long as the program (file scope, ``static``,
    ``__constant``): its initialiser is a constant the compiler works out."""
    return bool(_global_storage_function()(var) == 1)  # type: ignore[operator]


def is_attribute(c: ci.Cursor) -> bool:
    kind = kind_of(c)
    return kind is not None and kind.is_attribute()


def attribute_parts(c: ci.Cursor, owner: ci.Cursor) -> tuple[str, list[ci.Token]]:
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


def attribute_names(c: ci.Cursor, owner: ci.Cursor) -> list[str]:
    return [t.spelling for t in attribute_parts(c, owner)[1]
            if t.kind == ci.TokenKind.IDENTIFIER]

