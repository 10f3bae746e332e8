// expect: violation-or-unknown
// run: check --blockDim=[4] --gridDim=[1] --array-size out=16
// id: race approximation line 10
// truth: the CUDA form of loop_step_narrowing_cast.cl: i = (unsigned char)(i + 200u) wraps modulo 256, so n = 245 reaches i == 144 and writes out[100], past the end of out
__global__ void k(int *out, unsigned n)
{
    unsigned t = threadIdx.x;
    for (unsigned i = 0; i < n; i = (unsigned char)(i + 200u)) {
        if (i == 144u && n < 1000u)
            out[100] = 1;
    }
    out[t] = 0;
}
