// expect: verified
// run: check --local-size 32 --num-groups 2
// Every CUDA atomic read-modify-write on shared cells: none races another, and
// the values they return are only used as data.
__global__ void mix(int *acc, unsigned int *flags, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int old = atomicAdd(&acc[0], t);
  atomicMax(&acc[1], old);
  atomicMin(&acc[2], t);
  atomicExch(&acc[3], t);
  atomicCAS(&acc[4], 0, t);
  atomicInc(&flags[0], 100u);
  atomicDec(&flags[1], 100u);
  atomicOr(&flags[2], 1u << (threadIdx.x & 31u));
  out[t] = old;
}
