// expect: unknown
// run: check --local-size 8 --num-groups 2
// id: race approximation line 11
// An exchange on the counter besides the increments can set it back, so the
// returned values may repeat: no distinctness for this counter.
__global__ void mixed(unsigned int *counter, int *slots) {
  unsigned int mine = atomicAdd(counter, 1u);
  if (threadIdx.x == 3) {
    atomicExch(counter, 0u);
  }
  slots[mine] = threadIdx.x;
}
