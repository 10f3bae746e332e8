"""The public Python API: real types for type checkers, and no guessing from truthy values."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest

import veriscan


@pytest.mark.parametrize("value", ["no", "False", 0, 1, None, [True]])
def test_scan_inclusive_must_be_a_bool(value) -> None:
    with pytest.raises(TypeError, match="inclusive must be True or False"):
        veriscan.scan(np.arange(4, dtype=np.int32), inclusive=value)


def test_package_is_typed_and_lazy_names_have_real_signatures() -> None:
    assert (Path(veriscan.__file__).parent / "py.typed").is_file()
    for name in ("scan", "exclusive_scan", "compact", "summed_area_table", "transpose"):
        function = getattr(veriscan, name)
        hints = inspect.get_annotations(function)
        assert "return" in hints, name
    # At run time the names load lazily through the module's __getattr__; type checkers
    # read the TYPE_CHECKING imports, which must cover every lazy name with its real module.
    tree = ast.parse(Path(veriscan.__file__).read_text())
    guarded = next(node for node in tree.body if isinstance(node, ast.If)
                   and getattr(node.test, "id", "") == "TYPE_CHECKING")
    imported = {(imp.module, alias.name) for imp in guarded.body
                if isinstance(imp, ast.ImportFrom) for alias in imp.names}
    assert imported == {(module, name) for name, module in veriscan._LAZY.items()}
