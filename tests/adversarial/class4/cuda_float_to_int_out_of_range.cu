// expect: violation
// run: check --blockDim=[4] --gridDim=[1] --array-size out=4
// id: undefined conversion_out_of_range line 10
// truth: (int)5e9f: the integral part 5000000000 does not fit int, so the conversion is
//        undefined in C++ ([conv.fpint]) and C (6.3.1.4p1), in every thread (thread 0).
//        Float-to-int conversions gave a fresh value and never an undefined-behaviour site.
__global__ void scale(int *out) {
  int t = threadIdx.x;
  float big = 5e9f;
  int limit = (int)big;
  out[t] = limit > t ? t : 0;
}
