// expect: violation
// run: check --local-size 1 --array-size out=1
// id: bounds pointer_out_of_range line 9
// truth: `row + 6` points more than one past the end of row[4]: undefined (C11 6.5.6p8)
//        even though the pointer is moved back before it is dereferenced.  Only
//        dereferences were bounds-checked, never the pointers arithmetic forms.
__kernel void past(__global int *out) {
  __local int row[4];
  __local int *p = row + 6;
  p -= 3;
  *p = 7;
  out[0] = row[3];
}
