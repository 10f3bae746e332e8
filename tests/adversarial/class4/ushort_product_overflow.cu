// expect: violation
// run: check --local-size 64
// id: undefined signed_overflow line 8
// truth: both unsigned short operands are promoted to int (C++ [conv.prom]: int holds every unsigned short), so w * w is a signed int product: for thread 0, w = 65472 and 65472 * 65472 = 4286582784 > INT_MAX, an overflow C++ leaves undefined; computed as unsigned arithmetic it would only wrap
__global__ void squares(unsigned int *out)
{
    unsigned short w = (unsigned short)(threadIdx.x + 65472u);
    out[threadIdx.x] = w * w;
}
