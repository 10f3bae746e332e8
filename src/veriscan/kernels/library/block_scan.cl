// veriscan-library: multi-work-group scan, one block per work group (paper 004 §4.5)
//
// Work group g scans block [g*BLOCK, g*BLOCK + BLOCK) of the input with a
// work-efficient up-sweep/down-sweep tree in local memory (BLOCK/2 work-items,
// two elements each), writes the block's scan and the block's total.  The host
// scans the totals (recursively while they do not fit one group) and block_add
// combines every element with its block's offset, the offset on the left so
// that non-commutative operators stay in order.  Elements at or past n are
// read as IDENTITY and never written.
//
// Defines: TYPE, OPERATOR(a, b), IDENTITY; BLOCK (a power of two, the elements
// per group; launch BLOCK/2 work-items per group); SCAN_EXCLUSIVE (0 or 1).

#ifndef SCAN_EXCLUSIVE
#define SCAN_EXCLUSIVE 0
#endif

__kernel void block_scan(__global const TYPE *in, __global TYPE *out,
                         __global TYPE *totals, const uint n)
{
    __local TYPE tree[BLOCK];
    const uint lid = get_local_id(0);
    const uint group = get_group_id(0);
    const uint lo = group * BLOCK + lid;
    const uint hi = lo + BLOCK / 2;
    TYPE x_lo = IDENTITY;
    TYPE x_hi = IDENTITY;
    if (lo < n) {
        x_lo = in[lo];
    }
    if (hi < n) {
        x_hi = in[hi];
    }
    tree[lid] = x_lo;
    tree[lid + BLOCK / 2] = x_hi;

    // Up-sweep: node `right` becomes the total of the 2*width elements ending at it.
    for (uint width = 1; width < BLOCK; width *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < BLOCK / (2 * width)) {
            const uint right = (2 * lid + 2) * width - 1;
            const uint left = right - width;
            tree[right] = OPERATOR(tree[left], tree[right]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        totals[group] = tree[BLOCK - 1];
        tree[BLOCK - 1] = IDENTITY;
    }

    // Down-sweep: a node holding the prefix before its subtree hands that prefix
    // to its left child and prefix (+) left-subtree total to its right child.
    for (uint width = BLOCK / 2; width > 0; width /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < BLOCK / (2 * width)) {
            const uint right = (2 * lid + 2) * width - 1;
            const uint left = right - width;
            const TYPE left_total = tree[left];
            const TYPE prefix = tree[right];
            tree[left] = prefix;
            tree[right] = OPERATOR(prefix, left_total);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const TYPE before_lo = tree[lid];
    const TYPE before_hi = tree[lid + BLOCK / 2];
#if SCAN_EXCLUSIVE
    const TYPE y_lo = before_lo;
    const TYPE y_hi = before_hi;
#else
    const TYPE y_lo = OPERATOR(before_lo, x_lo);
    const TYPE y_hi = OPERATOR(before_hi, x_hi);
#endif
    if (lo < n) {
        out[lo] = y_lo;
    }
    if (hi < n) {
        out[hi] = y_hi;
    }
}

__kernel void block_add(__global TYPE *out, __global const TYPE *offsets, const uint n)
{
    const uint lid = get_local_id(0);
    const uint group = get_group_id(0);
    const uint lo = group * BLOCK + lid;
    const uint hi = lo + BLOCK / 2;
    const TYPE offset = offsets[group];
    if (lo < n) {
        out[lo] = OPERATOR(offset, out[lo]);
    }
    if (hi < n) {
        out[hi] = OPERATOR(offset, out[hi]);
    }
}
