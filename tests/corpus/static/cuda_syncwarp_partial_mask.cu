// expect: unknown
// run: check --blockDim=32 --gridDim=1
// id: execution unsupported_construct line 7
// A mask naming half the warp: which lanes must arrive is not modelled.
__global__ void lanes(int *a) {
  a[threadIdx.x] = 1;
  __syncwarp(0x0000ffff);
}
