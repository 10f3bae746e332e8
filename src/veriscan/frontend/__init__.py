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

from veriscan.budget import Progress, charge
from veriscan.errors import KernelSourceError, SourcePos, VeriscanError
from veriscan.frontend.attributes import attribute_problems, cuda_qualifiers
from veriscan.frontend.clang_parse import INSTANCE_PREFIX, ParsedUnit, dialect_for, parse_unit
from veriscan.frontend.cursors import main_file_children
from veriscan.frontend.file_index import specialized_template
from veriscan.frontend.foreign_names import genericity_problems, redeclared_builtins
from veriscan.frontend.lower import KernelLowering
from veriscan.frontend.pointers import PointerTargets
from veriscan.frontend.promises import broken_promises
from veriscan.ir import nodes as ir


def parse_kernel(path: str | Path, *, source: str | None = None, entry: str | None = None,
                 defines: dict[str, str] | None = None,
                 dialect: str | None = None, dynamic_shared: int | None = None,
                 progress: Progress | None = None) -> ir.Kernel:
    """Parse one kernel (``entry``, or the file's only kernel) into the IR;
    ``dynamic_shared`` is the launch's bytes for CUDA's ``extern __shared__``;
    ``progress`` hears (done, total, what) as the lowering goes through the body.
    Every stage draws on the open check budget (:mod:`veriscan.budget`)."""
    file = str(path)
    if source is None:
        try:
            source = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as exc:
            raise VeriscanError(f"cannot read kernel file '{file}': {exc}") from None
    wanted = (entry,) if entry is not None and "<" in entry else ()  # --kernel 'name<int>'
    if progress is not None:
        progress(0, 1, "front end: preprocessing and parsing")
    unit = parse_unit(file, source, dialect_for(path, dialect), dict(defines or {}), wanted)
    return kernel_from_unit(unit, source, entry, dynamic_shared, progress)


def kernel_from_unit(unit: ParsedUnit, source: str, entry: str | None = None,
                     dynamic_shared: int | None = None,
                     progress: Progress | None = None) -> ir.Kernel:
    """The IR of kernel ``entry`` of an already parsed unit (``source`` is its file text)."""
    file, lang = unit.file, unit.dialect
    name, fn, ambiguous = entry_point(unit, entry)
    body_cursor = next((ch for ch in fn.get_children()
                        if ch.kind == ci.CursorKind.COMPOUND_STMT), None)
    targets = PointerTargets()
    while True:  # until pointer variables' target sets settle (see frontend.pointers)
        lowering = KernelLowering(file, lang, targets, progress)
        lowering.dynamic_shared = dynamic_shared
        lowering.parameters.add_params(fn)
        pos = SourcePos(file, fn.location.line, fn.location.column)
        if ambiguous is not None:  # no one instantiation is the kernel named
            body = [ir.Unsupported(pos, ambiguous)]
        elif body_cursor is None:  # e.g. a CUDA function-try-block as the kernel's body
            body = [ir.Unsupported(pos, f"kernel '{fn.spelling}' has no plain body")]
        else:
            body = lowering.lower_body(body_cursor)
        if lowering.targets.settled():
            break
        targets = lowering.targets.next_round()
    charge("in the front end, before its check of names foreign to the kernel")
    foreign = [ir.Unsupported(at, problem, True)
               for at, problem in [*genericity_problems(unit.preprocessed, lang),
                                   *redeclared_builtins(unit.tu, file, lang)]]
    foreign += [ir.Unsupported(at, problem)
                for at, problem in attribute_problems(unit.tu, file, lang)]
    pos = SourcePos(file, fn.location.line, fn.location.column)
    promised = [ir.Unsupported(pos, problem) for problem in broken_promises(fn, kernel=True)]
    body = [*foreign, *promised, *body]
    return ir.Kernel(name=name, dialect=lang, params=lowering.params,
                     arrays=lowering.arrays, body=body, file=file, source=source,
                     defines=unit.defines, pos=pos, var_types=lowering.var_types,
                     ignored_annotations=lowering.ignored_annotations,
                     unexpressed_assumptions=lowering.unexpressed_assumptions)


def _is_kernel(fn: ci.Cursor, dialect: ir.Dialect) -> bool:
    if dialect is ir.Dialect.CUDA:
        return "global" in cuda_qualifiers(fn)
    tokens = [t.spelling for t in fn.get_tokens()]
    head = tokens[:tokens.index(fn.spelling)] if fn.spelling in tokens else []
    return "__kernel" in head or "kernel" in head


def file_scope(cursors: list[ci.Cursor]) -> list[ci.Cursor]:
    """Declarations at file scope, including those in ``extern "C" { ... }`` blocks."""
    out = []
    for c in cursors:
        out += file_scope(list(c.get_children())) if c.kind == ci.CursorKind.LINKAGE_SPEC \
            else [c]
    return out


