// expect: violation
// run: check --local-size 8 --array-size out=8
// id: undefined division_by_zero line 8
// truth: thread 2 divides by (lid - 2) == 0 (undefined behaviour);
//        Z3 defines x / 0, so the old encoding verified the kernel.
__kernel void spread_out(__global int *out) {
  int lid = (int)get_local_id(0);
  out[lid] = 64 / (lid - 2);
}
