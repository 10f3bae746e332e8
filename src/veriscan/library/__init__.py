"""The verified primitives: scans over any monoid, compaction, summed-area tables, transpose.

Every kernel they launch lives in ``kernels/library/`` and is checked by
``veriscan verify library`` (race freedom by the static checker, the scan
pipelines by the interval test on the device).
"""

from veriscan.library.compact import compact
from veriscan.library.sat import summed_area_table
from veriscan.library.scan import exclusive_scan, scan
from veriscan.library.transpose import transpose

__all__ = ["compact", "exclusive_scan", "scan", "summed_area_table", "transpose"]
