"""cuRAND's device generators, lowered to the accesses they make to their state.

A generator call (``curand(&state[i])``, ``curand_uniform``, ``curand_normal``,
``curand_poisson`` ...) reads its state object and writes it back advanced;
``curand_init`` writes a whole state from its seed, subsequence and offset.
The race checker needs exactly those accesses; the values are deterministic
functions (of the state read, or of the three numbers), which the IR writes as
uninterpreted functions, one per generator, state type and cell, so nothing
about them is assumed beyond "the same inputs give the same outputs".  Every
cell of the state is read and written, which may be more than the library
touches (a false alarm at worst, never a missed race).

Only the XORWOW and Philox states are lowered.  The MTGP32 generator is
cooperative (the threads of a block share one state, each taking its own slot
of it), an access pattern this model does not describe: it stays unsupported.
A state that is not in a struct array the front end tracks (a private
``curandState``, say) is refused by the pointer lowering with its reason.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import clang.cindex as ci

from veriscan.errors import SourcePos
from veriscan.frontend import types as ty
from veriscan.frontend.dialects import from_prelude
from veriscan.frontend.lower_expressions import coerce
from veriscan.frontend.lower_rules import UnsupportedConstruct
from veriscan.frontend.structs import StructLayoutError, StructPlace, leaves
from veriscan.ir import nodes as ir

if TYPE_CHECKING:
    from veriscan.frontend.lower import KernelLowering
    from veriscan.frontend.pointers import PointerRef

MODELLED_STATES = frozenset({"curandStateXORWOW", "curandStatePhilox4_32_10"})


def lower_call(low: KernelLowering, c: ci.Cursor, args: list[ci.Cursor], name: str,
               pos: SourcePos) -> ir.Expr:
    """The value of the cuRAND call ``c``; its reads and writes of the state are emitted."""
    initialise = name == "curand_init"
    at = 3 if initialise else 0
    if len(args) <= at or not ty.is_pointer(args[at].type):
        raise UnsupportedConstruct(f"call to '{name}' without a state pointer")
    state_t = ty.pointee(args[at].type).get_canonical()
    decl = state_t.get_declaration()
    if decl.spelling not in MODELLED_STATES or not from_prelude(decl):
        raise UnsupportedConstruct(f"cuRAND generator {name} on {state_t.spelling} (the "
                                   "MTGP32 state is shared by a block, which is not modelled)")
    others = [a for i, a in enumerate(args) if i != at]
    # C leaves the order of the arguments open: the state pointer's among them.
    *values, state = low.seq.unsequenced(*(partial(low.exprs.expr, a) for a in others),
                                         partial(low.ptrs.pointer, args[at]))
    numbers = tuple(coerce(v, ty.scalar_type(a.type), pos)
                    for v, a in zip(values, others, strict=True))
    cells = _cells(low, StructPlace(element=state), state_t, pos)
    kind = decl.spelling
    if initialise:
        for label, (ref, t) in cells.items():
            low.assigns.store_to(ref, ir.Opaque(pos, t, f"{name}({kind}) {label}", numbers), t,
                                 pos)
        return ir.Const(pos, ir.INT, 0)
    old = tuple(low.ptrs.load(ref, t, pos) for ref, t in cells.values())
    inputs = (*old, *numbers)
    for label, (ref, t) in cells.items():
        low.assigns.store_to(ref, ir.Opaque(pos, t, f"{name}({kind}) next {label}", inputs), t,
                             pos)
    result_t = ty.scalar_type(c.type)
    if result_t.kind is ir.TypeKind.OTHER:
        raise UnsupportedConstruct(f"call to '{name}' returning {result_t}")
    return ir.Opaque(pos, result_t, f"{name}({kind})", inputs)


def _cells(low: KernelLowering, place: StructPlace, state_t: ci.Type,
           pos: SourcePos) -> dict[str, tuple[PointerRef, ir.ScalarType]]:
    """Every scalar cell of the state at ``place``: its reference and type, by name."""
    try:
        fields = leaves(state_t)
    except StructLayoutError as exc:
        raise UnsupportedConstruct(f"cuRAND state: {exc}") from None
    cells: dict[str, tuple[PointerRef, ir.ScalarType]] = {}
    for leaf in fields:
        t = leaf.cell_type
        row = low.structs.element_field(place, leaf.path, leaf.cells, pos)
        for k in range(leaf.cells):
            offset = row.offset if k == 0 else ir.BinOp(pos, ir.LONG, "+", row.offset,
                                                        ir.Const(pos, ir.LONG, k))
            label = f"{leaf.path}[{k}]" if leaf.dims else leaf.path
            cells[label] = (row.moved(offset), t)
    return cells

