// expect: violation
// run: check --local-size 4
// id: bounds index_out_of_range line 9
// truth: `a -= 1` moves the argument before the start of its buffer (undefined already,
//        C11 6.5.6p8), and a[get_global_id(0)] then writes one element before it in
//        work-item 0.  Without --array-size, nothing about `a` was checked.
__kernel void moved(__global int *a) {
  a -= 1;
  a[get_global_id(0)] = 1;
}