def _instances(unit: ParsedUnit) -> list[tuple[str, ci.Cursor]]:
    """The template kernels the parse instantiated (see ``clang_parse.INSTANCE_PREFIX``),
    each the function clang instantiated, with the body in concrete types."""
    if not unit.instances:
        return []  # no walk over the preludes' thousands of declarations
    found = []
    appended = unit.preprocessed.text.count("\n")  # the kernel's own lines end here
    for c in unit.tu.cursor.get_children():
        number = c.spelling[len(INSTANCE_PREFIX):]
        if not (c.spelling.startswith(INSTANCE_PREFIX) and number.isdigit()
                and int(number) < len(unit.instances) and c.location.line > appended):
            continue
        refs = [r.referenced for r in c.walk_preorder()
                if r.kind == ci.CursorKind.DECL_REF_EXPR and r.referenced is not None]
        if refs and refs[0].kind == ci.CursorKind.FUNCTION_DECL:
            definition = refs[0].get_definition()
            if definition is not None and _is_kernel(definition, unit.dialect):
                found.append((unit.instances[int(number)], definition))
    return found


def _specialisation_name(fn: ci.Cursor) -> str | None:
    """``k<1>`` for an explicit specialisation ``template<> void k<1>(...)`` of a
    function template (its arguments as clang resolved them), else None."""
    primary = specialized_template(fn)
    if primary is None or primary.kind != ci.CursorKind.FUNCTION_TEMPLATE:
        return None
    args = []
    for i in range(max(fn.get_num_template_arguments(), 0)):
        kind = fn.get_template_argument_kind(i)
        if kind == ci.TemplateArgumentKind.TYPE:
            args.append(fn.get_template_argument_type(i).spelling)
        elif kind == ci.TemplateArgumentKind.INTEGRAL:
            args.append(str(fn.get_template_argument_value(i)))
        else:
            args.append("?")
    return f"{fn.spelling}<{', '.join(args)}>"


def entry_point(unit: ParsedUnit, entry: str | None) -> tuple[str, ci.Cursor, str | None]:
    """The kernel to check, with its name (``name<args>`` for a template's instance or
    explicit specialisation), and why no one instantiation is meant, if so.

    A template kernel with explicit specialisations is not one kernel: which
    instantiation runs is the launch's choice (``k<2>`` may be the primary's
    racy code while ``k<1>`` is clean), so its bare name, or the file's only
    specialisation chosen by default, is answered unknown, asking for
    ``--kernel 'k<...>'``.
    """
    file, dialect = unit.file, unit.dialect
    in_file = [c for c in file_scope(main_file_children(unit.tu))
               if c.location.file is not None and c.location.file.name == file]
    own = [(_specialisation_name(c) or c.spelling, c) for c in in_file
           if c.kind == ci.CursorKind.FUNCTION_DECL and c.is_definition()
           and _is_kernel(c, dialect)]
    kernels = own + _instances(unit)
    templates = [c.spelling for c in in_file if c.kind == ci.CursorKind.FUNCTION_TEMPLATE
                 and c.is_definition() and _is_kernel(c, dialect)]
    specialised: dict[str, list[str]] = {}
    for name, c in own:
        if name != c.spelling:
            specialised.setdefault(c.spelling, []).append(name)
    if entry is not None:
        want = "".join(entry.split())
        chosen = [k for k in kernels if "".join(k[0].split()) == want]
        if not chosen and want in specialised:
            return want, _named(kernels, specialised[want][0]), _ambiguous(
                want, specialised[want])
        chosen = _distinct(chosen or [k for k in kernels
                                      if k[1].spelling == want and "<" in k[0]])
        if len(chosen) == 1:
            return (*chosen[0], None)
        names = ", ".join(name for name, _ in kernels) or "none"
        if entry in templates and not chosen:
            raise KernelSourceError(f"kernel '{entry}' is a template: name an instantiation, "
                                    f"e.g. --kernel '{entry}<int>'")
        raise KernelSourceError(f"no kernel named '{entry}' in {file} (kernels: {names})"
                                if not chosen else f"'{entry}' names several instances "
                                f"({', '.join(n for n, _ in chosen)}); choose one")
    if not kernels:
        if templates:
            raise KernelSourceError(f"kernel '{templates[0]}' in {file} is a template: name "
                                    f"an instantiation, e.g. --kernel '{templates[0]}<int>'")
        what = "__global__" if dialect is ir.Dialect.CUDA else "__kernel"
        raise KernelSourceError(f"no {what} function in {file}")
    if len(kernels) > 1:
        names = ", ".join(name for name, _ in kernels)
        raise KernelSourceError(f"{file} has several kernels ({names}); choose one with "
                                "--kernel NAME")
    name, fn = kernels[0]
    if fn.spelling in specialised:
        return fn.spelling, fn, _ambiguous(fn.spelling, specialised[fn.spelling])
    return name, fn, None


def _ambiguous(template: str, specialisations: list[str]) -> str:
    return (f"'{template}' is a kernel template with explicit specialisations "
            f"({', '.join(specialisations)}), so it names no one kernel (the launch "
            "chooses the instantiation that runs): name the instantiation to check, e.g. "
            f"--kernel '{specialisations[0]}', or --kernel '{template}<...>' for another")


def _named(kernels: list[tuple[str, ci.Cursor]], name: str) -> ci.Cursor:
    return next(c for n, c in kernels if n == name)


def _distinct(found: list[tuple[str, ci.Cursor]]) -> list[tuple[str, ci.Cursor]]:
    """One entry per function (a specialisation is also the instance that names it)."""
    out: list[tuple[str, ci.Cursor]] = []
    for name, c in found:
        if not any(c == other for _, other in out):
            out.append((name, c))
    return out


__all__ = ["kernel_from_unit", "parse_kernel"]
