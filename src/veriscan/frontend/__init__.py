"""Real OpenCL C / CUDA C front end: libclang parse, then lowering to the IR.

``parse_kernel`` is the one entry point every engine uses (static verifier,
separation-logic checker).  It parses the kernel's one preprocessing
(:mod:`.preprocess`), the same text every device build compiles; a name in it
that one side defines and the other does not, or a placeholder whose spelling
the preprocessor inspects, becomes a not-generic ``Unsupported`` statement, so
such a kernel is never verified.  Malformed source raises
:class:`~veriscan.errors.KernelSourceError`; constructs the IR cannot express
become :class:`~veriscan.ir.nodes.Unsupported` statements instead, so a kernel
that parses always yields an IR and an honest ``unknown`` where needed.
"""

from __future__ import annotations

from pathlib import Path

import clang.cindex as ci

from veriscan.errors import KernelSourceError, SourcePos, VeriscanError
from veriscan.frontend.clang_parse import ParsedUnit, dialect_for, parse_unit
from veriscan.frontend.lower import KernelLowering
from veriscan.frontend.preprocess import genericity_problems, redeclared_builtins
from veriscan.ir import nodes as ir


def parse_kernel(path: str | Path, *, source: str | None = None, entry: str | None = None,
                 defines: dict[str, str] | None = None,
                 dialect: str | None = None, dynamic_shared: int | None = None) -> ir.Kernel:
    """Parse one kernel (``entry``, or the file's only kernel) into the IR;
    ``dynamic_shared`` is the launch's bytes for CUDA's ``extern __shared__``."""
    file = str(path)
    if source is None:
        try:
            source = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as exc:
            raise VeriscanError(f"cannot read kernel file '{file}': {exc}") from None
    unit = parse_unit(file, source, dialect_for(path, dialect), dict(defines or {}))
    return kernel_from_unit(unit, source, entry, dynamic_shared)


def kernel_from_unit(unit: ParsedUnit, source: str, entry: str | None = None,
                     dynamic_shared: int | None = None) -> ir.Kernel:
    """The IR of kernel ``entry`` of an already parsed unit (``source`` is its file text)."""
    file, lang = unit.file, unit.dialect
    fn = _entry_point(unit.tu, file, lang, entry)
    lowering = KernelLowering(file, lang)
    lowering.dynamic_shared = dynamic_shared
    lowering.add_params(fn)
    body_cursor = next((ch for ch in fn.get_children()
                        if ch.kind == ci.CursorKind.COMPOUND_STMT), None)
    if body_cursor is None:  # e.g. a CUDA function-try-block as the kernel's body
        pos = SourcePos(file, fn.location.line, fn.location.column)
        body = [ir.Unsupported(pos, f"kernel '{fn.spelling}' has no plain body")]
    else:
        body = lowering.lower_body(body_cursor)
    foreign = [ir.Unsupported(at, problem, True)
               for at, problem in [*genericity_problems(unit.preprocessed, lang),
                                   *redeclared_builtins(unit.tu, file, lang)]]
    body = [*foreign, *body]
    pos = SourcePos(file, fn.location.line, fn.location.column)
    return ir.Kernel(name=fn.spelling, dialect=lang, params=lowering.params,
                     arrays=lowering.arrays, body=body, file=file, source=source,
                     defines=unit.defines, pos=pos, var_types=lowering.var_types,
                     ignored_annotations=lowering.ignored_annotations)


def _is_kernel(fn: ci.Cursor, dialect: ir.Dialect) -> bool:
    if dialect is ir.Dialect.CUDA:
        return any(ch.kind == ci.CursorKind.ANNOTATE_ATTR and ch.spelling ==
                   "veriscan_cuda_global" for ch in fn.get_children())
    tokens = [t.spelling for t in fn.get_tokens()]
    head = tokens[:tokens.index(fn.spelling)] if fn.spelling in tokens else []
    return "__kernel" in head or "kernel" in head


def _file_scope(unit: ci.Cursor) -> list[ci.Cursor]:
    """Declarations at file scope, including those in ``extern "C" { ... }`` blocks."""
    out = []
    for c in unit.get_children():
        out += _file_scope(c) if c.kind == ci.CursorKind.LINKAGE_SPEC else [c]
    return out


def _entry_point(tu: ci.TranslationUnit, file: str, dialect: ir.Dialect,
                 entry: str | None) -> ci.Cursor:
    kernels = [c for c in _file_scope(tu.cursor)
               if c.kind == ci.CursorKind.FUNCTION_DECL and c.is_definition()
               and c.location.file is not None and c.location.file.name == file
               and _is_kernel(c, dialect)]
    if entry is not None:
        for c in kernels:
            if c.spelling == entry:
                return c
        names = ", ".join(c.spelling for c in kernels) or "none"
        raise KernelSourceError(f"no kernel named '{entry}' in {file} (kernels: {names})")
    if not kernels:
        what = "__global__" if dialect is ir.Dialect.CUDA else "__kernel"
        raise KernelSourceError(f"no {what} function in {file}")
    if len(kernels) > 1:
        names = ", ".join(c.spelling for c in kernels)
        raise KernelSourceError(f"{file} has several kernels ({names}); choose one with "
                                "--kernel NAME")
    return kernels[0]


__all__ = ["kernel_from_unit", "parse_kernel"]
