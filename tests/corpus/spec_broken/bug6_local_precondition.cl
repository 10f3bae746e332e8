// expect: violation: whose contents are undefined at kernel entry
// run: spec
// id: spec.vacuity undefined_contents line 10
// reason: Issue 9 bug 6: a precondition about the kernel's own __local array, which
// no host can establish (the array is uninitialised when the kernel starts),
// made the proof assume its contents and "verify" a wrong result: out[tid]
// is whatever garbage tmp[tid] holds, not 1.
/*@ context_everywhere n == get_local_size(0) && n <= 64;
    requires Perm(tmp[get_local_id(0)], write);
    requires tmp[get_local_id(0)] == 1;
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == 1; @*/
__kernel void local_pre(__global int *out, int n)
{
    __local int tmp[64];
    int tid = get_local_id(0);
    out[tid] = tmp[tid];
}
