"""Pictures of the benchmark tables, shared by table3.py, table4.py and throughput.py.

The scripts print their tables first; a picture is an optional extra
(``--plot FILE.png``, with ``FILE.svg`` written beside it), so every chart
here is drawn from the rows a script already measured and nothing is timed
twice.  Two chart shapes cover all three scripts:

* :func:`line_chart` — one or more log-log panels where colour says *which
  kernel* and line style says *what was measured* (ours measured, a paper's
  published points, cold or warm, …), so one legend of colours and one of
  styles replace a legend entry per line;
* :func:`ratio_bars` — horizontal bars of speed-up against each rival on a
  log axis (ratios span 1× to 1000×), grouped by task and size, with parity
  and the stated targets marked.

Figures are built with matplotlib's object API on an Agg canvas rather than
through pyplot, so no display and no global figure registry are involved and
a benchmark never leaves figures open.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator

TITLE_WIDTH = 110
DPI = 120
MARK_COLOUR = "black"
TARGET_COLOUR = "crimson"


@dataclass(frozen=True)
class Style:
    """How one kind of measurement is drawn; ``linestyle="none"`` for published points."""

    linestyle: str
    marker: str
    markersize: float = 5.0


@dataclass(frozen=True)
class Series:
    """One line: ``group`` picks the colour (a kernel), ``kind`` the :class:`Style`."""

    group: str
    kind: str
    xs: Sequence[float]
    ys: Sequence[float]


@dataclass(frozen=True)
class Mark:
    """A target or reference: a horizontal line at ``y``, or one point when ``x`` is set."""

    label: str
    y: float
    x: float | None = None


@dataclass(frozen=True)
class Panel:
    """One log-log axes; ``fractions`` labels the y axis 1/10, 1/100, … (for ratios < 1)."""

    title: str
    xlabel: str
    ylabel: str
    series: Sequence[Series]
    marks: Sequence[Mark] = ()
    fractions: bool = False


@dataclass(frozen=True)
class Bar:
    """One speed-up bar: ``ratio`` = rival time / our time, so above 1 means we are faster."""

    group: str
    rival: str
    family: str
    ratio: float
    target: float | None = None


def plot_path(text: str) -> Path:
    """argparse type for ``--plot``: refuse a bad destination before minutes of measuring."""
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text!r} must end in .png (the .svg goes beside it)")
    existing = path.parent.resolve()
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write under {existing} for {text!r}")
    return path


def machine() -> str:
    """The host CPU as a title can state it: times mean little without the machine."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    return f"{model}, {os.cpu_count()} logical cores, {platform.system()}"


def line_chart(path: Path, title: str, panels: Sequence[Panel],
               styles: dict[str, Style]) -> list[Path]:
    """Draw ``panels`` side by side and write PNG + SVG; returns both paths."""
    if not panels:
        raise ValueError("line_chart: no panels to draw")
    for panel in panels:
        _check_panel(panel, styles)
    groups = list(dict.fromkeys(s.group for p in panels for s in p.series))
    colours = _colours(groups)
    fig = Figure(figsize=(6.5 * len(panels) + 3.5, 5.5), layout="constrained")
    # The legends get a column of their own so that they never cover data or the title.
    *axes, key = fig.subplots(1, len(panels) + 1, squeeze=True,
                              width_ratios=[1.0] * len(panels) + [0.55])
    for ax, panel in zip(axes, panels, strict=True):
        for s in panel.series:
            style = styles[s.kind]
            ax.plot(s.xs, s.ys, color=colours[s.group], linestyle=style.linestyle,
                    marker=style.marker, markersize=style.markersize, linewidth=1.6,
                    markeredgecolor="black" if style.linestyle == "none" else None,
                    markeredgewidth=0.5)
        for mark in panel.marks:
            if mark.x is None:  # labelled in place: two dashed lines in a legend look alike
                ax.axhline(mark.y, color=MARK_COLOUR, linestyle=(0, (4, 3)), linewidth=1.0)
                ax.annotate(mark.label, (1.0, mark.y), xycoords=("axes fraction", "data"),
                            xytext=(-4, 3), textcoords="offset points", ha="right",
                            va="bottom", fontsize=8)
            else:
                ax.plot([mark.x], [mark.y], linestyle="none", marker="*", markersize=14,
                        color=TARGET_COLOUR, markeredgecolor="black")
        ax.set_xscale("log", base=2)
        ax.xaxis.set_major_locator(LogLocator(base=2, numticks=16))
        ax.xaxis.set_major_formatter(FuncFormatter(_power_of_two))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(_fraction if panel.fractions else _plain))
        ax.grid(True, which="major", alpha=0.3)
        ax.set_title(panel.title, fontsize=11)
        ax.set_xlabel(panel.xlabel)
        ax.set_ylabel(panel.ylabel)
    kinds = list(dict.fromkeys(s.kind for p in panels for s in p.series))
    drawn = [Line2D([], [], color="dimgray", linestyle=styles[k].linestyle,
                    marker=styles[k].marker, label=k) for k in kinds]
    drawn += [Line2D([], [], linestyle="none", marker="*", markersize=12, color=TARGET_COLOUR,
                     markeredgecolor="black", label=label)
              for label in dict.fromkeys(m.label for p in panels for m in p.marks
                                         if m.x is not None)]
    key.axis("off")
    key.add_artist(key.legend(
        handles=[Line2D([], [], color=colours[g], linewidth=3, label=g) for g in groups],
        loc="upper left", title="kernel", fontsize=9, alignment="left"))
    key.legend(handles=drawn, loc="lower left", title="what is drawn", fontsize=9,
               alignment="left")
    fig.suptitle(_wrap(title), fontsize=11)
    return _save(fig, path)


