"""The libclang front end: real OpenCL C / CUDA C lowered to the IR faithfully."""

from __future__ import annotations

from pathlib import Path

import pytest

from veriscan.errors import KernelSourceError
from veriscan.frontend import parse_kernel
from veriscan.ir import nodes as ir
from veriscan.ir.visit import stmt_exprs, sub_exprs, walk

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus" / "static"
SNIPPETS = CORPUS / "frontend"
CUDA = ROOT / "src" / "veriscan" / "kernels" / "scan" / "cuda"


def stmts(kernel: ir.Kernel, kind: type) -> list:
    return [s for s in walk(kernel.body) if isinstance(s, kind)]


def test_opencl_scan_kernel_lowers_to_generic_ir_with_positions() -> None:
    k = parse_kernel(CORPUS / "kogge_stone_ok.cl", defines={"N": "16"})
    assert k.name == "scan" and k.dialect is ir.Dialect.OPENCL
    src, dst = k.params
    assert (src.name, src.space, src.is_const, src.type.kind) == (
        "in", ir.MemSpace.GLOBAL, True, ir.TypeKind.GENERIC)
    assert (dst.name, dst.is_const) == ("out", False)
    (buf,) = k.arrays
    assert (buf.name, buf.space, buf.dims, buf.type.kind) == (
        "buf", ir.MemSpace.LOCAL, (16,), ir.TypeKind.GENERIC)
    assert [b.pos.line for b in stmts(k, ir.Barrier)] == [10, 15, 18]
    assert all(b.fences == ir.Fence.LOCAL for b in stmts(k, ir.Barrier))
    loads = [(s.array, s.pos.line) for s in stmts(k, ir.Load)]
    assert loads == [("in", 8), ("buf", 11), ("buf", 13), ("buf", 19)]
    stores = [(s.array, s.pos.line) for s in stmts(k, ir.Store)]
    assert stores == [("buf", 8), ("buf", 16), ("out", 19)]
    ops = [e for s in walk(k.body) for root in _exprs(s) for e in sub_exprs(root)
           if isinstance(e, ir.GenericOp)]
    assert len(ops) == 1 and ops[0].pos.line == 13
    (loop,) = stmts(k, ir.Loop)
    assert loop.label == "loop@9" and isinstance(loop.cond, ir.BinOp) and loop.cond.op == "<"


def _exprs(s: ir.Stmt) -> tuple[ir.Expr, ...]:
    return stmt_exprs(s)


def test_cuda_twin_maps_cuda_builtins() -> None:
    k = parse_kernel(CUDA / "kogge_stone_cuda.cu", defines={"N": "8"})
    assert k.dialect is ir.Dialect.CUDA and k.name == "kogge_stone_cuda"
    assert [a.space for a in k.arrays] == [ir.MemSpace.LOCAL]
    assert all(p.space is ir.MemSpace.GLOBAL for p in k.params if p.is_pointer)
    builtins = {e.kind for s in walk(k.body) for root in _exprs(s) for e in sub_exprs(root)
                if isinstance(e, ir.Builtin)}
    assert builtins == {ir.BuiltinKind.LOCAL_ID}
    barriers = stmts(k, ir.Barrier)
    assert len(barriers) == 3
    assert all(b.fences == ir.Fence.LOCAL | ir.Fence.GLOBAL for b in barriers)


def test_shared_scalar_and_cuda_dimensions() -> None:
    k = parse_kernel(SNIPPETS / "shared_scalar.cu")
    (leader,) = k.arrays
    assert (leader.name, leader.space, leader.dims) == ("leader", ir.MemSpace.LOCAL, (1,))
    assert [s.array for s in stmts(k, ir.Store)] == ["leader", "out"]
    kinds = {e.kind for s in walk(k.body) for root in _exprs(s) for e in sub_exprs(root)
             if isinstance(e, ir.Builtin)}
    assert kinds == {ir.BuiltinKind.LOCAL_ID, ir.BuiltinKind.GROUP_ID,
                     ir.BuiltinKind.LOCAL_SIZE, ir.BuiltinKind.NUM_GROUPS}


def test_defined_type_makes_the_kernel_concrete() -> None:
    k = parse_kernel(CORPUS / "kogge_stone_ok.cl", defines={"N": "4", "TYPE": "int"})
    assert all(p.type.kind is ir.TypeKind.INT for p in k.params)
    assert all(a.type.kind is ir.TypeKind.INT for a in k.arrays)


def test_load_in_conditional_arm_stays_guarded() -> None:
    k = parse_kernel(SNIPPETS / "select_load.cl")
    (branch,) = stmts(k, ir.If)
    assert [type(s).__name__ for s in branch.then] == ["Load", "Assign"]
    assert not any(isinstance(s, ir.Load) for s in k.body)


def test_pointer_locals_resolve_to_array_and_offset() -> None:
    k = parse_kernel(SNIPPETS / "pointer_alias.cl")
    first, second = stmts(k, ir.Store)
    assert first.array == second.array == "out"
    offsets = [s for s in stmts(k, ir.Assign) if s.target.startswith("row.offset")]
    assert len(offsets) == 2  # the declaration and `row += 2`


@pytest.mark.parametrize(("name", "construct", "line"), [
    ("ptr_difference_unknown.cl", "pointer arithmetic '-'", 8),
    ("goto_loop.cl", "goto", 8),
    ("function_pointer.cu", "function pointer", 11),
    ("gpuverify_access_annotation.cl", "GPUVerify annotation __read", 8),
])
def test_unsupported_constructs_are_kept_with_their_line(name: str, construct: str,
                                                         line: int) -> None:
    k = parse_kernel(CORPUS / name)
    found = [(s.construct, s.pos.line) for s in stmts(k, ir.Unsupported)]
    assert any(construct in c and at == line for c, at in found), found


def test_inline_assembly_is_unsupported() -> None:
    k = parse_kernel(SNIPPETS / "inline_asm.cu")
    assert [(s.construct, s.pos.line) for s in stmts(k, ir.Unsupported)] == [
        ("inline assembly", 4)]


def test_helper_functions_are_inlined() -> None:
    k = parse_kernel(CORPUS / "inlined_helper_ok.cl")
    assert not stmts(k, ir.Unsupported)
    assert [s.array for s in stmts(k, ir.Load)] == ["data"]
    assert [s.array for s in stmts(k, ir.Store)] == ["data"]


def test_malformed_source_names_the_line() -> None:
    with pytest.raises(KernelSourceError) as err:
        parse_kernel(SNIPPETS / "syntax_error.cl")
    assert err.value.pos is not None and err.value.pos.line == 4
    assert "expected ';'" in str(err.value)


def test_several_kernels_need_an_entry() -> None:
    with pytest.raises(KernelSourceError, match="several kernels"):
        parse_kernel(SNIPPETS / "two_kernels.cl")
    assert parse_kernel(SNIPPETS / "two_kernels.cl", entry="second").name == "second"
    with pytest.raises(KernelSourceError, match="no kernel named 'third'"):
        parse_kernel(SNIPPETS / "two_kernels.cl", entry="third")


def test_missing_define_is_a_source_error() -> None:
    with pytest.raises(KernelSourceError, match="N"):
        parse_kernel(CORPUS / "kogge_stone_ok.cl")
