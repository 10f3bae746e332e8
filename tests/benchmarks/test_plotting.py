"""The shared benchmark plotting module: files written, bad data refused loudly.

``benchmarks/`` holds scripts, not a package, so the module is loaded from its
path; that works from a clean clone whatever directory pytest was started in.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

PLOTTING = Path(__file__).resolve().parents[2] / "benchmarks" / "plotting.py"


@pytest.fixture(scope="module")
def plotting() -> ModuleType:
    spec = importlib.util.spec_from_file_location("veriscan_benchmark_plotting", PLOTTING)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    return module


def _styles(plotting: ModuleType) -> dict:
    return {"measured": plotting.Style("-", "o"), "published": plotting.Style("none", "s")}


def _panel(plotting: ModuleType, series: list) -> object:
    return plotting.Panel("time", "n", "seconds", series, marks=[
        plotting.Mark("target 0.5 s", 0.5), plotting.Mark("target point", 0.1, x=4)])


def _assert_written(paths: list[Path], png: Path) -> None:
    assert paths == [png, png.with_suffix(".svg")]
    assert png.read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in png.with_suffix(".svg").read_bytes()


def test_line_chart_writes_png_and_svg(plotting: ModuleType, tmp_path: Path) -> None:
    series = [plotting.Series("kogge_stone", "measured", [2, 4, 8], [0.05, 0.06, 0.08]),
              plotting.Series("kogge_stone", "published", [2, 8], [5.7, 5.9]),
              plotting.Series("blelloch", "measured", [2, 4, 8], [0.07, 0.09, 0.1])]
    png = tmp_path / "nested" / "chart.png"
    _assert_written(plotting.line_chart(png, "synthetic", [_panel(plotting, series)],
                                        _styles(plotting)), png)


def test_ratio_bars_write_png_and_svg(plotting: ModuleType, tmp_path: Path) -> None:
    bars = [plotting.Bar("scan 2^20", "numpy.cumsum", "NumPy", 2.5, target=1.0),
            plotting.Bar("scan 2^20", "pyopencl scan", "pyopencl", 0.8, target=5.0),
            plotting.Bar("compact 2^20", "numpy x[flags]", "NumPy", 4.1)]
    png = tmp_path / "bars.png"
    _assert_written(plotting.ratio_bars(png, "synthetic", bars, "speed-up"), png)


def test_empty_data_is_refused_and_nothing_is_written(plotting: ModuleType,
                                                      tmp_path: Path) -> None:
    png = tmp_path / "empty.png"
    with pytest.raises(ValueError, match="no panels"):
        plotting.line_chart(png, "empty", [], _styles(plotting))
    with pytest.raises(ValueError, match="no series"):
        plotting.line_chart(png, "empty", [_panel(plotting, [])], _styles(plotting))
    with pytest.raises(ValueError, match="0 x and 0 y"):
        plotting.line_chart(png, "empty", [_panel(plotting, [
            plotting.Series("k", "measured", [], [])])], _styles(plotting))
    with pytest.raises(ValueError, match="no bars"):
        plotting.ratio_bars(png, "empty", [], "speed-up")
    assert list(tmp_path.iterdir()) == []


def test_values_a_log_axis_cannot_show_are_refused(plotting: ModuleType,
                                                   tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="log axis"):
        plotting.line_chart(tmp_path / "x.png", "zero", [_panel(plotting, [
            plotting.Series("k", "measured", [2, 4], [0.1, 0.0])])], _styles(plotting))
    with pytest.raises(ValueError, match="ratio and target must be positive and finite"):
        plotting.ratio_bars(tmp_path / "x.png", "zero", [
            plotting.Bar("g", "numpy", "NumPy", float("inf"))], "speed-up")


def test_plot_path_refuses_a_bad_destination_before_any_measuring(
        plotting: ModuleType, tmp_path: Path) -> None:
    assert plotting.plot_path(str(tmp_path / "a" / "b.png")) == tmp_path / "a" / "b.png"
    with pytest.raises(argparse.ArgumentTypeError, match=r"must end in \.png"):
        plotting.plot_path(str(tmp_path / "chart.svg"))
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(argparse.ArgumentTypeError, match="cannot write under"):
        plotting.plot_path(str(blocker / "chart.png"))
