// expect: violation
// run: check --local-size 4
// id: bounds index_out_of_range line 11
// truth: p = &tab[1] points into the 4-int table, so p[lid] reads tab[4] for work-item 3, past its end
//        (the element's address is bounded by the whole table, not by the element).
__constant int tab[4] = {1, 2, 3, 4};

__kernel void lookup(__global int *out) {
  uint lid = get_local_id(0);
  __constant int *p = &tab[1];
  out[get_global_id(0)] = p[lid];
}
