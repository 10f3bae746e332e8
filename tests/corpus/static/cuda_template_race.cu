// expect: violation race
// run: check --blockDim=32 --gridDim=1 --kernel stencil<float,1>
// id: race read_write line 9
// A template kernel checked as the launch names it (stencil<float, 1>): with
// a reach of 1 each thread reads the cell its right neighbour writes.
template <typename T, int REACH>
__global__ void stencil(T *cells) {
  unsigned t = threadIdx.x;
  T right = cells[t + REACH];
  cells[t] = right * 2;
}
