"""Verification of the library: what covers a call, the library's own proofs, certificates.

The library (:mod:`veriscan.library`) runs kernels; this package proves them,
with the same static checker and interval test as every other kernel:
:mod:`~veriscan.verification.library` (``veriscan verify library``),
:mod:`~veriscan.verification.explain` (``veriscan.explain``),
:mod:`~veriscan.verification.interval` (the interval test of whole pipelines)
and :mod:`~veriscan.verification.certificate` (the one certificate builder).
"""
