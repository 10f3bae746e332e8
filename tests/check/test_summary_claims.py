"""A verified headline must not claim more than its parts proved."""

from pathlib import Path

from veriscan.check import Launch, check_kernel

STRIDED = """
__kernel void k(__global int *a) {
    int t = get_global_id(0);
    for (int j = 0; j < 2; j++) a[2*t + j] = j;
}
"""


def test_unsized_global_arrays_are_named_not_claimed_in_bounds(tmp_path: Path) -> None:
    path = tmp_path / "strided.cl"
    path.write_text(STRIDED)
    launch = Launch((64,), (2,))
    unsized = check_kernel(path, launch=launch)
    assert unsized.ok
    assert "not checked: a" in unsized.summary

    sized = check_kernel(path, launch=launch, array_sizes={"a": 256})
    assert sized.ok and "not checked" not in sized.summary

    too_small = check_kernel(path, launch=launch, array_sizes={"a": 255})
    assert not too_small.ok
    assert too_small.witness is not None and "a[255]" in too_small.summary
