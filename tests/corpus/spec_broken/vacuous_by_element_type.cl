// expect: violation: no launch satisfies it
// run: spec
// id: spec.vacuity unsatisfiable line 6
// reason: Red-team round 4: no uint cell is below zero, so this precondition is vacuous;
// without the element type in the vacuity query the racy b[0] write was proven vacuously.
/*@ requires Perm(a[get_local_id(0)], read) ** Perm(b[get_local_id(0)], write);
    requires a[get_local_id(0)] < 0; @*/
__kernel void k(__global const uint *a, __global int *b)
{
    uint v = a[get_local_id(0)];
    b[0] = (int)(v & 1u);
}
