"""veriscan.kernels: the shipped .cl/.cu kernels (scan/, library/, annotated/)."""

from pathlib import Path

KERNEL_DIR = Path(__file__).resolve().parent
