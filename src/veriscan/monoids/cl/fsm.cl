/* Composition of transition functions of a 4-state machine.  A function
 * f : {0..3} -> {0..3} is packed in a uchar, f(s) in bits 2s and 2s+1.
 * OPERATOR(f, g) is "f, then g": s -> g(f(s)), so a scan of the per-symbol
 * transition functions gives the state after every prefix of the input.
 * Identity: s -> s, i.e. 0b11100100.
 */
static inline uchar vs_fsm_apply(uchar f, uint s)
{
    return (uchar)((f >> (2 * s)) & 3);
}

static inline uchar vs_fsm_then(uchar f, uchar g)
{
    uchar r = 0;
    for (uint s = 0; s < 4; s++)
        r |= (uchar)(vs_fsm_apply(g, vs_fsm_apply(f, s)) << (2 * s));
    return r;
}

#define TYPE uchar
#define OPERATOR(a, b) vs_fsm_then((a), (b))
#define IDENTITY ((uchar)0xE4)
