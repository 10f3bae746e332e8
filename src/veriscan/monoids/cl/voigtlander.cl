/* Voigtlaender's two operators on {0, 1, 2} (POPL'08 "Much Ado about Two").
 * 0 is the identity of both.  The includer defines VS_VOIGT_OP to vs_f1 or vs_f2.
 *   f1(x, 0) = x;  f1(0, 1) = 1;  f1(x, y) = 2 otherwise
 *   f2(x, 0) = x;  f2(x, y) = y   for y in {1, 2}
 */
static inline uchar vs_f1(uchar x, uchar y)
{
    if (y == 0)
        return x;
    if (x == 0 && y == 1)
        return 1;
    return 2;
}

static inline uchar vs_f2(uchar x, uchar y)
{
    return y == 0 ? x : y;
}

#define TYPE uchar
#define OPERATOR(a, b) VS_VOIGT_OP((a), (b))
#define IDENTITY ((uchar)0)
