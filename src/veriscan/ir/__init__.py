"""Kernel IR: node definitions (:mod:`.nodes`) and traversals (:mod:`.visit`)."""

from veriscan.ir import nodes, visit

__all__ = ["nodes", "visit"]
