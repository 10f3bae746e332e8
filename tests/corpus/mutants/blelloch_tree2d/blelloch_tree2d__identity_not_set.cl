// veriscan: exclusive threads=n/2 expect=interval-fails
// mutation: the root is never set to IDENTITY
// mutant of src/veriscan/kernels/scan/blelloch_tree2d.cl
/* Blelloch exclusive scan with the tree stored as a (lg N + 1) x N array
 * (Ruiter 2015, Alg. 2/3), flattened row-major: row d holds the N >> d nodes
 * of level d, left-aligned; the rest of the row is padding.  Every work-item
 * executes the same statements on every level (no thread is switched off);
 * work-items beyond N >> d compute on padding, which never reaches a real
 * node.  Padding starts as the identity so no uninitialised value is read.
 * n/2 work-items: with n, work-item k >= n/2 would touch 2k >= N, past the
 * end of its row, inside the next one.
 * TREE_ROWS = lg N + 1 for a power of two N, as a constant expression. */
#define TREE_ROWS (1 + (N > 1) + (N > 2) + (N > 4) + (N > 8) + (N > 16) + (N > 32) \
    + (N > 64) + (N > 128) + (N > 256) + (N > 512) + (N > 1024) + (N > 2048)       \
    + (N > 4096) + (N > 8192) + (N > 16384) + (N > 32768) + (N > 65536)            \
    + (N > 131072) + (N > 262144) + (N > 524288) + (N > 1048576) + (N > 2097152)   \
    + (N > 4194304) + (N > 8388608) + (N > 16777216) + (N > 33554432)              \
    + (N > 67108864) + (N > 134217728) + (N > 268435456) + (N > 536870912)         \
    + (N > 1073741824))

__kernel void blelloch_tree2d_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE tree[TREE_ROWS * (ulong)N];  /* 64-bit: overflows int from N = 2^27 */
    uint tid = (uint)get_local_id(0);

    /* Row offsets are 64-bit: d * N exceeds 32 bits for large N. */
    for (uint d = 1; d < TREE_ROWS; d++) {
        ulong row = (ulong)d * N;
        tree[row + 2 * tid] = IDENTITY;
        tree[row + 2 * tid + 1] = IDENTITY;
    }
    tree[2 * tid] = in[2 * tid];
    tree[2 * tid + 1] = in[2 * tid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < TREE_ROWS; d++) {
        ulong row = (ulong)d * N;
        ulong below = row - N;
        tree[row + tid] = OPERATOR(tree[below + 2 * tid], tree[below + 2 * tid + 1]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint d = TREE_ROWS - 1; d >= 1; d--) {
        ulong row = (ulong)d * N;
        ulong below = row - N;
        TYPE parent = tree[row + tid];
        TYPE left = tree[below + 2 * tid];
        tree[below + 2 * tid] = parent;
        tree[below + 2 * tid + 1] = OPERATOR(parent, left);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[2 * tid] = tree[2 * tid];
    out[2 * tid + 1] = tree[2 * tid + 1];
}
