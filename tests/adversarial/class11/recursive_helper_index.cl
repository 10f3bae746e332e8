// expect: violation-or-unknown
// run: check --local-size 4
// id: execution unsupported_construct line 6
// truth: depth(x) counts down to 0 and returns x, so buf[depth(lid) & 0] is buf[0] for every work-item: a
//        data race that only following the recursion shows.
int depth(int x) { return x <= 0 ? 0 : depth(x - 1) + 1; }

__kernel void recurse(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  buf[depth((int)lid) & 0] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[0];
}
