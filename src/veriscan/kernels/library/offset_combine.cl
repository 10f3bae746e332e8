// veriscan-library: combine every element of a scanned block with its line's offset
//
// The last step of the multi-block method (paper 004 §4.5) when the blocks are
// chunks of a distributed array: each chunk was scanned on its own, the chunk
// totals were scanned across chunks, and now out = offset ⊕ in, element by
// element, the offset on the left so that non-commutative operators stay in
// order.  The chunk is viewed as outer x (len x inner) in C order: for outer
// index o the block of len*inner elements at o*block, and line (o, i) has the
// offset offsets[o*inner + i].  One work-item per element, none shared.
//
// Defines: TYPE, OPERATOR(a, b), IDENTITY.

__kernel void offset_combine(__global const TYPE *offsets, __global const TYPE *in,
                             __global TYPE *out, const uint outer, const uint block,
                             const uint inner)
{
    const uint j = get_global_id(0);
    const uint o = get_global_id(1);
    if (j < block && o < outer) {
        const uint at = o * block + j;
        out[at] = OPERATOR(offsets[o * inner + j % inner], in[at]);
    }
}
