// expect: violation: two threads both receive write
// run: spec
// id: spec.barrier_redistribution permission_exceeded line 22
// reason: Broken variant of transpose.cl: every work-item of a row gets the same diagonal cell.
// In-place transposition of an n x n matrix by an n x n work-group (paper 002,
// Fig. 5, the transposition phase of the summed-area table): work-item (x, y)
// reads its own cell, the barrier moves its write permission to the mirrored
// cell, and it stores the value there.
// Verified for every n >= 1 (one work-group of n x n work-items, row-major m).

/*@ context_everywhere n == get_local_size(0) && n == get_local_size(1);
    requires Perm(m[get_local_id(0) * n + get_local_id(1)], write);
    ensures Perm(m[get_local_id(1) * n + get_local_id(0)], write);
    ensures m[get_local_id(1) * n + get_local_id(0)]
            == \old(m[get_local_id(0) * n + get_local_id(1)]); @*/
__kernel void transpose(__global int *m, int n)
{
    int x = get_local_id(0);
    int y = get_local_id(1);
    int value = m[x * n + y];
    /*@ requires Perm(m[x * n + y], write);
        ensures Perm(m[y * n + y], write); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
    m[y * n + x] = value;
}
