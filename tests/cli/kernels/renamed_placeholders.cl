// veriscan: inclusive threads=n
/* A sequential inclusive scan written with its own names for the generic
 * placeholders: T for TYPE, combine for OPERATOR, zero for IDENTITY.
 * `--generic TYPE=T,OPERATOR=combine,IDENTITY=zero` (or the same as -D) maps them. */
__kernel void scan(__global const T *in, __global T *out) {
    uint t = (uint)get_local_id(0);
    T acc = zero;
    for (uint j = 0; j <= t; j++) {
        acc = combine(acc, in[j]);
    }
    out[t] = acc;
}
