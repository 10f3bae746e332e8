// expect: violation: the thread postcondition does not hold at the end
// run: spec
// id: spec.postcondition assertion_false line 11
// truth: The contract is written as two annotations, the precondition in one and the
//        postcondition in the next; both precede the kernel, so both are its contract.
//        The postcondition (a[tid] == 7) is false: the kernel stores 1.  Taking only the
//        annotation nearest the kernel, or only the first, would drop a clause and
//        either verify a false claim or lose the permission.
/*@ requires Perm(a[get_local_id(0)], write); @*/
/*@ ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 7; @*/
__kernel void two_comments(__global int *a)
{
    a[get_local_id(0)] = 1;
}
