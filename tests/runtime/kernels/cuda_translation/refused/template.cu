// refused: function template
template <typename T>
__global__ void k(const T *in, T *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
template __global__ void k<int>(const int *, int *);
