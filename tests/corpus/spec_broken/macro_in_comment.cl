// expect: violation: write of out[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 19
// reason: A #define inside a comment is no definition: C's N is 16, so the spec's
// local size is 16 and work-items 8..15 all write out[0].
/*
#define N 8
*/
#define N (8 + 8)
/*@ context_everywhere get_local_size(0) == N;
    requires Perm(out[get_local_id(0)], write);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    if (t < 8) {
        out[t] = 1;
    } else {
        out[0] = t;
    }
}
