"""Fuzzing the command line: random bytes, token soup, truncated kernels, odd headers and options.

Whatever the input, a run must end with exit 0, 1, 2 or 3 (never 4, an internal
error, and never a crash), print one JSON document that validates against the
schema and show no traceback; `conftest.run_json` checks all of it.  The cases
come from a fixed seed, so a failure is reproducible: the case id names it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from veriscan.scankernel import KERNEL_DIR

SEED = 14
SHIPPED = sorted((KERNEL_DIR / "scan").glob("*.cl"))
TOKENS = ["__kernel", "void", "scan", "(", ")", "{", "}", "__global", "const", "TYPE", "*",
          "in", ",", "out", ";", "int", "t", "=", "get_local_id(0)", "for", "if", "while",
          "barrier(CLK_LOCAL_MEM_FENCE)", "[", "]", "OPERATOR", "IDENTITY", "N", "+", "<",
          "#define", "#if", "#endif", "#include", "\n", "return", "/*", "*/", "//", '"', "'",
          "1", "0", "__local", "buf", "sizeof", "?", ":", "\\", "@", "\t", "é", "//@", "/*@"]
HEADER_WORDS = ["inclusive", "exclusive", "threads=n", "threads=", "threads=n/2",
                "threads=n**n", "threads=max(n,", "threads=2**99", "threads=n%0", "threads=-n",
                "threads=__import__('os')", "expect=x", "=", "threads=n/3", "threads=1e9",
                "threads=(" * 60 + "n" + ")" * 60, "threads=n**-1", "threads=min()",
                "threads=lambda:1", "colour=blue", "threads=n*n*n*n*n*n*n*n"]
ODD_OPTIONS = [["--n", "4"], ["--n", "4,8"], ["--n", "7"], ["--n", "0x10"], ["--n", " 8 "],
               ["--n", "2,"], ["--n", "1e3"], ["--n", "٤"], ["--n", "-0"], ["--threads", "n"],
               ["--threads", ""], ["--threads", "n/"], ["--threads", "9" * 300],
               ["--kernel", ""], ["--kernel", "scan"], ["-D", "X"], ["-D", "=1"],
               ["-D", "F(a,b)=a"], ["--generic", "TYPE="], ["--generic", ",,,"],
               ["--inclusive"], ["--exclusive"], ["--json"], ["--groups", "x"],
               ["--groups", "3"], ["--local-size", "0"], ["--local-size", "[4,4]"],
               ["--num-groups", "1,1,1,1"], ["--global-size", "7"], ["--array-size", "out=n**n"],
               ["--param", "x=y"], ["--assume-distinct", "1"], ["--sarif", "/dev/null"],
               ["--certificate", "/"], ["--out", "/dev/null"], ["--bogus"], ["-"], ["--"],
               ["\x00"], ["--n"]]
COMMANDS = ["check", "check", "check", "verify", "interval-test", "circuit"]
# Device runs of a kernel that somehow never ends stop here instead of hanging the suite.
DEVICE_OPTIONS = {"verify": ["--timeout", "5"], "interval-test": ["--timeout", "5"]}


def _cases() -> list[tuple[str, str, object]]:
    """(kind, command, payload) for every case, drawn from one seeded generator."""
    rng = random.Random(SEED)
    cases: list[tuple[str, str, object]] = []
    for _ in range(25):
        cases.append(("bytes", rng.choice(COMMANDS),
                      bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))))
    for _ in range(35):
        cases.append(("tokens", rng.choice(COMMANDS),
                      " ".join(rng.choice(TOKENS) for _ in range(rng.randrange(1, 80)))))
    for _ in range(30):
        source = rng.choice(SHIPPED).read_text()
        cases.append(("truncated", rng.choice(COMMANDS), source[:rng.randrange(len(source))]))
    for _ in range(30):
        body = rng.choice(SHIPPED).read_text().split("\n", 1)[1]
        words = " ".join(rng.choice(HEADER_WORDS) for _ in range(rng.randrange(0, 4)))
        cases.append(("header", rng.choice(COMMANDS), f"// veriscan: {words}\n{body}"))
    for _ in range(40):
        options = [w for _ in range(rng.randrange(1, 4)) for w in rng.choice(ODD_OPTIONS)]
        cases.append(("options", rng.choice(COMMANDS), options))
    return cases


CASES = _cases()


def test_case_count() -> None:
    assert len(CASES) == 160


@pytest.mark.parametrize(("kind", "command", "payload"), CASES,
                         ids=[f"{i}-{kind}-{command}" for i, (kind, command, _) in
                              enumerate(CASES)])
def test_no_input_crashes_the_cli(cli, tmp_path: Path, kind, command, payload) -> None:
    extra = DEVICE_OPTIONS.get(command, [])
    if command == "circuit":
        extra = ["--out", str(tmp_path / "pictures")]
    if kind == "options":
        argv = [command, "kogge_stone", *payload, *extra]
    else:
        kernel = tmp_path / "fuzz.cl"
        if isinstance(payload, bytes):
            kernel.write_bytes(payload)
        else:
            kernel.write_text(payload)
        argv = [command, str(kernel), "--n", "4", *extra]
    out = cli(*argv)
    assert out.code in (0, 1, 2, 3), (out.doc["status"], out.doc["error"])
    if out.code == 3:
        assert out.doc["error"]["message"].strip()
