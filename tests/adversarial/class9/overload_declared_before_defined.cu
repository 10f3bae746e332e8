// expect: violation
// run: check --local-size 64
// id: race write_write line 10
// truth: both overloads of slot are only declared when the kernel calls slot((int)t); C++ picks slot(int), defined last, which sends every thread to out[0] (a write-write race between threads 0 and 1); taking the first definition of the name, slot(unsigned), gives out[t] and hides it
__device__ unsigned int slot(unsigned int t);
__device__ unsigned int slot(int t);

__global__ void scatter(int *out)
{
    out[slot((int)threadIdx.x)] = 1;
}

__device__ unsigned int slot(unsigned int t) { return t; }
__device__ unsigned int slot(int t) { return 0u * (unsigned int)t; }
