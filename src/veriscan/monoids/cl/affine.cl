/* Affine maps x -> a*x + b over the integers modulo 2^32, under composition.
 * A map is packed in a ulong: a in the low 32 bits, b in the high 32 bits.
 * OPERATOR(f, g) is "f, then g": x -> g.a*(f.a*x + f.b) + g.b
 *                                   = (g.a*f.a)*x + (g.a*f.b + g.b).
 * Identity: x -> 1*x + 0.  Not commutative.
 */
static inline ulong vs_affine_then(ulong f, ulong g)
{
    uint fa = (uint)f, fb = (uint)(f >> 32);
    uint ga = (uint)g, gb = (uint)(g >> 32);
    uint a = ga * fa;
    uint b = ga * fb + gb;
    return (ulong)a | ((ulong)b << 32);
}

#define TYPE ulong
#define OPERATOR(a, b) vs_affine_then((a), (b))
#define IDENTITY ((ulong)1)
