// veriscan-library: scans along one axis of an N-D array, many lines at once
//
// The array is viewed in C order as outer x len x inner; a line is the len
// elements (o, 0, i), (o, 1, i), ..., inner apart in memory.  Work-item
// (s, o) of the 2-D range owns the STRIP adjacent lines (o, ., s*STRIP + k),
// k < STRIP (clipped to inner), and scans them together, one step along the
// axis at a time, so the innermost loop runs along memory (inner = 1: one
// contiguous line per work-item).  Every element belongs to exactly one
// work-item, so there is no sharing and no barrier.  Generic: values of TYPE
// flow only through OPERATOR, IDENTITY, loads and stores.
//
// Defines: TYPE, OPERATOR(a, b), IDENTITY; STRIP; SCAN_EXCLUSIVE (0 or 1).

#ifndef SCAN_EXCLUSIVE
#define SCAN_EXCLUSIVE 0
#endif

__kernel void axis_scan(__global const TYPE *in, __global TYPE *out,
                        const uint outer, const uint len, const uint inner)
{
    const uint first = get_global_id(0) * STRIP;
    const uint o = get_global_id(1);
    const uint width = (o >= outer || first >= inner) ? 0u
                       : (inner - first < STRIP ? inner - first : STRIP);
    TYPE acc[STRIP];
    for (uint k = 0; k < STRIP; k++) {
        acc[k] = IDENTITY;
    }
    for (uint step = 0; step < len && width > 0; step++) {
        const uint base = (o * len + step) * inner + first;
        for (uint k = 0; k < width; k++) {
            const TYPE x = in[base + k];
#if SCAN_EXCLUSIVE
            out[base + k] = acc[k];
            acc[k] = OPERATOR(acc[k], x);
#else
            acc[k] = OPERATOR(acc[k], x);
            out[base + k] = acc[k];
#endif
        }
    }
}
