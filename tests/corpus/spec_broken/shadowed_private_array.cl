// expect: unknown: 'p' names several declarations of the kernel
// run: spec
// id: spec.construct unsupported_construct line 14
// reason: Relative: a shadowed private array; the annotation's p is the inner one.
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write); @*/
__kernel void k(__global int *a)
{
    int p[1];
    p[0] = get_local_id(0);
    {
        int p[1];
        p[0] = 0;
        //@ assert p[0] == get_local_id(0);
        a[get_local_id(0)] = p[0];
    }
}
