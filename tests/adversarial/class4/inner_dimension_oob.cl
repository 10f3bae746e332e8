// expect: violation
// run: check --local-size 4
// id: undefined undefined_operation line 10
// truth: buf[0][l] for l = 2, 3 indexes past the inner array of 2 ints: undefined in C
//        (C11 6.5.6p8), although the flattened cell buf[1][l-2] lies inside the 4-int
//        object.  Bounds are checked on the flattened index only, so check says "in bounds".
__kernel void inner_oob(__global int *out) {
  __local int buf[2][2];
  uint l = get_local_id(0);
  buf[0][l] = (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = buf[l >> 1][l & 1u];
}
