// expect: unknown
// run: check --local-size 4
// id: execution unsupported_construct line 13
// truth: the arguments of pick(i, bump(i)) are indeterminately sequenced in C++; the
//        lowering bound a = i after bump had changed it (v = 2t+1: out[t], "verified"),
//        but evaluating the arguments left to right binds a = 2t, v = 2t, and every thread
//        writes out[0] (threads 0 and 1 race).
__device__ int bump(int &r) { r = r + 1; return 0; }
__device__ int pick(int a, int b) { return a + b; }
__global__ void reference_argument(int *out) {
  int t = threadIdx.x;
  int i = 2 * t;
  int v = pick(i, bump(i));
  out[(v & 1) ? t : 0] = 1;
}
