/* Carry operator of a carry-lookahead adder, on (generate, propagate) bit pairs
 * packed in a uchar: bit 0 = g, bit 1 = p.  Scanning the pairs of the bit
 * positions of two addends, low bit first, gives the carry out of every prefix.
 *   (g1, p1) o (g2, p2) = (g2 | (p2 & g1), p1 & p2)        identity (0, 1)
 * Not commutative: a carry generated below is only passed on by a propagate above.
 */
static inline uchar vs_carry(uchar lo, uchar hi)
{
    uchar g = (uchar)((hi & 1) | ((hi >> 1) & lo & 1));
    uchar p = (uchar)((lo >> 1) & (hi >> 1) & 1);
    return (uchar)(g | (p << 1));
}

#define TYPE uchar
#define OPERATOR(a, b) vs_carry((a), (b))
#define IDENTITY ((uchar)2)
