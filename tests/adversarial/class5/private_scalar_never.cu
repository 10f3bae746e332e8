// expect: violation
// run: check --local-size 4
// id: undefined unassigned_variable line 9
// truth: the accumulator is never initialised before acc += ...: every thread reads an
//        indeterminate register (nvcc does not zero it).
__global__ void sum_row(const int *in, int *out) {
  int acc;
  for (int k = 0; k < 4; k++)
    acc += in[threadIdx.x * 4 + k];
  out[threadIdx.x] = acc;
}
