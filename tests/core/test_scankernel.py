"""The scan-kernel convention: header keys, overrides and size expressions."""

import pytest

from veriscan.errors import VeriscanError
from veriscan.scankernel import eval_size_expr, load_scan_kernel, parse_header


@pytest.mark.parametrize(("expr", "n", "want"), [
    ("n", 8, 8), ("n/2", 8, 4), ("n // 4 + 1", 8, 3), ("max(1, n/2)", 2, 1),
    ("min(n, 256)", 4096, 256), ("2*n - 1", 3, 5),
])
def test_size_expressions(expr, n, want):
    assert eval_size_expr(expr, n) == want


@pytest.mark.parametrize("expr", ["n/2", "__import__('os')", "m", "n +", "open(n)", "n/0"])
def test_bad_size_expressions_are_input_errors(expr):
    with pytest.raises(VeriscanError):
        eval_size_expr(expr, 3)


def test_header_sets_mode_and_threads():
    src = "// veriscan: exclusive threads=n/2\n__kernel void k() {}\n"
    assert parse_header(src) == {"inclusive": False, "threads": "n/2"}
    assert parse_header("__kernel void k() {}\n") == {}


def test_unknown_header_key_names_the_line():
    with pytest.raises(VeriscanError) as info:
        parse_header("\n// veriscan: inclusive blocks=3\n", "k.cl")
    assert info.value.pos is not None and info.value.pos.line == 2
    assert "blocks=3" in str(info.value)


@pytest.mark.parametrize("key", ["expect=violation", "note=x", "groups=2", "requires=y"])
def test_test_corpus_keys_are_not_header_keys(key):
    """The test suite's expectations live in its own header lines (tests/corpus_format.py),
    never in the product's: a key only tests used is as unknown as any other."""
    with pytest.raises(VeriscanError, match="unknown key"):
        parse_header(f"// veriscan: inclusive threads=n {key}\n", "k.cl")


def test_overrides_and_thread_count(tmp_path):
    path = tmp_path / "k.cl"
    path.write_text("// veriscan: inclusive threads=n\n__kernel void k() {}\n")
    kernel = load_scan_kernel(str(path), inclusive=False, threads="n/2")
    assert (kernel.inclusive, kernel.thread_count(16)) == (False, 8)
    with pytest.raises(VeriscanError):
        kernel.with_overrides(threads="n-4").thread_count(2)


def test_missing_kernel_is_an_input_error(tmp_path):
    with pytest.raises(VeriscanError, match="not found"):
        load_scan_kernel(str(tmp_path / "nope.cl"))
    with pytest.raises(VeriscanError, match="not found"):
        load_scan_kernel("no_such_shipped_kernel")
