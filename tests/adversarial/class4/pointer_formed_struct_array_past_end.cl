// expect: violation
// run: check --local-size 1 --array-size out=1
// id: bounds pointer_out_of_range line 12
// truth: `recs + 5` points more than one past the end of the struct array recs[3]
//        (undefined, C11 6.5.6p8) although `p - 3` is recs[2] again; arrays of structs
//        are lowered as one array per field, and pointer arithmetic on them was never
//        bounded.
struct rec { int key; int val; };

__kernel void recs_past(__global int *out) {
  __local struct rec recs[3];
  __local struct rec *p = recs + 5;
  p -= 3;
  p->key = 1;
  p->val = 2;
  out[0] = recs[2].key + recs[2].val;
}
