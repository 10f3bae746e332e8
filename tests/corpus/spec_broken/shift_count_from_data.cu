// expect: violation: shift count outside 0..31
// run: spec
// id: spec.undefined_behaviour shift_count line 13
// reason: a CUDA shift count read from memory was assumed in range like a signed
// overflow of data; a count of 32 or more is undefined in C++ whatever the data
/*@ context_everywhere blockDim.x >= 1;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write); @*/
__global__ void k(unsigned *a)
{
    unsigned t = threadIdx.x;
    unsigned s = a[t];
    a[t] = 1u << s;
}