def ratio_bars(path: Path, title: str, bars: Sequence[Bar], xlabel: str) -> list[Path]:
    """Horizontal speed-up bars grouped by ``Bar.group``; writes PNG + SVG, returns both."""
    if not bars:
        raise ValueError("ratio_bars: no bars to draw")
    bad = [b for b in bars if not all(v > 0 and math.isfinite(v) for v in
                                      (b.ratio, b.ratio if b.target is None else b.target))]
    if bad:
        raise ValueError(f"ratio_bars: ratio and target must be positive and finite, "
                         f"got {bad[0]}")
    rows: list[tuple[str, Bar | None]] = []  # a heading row (None) starts every group
    for group in dict.fromkeys(b.group for b in bars):
        rows.append((group, None))
        rows += [(f"vs {b.rival}", b) for b in bars if b.group == group]
    families = list(dict.fromkeys(b.family for b in bars))
    colours = _colours(families)
    fig = Figure(figsize=(11.0, 2.2 + 0.32 * len(rows)), layout="constrained")
    ax = fig.add_subplot()
    ys = list(range(len(rows)))[::-1]
    for y, (_, bar) in zip(ys, rows, strict=True):
        if bar is None:
            continue
        # Bars grow from parity, so a slowdown points left instead of hiding as a short bar.
        ax.barh(y, bar.ratio - 1.0, left=1.0, height=0.7, color=colours[bar.family])
        ahead = bar.ratio >= 1.0
        ax.annotate(f"{bar.ratio:,.2f}×", (bar.ratio, y), xytext=(3 if ahead else -3, 0),
                    textcoords="offset points", ha="left" if ahead else "right",
                    va="center", fontsize=8)
        if bar.target is not None:
            ax.plot([bar.target], [y], linestyle="none", marker="D", markersize=7,
                    color=TARGET_COLOUR, markeredgecolor="black")
    ax.axvline(1.0, color=MARK_COLOUR, linestyle=(0, (4, 3)), linewidth=1.0)
    ax.set_yticks(ys, [label for label, _ in rows])
    for tick, (_, bar) in zip(ax.get_yticklabels(), rows, strict=True):
        if bar is None:
            tick.set_fontweight("bold")
    ax.set_xscale("log")
    ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}×"))
    ratios = [b.ratio for b in bars] + [b.target for b in bars if b.target is not None]
    ax.set_xlim(min(0.5, min(ratios) / 2.5), max(ratios) * 3)
    ax.grid(True, axis="x", which="major", alpha=0.3)
    ax.set_xlabel(xlabel)
    handles = [Patch(color=colours[f], label=f) for f in families]
    handles.append(Line2D([], [], color=MARK_COLOUR, linestyle=(0, (4, 3)), label="parity, 1×"))
    if any(b.target is not None for b in bars):
        handles.append(Line2D([], [], linestyle="none", marker="D", color=TARGET_COLOUR,
                              markeredgecolor="black", label="target (bar should reach it)"))
    fig.legend(handles=handles, loc="outside lower center", ncols=2, fontsize=9)
    fig.suptitle(_wrap(title), fontsize=11)
    return _save(fig, path)


def _check_panel(panel: Panel, styles: dict[str, Style]) -> None:
    """Log axes cannot show zero or negative values, and matplotlib would drop them silently."""
    if not panel.series:
        raise ValueError(f"line_chart: panel {panel.title!r} has no series")
    for s in panel.series:
        where = f"panel {panel.title!r}, series {s.group}/{s.kind}"
        if s.kind not in styles:
            raise ValueError(f"line_chart: {where} has no style")
        if not s.xs or len(s.xs) != len(s.ys):
            raise ValueError(f"line_chart: {where} has {len(s.xs)} x and {len(s.ys)} y values")
        if not all(v > 0 and math.isfinite(v) for v in (*s.xs, *s.ys)):
            raise ValueError(f"line_chart: {where} has a value a log axis cannot show")


def _colours(names: list[str]) -> dict[str, tuple[float, ...]]:
    cmap = colormaps["tab10" if len(names) <= 10 else "tab20"]
    return {name: cmap(k % cmap.N) for k, name in enumerate(names)}


def _power_of_two(value: float, _pos: int) -> str:
    return f"$2^{{{round(math.log2(value))}}}$" if value > 0 else ""


def _plain(value: float, _pos: int) -> str:
    return f"{value:g}"


def _fraction(value: float, _pos: int) -> str:
    return f"1/{1 / value:,.0f}" if 0 < value < 1 else f"{value:g}"


def _wrap(title: str) -> str:
    return "\n".join(textwrap.fill(line, TITLE_WIDTH) for line in title.splitlines())


def _save(fig: Figure, path: Path) -> list[Path]:
    """Both files or neither: a PNG without its SVG would look like a finished run."""
    FigureCanvasAgg(fig)  # attaches itself: PNG through Agg, SVG through its own backend
    path.parent.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    try:
        for target in (path.with_suffix(".png"), path.with_suffix(".svg")):
            fig.savefig(target, dpi=DPI)
            written.append(target)
    except Exception:
        for target in written:
            target.unlink(missing_ok=True)
        raise
    for target in written:  # stderr, so that a script's --json output stays clean
        print(f"wrote {target}", file=sys.stderr)
    return written
