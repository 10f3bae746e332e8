// veriscan: inclusive threads=n
/* Every work-item writes its input to out[0] on line 9 while work-item 0
 * later writes its own prefix there: a write-write race between different
 * work-items in one barrier interval.  SARIF must point at line 9. */
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
    uint t = (uint)get_local_id(0);
    TYPE acc = IDENTITY;
    for (uint j = 0; j <= t; j++) acc = OPERATOR(acc, in[j]);
    out[0] = in[0];
    out[t] = acc;
}
