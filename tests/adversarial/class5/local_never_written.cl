// expect: violation
// run: check --local-size 4 --array-size out=4
// id: initialisation unwritten_cell line 9
// truth: the tile is never written; thread 0 reads tile[0], which holds whatever local
//        memory held (zero on PoCL, so out is all zeros and looks plausible).
__kernel void copy_tile(__global int *out) {
  __local int tile[4];
  int lid = (int)get_local_id(0);
  out[lid] = tile[lid];
}
