// expect: verified
// run: check --blockDim=[64] --gridDim=[1]
// Conversions of floats to integers that C++ defines: literals whose integral part fits
// (2.75f, 0.5f, -7.5f) and a value read from memory (the data's business, as for
// arithmetic on it).
__global__ void convert(int *out, unsigned *flags, const float *in) {
  int t = threadIdx.x;
  out[4 * t] = (int)2.75f;
  flags[t] = (unsigned)0.5f;
  out[4 * t + 1] = (int)-7.5f;
  out[4 * t + 2] = (int)in[t];
}
