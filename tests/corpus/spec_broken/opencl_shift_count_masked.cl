// expect: violation: the thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 10
// reason: OpenCL C masks a shift count to the width: 1 << 32 is 1 << 0 == 1, not the 0
// of mathematics; the claim that it is 0 must fail
/*@ context_everywhere s == 32;
    requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write);
    ensures a[get_local_id(0)] == 0; @*/
__kernel void k(__global int *a, int s) { a[get_local_id(0)] = 1 << s; }
