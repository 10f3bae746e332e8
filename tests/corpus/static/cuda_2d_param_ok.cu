// expect: verified
// run: check --blockDim=8 --gridDim=2
// Each thread owns one row of a 2-D array parameter (rows of 16 floats).
__global__ void rows(float grid[][16], const float src[16][16]) {
  unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 0; c < 16; ++c) {
    grid[r][c] = src[r][15 - c];
  }
}
