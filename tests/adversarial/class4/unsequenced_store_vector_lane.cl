// expect: unknown
// run: check --local-size 4 --array-size out=4
// id: execution unsupported_construct line 9
// truth: `v.y = v.y++ + 1` writes the lane v.y by the store and by the postfix increment
//        with no sequence point between them: undefined (C11 6.5p2), in every thread.
__kernel void lane(__global int *out) {
  int t = get_local_id(0);
  int2 v = (int2)(t, t);
  v.y = v.y++ + 1;
  out[t] = v.x + v.y;
}
