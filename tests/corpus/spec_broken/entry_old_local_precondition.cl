// expect: violation: local array tmp, whose contents are undefined at kernel entry
// run: spec
// id: spec.vacuity undefined_contents line 8
// reason: \old(...) around a precondition about the kernel's own __local array: the
// array holds garbage at entry whether or not the fact is written under \old.
/*@ context_everywhere n == get_local_size(0) && n <= 32;
    requires Perm(tmp[get_local_id(0)], write) ** Perm(out[get_local_id(0)], write);
    requires \old(tmp[get_local_id(0)]) == 5;
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == 5; @*/
__kernel void k(__global int *out, int n)
{
    __local int tmp[32];
    int t = get_local_id(0);
    out[t] = tmp[t];
}
