// expect: verified
// run: check --local-size 4 --array-size out=4
// Every subscript stays inside its row of the 2 x 2 local array: the row check
// of a[i][j] must not flag a kernel that never leaves a row.
__kernel void inner_ok(__global int *out) {
  __local int buf[2][2];
  uint l = get_local_id(0);
  buf[l >> 1][l & 1u] = (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = buf[l & 1u][l >> 1];
}
