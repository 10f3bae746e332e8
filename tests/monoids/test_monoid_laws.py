"""Monoid definitions: laws on samples, host/device agreement, encodings, errors."""

import numpy as np
import pytest

from veriscan.errors import VeriscanError
from veriscan.monoids import get_monoid, interval_monoid, list_monoid, monoid_names, user_monoid
from veriscan.monoids.arithmetic import DTYPES, OPS
from veriscan.monoids.baselines import F1_TABLE, F2_TABLE, list_decode, list_encode
from veriscan.monoids.interval import codec_for, decode, encode, format_element
from veriscan.monoids.laws import check_laws
from veriscan.monoids.structured import affine_element, carry_pairs
from veriscan.monoids.user import device_twin

ARITHMETIC = [(op, dt) for op in OPS for dt in DTYPES
              if not (op in ("or", "and", "xor") and dt.startswith("float"))]


@pytest.mark.parametrize(("op", "dtype"), ARITHMETIC)
def test_arithmetic_laws_hold(op, dtype):
    assert check_laws(get_monoid(op, dtype)) == []


@pytest.mark.parametrize("name", ["carry", "fsm", "affine", "f1", "f2", "interval"])
def test_fixed_monoid_laws_hold(name):
    assert check_laws(get_monoid(name), samples=2000) == []


def test_interval_any_size_and_list_laws_hold():
    assert check_laws(interval_monoid(4096), samples=2000) == []
    assert check_laws(interval_monoid(2**20), samples=2000) == []
    assert check_laws(list_monoid(8)) == []


@pytest.mark.parametrize("name", ["carry", "fsm", "affine", "f2", "interval"])
def test_non_commutative_monoids_are_not_commutative(name):
    m = get_monoid(name)
    rng = np.random.default_rng(3)
    a, b = m.sample(rng, 500), m.sample(rng, 500)
    assert not m.commutative
    assert len(m.mismatches(m.op(a, b), m.op(b, a))) > 0


def test_non_associative_user_operator_is_caught():
    found = check_laws(user_monoid("a - b", "0", "int32", name="minus"))
    assert found and found[0].law == "associativity"


def test_wrong_identity_is_caught():
    found = check_laws(user_monoid("a * b", "0", "int32", name="badmul"))
    assert {v.law for v in found} >= {"left identity", "right identity"}


@pytest.mark.parametrize("name", [*monoid_names()])
def test_device_definitions_agree_with_host(runtime, name):
    """Each monoid's OpenCL OPERATOR/IDENTITY compute exactly what its numpy twin computes."""
    host = get_monoid(name)
    device = device_twin(host)
    rng = np.random.default_rng(11)
    a, b = host.sample(rng, 500), host.sample(rng, 500)
    assert host.mismatches(device.op(a, b), host.op(a, b)).size == 0
    assert host.mismatches(np.atleast_1d(device.identity), np.atleast_1d(host.identity)).size == 0


@pytest.mark.parametrize("dtype", ["int64", "uint32", "float32", "float64"])
def test_device_definitions_agree_for_other_dtypes(runtime, dtype):
    for op in ("add", "max", "min", "mul"):
        host = get_monoid(op, dtype)
        device = device_twin(host)
        rng = np.random.default_rng(5)
        a, b = host.sample(rng, 200), host.sample(rng, 200)
        assert host.mismatches(device.op(a, b), host.op(a, b)).size == 0, op
        one = np.atleast_1d
        assert host.mismatches(one(device.identity), one(host.identity)).size == 0, op


def test_list_monoid_device_agrees_with_host(runtime):
    host = list_monoid(6)
    device = device_twin(host)
    a = list_encode([[1], [], [2, 3], [4, 5, 6], [0, 0, 0, 0]], 6)
    b = list_encode([[7], [8], [], [1, 2, 3], [9, 9, 9]], 6)
    got = [list_decode(x) for x in device.op(a, b)]
    assert got == [[1, 7], [8], [2, 3], [4, 5, 6, 1, 2, 3], "overflow"]
    assert got == [list_decode(x) for x in host.op(a, b)]


# ------------------------------------------------------------------ interval encoding
@pytest.mark.parametrize("n", [2, 4096, 2**15, 2**16, 2**31])
def test_interval_encode_decode_round_trip(n):
    codec = codec_for(n)
    rng = np.random.default_rng(n % 1000)
    for i, j in [(0, 0), (0, n - 1), (n - 1, n - 1)] + [tuple(sorted(rng.integers(0, n, 2)))
                                                        for _ in range(50)]:
        word = encode(int(i), int(j), n)
        assert decode(word, n) == (i, j)
        assert format_element(word, n) == f"({i},{j})"
    assert format_element(codec.one, n) == "1"
    assert format_element(codec.top, n) == "⊤"


def test_interval_word_size_grows_with_n():
    assert interval_monoid(2**15).dtype.itemsize == 4    # two 16-bit indices
    assert interval_monoid(2**16).dtype.itemsize == 8    # two 32-bit indices
    assert interval_monoid(2**31).dtype.itemsize == 8
    with pytest.raises(VeriscanError):
        interval_monoid(2**31 + 1)


