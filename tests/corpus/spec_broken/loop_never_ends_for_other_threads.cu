// expect: unknown: its termination is not shown
// run: spec
// id: spec.construct unsupported_construct line 13
// reason: the loop runs forever for every thread but 0, so only thread 0 reached the
// code after it and the write of a[0] by every thread "verified"; C++ lets a compiler
// assume such a loop ends, which makes the write a real race
/*@ context_everywhere blockDim.x >= 2;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write); @*/
__global__ void k(int *a)
{
    unsigned t = threadIdx.x;
    while (t != 0) { }
    a[0] = 1;
}
