// expect: unknown: do-while loop
// run: spec
// id: spec.construct unsupported_construct line 14
// reason: a loop invariant before a do-while loop the front end does not lower (its
// condition increments i) was refused as bad input, "annotation must be followed by
// the kernel, a loop or a barrier"; the annotation belongs to that loop, and the loop
// makes the verdict unknown, naming the construct
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 4; @*/
__kernel void k(__global int *a)
{
    int i = 0;
    /*@ loop_invariant 0 <= i && i <= 4; @*/
    do { } while (++i < 4);
    a[get_local_id(0)] = i;
}
