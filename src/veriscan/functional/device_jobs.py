"""The jobs a device worker runs in its child process, one per kind of device run.

A worker (:class:`~veriscan.device.worker.DeviceWorker`) is sent a
module-level function by name and its arguments, pickled: these are those
functions.  Each opens the runtime itself, in the child, so a run that hangs
or crashes takes only the child with it; each returns something small and
picklable (a verdict, the device's description, what was launched).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from veriscan.errors import VeriscanError

if TYPE_CHECKING:
    from veriscan.device.opencl import Runtime
    from veriscan.scankernel import ScanKernel
    from veriscan.verdict import Verdict

    # A verdict test run on a device (the interval test, Voigtländer's tests).
    DeviceTest = Callable[[ScanKernel, int, Runtime], Verdict]


def verdict_test_job(test: DeviceTest, kernel: ScanKernel, n: int, selector: str) -> Verdict:
    """``test(kernel, n, runtime)`` on the implementation ``selector`` picks (the GPU, for
    a CUDA kernel run as written)."""
    from veriscan.device.opencl import get_runtime
    from veriscan.functional import cuda_native

    if selector == cuda_native.SELECTOR:
        return test(kernel, n, cuda_native.native_target())  # type: ignore[arg-type]
    return test(kernel, n, get_runtime(selector or None))


def native_name_job() -> str | None:
    """What to call the GPU a CUDA kernel runs on as written; None without CuPy and a GPU."""
    from veriscan.functional.cuda_native import native_target

    try:
        return native_target().description
    except VeriscanError:
        return None


def scan_job(kernel: ScanKernel, n: int, selector: str, values: list[np.ndarray]) -> str:
    """Run the scan on each input with int32 addition; returns the device description."""
    from veriscan.device.opencl import get_runtime
    from veriscan.functional.scan_runner import prepare_scan
    from veriscan.monoids import get_monoid

    rt = get_runtime(selector or None)
    program = prepare_scan(kernel, get_monoid("add", "int32"), n, rt)
    for v in values:
        program.run(v)
    return rt.description


def launch_job(selector: str, source: str, options: list[str], entry: str,
               global_size: tuple[int, ...], local_size: tuple[int, ...],
               args: list[tuple[str, Any]], origin: str) -> str:
    """One launch of any OpenCL kernel; ``args`` are ("buffer", array) or ("scalar", value)."""
    import pyopencl as cl

    from veriscan.device.opencl import get_runtime

    rt = get_runtime(selector or None)
    program = rt.build(source, options, origin=origin)
    kernel = cl.Kernel(program, entry)
    values = [rt.to_device(v) if kind == "buffer" else v for kind, v in args]
    kernel(rt.queue, global_size, local_size, *values)
    rt.queue.finish()
    return rt.description


def library_job(selector: str, sizes: list[int], shape: tuple[int, int]) -> list[str]:
    """Every library primitive once per size on the device, checked against NumPy;
    returns what was launched (a wrong result raises, and the parent reports it)."""
    from veriscan.library.compact import compact
    from veriscan.library.pipeline import ALGORITHMS
    from veriscan.library.sat import SAT_ALGORITHMS, summed_area_table
    from veriscan.library.scan import scan
    from veriscan.library.transpose import transpose

    device = selector or None
    done = []
    rng = np.random.default_rng(0)
    for n in sizes:
        x = rng.integers(-9, 9, n).astype(np.int32)
        for algorithm in ALGORITHMS[1:]:
            for inclusive in (True, False):
                got = scan(x, "add", inclusive, algorithm, device)
                want = np.cumsum(x) if inclusive else np.concatenate(([0], np.cumsum(x)[:-1]))
                _same(got, want, f"scan {algorithm} n={n}")
                done.append(f"scan {algorithm} {'inclusive' if inclusive else 'exclusive'} "
                            f"n={n}")
        kept, count = compact(x, x > 0, device, algorithm="device")
        _same(np.asarray(kept)[:int(count)], x[x > 0], f"compact n={n}")
        done.append(f"compact n={n}")
    a = rng.integers(0, 9, shape).astype(np.int32)
    for algorithm in SAT_ALGORITHMS[1:]:
        _same(summed_area_table(a, algorithm=algorithm, device=device),
              a.cumsum(0).cumsum(1), f"summed-area table {algorithm}")
        done.append(f"summed-area table {algorithm} {shape}")
    _same(transpose(a, device=device), a.T, "transpose")
    done.append(f"transpose {shape}")
    return done


def _same(got: Any, want: np.ndarray, what: str) -> None:
    if not np.array_equal(np.asarray(got), want):
        raise VeriscanError(f"{what}: the device result differs from NumPy's")
