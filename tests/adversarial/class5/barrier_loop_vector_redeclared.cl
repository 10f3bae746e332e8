// expect: violation
// run: check --local-size 4 --array-size out=4
// id: undefined unassigned_variable line 16
// truth: the loop holds a barrier, so it is unrolled iteration by iteration; the vector
//        `v` declared in its body is a new object each iteration, and iteration 1 reads
//        v.y, assigned only in iteration 0 (thread 0).
__kernel void lanes(__global int *out) {
  __local int tile[4];
  int t = get_local_id(0);
  int acc = 0;
  for (int s = 0; s < 2; s++) {
    int2 v;
    v.x = t;
    if (s == 0)
      v.y = 1;
    tile[t] = v.x + v.y;
    barrier(CLK_LOCAL_MEM_FENCE);
    acc += tile[(t + 1) & 3];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[t] = acc;
}
