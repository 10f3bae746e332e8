"""The one program cache: keyed by (device, source, options), each entry built once, releasable."""

import threading

import numpy as np
import pytest

from veriscan.device.backend import OpenCLBackend
from veriscan.device.programs import PROGRAMS, ProgramCache, release_programs
from veriscan.errors import KernelSourceError
from veriscan.functional.scan_runner import prepare_scan
from veriscan.monoids import get_monoid
from veriscan.scankernel import load_scan_kernel

SOURCE = "__kernel void twice(__global int *a) { a[get_global_id(0)] *= 2; }\n"


def test_an_entry_is_built_once_per_key():
    cache = ProgramCache()
    calls = []

    def build():
        calls.append(1)
        return object()

    first = cache.get("dev", "text", ("-O",), build)
    assert cache.get("dev", "text", ("-O",), build) is first
    assert cache.get("dev", "text", ("-O2",), build) is not first
    assert cache.get("other", "text", ("-O",), build) is not first
    assert len(calls) == 3 and len(cache) == 3


def test_threads_asking_for_one_entry_build_it_once():
    cache = ProgramCache()
    calls = []
    gate = threading.Event()

    def build():
        calls.append(1)
        gate.wait(5)
        return object()

    got = []
    threads = [threading.Thread(target=lambda: got.append(cache.get("d", "s", (), build)))
               for _ in range(4)]
    for t in threads:
        t.start()
    gate.set()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len({id(g) for g in got}) == 1


def test_a_failed_build_is_not_kept():
    cache = ProgramCache()

    def fail():
        raise KernelSourceError("no")

    with pytest.raises(KernelSourceError):
        cache.get("d", "s", (), fail)
    assert len(cache) == 0
    assert cache.get("d", "s", (), lambda: 7) == 7


def test_release_drops_one_device_or_all():
    cache = ProgramCache()
    for device in ("a", "b"):
        for source in ("x", "y"):
            cache.get(device, source, (), object)
    assert cache.release("a") == 2 and len(cache) == 2
    assert cache.release() == 2 and len(cache) == 0


def test_runtime_programs_and_scan_programs_live_in_the_one_cache(runtime):
    program = runtime.build(SOURCE, origin="twice.cl")
    assert runtime.build(SOURCE, origin="twice.cl") is program
    kernel = load_scan_kernel("kogge_stone")
    scan = prepare_scan(kernel, get_monoid("add", "int32"), 8, runtime)
    assert prepare_scan(kernel, get_monoid("add", "int32"), 8, runtime) is scan
    assert release_programs(runtime.key) >= 2
    assert runtime.build(SOURCE, origin="twice.cl") is not program
    assert prepare_scan(kernel, get_monoid("add", "int32"), 8, runtime) is not scan
    np.testing.assert_array_equal(scan.run(np.ones(8, np.int32)), np.arange(1, 9))


def test_backends_on_one_runtime_share_kernel_objects(runtime):
    one, two = OpenCLBackend(runtime), OpenCLBackend(runtime)
    assert one.kernels(SOURCE, "twice.cl") is two.kernels(SOURCE, "twice.cl")
    assert set(one.kernels(SOURCE, "twice.cl").kernels) == {"twice"}
    assert len(PROGRAMS) >= 1
