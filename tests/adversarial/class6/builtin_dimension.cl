// expect: violation
// run: check --n all
// run: verify --n all
// veriscan: inclusive threads=n
// id: race write_write line 15
// truth: get_local_id(N == 32) is dimension 0 at the sentinels but dimension 1 at n = 32, where every work-item has id 0: all 32 write out[0] (race) and out[1..31] are never written (PoCL, int add, n = 32, in = all 1: out[1..31] = 0xA5A5A5A5, the poison byte); the old proof said verified for every n
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    /* get_local_id's dimension is folded to a constant: 0 at the sentinels,
     * 1 at n = 32, where every work-item then has id 0. */
    uint tid = (uint)get_local_id(N == 32);
    TYPE acc = IDENTITY;
    for (uint k = 0; k <= tid; k++)
        acc = OPERATOR(acc, in[k]);
    out[tid] = acc;
}
