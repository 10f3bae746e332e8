// expect: violation
// run: check --local-size 4 --array-size in=8 --array-size out=4
// id: initialisation unwritten_cell line 6
// truth: the helper sums a pair tmp[2k], tmp[2k+1], but the loader only fills the first
//        four slots of the eight; thread 2 reads tmp[4] and tmp[5], never written.
int pair_sum(__local int *t, int k) { return t[2 * k] + t[2 * k + 1]; }

__kernel void pairs(__global const int *in, __global int *out) {
  __local int tmp[8];
  int lid = (int)get_local_id(0);
  tmp[lid] = in[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = pair_sum(tmp, lid);
}
