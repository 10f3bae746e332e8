// expect: unknown
// run: verify --n 32
// run: check --n 4,32
// veriscan: inclusive threads=n
// id: genericity unsupported_construct line 18
// truth: `j + (j = j + 1u)` (only at n = 32) is undefined; the lowering read the new j
//        (v even: a harmless out[lid]), PoCL reads the old one (v odd), so at n = 32 every
//        thread writes out[31] before the barrier: a write-write race (threads 0 and 1 on
//        out[31]).  The interval test still passed on PoCL and Oclgrind ran at 16, 64, 256
//        only, so `verify --n 4,8,16,32,64,128,256` said verified before the fix; yet int
//        add on 1..32 on PoCL (run_scan) gives out[k] = 528 for every k (measured).
__kernel void unsequenced_scan(__global const TYPE *in, __global TYPE *out) {
  uint lid = get_local_id(0);
  TYPE acc = IDENTITY;
  for (uint i = 0; i <= lid; i++)
    acc = OPERATOR(acc, in[i]);
  uint j = 2u * lid;
  uint v = j + (j = j + (N == 32u ? 1u : 2u));
  out[(v & 1u) ? N - 1u : lid] = acc;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[lid] = acc;
}
