// expect: verified
// run: check --local-size 8 --num-groups 2
// Each thread moves member y of its own uint2 into member x: no two threads
// touch the same element.
__global__ void swap_in(uint2 *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  q[i].x = q[i].y;
}
