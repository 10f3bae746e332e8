// expect: unknown
// run: verify --n 4
// truth: the translation to OpenCL C keeps the variable rotate, which PoCL renames to _cl_rotate, the name of an inner variable: the translated kernel computes a wrong scan on PoCL
// veriscan: inclusive threads=1
// id: output not_run
__global__ void k(const TYPE *in, TYPE *out) {
  unsigned int rotate = 1u;
  TYPE acc = in[0];
  out[0] = acc;
  {
    TYPE _cl_rotate = in[0];
    for (unsigned int i = 1; i < N; i++) {
      if (rotate)
        acc = OPERATOR(acc, in[i]);
      else
        acc = in[i];
      out[i] = acc;
    }
  }
}
