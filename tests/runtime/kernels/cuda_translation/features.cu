// Every rewrite the CUDA -> OpenCL C translation makes, in one kernel that
// tests/runtime/test_cuda_to_opencl.py runs on PoCL and compares with the
// values CUDA C++ gives (worked out there): 32-bit unsigned thread indices
// that wrap, size_t and long long as 64 bits, the prelude's uint, the min/max
// overload clang picked, a character literal, static_cast, a __device__
// helper, extern "C", #pragma unroll.
extern "C" {
__device__ inline unsigned int twice(unsigned int v) { return 2u * v; }

__global__ void features(const int *in, long long *out) {
  const unsigned int tid = threadIdx.x;
  const uint below = tid - 1;
  size_t wide = static_cast<size_t>(below) + 1;
  long long big = 1LL << 40;
  long long sum = 0;
#pragma unroll 2
  for (int i = 0; i < 4; i++) {
    sum += i;
  }
  out[tid * 8 + 0] = below;
  out[tid * 8 + 1] = (long long)wide;
  out[tid * 8 + 2] = (big >> 38) + sum;
  out[tid * 8 + 3] = min(tid, 3u) + max(in[tid], -2);
  out[tid * 8 + 4] = ('a' + (int)blockDim.x) & 0x0f;
  out[tid * 8 + 5] = twice(tid) + blockIdx.x + gridDim.x;
  out[tid * 8 + 6] = static_cast<unsigned char>(300 + tid);
  out[tid * 8 + 7] = min(below, 5u);
}
}
