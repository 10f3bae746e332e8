// expect: violation
// run: check --local-size 64
// id: undefined shift_count line 7
// truth: the non-type template argument makes the helper's shift `x >> 32` on a 32-bit unsigned int in the instance the kernel calls, a count equal to the width, which C++ leaves undefined (PTX clamps it, x86 masks it to 0: the two give different values)
template <unsigned int BITS> __device__ unsigned int high_part(unsigned int x)
{
    return x >> BITS;
}

__global__ void split(unsigned int *out)
{
    unsigned int t = threadIdx.x;
    out[t] = high_part<32>(t * 2654435761u);
}
