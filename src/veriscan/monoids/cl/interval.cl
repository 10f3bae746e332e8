/* Interval-of-summations monoid (Chong, Donaldson, Ketema, POPL'14, section 4).
 *
 * An element is a contiguous summation s_i + ... + s_j, written (i, j), or the
 * identity 1, or the absorbing "top" (some non-contiguous summation).  It is
 * packed into one unsigned word of 2*VS_IV_HALF bits: i in the high half, j in
 * the low half.  Real indices are < 2^VS_IV_HALF - 1, so no real pair has an
 * all-ones high half; the two reserved codes live there:
 *     1   = all ones,   top = all ones minus one.
 * The includer defines VS_IV_HALF (16 or 32) and VS_IV_WORD (uint or ulong).
 * With VS_IV_ANY_ORDER defined, adjacent summations also join when given in
 * the wrong order: not a monoid (not associative), only a diagnostic that
 * tells "operands swapped" apart from "wrong elements summed".
 */
#define VS_IV_LO ((VS_IV_WORD)((((VS_IV_WORD)1) << VS_IV_HALF) - 1))
#define VS_IV_ONE ((VS_IV_WORD)(~(VS_IV_WORD)0))
#define VS_IV_TOP ((VS_IV_WORD)(VS_IV_ONE - 1))

static inline VS_IV_WORD vs_interval_op(VS_IV_WORD a, VS_IV_WORD b)
{
    if (a == VS_IV_ONE)
        return b;
    if (b == VS_IV_ONE)
        return a;
    if (a == VS_IV_TOP || b == VS_IV_TOP)
        return VS_IV_TOP;
    /* (i1, i2) + (i3, i4) = (i1, i4) exactly when i2 + 1 == i3 */
    if ((a & VS_IV_LO) + 1 == (b >> VS_IV_HALF))
        return (a & ~VS_IV_LO) | (b & VS_IV_LO);
#ifdef VS_IV_ANY_ORDER
    if ((b & VS_IV_LO) + 1 == (a >> VS_IV_HALF))
        return (b & ~VS_IV_LO) | (a & VS_IV_LO);
#endif
    return VS_IV_TOP;
}

#define TYPE VS_IV_WORD
#define OPERATOR(a, b) vs_interval_op((a), (b))
#define IDENTITY VS_IV_ONE
