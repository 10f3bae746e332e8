// expect: violation race
// run: check --blockDim=64 --gridDim=2
// id: race read_write line 9
// A file-scope __shared__ array is the block's own, as if declared in the
// kernel: each thread reads its neighbour's cell, which that neighbour writes,
// with no barrier between (the access in the helper counts too).
__shared__ float tile[64];

__device__ float left_of(unsigned t) { return tile[(t + 63) % 64]; }

__global__ void rotate(const float *in, float *out) {
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  tile[t] = in[g];
  out[g] = left_of(t);
}
