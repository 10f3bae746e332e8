// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: execution unsupported_construct line 11
// truth: p keeps pointing at a after the block that declares a has ended; the next block's b may reuse its memory, so p[0] may read 7 instead of t (undefined, C11 6.2.4p2), and every work-item then writes out[7].
__kernel void k(__global int *out) {
  int t = get_global_id(0);
  int *p;
  {
    int a[1];
    a[0] = t;
    p = a;
  }
  {
    int b[1];
    b[0] = 7;
    out[p[0]] = b[0];
  }
}
