"""The error and reason ids: one vocabulary, documented once, every id the code names in it."""

import re
from pathlib import Path

from veriscan import diagnostics
from veriscan.diagnostics import ERRORS, REASONS, markdown_table, spec_error
from veriscan.smt.outcome import ERROR_IDS

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "veriscan"
_NAMED = re.compile(r"""\b(error|reason|undecided|error_id|reason_id)=["']([a-z_.]+)["']""")
_QUOTED = re.compile(r"""["']([a-z_.]+)["']""")
_OBLIGATION = re.compile(r"""obligation=["']([a-z ()-]+)["']""")


def _code() -> str:
    return "\n".join(p.read_text() for p in sorted(SOURCE.rglob("*.py"))
                     if p.name != "diagnostics.py")


def test_the_readme_table_is_the_vocabulary():
    assert markdown_table() in (ROOT / "README.md").read_text()


def test_every_id_the_code_names_is_in_the_vocabulary():
    # Named ids are checked when a verdict is made; this catches the paths no test runs.
    code = _code()
    named = _NAMED.findall(code)
    assert len(named) > 50
    for kind, name in named:
        table = ERRORS if kind in ("error", "error_id") else REASONS
        assert name in table, f"{kind}={name!r} is not in diagnostics"
    assert set(ERROR_IDS.values()) <= set(ERRORS)


def test_every_id_in_the_vocabulary_is_used():
    code = _code()
    used = {name for _, name in _NAMED.findall(code)} | set(ERROR_IDS.values())
    used |= {spec_error(o) for o in _OBLIGATION.findall(code)}
    used |= {spec_error(f"{kind} permission") for kind in ("read", "write")}  # f-string
    # chosen by an expression (translate.undefined_reason, the kind of a race)
    used |= set(_QUOTED.findall(code)) & (set(ERRORS) | set(REASONS))
    assert not (set(ERRORS) | set(REASONS)) - used


def test_spec_obligations_map_to_ids_that_exist():
    for obligation in _OBLIGATION.findall(_code()):
        assert spec_error(obligation) in ERRORS, obligation
    assert spec_error("loop invariant (preserved)") == "spec.loop_invariant_preserved"


def test_a_typo_in_an_id_is_refused_when_the_verdict_is_made():
    import pytest

    with pytest.raises(ValueError, match="reason id 'write-write'"):
        diagnostics.require("race", "write-write")
