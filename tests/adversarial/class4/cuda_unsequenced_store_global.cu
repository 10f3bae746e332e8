// expect: violation
// run: check --blockDim=[4] --gridDim=[1] --array-size out=4
// id: undefined undefined_operation line 9
// truth: `out[t] = out[t]++ + 1` stores out[t] and increments it in the operand; C++14
//        (CUDA, lowered as C++14) sequences the postfix increment's side effect after its
//        value only, not before the store: undefined, in every thread (thread 0).
__global__ void inc(int *out) {
  int t = threadIdx.x;
  out[t] = out[t]++ + 1;
}
