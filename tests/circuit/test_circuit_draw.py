"""`veriscan circuit` writes both pictures, says what it drew, and refuses bad input cleanly."""

import json
from pathlib import Path

import pytest

from corpus_format import mutant_path
from veriscan.circuit.draw import check_drawable, is_interval, word_text
from veriscan.circuit.record import EventKind, record_circuit
from veriscan.cli.main import main
from veriscan.errors import VeriscanError
from veriscan.scankernel import load_scan_kernel

HERE = Path(__file__).resolve().parent


def test_writes_png_and_svg_with_title(tmp_path: Path, capsys) -> None:
    assert main(["circuit", "sklansky", "--n", "8", "--out", str(tmp_path)]) == 0
    png = tmp_path / "sklansky_circuit_n8.png"
    svg = tmp_path / "sklansky_circuit_n8.svg"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert "12 operators, depth 3" in capsys.readouterr().out


def test_json_reports_each_size(tmp_path: Path, capsys) -> None:
    assert main(["circuit", "kogge_stone", "--n", "4,8", "--out", str(tmp_path),
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    got = [(c["n"], c["size"], c["depth"], c["wrong_outputs"]) for c in record["circuits"]]
    assert got == [(4, 5, 2, []), (8, 17, 3, [])]
    assert all(Path(f).is_file() for c in record["circuits"] for f in c["files"])


def test_wrong_kernel_is_drawn_and_named(tmp_path: Path, capsys) -> None:
    mutant = mutant_path("sklansky__last_level_skipped")
    # Not a scan: drawn, and exit 1 like every other "violation" (issue 14).
    assert main(["circuit", str(mutant), "--n", "8", "--out", str(tmp_path)]) == 1
    assert "wrong at out[4, 5, 6, 7]" in capsys.readouterr().out
    assert "NOT a scan: 4 of 8 outputs wrong" in next(tmp_path.glob("*.svg")).read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["tests/corpus/static/not_generic_condition.cl", "--n", "8"], "looks inside TYPE"),
    (["kogge_stone", "--n", "128"], "too large to draw"),
    (["blelloch_tree2d", "--n", "16,32"], "too many for a picture"),
    (["no_such_kernel", "--n", "8"], "not found"),
])
def test_bad_input_exits_3_and_writes_nothing(tmp_path: Path, capsys, args: list[str],
                                              message: str) -> None:
    out = tmp_path / "pictures"
    assert main(["circuit", *args, "--out", str(out)]) == 3
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_overlapping_work_is_refused() -> None:
    circuit = record_circuit(load_scan_kernel(str(HERE / "kernels" / "private_prefix.cl")), 8)
    with pytest.raises(VeriscanError, match="same spot of wire out"):
        check_drawable(circuit)


def test_wires_are_the_tree_cells_in_use() -> None:
    circuit = record_circuit(load_scan_kernel("blelloch_tree1d"), 8)
    assert check_drawable(circuit) == list(range(1, 16))  # heap order: cell 0 is unused


def test_root_clearing_comes_a_row_after_the_root_sum() -> None:
    # blelloch_cuda has no barrier between the last up-sweep step and clearing the root
    circuit = record_circuit(load_scan_kernel("blelloch_cuda"), 8)
    root = [e for e in circuit.events if e.dest is not None and e.dest.index == 7
            and e.phase == 3]
    assert [(e.kind, e.row) for e in root] == [(EventKind.OPERATOR, 0),
                                               (EventKind.IDENTITY, 1)]


@pytest.mark.parametrize(("word", "text", "contiguous"), [
    ((), "∅", True), (None, "?", False), ((3,), "3", True), ((0, 1, 2, 3), "0–3", True),
    ((2, 0, 1), "2,0–1", False), ((0, 1, 3, 4), "0–1,3–4", False),
])
def test_word_labels(word, text: str, contiguous: bool) -> None:
    assert (word_text(word), is_interval(word)) == (text, contiguous)
