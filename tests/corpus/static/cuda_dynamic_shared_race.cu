// expect: violation race
// run: check --blockDim=32 --gridDim=1 --dynamic-shared 256
// id: race write_write line 10
// extern __shared__ is the launch's dynamic shared memory (256 bytes: 64
// ints).  Threads t and t + 16 both write buf[t % 16 + 32].
extern __shared__ int buf[];

__global__ void fold(int *out) {
  unsigned t = threadIdx.x;
  buf[t % 16 + 32] = t;
  __syncthreads();
  out[t] = buf[t % 16 + 32];
}
