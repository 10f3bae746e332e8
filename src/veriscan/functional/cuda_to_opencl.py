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

The rules live in layers, each a module: :mod:`.cuda_to_opencl_tokens` keeps
the tokens, the edits on them and the check that each was explained;
:mod:`.cuda_to_opencl_names` the names and integer types;
:mod:`.cuda_to_opencl_expressions` the expressions; this module the file's
declarations (functions, parameters, variables, ``__shared__``) and
statements, and the driver.
"""

from __future__ import annotations

from collections.abc import Mapping

import clang.cindex as ci

from veriscan.frontend.clang_parse import ParsedUnit, parse_unit
from veriscan.functional.cuda_to_opencl_expressions import ExpressionRules
from veriscan.functional.cuda_to_opencl_names import KERNEL_MARK, Scope, marks
from veriscan.functional.cuda_to_opencl_tokens import kind_words, spelled_offset
from veriscan.ir.nodes import Dialect

K = ci.CursorKind
LABEL = "translated to OpenCL C"
# Prelude macros the kernel may use, and what each becomes (None: kept as written:
# the three placeholders, which the monoid defines on the device).
_MACROS: dict[str, str | None] = {
    "__global__": "__kernel", "__device__": "", "__host__": "", "__forceinline__": "",
    "__noinline__": "", "__shared__": "__local", "__restrict__": "restrict",
    "TYPE": None, "OPERATOR": None, "IDENTITY": None,
}
# The execution-space and qualifier macros among them: the proof's CUDA prelude and
# NVRTC's environment give them one meaning (the run as written relies on that).
QUALIFIER_MACROS = frozenset(name for name, becomes in _MACROS.items() if becomes is not None)
_STATEMENTS = frozenset({K.COMPOUND_STMT, K.DECL_STMT, K.IF_STMT, K.FOR_STMT, K.WHILE_STMT,
                         K.DO_STMT, K.SWITCH_STMT, K.CASE_STMT, K.DEFAULT_STMT, K.RETURN_STMT,
                         K.BREAK_STMT, K.CONTINUE_STMT, K.NULL_STMT})


def translate(unit: ParsedUnit) -> str:
    """The OpenCL C for the kernel file ``unit`` (a CUDA parse by the front end), token
    for token on the same lines; raises
    :class:`~veriscan.functional.cuda_to_opencl_tokens.NotTranslated`."""
    return _Translator(unit).run()


def translate_file(file: str, source: str, defines: Mapping[str, str]) -> str:
    """``source`` (the text of the CUDA file ``file``) preprocessed with ``defines`` and
    parsed as the front end does for the proof, then translated."""
    return translate(parse_unit(file, source, Dialect.CUDA, dict(defines)))


class _Translator(ExpressionRules):
    """The whole file: its declarations and statements, then the tokens written out."""

    def run(self) -> str:
        self.pragmas()
        for c in self.unit.tu.cursor.get_children():
            if c.location.file is None or c.location.file.name != self.file:
                continue
            self.top_level(c)
        self.check_tokens()
        self.hoist()
        return self.render()

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

    # -------------------------------------------------------------- declarations
    def top_level(self, c: ci.Cursor) -> None:
        """A declaration at file scope: only what a kernel file needs is translated."""
        if c.kind == K.MACRO_INSTANTIATION:
            self.macro(c)
        elif c.kind == K.FUNCTION_DECL:
            self.function(c)
        elif c.kind == K.LINKAGE_SPEC:
            self.linkage(c)
        elif c.kind == K.VAR_DECL:
            self.file_scope_shared(c)
        else:
            raise self.refuse(c, f"a file-scope {kind_words(c.kind)} "
                              f"'{c.spelling}' (only __global__ and __device__ functions are "
                              "translated)")

    def macro(self, c: ci.Cursor) -> None:
        """A use of a prelude macro (``__global__``, ``__shared__``…): its OpenCL C word."""
        name = c.spelling
        if name not in _MACROS:
            raise self.refuse(c, f"'{name}' (a macro of the CUDA prelude without an exact "
                              "OpenCL C counterpart here)")
        i = self.index.get(c.extent.start.offset)
        if i is None:
            raise self.not_in_file(c)
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
        self.drop(dropped)
        for child in c.get_children():
            self.top_level(child)

    def function(self, c: ci.Cursor) -> None:
        """A ``__global__`` or ``__device__`` function definition: its result type,
        name, parameters and body (the scope its statements are in)."""
        marked = marks(c)
        is_kernel = KERNEL_MARK in marked
        if not c.is_definition():
            raise self.refuse(c, f"declaration of '{c.spelling}' without its body")
        if is_kernel and marked != {KERNEL_MARK}:
            raise self.refuse(c, f"__global__ function '{c.spelling}' also marked "
                              "__device__ or __host__")
        if not is_kernel and "veriscan_cuda_device" not in marked:
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
                self.scope = Scope(is_kernel, ch)
                self.scopes.append(self.scope)
                self.statement(ch)
                self.scope = None
            else:
                raise self.refuse(ch, f"{ch.kind.name.lower()} in function '{c.spelling}'")

    def parameter(self, p: ci.Cursor, is_kernel: bool) -> None:
        """A parameter of an integer type; a kernel's pointer gains ``__global`` (CUDA
        kernel pointers point to global memory, OpenCL C must say so)."""
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

    def variable(self, v: ci.Cursor, statement: ci.Cursor) -> None:
        """A local variable; a ``__shared__`` one only where OpenCL C allows ``__local``."""
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
        self.shared[spelled_offset(v.location)] = (v.spelling, first, last + 1)

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

    # -------------------------------------------------------------- statements
    def statement(self, c: ci.Cursor) -> None:
        """A statement of a kind both languages share, then its parts."""
        if c.kind.is_expression():
            self.expression(c)
            return
        if c.kind == K.UNEXPOSED_STMT and self.pragma_loop(c):
            self.statement(next(c.get_children()))
            return
        if c.kind not in _STATEMENTS:
            raise self.refuse(c, kind_words(c.kind))
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
