// expect: violation: the thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 10
// reason: >> of a negative int is arithmetic on every device (-8 >> 1 == -4), not a
// logical shift giving 2147483644
/*@ context_everywhere blockDim.x >= 1 && s == 1;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write);
    ensures a[threadIdx.x] == 2147483644; @*/
__global__ void k(int *a, int s) { a[threadIdx.x] = -8 >> s; }
