// expect: violation: read of tree[...] without read permission
// run: spec
// process: own
// id: spec.read_permission permission_missing line 41
// reason: Broken variant of blelloch_tree2d_up.cl: the sum reads the next pair's left child.
// Up-sweep of Blelloch's scan with the tree stored as an h x n array
// (paper 004, Alg. 2 and the permission scheme of Alg. 4 / Fig. 9), for any
// n rather than the paper's fixed n = 32.  Row 0 receives the input, row d
// holds the sums of pairs of row d-1, left-aligned.  Work-item t owns column
// t of the tree; before computing row `level` the barrier trades each
// work-item's cell of row level-1 for the two children cells it reads
// (left child 2t, right child 2t+1, when they exist).  A last barrier hands
// the whole tree back column by column.
// Verified for every work-group size n >= 1 and every height h >= 1 (the
// scan needs h = lg n + 1; the permission proof does not).  Restriction:
// permissions only, the sums themselves are proven by the interval test.

/*@ context_everywhere n == get_local_size(0) && h >= 1 && h <= 32;
    requires Perm(in[get_local_id(0)], read);
    requires (\forall* int j; 0 <= j && j < h; Perm(tree[j * n + get_local_id(0)], write));
    ensures (\forall* int j; 0 <= j && j < h; Perm(tree[j * n + get_local_id(0)], write)); @*/
__kernel void blelloch_tree2d_up(__global const int *in, __global int *tree, int n, int h)
{
    int tid = get_local_id(0);
    tree[tid] = in[tid];
    int level = 1;
    /*@ loop_invariant 1 <= level && level <= h;
        loop_invariant (\forall* int j; level - 1 <= j && j < h; Perm(tree[j * n + tid], write));
        loop_invariant (\forall* int j; 0 <= j && j < level - 1;
                           2 * tid < n ==> Perm(tree[j * n + 2 * tid], write));
        loop_invariant (\forall* int j; 0 <= j && j < level - 1;
                           2 * tid + 1 < n ==> Perm(tree[j * n + 2 * tid + 1], write)); @*/
    while (level < h) {
        /*@ requires 1 <= level && level < h;
            requires Perm(tree[(level - 1) * n + tid], write);
            ensures 2 * tid < n ==> Perm(tree[(level - 1) * n + 2 * tid], write);
            ensures 2 * tid + 1 < n ==> Perm(tree[(level - 1) * n + 2 * tid + 1], write); @*/
        barrier(CLK_GLOBAL_MEM_FENCE);
        if (2 * tid + 1 < n) {
            tree[level * n + tid] = tree[(level - 1) * n + 2 * tid]
                                  + tree[(level - 1) * n + 2 * tid + 2];
        }
        level = level + 1;
    }
    /*@ requires level == h;
        requires (\forall* int j; h - 1 <= j && j < h; Perm(tree[j * n + tid], write));
        requires (\forall* int j; 0 <= j && j < h - 1;
                     2 * tid < n ==> Perm(tree[j * n + 2 * tid], write));
        requires (\forall* int j; 0 <= j && j < h - 1;
                     2 * tid + 1 < n ==> Perm(tree[j * n + 2 * tid + 1], write));
        ensures (\forall* int j; 0 <= j && j < h; Perm(tree[j * n + tid], write)); @*/
    barrier(CLK_GLOBAL_MEM_FENCE);
}
