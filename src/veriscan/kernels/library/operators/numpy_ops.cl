// veriscan-library operators with NumPy's semantics (a monoid prelude, not a kernel).
//
// Prepended after `#define TYPE ...` and one of VS_HALF / VS_FLOAT / VS_INT; the
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
inline float vs_load(ushort bits) { return vload_half(0, (const __private half *)&bits); }
inline ushort vs_store(float value)
{
    ushort bits;
    vstore_half_rte(value, 0, (__private half *)&bits);
    return bits;
}
#else
#define vs_load(x) (x)
#define vs_store(x) ((TYPE)(x))
#endif

inline TYPE vs_add(TYPE a, TYPE b) { return vs_store(vs_load(a) + vs_load(b)); }
inline TYPE vs_mul(TYPE a, TYPE b) { return vs_store(vs_load(a) * vs_load(b)); }

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
