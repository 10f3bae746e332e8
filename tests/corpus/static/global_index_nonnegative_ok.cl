// expect: verified
// run: check --local-size 64 --num-groups 2
// Unsized arguments read at indices that are never negative: gid, gid + 1, and a[-1]
// after `a += 1`, which is a's first element.
__kernel void ahead(__global const int *in, __global int *out, __global int *a) {
  int gid = get_global_id(0);
  out[gid] = in[gid] + in[gid + 1];
  a += 1;
  if (gid == 0)
    a[-1] = 0;
}
