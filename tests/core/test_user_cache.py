"""The user cache: a kept answer is the computed one, a changed input is a new
entry, and a damaged or unwritable entry costs only the recomputation."""

from __future__ import annotations

import pytest

from veriscan import user_cache
from veriscan.frontend import foreign_names
from veriscan.ir.nodes import Dialect


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(user_cache.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    return tmp_path / "home" / "veriscan"


@pytest.mark.parametrize("dialect", [Dialect.OPENCL, Dialect.CUDA])
def test_kept_prelude_names_are_the_probed_ones(cache_home, dialect):
    probed = foreign_names._probe_side_names(dialect)
    # the interval monoid's word type and the placeholder's operator, among others
    assert {"VS_IV_WORD", "__veriscan_operator", "vs_interval_op"} <= probed
    first = user_cache.stored_names("side", foreign_names._shipped_digest(),
                                    lambda: foreign_names._probe_side_names(dialect))
    again = user_cache.stored_names("side", foreign_names._shipped_digest(),
                                    lambda: pytest.fail("recomputed a kept answer"))
    assert first == again == probed


def test_a_changed_input_is_another_entry(cache_home, tmp_path):
    source = tmp_path / "prelude.h"
    source.write_text("int a;")
    assert user_cache.stored_names("k", [source], lambda: ["a"]) == {"a"}
    source.write_text("int b;")
    assert user_cache.stored_names("k", [source], lambda: ["b"]) == {"b"}
    assert len(list(cache_home.glob("k-*.json"))) == 2


def test_a_damaged_entry_is_recomputed(cache_home):
    assert user_cache.stored_names("k", ["x"], lambda: ["a"]) == {"a"}
    (entry,) = cache_home.glob("k-*.json")
    entry.write_text('{"not": "a list"')
    assert user_cache.stored_names("k", ["x"], lambda: ["b"]) == {"b"}
    assert entry.read_text() == '["b"]'


def test_an_unwritable_cache_still_answers(cache_home, tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setattr(user_cache, "cache_folders", lambda: [blocked / "veriscan"])
    assert user_cache.stored_names("k", ["x"], lambda: ["a"]) == {"a"}
    assert user_cache.stored_names("k", ["x"], lambda: ["b"]) == {"b"}
