// expect: verified
// run: check --local-size 32 --num-groups 4 --array-size out=128
// CUDA's __mul24 is exact (the low 24 bits of each operand): block offsets
// computed with it keep the blocks apart and inside out.
__global__ void offsets(float *out) {
  int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  out[i] = __expf((float)i) + sinf((float)__umul24(threadIdx.x, 3u));
}
