// expect: unknown: is followed by code the compiler does not see as written
// run: spec
// id: spec.construct unsupported_construct line 14
// reason: Red-team round 3, F2c: braces in arguments that a macro throws away made the
// brace count see a kernel 'phantom' around the (false) assertion, dropped as its own.
#define IGNORE(...)
/*@ requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int lid = get_local_id(0);
    out[lid] = 1;
    IGNORE(} __kernel void phantom(void) {)
    //@ assert lid == 4321;
    IGNORE(})
    out[lid] = 3;
}
