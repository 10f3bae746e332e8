"""The device compiler's own answers about its macros (the probes of scan_runner's
device-macro refusal), read through a stringifying macro that OpenCL C 1.2 compilers
accept (NVIDIA's has no variadic macros)."""

import re

from veriscan.device.opencl import _unparenthesised


def test_expansions_come_back_exactly_as_the_compiler_writes_them(runtime):
    names = {"INT_MIN", "NULL", "CLK_LOCAL_MEM_FENCE", "veriscan_not_a_macro"}
    macros = runtime.macros_among(names)
    assert "veriscan_not_a_macro" not in macros and "NULL" in macros
    expansions = runtime.macro_expansions(macros)
    # The macro's own parentheses stay; only the probe's wrapping goes (NVIDIA's NULL
    # is a plain 0, PoCL's a cast).
    assert expansions["NULL"].replace(" ", "") in ("((void*)0)", "0")
    assert expansions["INT_MIN"].replace(" ", "") in ("(-2147483647-1)", "(-2147483648)")
    assert int(expansions["CLK_LOCAL_MEM_FENCE"].strip("()"), 0) == 1


def test_a_renamed_builtin_comes_back_as_the_bare_new_name(runtime):
    # PoCL writes overloaded built-ins as macros renaming them; which ones varies, so ask.
    macros = runtime.macros_among({"abs", "max", "vload4", "get_local_id"})
    for name, expansion in runtime.macro_expansions(macros).items():
        assert re.fullmatch(r"[A-Za-z_]\w*", expansion), (name, expansion)


def test_a_truncated_expansion_loses_only_the_probes_parenthesis():
    assert _unparenthesised("(a, b)") == "a, b"
    assert _unparenthesised("(((void*)0))") == "((void*)0)"
    assert _unparenthesised("(x + y") == "x + y"
    assert _unparenthesised("()") == ""
