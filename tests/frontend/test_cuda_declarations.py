"""CUDA names, memories, types and overloads read from declarations, never from spellings.

The red team's class-9 findings (tests/adversarial/class9): a member spelled
``blockDim.x`` that is not the built-in, ``__attribute__((shared))`` dropped
by the parse, enumerations of every width, the overload nvcc calls, and the
explicit specialisation of a template kernel.  These tests pin the
mechanisms down at the level of the IR.
"""

from __future__ import annotations

from pathlib import Path

import clang.cindex as ci

from veriscan.frontend import parse_kernel
from veriscan.frontend.builtins import narrowed_argument
from veriscan.frontend.clang_parse import parse_unit
from veriscan.ir import nodes as ir
from veriscan.ir.visit import stmt_exprs, sub_exprs, walk


def _cuda(tmp_path: Path, text: str, entry: str | None = None) -> ir.Kernel:
    path = tmp_path / "k.cu"
    path.write_text(text)
    return parse_kernel(path, entry=entry)


def _builtins(k: ir.Kernel) -> set[ir.BuiltinKind]:
    return {e.kind for s in walk(k.body) for root in stmt_exprs(s) for e in sub_exprs(root)
            if isinstance(e, ir.Builtin)}


def _unsupported(k: ir.Kernel) -> list[str]:
    return [s.construct for s in walk(k.body) if isinstance(s, ir.Unsupported)]


def test_index_variables_are_the_preludes_declarations_only(tmp_path: Path) -> None:
    k = _cuda(tmp_path, "struct C { dim3 blockDim; };\n"
                        "__global__ void k(int *a, C c, dim3 gridDim) {\n"
                        "  a[threadIdx.x] = c.blockDim.x + gridDim.y; }\n")
    assert _builtins(k) == {ir.BuiltinKind.LOCAL_ID}
    assert not _unsupported(k)


def test_attribute_the_parse_drops_is_refused(tmp_path: Path) -> None:
    k = _cuda(tmp_path, "__global__ void k(int *a) {\n"
                        "  __attribute__((shared)) int s[4]; s[0] = 1; a[0] = s[0]; }\n")
    (problem, *_) = _unsupported(k)
    assert "'shared' attribute ignored" in problem


def test_shared_with_device_is_shared_and_device_alone_is_refused(tmp_path: Path) -> None:
    k = _cuda(tmp_path, "__global__ void k(int *a) {\n"
                        "  __device__ __shared__ int s[4]; s[threadIdx.x % 4] = 1; }\n")
    assert [a.space for a in k.arrays] == [ir.MemSpace.LOCAL]
    k = _cuda(tmp_path, "__global__ void k(int *a) {\n"
                        "  __device__ int s[4]; s[0] = 1; a[0] = s[0]; }\n")
    assert any("declared __device__ in a function" in p for p in _unsupported(k))


def test_enumerations_take_their_integer_types(tmp_path: Path) -> None:
    k = _cuda(tmp_path, "enum E : unsigned char { A }; enum W { BIG = 1LL << 40 };\n"
                        "__global__ void k(long *a) { E e = A; a[0] = e; a[1] = BIG; }\n")
    types = {v: t for v, t in k.var_types.items() if v.startswith("e")}
    assert [(t.bits, t.signed) for t in types.values()] == [(8, False)]
    consts = [e for s in walk(k.body) for root in stmt_exprs(s) for e in sub_exprs(root)
              if isinstance(e, ir.Const) and e.value == 1 << 40]
    assert consts and consts[0].type.bits == 64


def test_abs_of_long_long_takes_its_own_overload(tmp_path: Path) -> None:
    k = _cuda(tmp_path, "__global__ void k(long long *a) { a[0] = abs(a[1]); }\n")
    selects = [e for s in walk(k.body) for root in stmt_exprs(s) for e in sub_exprs(root)
               if isinstance(e, ir.Select)]
    assert selects and selects[0].type.bits == 64 and not _unsupported(k)


def test_an_argument_narrowed_by_a_declaration_is_found(tmp_path: Path) -> None:
    path = tmp_path / "k.cu"
    path.write_text("__device__ int f(int);\n"
                    "__global__ void k(long *a) { f(a[0]); f(7L); f(1.5f); }\n")
    unit = parse_unit(str(path), path.read_text(), ir.Dialect.CUDA, {})
    calls = [c for c in unit.tu.cursor.walk_preorder()
             if c.kind == ci.CursorKind.CALL_EXPR and c.location.file is not None
             and c.location.file.name == str(path)]
    found = [narrowed_argument(c) for c in calls]
    assert found[0] is not None and "from long to int" in found[0]
    assert found[1] is None  # 7L fits an int
    assert found[2] is not None  # float to int


def test_explicit_specialisation_is_named_with_its_arguments(tmp_path: Path) -> None:
    text = ("template <int K> __global__ void k(int *a) { a[0] = K; }\n"
            "template <> __global__ void k<1>(int *a) { a[threadIdx.x] = 1; }\n")
    assert _cuda(tmp_path, text, "k<1>").name == "k<1>"
    bare = _cuda(tmp_path, text, "k")
    assert any("explicit specialisations (k<1>)" in p for p in _unsupported(bare))
    default = _cuda(tmp_path, text)
    assert any("--kernel 'k<1>'" in p for p in _unsupported(default))
