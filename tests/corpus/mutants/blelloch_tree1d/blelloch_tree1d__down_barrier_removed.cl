// veriscan: exclusive threads=n/2 expect=undetected-by-interval
// invisible on: pocl (the interval test passes on PoCL; Oclgrind reports the race)
// mutation: barrier in the down-sweep loop removed (race between levels)
// reason: PoCL runs the work-items of a group one after another in id order between barriers; a node's children are handed their values by a lower work-item id than the one reading them next, so the values are always final when read; finding it is the static race checker's job
// mutant of src/veriscan/kernels/scan/blelloch_tree1d.cl
/* Blelloch exclusive scan over an explicit binary tree in one array, heap
 * order (the "one-dimensional" storage of Ruiter 2015, section 4.2): node v
 * has children 2v and 2v + 1, the root is tree[1] and the leaves are
 * tree[N .. 2N-1].  Level by level only the work-items that own a node of
 * that level are active.  Up: a node becomes the sum of its children.  Down:
 * the root gets the identity; a node hands its prefix to its left child and
 * prefix (+) left-subtree total to its right child.  The leaves end up with
 * the exclusive prefixes. */
__kernel void blelloch_tree1d_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE tree[2UL * N];  /* 64-bit: 2 * N overflows int at N = 2^30 */
    uint tid = (uint)get_local_id(0);

    tree[N + 2 * tid] = in[2 * tid];
    tree[N + 2 * tid + 1] = in[2 * tid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint width = N / 2; width >= 1; width /= 2) {
        if (tid < width) {
            uint v = width + tid;
            tree[v] = OPERATOR(tree[2 * v], tree[2 * v + 1]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0)
        tree[1] = IDENTITY;
    for (uint width = 1; width < N; width *= 2) {
        if (tid < width) {
            uint v = width + tid;
            TYPE left = tree[2 * v];
            tree[2 * v] = tree[v];
            tree[2 * v + 1] = OPERATOR(tree[v], left);
        }
    }
    out[2 * tid] = tree[N + 2 * tid];
    out[2 * tid + 1] = tree[N + 2 * tid + 1];
}
