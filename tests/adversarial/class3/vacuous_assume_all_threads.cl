// expect: unknown
// run: check --n 8
// veriscan: inclusive threads=n
// id: assumption vacuous_assumption
// truth: the proof honoured `__assume(lid > N)`, which no work-item satisfies, so every query
//        was vacuous and check said verified; the kernel that runs has every work-item write
//        out[N-1] before the barrier (threads 0 and 1 race on out[7]).
__kernel void vacuous(__global const TYPE *in, __global TYPE *out) {
  uint lid = get_local_id(0);
  __assume(lid > N);
  TYPE acc = IDENTITY;
  for (uint i = 0; i <= lid; i++)
    acc = OPERATOR(acc, in[i]);
  out[N - 1] = acc;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[lid] = acc;
}
