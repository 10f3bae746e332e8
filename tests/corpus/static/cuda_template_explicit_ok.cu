// expect: verified
// run: check --blockDim=32 --gridDim=4
// The file instantiates the template itself; that instance is the kernel.
// Helpers that are templates too are instantiated with it.
template <typename T> __device__ T twice(T x) { return x + x; }

template <typename T, unsigned STRIDE>
__global__ void scale(const T *in, T *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g * STRIDE] = twice(in[g * STRIDE]);
}

template __global__ void scale<int, 2>(const int *, int *);
