// expect: violation-or-unknown
// run: check --local-size 4
// id: execution unsupported_construct line 10
// truth: *pp = b makes p point at b, so p[lid] writes b and a is read after the barrier though nothing
//        wrote it: a read of uninitialised local memory (a model that kept p at a would see none).
__kernel void redirect(__global int *out) {
  __local int a[4], b[4];
  uint lid = get_local_id(0);
  __local int *p = a;
  __local int **pp = &p;
  *pp = b;
  p[lid] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = a[lid];
}
