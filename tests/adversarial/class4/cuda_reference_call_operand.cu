// expect: unknown
// run: check --local-size 4
// id: execution unsupported_construct line 13
// truth: in `i + bump(i)` (bump takes int &) C++ leaves the read of i and bump's body
//        indeterminately sequenced.  The lowering ran bump first (v = 2t+1, odd: out[t],
//        "verified"); reading i first, as left-to-right code generation does, gives v = 2t,
//        even, and every thread writes out[0] (threads 0 and 1).  g++ 12 -O0 on the same
//        C++ calls bump first (v = 1 3 5 7): the two orders really occur.
__device__ int bump(int &r) { r = r + 1; return 0; }
__global__ void reference_operand(int *out) {
  int t = threadIdx.x;
  int i = 2 * t;
  int v = i + bump(i);
  out[(v & 1) ? t : 0] = 1;
}
