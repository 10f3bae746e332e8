// expect: violation: the thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 10
// reason: an unsigned 1u << 31 is 2147483648 (defined, no bits lost), never 0; a
// shift by a parameter count is exact, one case per count
/*@ context_everywhere blockDim.x >= 1 && 0 <= s && s < 32;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write);
    ensures s == 31 ==> a[threadIdx.x] == 0; @*/
__global__ void k(unsigned *a, int s) { a[threadIdx.x] = 1u << s; }
