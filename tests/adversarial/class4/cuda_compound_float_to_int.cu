// expect: unknown
// run: check --blockDim=[4] --gridDim=[1] --array-size out=4
// id: undefined approximation line 10
// truth: `acc += s * 1e10f` computes in float and converts the sum back to int: undefined
//        when it does not fit (s = 1 makes it 1e10, thread 0), and floats are opaque to the
//        model, so the conversion is at best possibly undefined, never verified.
__global__ void accumulate(int *out, float s) {
  int t = threadIdx.x;
  int acc = t;
  acc += s * 1e10f;
  out[t] = acc;
}
