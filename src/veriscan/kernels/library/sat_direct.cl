// veriscan-library: summed-area table in two passes, no transposes
//
// sat_rows scans every row (one work-item per row, sequentially, from
// IDENTITY); sat_columns then scans every column of that result in place,
// STRIP adjacent columns per work-item so the inner loop runs along a row and
// vectorises.  The order (rows first, then columns) is the order of the
// scan-transpose-scan-transpose algorithm of paper 002, so both give the same
// table for every monoid, commutative or not.  Each work-item owns whole rows
// (first kernel) or whole column strips (second), so no element is shared.
//
// Defines: TYPE, OPERATOR(a, b), IDENTITY; STRIP (columns per work-item).

__kernel void sat_rows(__global const TYPE *in, __global TYPE *out,
                       const uint rows, const uint cols)
{
    const uint row = get_global_id(0);
    if (row < rows) {
        TYPE acc = IDENTITY;
        for (uint col = 0; col < cols; col++) {
            acc = OPERATOR(acc, in[row * cols + col]);
            out[row * cols + col] = acc;
        }
    }
}

__kernel void sat_columns(__global TYPE *table, const uint rows, const uint cols)
{
    const uint first = get_global_id(0) * STRIP;
    const uint width = first >= cols ? 0u : (cols - first < STRIP ? cols - first : STRIP);
    TYPE acc[STRIP];
    for (uint k = 0; k < STRIP; k++) {
        acc[k] = IDENTITY;
    }
    for (uint row = 0; row < rows; row++) {
        for (uint k = 0; k < width; k++) {
            acc[k] = OPERATOR(acc[k], table[row * cols + first + k]);
            table[row * cols + first + k] = acc[k];
        }
    }
}
