// expect: violation
// run: check --local-size 4 --array-size in=4 --array-size out=4
// id: undefined undefined_operation line 12
// truth: base is assigned only when lid is even; odd threads (thread 1) read it unassigned
//        (an indeterminate value).  The old lowering merged the branch's value into both
//        paths, as if every thread had assigned it.
__kernel void even_base(__global const int *in, __global int *out) {
  int lid = (int)get_local_id(0);
  int base;
  if ((lid & 1) == 0)
    base = in[lid];
  out[lid] = base + 1;
}
