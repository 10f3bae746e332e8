/* Compile-time code with and without TYPE, one kernel each, for test_folded_genericity.py. */
enum { LANES = 4, WIDE = LANES * 2 };
enum { STEPS = sizeof(uint) == 4, NEXT };
typedef uint lanes_t[WIDE / LANES + 1];
_Static_assert(sizeof(uint) == 4, "uint is a word");
__attribute__((overloadable)) uint clamp_index(uint i) { return i < N ? i : N - 1; }
__attribute__((overloadable)) uint clamp_index(int i) { return i < 0 ? 0 : (uint)i; }
TYPE combine(TYPE a, TYPE b) __attribute__((always_inline)) { return OPERATOR(a, b); }

__kernel void plain_constants(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    __attribute__((aligned(16))) uint order[WIDE];
    lanes_t spare;
    uint tid = (uint)get_local_id(0);
    order[tid % WIDE] = tid;
    spare[0] = order[tid % WIDE];
    buf[tid] = in[clamp_index(tid)];
    for (uint d = 1; d < N; d *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        TYPE partial = IDENTITY;
        if (tid >= d * (NEXT - STEPS) * (sizeof(spare) / sizeof(uint) - 2))
            partial = buf[tid - d];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= d)
            buf[tid] = combine(partial, buf[tid]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[tid] = buf[tid];
}
