// expect: violation race
// run: check --blockDim=8 --gridDim=1
// id: race write_write line 8
// A parameter declared as a 2-D array is a pointer to rows of 16 floats:
// threads 2k and 2k + 1 both write row k, column 3.
__global__ void rows(float grid[][16], const float src[8][16]) {
  unsigned t = threadIdx.x;
  grid[t / 2][3] = src[t][t % 16];
}
