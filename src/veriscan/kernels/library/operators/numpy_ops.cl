// veriscan-library operators with NumPy's semantics (a monoid prelude, not a kernel).
//
// Prepended after `#define TYPE ...` and one of VS_HALF / VS_FLOAT / VS_INT / VS_BOOL; the
// Python side then defines OPERATOR(a, b) as one of the vs_* functions below and
// IDENTITY as the operator's identity (by bit pattern).
//
// * float16 is stored as ushort and computed in float, rounded to nearest even
//   after every operation: that is how NumPy's float16 loops work.
// * max/min propagate NaN like numpy.maximum/minimum (NaN absorbs, so the running
//   maximum never "goes down" past a NaN); fmax/fmin ignore NaN like numpy.fmax,
//   with NaN as their identity (fmax(NaN, x) = x), so an all-NaN prefix stays NaN.
// * Narrow integers are computed in int and converted back, wrapping like NumPy.

#if VS_HALF
// The conversions are written in integer arithmetic on the bit patterns: through
// vload_half/vstore_half on the address of a private variable PoCL miscompiles
// them in kernels with a barrier (every work-item gets the last one's value).
inline float vs_load(ushort h)
{
    uint sign = (uint)(h & 0x8000u) << 16;
    uint exponent = (h >> 10) & 0x1fu;
    uint mantissa = h & 0x3ffu;
    if (exponent == 0x1fu)                                  // infinity, NaN
        return as_float(sign | 0x7f800000u | (mantissa << 13));
    if (exponent != 0)                                      // normal: rebias 15 -> 127
        return as_float(sign | ((exponent + 112u) << 23) | (mantissa << 13));
    float tiny = (float)mantissa * 0x1.0p-24f;              // zero and subnormals, exact
    return sign ? -tiny : tiny;
}

inline ushort vs_store(float value)                         // round to nearest, ties even
{
    uint x = as_uint(value);
    uint sign = (x >> 16) & 0x8000u;
    uint magnitude = x & 0x7fffffffu;
    uint exponent = magnitude >> 23;
    uint mantissa = magnitude & 0x7fffffu;
    if (magnitude > 0x7f800000u)                            // NaN stays NaN (quiet)
        return (ushort)(sign | 0x7e00u | (mantissa >> 13));
    if (exponent >= 143u)                                   // beyond half's range
        return (ushort)(sign | 0x7c00u);
    if (exponent >= 113u) {                                 // a normal half
        uint h = ((exponent - 112u) << 10) | (mantissa >> 13);
        uint rest = mantissa & 0x1fffu;
        if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
            h += 1u;                                        // may carry up to infinity
        return (ushort)(sign | h);
    }
    uint shift = 126u - exponent;                           // a subnormal half, or zero
    if (shift > 24u)
        return (ushort)sign;
    uint full = mantissa | 0x800000u;
    uint h = full >> shift;
    uint rest = full & ((1u << shift) - 1u);
    uint half_way = 1u << (shift - 1u);
    if (rest > half_way || (rest == half_way && (h & 1u)))
        h += 1u;
    return (ushort)(sign | h);
}
#else
#define vs_load(x) (x)
#define vs_store(x) ((TYPE)(x))
#endif

#if VS_BOOL
// NumPy's add and multiply on bool are logical or and and (True + True is True).
inline TYPE vs_add(TYPE a, TYPE b) { return (TYPE)(a != 0 || b != 0); }
inline TYPE vs_mul(TYPE a, TYPE b) { return (TYPE)(a != 0 && b != 0); }
#else
inline TYPE vs_add(TYPE a, TYPE b) { return vs_store(vs_load(a) + vs_load(b)); }
inline TYPE vs_mul(TYPE a, TYPE b) { return vs_store(vs_load(a) * vs_load(b)); }
#endif

#if VS_HALF || VS_FLOAT
inline TYPE vs_max(TYPE a, TYPE b) { return (vs_load(a) >= vs_load(b) || isnan(vs_load(a))) ? a : b; }
inline TYPE vs_min(TYPE a, TYPE b) { return (vs_load(a) <= vs_load(b) || isnan(vs_load(a))) ? a : b; }
inline TYPE vs_fmax(TYPE a, TYPE b) { return (vs_load(a) >= vs_load(b) || isnan(vs_load(b))) ? a : b; }
inline TYPE vs_fmin(TYPE a, TYPE b) { return (vs_load(a) <= vs_load(b) || isnan(vs_load(b))) ? a : b; }
#else
inline TYPE vs_max(TYPE a, TYPE b) { return a >= b ? a : b; }
inline TYPE vs_min(TYPE a, TYPE b) { return a <= b ? a : b; }
#define vs_fmax vs_max
#define vs_fmin vs_min
inline TYPE vs_or(TYPE a, TYPE b) { return (TYPE)(a | b); }
inline TYPE vs_and(TYPE a, TYPE b) { return (TYPE)(a & b); }
inline TYPE vs_xor(TYPE a, TYPE b) { return (TYPE)(a ^ b); }
#endif
