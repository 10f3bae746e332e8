// Inline assembly is outside the IR.
__global__ void lane(int *out) {
  int v;
  asm("mov.u32 %0, %%laneid;" : "=r"(v));
  out[threadIdx.x] = v;
}
