// expect: violation race
// run: check --blockDim=8,8 --gridDim=1 --warp-sync=32
// id: race read_write line 8
// Warps are runs of 32 work-items in linear order (x fastest): rows 0-3 are
// one warp, rows 4-7 the next, so row y reading row y + 4 races.
__global__ void k(int *A) {
  int x = threadIdx.x, y = threadIdx.y;
  int v = y < 4 ? A[(y + 4) * 8 + x] : 0;
  A[y * 8 + x] = v;
}
