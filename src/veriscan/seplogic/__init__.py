"""Permission-based separation logic for kernels: VerCors-style annotations and their checker."""

from __future__ import annotations

from pathlib import Path

ANNOTATED_DIR = Path(__file__).resolve().parent.parent / "kernels" / "annotated"


def annotated_kernels() -> dict[str, Path]:
    """The shipped annotated example kernels, by file stem."""
    return {p.stem: p for p in sorted(ANNOTATED_DIR.glob("*.c[lu]"))}
