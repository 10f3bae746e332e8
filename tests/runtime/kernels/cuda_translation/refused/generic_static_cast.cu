// refused: a TYPE value converted to an integer type
// TYPE is an int to the proof's parse; the translation would write that int
// where the device's TYPE is the monoid's.
__global__ void k(const TYPE *in, TYPE *out) {
  out[threadIdx.x] = static_cast<TYPE>(in[threadIdx.x]);
}
