"""A recorded scan circuit as a picture (PNG and SVG), in the style of paper 001 Fig. 8.

One vertical wire per cell of the array the operators store into, time
flowing down, one row per dependent step inside each barrier interval.  A dot
is an operator application on the wire its result is stored to, with a line
from the wire its other operand comes from; open circles are ``IDENTITY``
stores and dashed arrows values moved to another cell (Blelloch's down-sweep
swap).  Below every wire that feeds the output stands the word that reaches
``out``, green when it is the expected prefix and red when not, so a wrong
kernel shows where it goes wrong.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from veriscan.circuit.record import Circuit, Event, EventKind, Word
from veriscan.errors import VeriscanError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

MAX_WIRES = 160
OK, BAD, FAINT = "#1a7f37", "#cf222e", "#8c959f"


def word_text(word: Word | None) -> str:
    """``0–5`` for a contiguous sum, runs joined by commas otherwise, ∅ for IDENTITY."""
    if word is None:
        return "?"
    if not word:
        return "∅"
    runs: list[list[int]] = [[word[0], word[0]]]
    for k in word[1:]:
        if k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ",".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


def is_interval(word: Word | None) -> bool:
    """Whether ``word`` sums consecutive inputs in order (the empty word counts)."""
    if not word:
        return word is not None
    return word == tuple(range(word[0], word[0] + len(word)))


def draw_circuit(circuit: Circuit, out_dir: Path, stem: str) -> list[Path]:
    """Render ``circuit``; returns the PNG and SVG written (both or, on error, neither)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    shown = circuit.shown()
    wires = check_drawable(circuit)
    column = {w: i for i, w in enumerate(wires)}
    levels = circuit.levels()
    row_of = {level: i for i, level in enumerate(levels)}
    width, height = len(wires), max(len(levels), 1)

    fig, ax = plt.subplots(figsize=(max(6.5, 0.42 * width + 2.4), 0.55 * height + 2.9))
    _bands(ax, levels)
    for x in range(width):
        ax.plot([x, x], [-0.7, height - 0.3], color=FAINT, linewidth=0.9, zorder=1)
    for event in shown:
        _draw_event(ax, circuit, event, column, row_of[(event.phase, event.row)])
    below, above = _labels(ax, circuit, wires, height)

    ax.set_xlim(-2.2, width + 0.6)
    ax.set_ylim(height + below, -above)
    ax.set_axis_off()
    mode = "inclusive" if circuit.inclusive else "exclusive"
    wrong = circuit.wrong_outputs()
    verdict = ("every out[k] holds its prefix" if not wrong else
               f"NOT a scan: {len(wrong)} of {circuit.n} outputs wrong")
    ax.set_title(f"{stem}: {mode} scan circuit, n = {circuit.n}, "
                 f"{circuit.threads} work-item{'' if circuit.threads == 1 else 's'}\n"
                 f"{circuit.size} operators, depth "
                 f"{circuit.depth}; {verdict}", fontsize=11)
    legend = [
        Line2D([], [], marker="o", color="black", linestyle="-", markersize=7,
               label="OPERATOR, line from its other operand"),
        Line2D([], [], marker="o", color=BAD, linestyle="", markersize=7,
               label="result is not a contiguous sum"),
        Line2D([], [], marker="o", markerfacecolor="white", color="black", linestyle="",
               markersize=7, label="IDENTITY stored"),
        Line2D([], [], color=FAINT, linestyle="--", label="value moved to another cell"),
    ]
    ax.legend(handles=legend, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2,
              fontsize=8, frameon=False)
    fig.tight_layout()
    try:
        return _save(fig, out_dir / f"{stem}_circuit_n{circuit.n}")
    finally:
        plt.close(fig)


def check_drawable(circuit: Circuit) -> list[int]:
    """The wires of the picture, or a VeriscanError saying why there can be none."""
    shown = circuit.shown()
    _no_overlap(circuit, shown)
    wires = _wires(circuit, shown)
    if len(wires) > MAX_WIRES:
        raise VeriscanError(f"cannot draw {circuit.kernel} for n = {circuit.n}: {len(wires)} "
                            "wires are too many for a picture; choose a smaller --n")
    return wires


def _wires(circuit: Circuit, shown: list[Event]) -> list[int]:
    """Cells of the wire array that the picture needs, in index order."""
    array = circuit.wire_array
    cells = {circuit.x(e) for e in shown}
    for e in shown:
        cells |= {p for p in (circuit.place(s) for s in e.operands) if p is not None}
    cells |= {c.index for c in circuit.in_to if c.array == array}
    cells |= {c.index for c in circuit.out_from.values() if c.array == array}
    if array == circuit.output:
        cells |= set(range(circuit.n))
    return sorted(cells)


