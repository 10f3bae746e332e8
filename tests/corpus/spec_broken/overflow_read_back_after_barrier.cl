// expect: violation: signed overflow in '+' (int)
// run: spec
// id: spec.undefined_behaviour signed_overflow line 17
// reason: signed arithmetic on a value read from memory is assumed defined; the sum
// INT_MAX + 1 was kept as a mathematical integer, stored, and read back as an int,
// which made the rest of the path infeasible and the false assertion "proven"
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 0; @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    a[t] = 2147483647;
    /*@ requires Perm(a[t], write) ** a[t] == 2147483647;
        ensures Perm(a[t], write) ** a[t] == 2147483647; @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    int x = a[t];
    a[t] = x + 1;
    int y = a[t];
    //@ assert 1 == 0;
    a[t] = y - y + 7;
}
