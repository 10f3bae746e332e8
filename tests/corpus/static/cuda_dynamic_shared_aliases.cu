// expect: unknown
// run: check --blockDim=32 --gridDim=1 --dynamic-shared 256
// id: execution unsupported_construct line 13
// Two extern __shared__ arrays are one buffer: ints[t] and halves[t] overlap
// (thread t's float lands on another thread's int), which is not modelled, so
// the verdict is unknown rather than a proof about two separate arrays.
extern __shared__ int ints[];
extern __shared__ float halves[];

__global__ void overlap(int *out) {
  unsigned t = threadIdx.x;
  ints[2 * t] = 1;
  halves[2 * t + 1] = 2.0f;
  out[t] = ints[t];
}