def _no_overlap(circuit: Circuit, shown: list[Event]) -> None:
    """Refuse a picture in which one dot would hide another.

    That happens when work-items redo each other's work in private memory:
    such a kernel is no circuit on the array's positions.
    """
    seen: dict[tuple[int, int, int], Event] = {}
    for event in shown:
        spot = (circuit.x(event), event.phase, event.row)
        other = seen.setdefault(spot, event)
        if other is not event:
            raise VeriscanError(
                f"cannot draw: the {other.kind.value} of work-item {other.thread} and the "
                f"{event.kind.value} of work-item {event.thread} fall on the same spot of wire "
                f"{circuit.wire_array}[{spot[0]}]; the kernel does not compute a circuit over "
                "the array's positions (private or repeated work)", event.pos)


def _bands(ax: Axes, levels: list[tuple[int, int]]) -> None:
    """Shade each barrier interval and name it on the left."""
    phases = sorted({phase for phase, _ in levels})
    for step, phase in enumerate(phases, start=1):
        rows = [i for i, (p, _) in enumerate(levels) if p == phase]
        top, bottom = rows[0] - 0.5, rows[-1] + 0.5
        if step % 2:
            ax.axhspan(top, bottom, color="#f3f4f6", zorder=0)
        ax.text(-0.9, (top + bottom) / 2, f"step {step}", ha="right", va="center",
                fontsize=8, color="#57606a")


def _draw_event(ax: Axes, circuit: Circuit, event: Event, column: dict[int, int], y: int) -> None:
    x = column[circuit.x(event)]
    if event.kind is EventKind.IDENTITY:
        ax.plot(x, y, marker="o", markersize=7, markerfacecolor="white",
                markeredgecolor="black", zorder=4)
        return
    if event.kind is EventKind.MOVE:
        source = circuit.place(event.operands[0])
        if source in column:
            ax.annotate("", xy=(x, y), xytext=(column[source], y - 0.8),
                        arrowprops={"arrowstyle": "-|>", "color": FAINT, "linestyle": "--",
                                    "linewidth": 1.1, "shrinkA": 0, "shrinkB": 4}, zorder=2)
        return
    for operand in event.operands:
        source = circuit.place(operand)
        if source is not None and source != circuit.x(event) and source in column:
            ax.plot([column[source], x], [y - 0.8, y], color="black", linewidth=1.1, zorder=3)
    colour = "black" if is_interval(event.word) else BAD
    ax.plot(x, y, marker="o", markersize=7, color=colour, zorder=5)


def _labels(ax: Axes, circuit: Circuit, wires: list[int], height: int) -> tuple[float, float]:
    """Cell indices (and inputs) above the wires, output words below them.

    Returns the room the labels take below and above the wires.
    """
    array = circuit.wire_array
    inputs = {c.index: k for c, k in circuit.in_to.items() if c.array == array}
    outputs = {cell.index: k for k, cell in circuit.out_from.items() if cell.array == array}
    if array == circuit.output:
        outputs.update({k: k for k in range(circuit.n)})
    moved_in = any(inputs.get(w, w) != w for w in wires)
    moved_out = any(outputs.get(w, w) != w for w in wires)
    ax.text(-0.9, -1.05, f"{array}[·]", ha="right", va="center", fontsize=8)
    if moved_in:
        ax.text(-0.9, -1.55, f"{circuit.input}[·]", ha="right", va="center", fontsize=8)
    texts = {w: word_text(circuit.final.get(outputs[w])) for w in wires if w in outputs}
    vertical = any(len(t) > 5 for t in texts.values())
    ax.text(-0.9, height + 0.1, f"{circuit.output}:", ha="right", va="top", fontsize=8)
    for x, w in enumerate(wires):
        ax.text(x, -1.05, str(w), ha="center", va="center", fontsize=8, fontweight="bold")
        if moved_in and w in inputs:
            ax.text(x, -1.55, str(inputs[w]), ha="center", va="center", fontsize=7,
                    color="#57606a")
        if w in outputs:
            k = outputs[w]
            good = circuit.final.get(k) == circuit.expected(k)
            text = f"[{k}] {texts[w]}" if moved_out else texts[w]
            ax.text(x, height + 0.1, text, ha="center", va="top", fontsize=7,
                    rotation=90 if vertical or moved_out else 0, color=OK if good else BAD)
    longest = max((len(t) for t in texts.values()), default=1) + (5 if moved_out else 0)
    return (0.5 + 0.13 * longest if vertical or moved_out else 0.7), (1.9 if moved_in else 1.4)


def _save(fig: Figure, base: Path) -> list[Path]:
    """Render both formats in memory first, so a failure leaves no half-written pair."""
    rendered: dict[Path, bytes] = {}
    for suffix in (".png", ".svg"):
        buffer = io.BytesIO()
        fig.savefig(buffer, format=suffix[1:], dpi=120, bbox_inches="tight")
        rendered[base.with_suffix(suffix)] = buffer.getvalue()
    written: list[Path] = []
    try:
        base.parent.mkdir(parents=True, exist_ok=True)
        for path, data in rendered.items():
            path.write_bytes(data)
            written.append(path)
    except OSError as exc:
        for path in written:
            path.unlink(missing_ok=True)
        raise VeriscanError(f"cannot write the circuit pictures to {base.parent}: {exc}") \
            from None
    return list(rendered)
