// expect: violation: '<<' of a negative or too large int
// run: spec
// id: spec.undefined_behaviour shift_count line 11
// reason: 1 << 31 does not fit an int, undefined in C++; a count that is not a
// constant used to leave the shift uninterpreted and unchecked
/*@ context_everywhere blockDim.x >= 1 && 0 <= s && s < 32;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write); @*/
__global__ void k(int *a, int s)
{
    a[threadIdx.x] = 1 << s;
}
