// expect: violation
// run: check --local-size 4 --array-size out=4
// id: initialisation unwritten_cell line 12
// truth: the helper's private array `scratch` is a new array on every call.  The second
//        call (first = 0) reads scratch[1], which no statement of that call wrote (thread 0);
//        the first call's write used to count because both inlined calls shared one array.
int pair_sum(int first, int v) {
  int scratch[2];
  scratch[0] = v;
  if (first)
    scratch[1] = v + 1;
  return scratch[0] + scratch[1];
}

__kernel void twice(__global int *out) {
  int t = get_local_id(0);
  int a = pair_sum(1, t);
  int b = pair_sum(0, t);
  out[t] = a + b;
}
