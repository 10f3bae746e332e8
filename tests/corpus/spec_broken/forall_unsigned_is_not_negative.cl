// expect: violation: write of out[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 16
// reason: "\forall uint j; j < 4" ranges over 0..3: the precondition says in[8..11]
// == 1, nothing about in[0..7], so every work-item may write out[0].
/*@ context_everywhere get_local_size(0) == 8;
    requires Perm(in[get_local_id(0)], read) ** Perm(out[get_local_id(0)], write);
    requires (\forall uint j; j < 4; in[j + 8] == 1);
    ensures Perm(out[get_local_id(0)], write); @*/
__kernel void k(__global const int *in, __global int *out)
{
    int t = get_local_id(0);
    if (in[t] == 1) {
        out[t] = 1;
    } else {
        out[0] = t;
    }
}
