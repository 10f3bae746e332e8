// expect: violation: the thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 8
// reason: \old(n) is n's value at kernel entry, not after the kernel reassigned it.
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == \old(n); @*/
__kernel void k(__global int *out, int n)
{
    if (n > -100 && n < 100) {
        n = n - 3;
    }
    out[get_local_id(0)] = n;
}
