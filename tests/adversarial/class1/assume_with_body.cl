// expect: violation
// run: verify --n 4
// run: check --n 4
// veriscan: inclusive threads=n
// id: genericity type_inspected line 27
// truth: the call to __assume comes before the file's own definition, so the analysis resolves it to the prelude's __assume and assumes t == 0, hiding the write-write race on out[0] between every pair of work-items (the old check said verified); the device compiles this file as written and rejects it (implicit declaration of '__assume', then conflicting types), and with a forward declaration it runs the empty body: PoCL, int add, in = 0,1,2,3 gives 3,1,3,6, expected 0,1,3,6
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint t = get_local_id(0);
    buf[t] = in[t];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE x = t >= offset ? OPERATOR(buf[t - offset], buf[t]) : buf[t];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[t] = x;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    __assume(t == 0);
    out[t] = buf[t];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[0] = in[t];
}

/* Defined after its use: at the call, clang still resolves the name to the
 * analysis prelude's declaration. */
void __assume(int cond)
{
}
