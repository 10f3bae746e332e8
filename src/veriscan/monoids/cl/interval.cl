/* Interval-of-summations monoid (Chong, Donaldson, Ketema, POPL'14, section 4).
 *
 * An element is a contiguous summation s_i + ... + s_j, written (i, j), or the
 * identity 1, or the absorbing "top" (some non-contiguous summation).  It is
 * packed into one unsigned word of 2*VS_IV_HALF bits: the high half is
 * i XOR VS_IV_HI_MASK, the low half j XOR VS_IV_LO_MASK XOR the high half.
 * Real indices are below 2^(VS_IV_HALF-1); every element has the top bit of
 * its high half clear and that of its low half set, and 1 and top are two
 * fixed codes with the high one set.  So the patterns of uninitialised memory
 * (all zeros, small integers, all ones, repeated poison bytes) are no
 * elements, and any non-element operand gives top: garbage never becomes an
 * answer (interval.py explains the choice).
 * The includer defines VS_IV_HALF (16 or 32), VS_IV_WORD (the word type),
 * VS_IV_HI_MASK, VS_IV_LO_MASK, VS_IV_ONE and VS_IV_TOP (see interval.py), and
 * VS_IV_CUDA where the text is CUDA C++ (the function is then a device one).
 * With VS_IV_ANY_ORDER defined, adjacent summations also join when given in
 * the wrong order: not a monoid (not associative), only a diagnostic that
 * tells "operands swapped" apart from "wrong elements summed".
 */
#define VS_IV_LO ((VS_IV_WORD)((((VS_IV_WORD)1) << VS_IV_HALF) - 1))
#define VS_IV_TOP_BITS ((((VS_IV_WORD)1) << (VS_IV_HALF - 1)) * (VS_IV_LO + 2))
#define VS_IV_START(x) (((x) >> VS_IV_HALF) ^ VS_IV_HI_MASK)
#define VS_IV_END(x) ((((x) ^ ((x) >> VS_IV_HALF)) & VS_IV_LO) ^ VS_IV_LO_MASK)
#define VS_IV_LOW_TOP (((VS_IV_WORD)1) << (VS_IV_HALF - 1))
#define VS_IV_ELEMENT(x) (((x) & VS_IV_TOP_BITS) == VS_IV_LOW_TOP && VS_IV_START(x) <= VS_IV_END(x))
/* (start of x, end of y), the low half re-keyed to x's high half */
#define VS_IV_JOIN(x, y) \
    (((x) & ~VS_IV_LO) | (((y) ^ ((y) >> VS_IV_HALF) ^ ((x) >> VS_IV_HALF)) & VS_IV_LO))

#ifdef VS_IV_CUDA
__device__
#endif
static inline VS_IV_WORD vs_interval_op(VS_IV_WORD a, VS_IV_WORD b)
{
    if (a == VS_IV_ONE)
        return b;
    if (b == VS_IV_ONE)
        return a;
    if (!VS_IV_ELEMENT(a) || !VS_IV_ELEMENT(b))
        return VS_IV_TOP;  /* top itself, or garbage */
    /* (i1, i2) + (i3, i4) = (i1, i4) exactly when i2 + 1 == i3 */
    if (VS_IV_END(a) + 1 == VS_IV_START(b))
        return VS_IV_JOIN(a, b);
#ifdef VS_IV_ANY_ORDER
    if (VS_IV_END(b) + 1 == VS_IV_START(a))
        return VS_IV_JOIN(b, a);
#endif
    return VS_IV_TOP;
}

#define TYPE VS_IV_WORD
#define OPERATOR(a, b) vs_interval_op((a), (b))
#define IDENTITY VS_IV_ONE
