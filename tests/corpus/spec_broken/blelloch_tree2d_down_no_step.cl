// expect: violation: loop invariant
// run: spec
// id: spec.loop_invariant_preserved permission_missing line 33
// reason: Broken variant of blelloch_tree2d_down.cl: the level never moves, so the invariant's own cells are gone.
// Down-sweep of Blelloch's scan with the tree stored as an h x n array
// (paper 004, Alg. 3 and the permission scheme of Alg. 5), for any n.  The
// top row is cleared, then row by row work-item t reads its cell of row
// `level` and writes its two children in row level-1:
//   tree[level-1][2t+1] = tree[level-1][2t] + tree[level][t];
//   tree[level-1][2t]   = tree[level][t].
// Each barrier takes every work-item's own cell of row level-1 together with
// the children it wrote one round earlier, and hands out a read on the own
// cell of row `level` and the write on the children of row level-1.
// Verified for every work-group size n >= 1 and every height h >= 1.
// Restriction: permissions only, the values are proven by the interval test.

/*@ context_everywhere n == get_local_size(0) && h >= 1 && h <= 32;
    requires (\forall* int j; 0 <= j && j < h; Perm(tree[j * n + get_local_id(0)], write));
    ensures h == 1 ==> Perm(tree[get_local_id(0)], write);
    ensures h > 1 && 2 * get_local_id(0) < n ==> Perm(tree[2 * get_local_id(0)], write);
    ensures h > 1 && 2 * get_local_id(0) + 1 < n ==> Perm(tree[2 * get_local_id(0) + 1], write); @*/
__kernel void blelloch_tree2d_down(__global uint *tree, int n, int h)
{
    int tid = get_local_id(0);
    tree[(h - 1) * n + tid] = 0;
    int level = h - 1;
    /*@ loop_invariant 0 <= level && level <= h - 1;
        loop_invariant (\forall* int j; 0 <= j && j < level; Perm(tree[j * n + tid], write));
        loop_invariant level == h - 1 ==> Perm(tree[level * n + tid], write);
        loop_invariant level < h - 1 && 2 * tid < n ==> Perm(tree[level * n + 2 * tid], write);
        loop_invariant level < h - 1 && 2 * tid + 1 < n
                       ==> Perm(tree[level * n + 2 * tid + 1], write); @*/
    while (level >= 1) {
        /*@ requires 1 <= level && level <= h - 1;
            requires Perm(tree[(level - 1) * n + tid], write);
            requires level == h - 1 ==> Perm(tree[level * n + tid], write);
            requires level < h - 1 && 2 * tid < n ==> Perm(tree[level * n + 2 * tid], write);
            requires level < h - 1 && 2 * tid + 1 < n
                     ==> Perm(tree[level * n + 2 * tid + 1], write);
            ensures Perm(tree[level * n + tid], read);
            ensures 2 * tid < n ==> Perm(tree[(level - 1) * n + 2 * tid], write);
            ensures 2 * tid + 1 < n ==> Perm(tree[(level - 1) * n + 2 * tid + 1], write); @*/
        barrier(CLK_GLOBAL_MEM_FENCE);
        if (2 * tid < n) {
            uint parent = tree[level * n + tid];
            if (2 * tid + 1 < n) {
                tree[(level - 1) * n + 2 * tid + 1] = tree[(level - 1) * n + 2 * tid] + parent;
            }
            tree[(level - 1) * n + 2 * tid] = parent;
        }
    }
}
