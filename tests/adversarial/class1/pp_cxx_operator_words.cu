// expect: violation
// run: check --blockDim=[64] --gridDim=[1]
// id: race write_write line 14
// truth: in C++ (CUDA) true is 1 and and/not are the operators && and ! ([lex.digraph], [cpp.cond]), so IDX is 0 and threads 0 and 1 race on buf[0] (cpp -x c++ takes this branch); pcpp read them as identifiers
#if true and not false
#define IDX 0
#else
#define IDX threadIdx.x
#endif

__global__ void k(int *out)
{
    __shared__ int buf[64];
    buf[IDX] = threadIdx.x;
    out[threadIdx.x] = 0;
}
