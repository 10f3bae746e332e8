// expect: unknown: is followed by the preprocessor line 10
// run: spec
// id: spec.construct unsupported_construct line 6
// reason: The kernel's contract is cut off from the kernel by a #define: it must not
// be dropped (its postcondition out[t] == 42 is false; the kernel never writes out).
/*@ context_everywhere n == get_local_size(0);
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == 42; @*/
#define SCALE 2
__kernel void k(__global int *out, int n)
{
    int t = get_local_id(0);
    int x = t * SCALE;
    x = x + 1;
}
