// expect: violation race
// run: check --local-size 4 --num-groups 2
// id: race atomic_plain line 8
// A plain read of a cell other blocks update atomically is a race (no barrier
// orders blocks), even though the atomics among themselves are fine.
__global__ void peek(unsigned int *hist, const unsigned int *keys, unsigned int *seen) {
  unsigned int k = keys[blockIdx.x * blockDim.x + threadIdx.x] & 3u;
  atomicAdd(&hist[k], 1u);
  seen[blockIdx.x * blockDim.x + threadIdx.x] = hist[0];
}
