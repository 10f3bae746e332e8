// expect: unknown: 't' names several declarations of the kernel
// run: spec
// id: spec.construct unsupported_construct line 13
// reason: The inner t (0) shadows the outer one (the work-item id): the assertion is
// about the inner t, and must not be read as the outer.
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    {
        int t = 0;
        //@ assert t == get_local_id(0);
        a[get_local_id(0)] = t;
    }
}
