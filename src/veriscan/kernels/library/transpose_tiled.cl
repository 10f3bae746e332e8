// veriscan-library: tiled transpose through local memory (paper 002 §5)
//
// A TILE x TILE work group reads one tile of the rows x cols input (row-major)
// into local memory, one cell per work-item, meets at a barrier, and writes the
// mirrored tile of the cols x rows output, again one cell per work-item, so both
// global accesses run along rows.  Every work-item reads its own input cell and
// writes its own output cell; the only sharing is through the tile, separated by
// the barrier.  Cells past the edge of a partial tile are neither read nor
// written.  TYPE is only copied.
//
// Defines: TYPE; TILE (launch TILE x TILE work-items per group).

__kernel void transpose_tiled(__global const TYPE *in, __global TYPE *out,
                              const uint rows, const uint cols)
{
    __local TYPE tile[TILE][TILE];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint in_col = get_group_id(0) * TILE + lx;
    const uint in_row = get_group_id(1) * TILE + ly;
    if (in_row < rows && in_col < cols) {
        tile[ly][lx] = in[in_row * cols + in_col];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint out_col = get_group_id(1) * TILE + lx;
    const uint out_row = get_group_id(0) * TILE + ly;
    if (out_row < cols && out_col < rows) {
        out[out_row * rows + out_col] = tile[lx][ly];
    }
}
