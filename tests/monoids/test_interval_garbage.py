"""The interval encoding rejects the patterns uninitialised memory holds (issue 8, class 5).

Fresh local memory on PoCL reads as zero, which the first encoding decoded as
the interval (0,0); all ones was the identity.  Now every cheap garbage word
decodes as an error for every n, the identity and ⊤ are not cheap patterns,
and the operator (host and device alike) turns garbage into ⊤, so no amount
of combining makes it a right answer.
"""

import numpy as np
import pytest

from veriscan.monoids.interval import codec_for, interval_monoid
from veriscan.monoids.user import device_twin

SIZES = [2, 8, 4096, 2**15, 2**16, 2**31]


def garbage(bits: int) -> list[int]:
    """All zeros, small integers, all ones, repeated poison bytes, classic fills."""
    repeat = bits // 8
    patterns = [0, *range(1, 256), (1 << bits) - 1, (1 << bits) - 2]
    patterns += [int(f"{byte:02x}" * repeat, 16) for byte in (0xA5, 0x5A, 0xCD, 0xDD, 0xFE, 0xAA,
                                                               0x55, 0x01, 0x80, 0x7F)]
    patterns += [0xDEADBEEF, 0xBAADF00D, 0xCAFEBABE] if bits == 32 else [0xDEADBEEFDEADBEEF]
    return patterns


@pytest.mark.parametrize("n", SIZES)
def test_cheap_garbage_is_not_an_element(n):
    codec = codec_for(n)
    bits = 8 * codec.dtype.itemsize
    for word in garbage(bits):
        assert codec.decode(word, n) not in ("1", "⊤"), hex(word)
        assert isinstance(codec.decode(word, n), str), f"{word:#x} decodes as an interval"
    assert codec.one not in garbage(bits) and codec.top not in garbage(bits)
    assert codec.one != codec.top


@pytest.mark.parametrize("n", SIZES)
def test_real_elements_round_trip_and_differ_from_reserved_codes(n):
    codec = codec_for(n)
    rng = np.random.default_rng(7)
    i = rng.integers(0, n, 200)
    j = np.maximum(i, rng.integers(0, n, 200))
    words = codec.pairs(np.append(i, [0, n - 1]), np.append(j, [n - 1, n - 1]))
    for a, b, w in zip([*i, 0, n - 1], [*j, n - 1, n - 1], words, strict=True):
        assert codec.decode(w, n) == (a, b)
    assert codec.one not in words and codec.top not in words


def test_garbage_operands_give_top_on_host_and_device(runtime):
    n = 16
    host = interval_monoid(n)
    device = device_twin(host)
    codec = codec_for(n)
    bad = np.array([w for w in garbage(32) if w not in (codec.one, codec.top)], np.uint32)
    good = np.resize(codec.leaves(n), bad.size)
    for a, b in ((bad, good), (good, bad), (bad, bad)):
        assert np.all(host.op(a, b) == codec.top)
        assert np.array_equal(device.op(a, b), host.op(a, b))
    # the identity still passes anything through, garbage included
    one = np.full(bad.size, codec.one, np.uint32)
    assert np.array_equal(device.op(one, bad), bad)