def test_interval_operator_table():
    m, c = interval_monoid(16), codec_for(16)
    pair = c.pair
    assert m.op(pair(0, 2), pair(3, 5)) == pair(0, 5)          # adjacent: joined
    assert m.op(pair(3, 5), pair(0, 2)) == c.top               # wrong order
    assert m.op(pair(0, 2), pair(2, 5)) == c.top               # overlap
    assert m.op(pair(0, 2), pair(4, 5)) == c.top               # gap
    assert m.op(c.one, pair(4, 5)) == pair(4, 5)
    assert m.op(pair(4, 5), c.one) == pair(4, 5)
    assert m.op(c.top, c.one) == c.top
    assert m.op(c.one, c.top) == c.top


def test_decode_flags_words_that_are_not_elements():
    c = codec_for(8)
    assert decode(0xA5A5A5A5, 8).startswith("?")              # indices past n
    assert c.decode((5 << 16) | 3).startswith("?")            # i > j
    with pytest.raises(VeriscanError):
        encode(3, 2, 8)


# ------------------------------------------------------------------ meaning of the operators
def test_carry_scan_gives_binary_addition():
    """Scanning (generate, propagate) pairs yields the carries of a + b."""
    m = get_monoid("carry")
    rng = np.random.default_rng(2)
    for _ in range(20):
        a, b = (int(x) for x in rng.integers(0, 2**30, 2))
        bits = 32
        abits = np.array([(a >> k) & 1 for k in range(bits)], np.uint8)
        bbits = np.array([(b >> k) & 1 for k in range(bits)], np.uint8)
        carries = m.reference_scan(carry_pairs(abits, bbits)) & 1
        total = abits ^ bbits ^ np.concatenate([[0], carries[:-1]]).astype(np.uint8)
        assert sum(int(t) << k for k, t in enumerate(total)) == (a + b) % 2**bits


def test_fsm_scan_tracks_the_machine_state():
    m = get_monoid("fsm")
    rng = np.random.default_rng(4)
    funcs = m.sample(rng, 40)
    prefixes = m.reference_scan(funcs)
    state = 2
    for f, p in zip(funcs, prefixes, strict=True):
        state = (int(f) >> (2 * state)) & 3
        assert (int(p) >> 4) & 3 == state   # prefix applied to start state 2


def test_affine_scan_composes_maps():
    m = get_monoid("affine")
    maps = np.array([affine_element(3, 1), affine_element(2, 5), affine_element(7, 0)],
                    np.uint64)
    composed = int(m.reference_scan(maps)[-1])
    x = 10
    for a, b in ((3, 1), (2, 5), (7, 0)):
        x = (a * x + b) % 2**32
    assert (composed & 0xFFFFFFFF) * 10 + (composed >> 32) == x


def test_voigtlander_tables_match_definitions():
    for x in range(3):
        for y in range(3):
            f1 = x if y == 0 else (1 if (x, y) == (0, 1) else 2)
            f2 = x if y == 0 else y
            assert F1_TABLE[x, y] == f1 and F2_TABLE[x, y] == f2


# ------------------------------------------------------------------ bad input
def test_get_monoid_errors():
    with pytest.raises(VeriscanError, match="unknown monoid"):
        get_monoid("subtract")
    with pytest.raises(VeriscanError, match="integer dtype"):
        get_monoid("xor", "float32")
    with pytest.raises(VeriscanError, match="fixed element type"):
        get_monoid("affine", "int32")
    with pytest.raises(VeriscanError):
        get_monoid("add", "complex64")


def test_struct_layout_mismatch_is_reported():
    packed = np.dtype([("flag", "u1"), ("value", "<i4")])  # numpy packs, C would pad
    with pytest.raises(VeriscanError, match="align=True"):
        user_monoid("a", "(TYPE){0, 0}", packed, name="packed")


def test_user_monoid_build_error_names_the_monoid(runtime):
    with pytest.raises(VeriscanError, match="user monoid 'broken'"):
        user_monoid("a +* b", "0", "int32", name="broken")


def test_user_struct_monoid_round_trips(runtime):
    dt = np.dtype([("count", "<i4"), ("best", "<f4")], align=True)
    m = user_monoid("(TYPE){a.count + b.count, max(a.best, b.best)}", "(TYPE){0, -INFINITY}",
                    dt, name="stats")
    assert check_laws(m) == []
    assert m.identity["count"] == 0 and m.identity["best"] == -np.inf


def test_user_operator_is_a_function_of_its_arguments(runtime):
    # `a > b ? a : b` names each parameter twice: spliced in as a macro body it would
    # re-parse `c ? y : z` and run `k++` twice.  As a function it means max.
    import pyopencl as cl

    monoid = user_monoid("a > b ? a : b", "(-2147483647 - 1)", "int32", name="cmax")
    program = runtime.build(monoid.cl_source + """
__kernel void probe(__global int *out) {
    int k = 0, c = 1;
    out[0] = OPERATOR(5, c ? 3 : 9);   /* max(5, 3) */
    out[1] = OPERATOR(1, k++);          /* max(1, 0), k once */
    out[2] = k;
}""", origin="test")
    out = runtime.empty(3 * 4)
    cl.Kernel(program, "probe")(runtime.queue, (1,), None, out)
    assert runtime.to_host(out, (3,), np.int32).tolist() == [5, 1, 1]
