// expect: violation bounds
// run: check --blockDim=32 --gridDim=1 --dynamic-shared 64
// id: bounds index_out_of_range line 8
// The launch gives 64 bytes (16 floats) but 32 threads each write one float.
__global__ void stage_all(const float *in, float *out) {
  extern __shared__ float stage[];
  unsigned t = threadIdx.x;
  stage[t] = in[t];
  __syncthreads();
  out[t] = stage[t];
}
