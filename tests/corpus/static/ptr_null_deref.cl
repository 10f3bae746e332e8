// expect: violation undefined
// run: check --local-size 4
// With use_out == 0 the pointer is null and every thread stores through it.
__kernel void maybe_null(__global int *out, int use_out) {
  size_t t = get_global_id(0);
  __global int *p = use_out ? out : NULL;
  if (p != NULL || t > 2)
    p[t] = 1;
}
