// veriscan: inclusive threads=n
/* A scan kernel with a third, scalar parameter: the convention launches
 * (in, out) and nothing else, so every command must refuse it as bad input
 * (it once crashed `verify` and `interval-test` with a TypeError). */
__kernel void scan(__global const TYPE *in, __global TYPE *out, int unused) {
    uint t = (uint)get_local_id(0);
    TYPE acc = IDENTITY;
    for (uint j = 0; j <= t; j++) {
        acc = OPERATOR(acc, in[j]);
    }
    out[t] = acc;
}
