"""Permission tables as pictures (PNG and SVG): rows are arrays, columns indices.

Each cell names the work-items holding a permission on that element after a
synchronisation point, ``W3`` for a write by work-item 3, ``R1,2`` for reads,
``1/2 0,1`` for fractions; the fill colour is the (first) holder's, pale for
anything less than a write, so ownership patterns such as papers 000 Fig. 4/9
and 002 Fig. 5 can be read at a glance.
"""

from __future__ import annotations

from pathlib import Path

from veriscan.seplogic.concrete import Holding, Table, amount_text


def _who(ids: tuple[int, ...], dims: int) -> str:
    return str(ids[0]) if dims == 1 else "(" + ",".join(str(i) for i in ids[:dims]) + ")"


def cell_text(holders: list[Holding], dims: int) -> str:
    groups: dict[str, list[str]] = {}
    for h in holders:
        groups.setdefault(amount_text(h.amount), []).append(_who(h.thread, dims))
    return "\n".join(f"{kind}{','.join(who)}" if kind in "RW" else f"{kind} {','.join(who)}"
                     for kind, who in groups.items())


def draw_tables(tables: list[Table], out_dir: Path, stem: str, dims: int,
                threads: int) -> list[Path]:
    """Write one PNG and one SVG per table; returns the files written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    out_dir.mkdir(parents=True, exist_ok=True)
    arrays = sorted({a for t in tables for a, _ in t.cells})
    width = {a: max([i for t in tables for b, i in t.cells if b == a] + [0]) + 1
             for a in arrays}
    columns = max(width.values(), default=1)
    cmap = plt.get_cmap("tab10")
    written: list[Path] = []
    for number, table in enumerate(tables):
        fig, ax = plt.subplots(figsize=(1.0 + 0.75 * columns, 0.6 + 0.8 * max(len(arrays), 1)))
        for row, array in enumerate(arrays):
            y = len(arrays) - 1 - row
            ax.text(-0.15, y + 0.5, array, ha="right", va="center", fontsize=10,
                    fontweight="bold")
            for col in range(width[array]):
                holders = table.cells.get((array, col), [])
                colour = "white"
                alpha = 1.0
                if holders:
                    first = holders[0]
                    flat = sum(first.thread[d] * threads ** d for d in range(dims))
                    colour = cmap(flat % 10)
                    alpha = 0.9 if first.amount.is_write and len(holders) == 1 else 0.35
                ax.add_patch(Rectangle((col, y), 1, 1, facecolor=colour, alpha=alpha,
                                       edgecolor="black", linewidth=0.6))
                ax.text(col + 0.5, y + 0.5, cell_text(holders, dims), ha="center",
                        va="center", fontsize=7 if len(holders) > 2 else 8)
        for col in range(columns):
            ax.text(col + 0.5, -0.25, str(col), ha="center", va="top", fontsize=8)
        ax.set_xlim(-1.2, columns)
        ax.set_ylim(-1.0, len(arrays))
        ax.set_axis_off()
        ax.set_title(table.label, fontsize=11)
        ax.text(-1.2, -0.95, "W write, R read, p/q fraction, then the work-items; colour: first "
                             "holder, pale when not a sole write", fontsize=7, va="bottom")
        fig.tight_layout()
        base = out_dir / f"{stem}_{number:02d}"
        for suffix in (".png", ".svg"):
            fig.savefig(base.with_suffix(suffix), dpi=110)
            written.append(base.with_suffix(suffix))
        plt.close(fig)
    return written
