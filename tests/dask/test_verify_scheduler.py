"""`veriscan verify all --scheduler local`: the same verdicts as the serial sweep."""

import json

import pytest

pytest.importorskip("distributed", reason="needs the dask extra: pip install 'veriscan[dask]'")

from veriscan.cli.main import main

# Oclgrind quotes the source line of a report when it can find it, and does not always
# (also between two serial runs): that quotation is not part of the verdict.
VOLATILE = {"seconds", "created", "source"}


def _stable(record):
    if isinstance(record, dict):
        return {k: _stable(v) for k, v in record.items() if k not in VOLATILE}
    if isinstance(record, list):
        return [_stable(v) for v in record]
    return record


def _run(capsys, *extra):
    code = main(["verify", "all", "--n", "2", "--json", *extra])
    return code, json.loads(capsys.readouterr().out)


def test_dask_sweep_equals_the_serial_sweep(capsys):
    serial_code, serial = _run(capsys)
    dask_code, on_dask = _run(capsys, "--scheduler", "local")
    assert dask_code == serial_code
    assert [r["kernel"] for r in on_dask["results"]] == [r["kernel"] for r in serial["results"]]
    assert _stable(on_dask) == _stable(serial)


def test_unreachable_scheduler_and_library_are_bad_usage(capsys):
    assert main(["verify", "all", "--n", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 3
    assert "cannot reach a Dask scheduler" in capsys.readouterr().err
    assert main(["verify", "library", "--n", "5", "--scheduler", "local"]) == 3
    assert "--scheduler" in capsys.readouterr().err
