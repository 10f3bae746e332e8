// expect: violation undefined
// run: check --local-size 4
// id: undefined undefined_operation line 12
// With use_buf == 0 the pointer is null and threads 3.. store through it.  (It points
// into a local array: a buffer parameter compared with null is unknown, as the host
// may pass NULL for it.)
__kernel void maybe_null(__global int *out, int use_buf) {
  __local int buf[4];
  size_t t = get_global_id(0);
  __local int *p = use_buf ? buf : NULL;
  if (p != NULL || t > 2)
    p[t] = 1;
  out[t] = 0;
}
