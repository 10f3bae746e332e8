// veriscan: inclusive threads=n
/* Pairwise sums guarded by an unsigned test: for tid = 0, tid - 1 wraps to
 * 2^32 - 1, so the guard is false in C.  Without wrap-around the interpreter
 * would read in[-1].  (Not a scan: only neighbouring pairs are combined.) */
__kernel void wrapped_guard(__global const TYPE *in, __global TYPE *out)
{
    uint tid = (uint)get_local_id(0);
    uint left = tid - 1;
    out[tid] = in[tid];
    if (left < N)
        out[tid] = OPERATOR(in[left], in[tid]);
}
