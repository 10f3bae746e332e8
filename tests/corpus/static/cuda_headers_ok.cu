// expect: verified
// run: check --blockDim=64 --gridDim=4
// The CUDA headers people include resolve to veriscan's stubs; with them the
// kernel is the same program, read from one file.
#include <cuda.h>
#include "cuda_runtime.h"
#include <device_launch_parameters.h>

__global__ void copy_shifted(const float *in, float *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = in[g] * 2.0f;
}
