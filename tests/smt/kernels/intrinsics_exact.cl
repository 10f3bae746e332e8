/* The integer built-ins veriscan computes exactly (frontend/intrinsics.py),
 * on the device and through the SMT encoder (tests/smt/test_intrinsics_exact.py).
 * Work-item w reads two values of each type and writes SLOTS results from
 * out[w * SLOTS]; mul24/mad24 get operands inside their 24-bit range. */
#define SLOTS 28
__kernel void exact(__global const int *vi, __global const uint *vu,
                    __global const char *vc, __global const long *vl,
                    __global long *out)
{
    size_t w = get_local_id(0);
    int a = vi[2 * w], b = vi[2 * w + 1];
    uint x = vu[2 * w], y = vu[2 * w + 1];
    char c = vc[2 * w], d = vc[2 * w + 1];
    long l = vl[2 * w], m = vl[2 * w + 1];
    size_t o = w * SLOTS;
    out[o + 0] = add_sat(a, b);
    out[o + 1] = sub_sat(a, b);
    out[o + 2] = hadd(a, b);
    out[o + 3] = rhadd(a, b);
    out[o + 4] = abs_diff(a, b);
    out[o + 5] = mul_hi(a, b);
    out[o + 6] = rotate(a, b);
    out[o + 7] = add_sat(x, y);
    out[o + 8] = sub_sat(x, y);
    out[o + 9] = hadd(x, y);
    out[o + 10] = rhadd(x, y);
    out[o + 11] = abs_diff(x, y);
    out[o + 12] = mul_hi(x, y);
    out[o + 13] = rotate(x, y);
    out[o + 14] = add_sat(c, d);
    out[o + 15] = sub_sat(c, d);
    out[o + 16] = rotate(c, d);
    out[o + 17] = abs_diff(c, d);
    out[o + 18] = mul_hi(c, d);
    out[o + 19] = add_sat(l, m);
    out[o + 20] = sub_sat(l, m);
    out[o + 21] = mul_hi(l, m);
    out[o + 22] = hadd(l, m);
    out[o + 23] = rotate(l, m);
    out[o + 24] = mul24(a >> 9, b >> 9);
    out[o + 25] = mad24(a >> 9, b >> 9, a);
    out[o + 26] = mul24(x & 0xffffffu, y & 0xffffffu);
    out[o + 27] = mad24(x & 0xffffffu, y & 0xffffffu, y);
}
