// expect: violation
// run: check --local-size 2 --array-size out=2
// id: initialisation unwritten_cell line 11
// truth: the private array is filled at even positions only; the loop then reads acc[1],
//        which this thread never wrote (private memory starts with garbage).
__kernel void gaps(__global int *out) {
  int acc[4];
  int lid = (int)get_local_id(0);
  acc[0] = lid;
  acc[2] = lid * 2;
  out[lid] = acc[0] + acc[1];
}
