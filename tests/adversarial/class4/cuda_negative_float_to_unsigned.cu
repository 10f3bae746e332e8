// expect: violation
// run: check --blockDim=[4] --gridDim=[1] --array-size out=4
// id: undefined conversion_out_of_range line 9
// truth: (unsigned)-3.0f: -3 is not a value of unsigned int, so the conversion is
//        undefined in C++ and C (only the modular conversion from *integers* is defined),
//        in every thread (thread 0).
__global__ void wrap(unsigned *out) {
  int t = threadIdx.x;
  unsigned u = (unsigned)-3.0f;
  out[t] = u + t;
}
