// expect: violation
// run: verify --n 16
// veriscan: inclusive threads=n
// id: genericity type_inspected line 13
// truth: race-free but not deterministic: each work-item sums the prefix whose length is the ticket atomic_inc hands it; PoCL and Oclgrind hand out tickets in id order so the interval test passes, while a device that reaches the atomic in another order (3, 2, 1, 0 at n = 4 with int add on ones) outputs 4,3,2,1
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local uint next[1];
    uint tid = (uint)get_local_id(0);
    if (tid == 0)
        next[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint ticket = atomic_inc(next);
    TYPE sum = in[0];
    for (uint k = 1; k <= ticket && k < N; k++)
        sum = OPERATOR(sum, in[k]);
    out[tid] = sum;
}
