// expect: unknown: memory of vectors ('v')
// run: spec
// id: spec.construct unsupported_construct line 12
// truth: Work-items 0 and 1 store lanes x and y of the one vector v[0], a race (a lane
//        store may read and write back the whole vector).  Read as cells, "Perm(v[1])"
//        would be lane y of v[0] and the split would look disjoint; the checker refuses
//        memory of vectors instead.
/*@ context_everywhere get_local_size(0) == 2;
    requires get_local_id(0) == 0 ==> Perm(v[0], write);
    requires get_local_id(0) == 1 ==> Perm(v[1], write);
@*/
__kernel void k(__global int4 *v) {
  uint l = get_local_id(0);
  if (l == 0) v[0].x = 1;
  if (l == 1) v[0].y = 2;
}
