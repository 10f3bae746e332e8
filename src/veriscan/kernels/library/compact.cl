// veriscan-library: stream compaction (paper 000 §5, paper 002 §4)
//
// compact_flags turns the user's flags (any integer type FLAG_TYPE) into 0/1
// counts, and counts per run how many flags were neither 0 nor 1 so the host can
// reject them.  The exclusive +-scan of the counts (the verified scan pipeline)
// gives every kept element its output position; compact_scatter moves it there
// (reading the user's flags again: after the check they are 0/1 like the counts,
// and a bool flag is a quarter of the memory traffic of a uint count).
// The scatter is race-free only because those positions are distinct among the
// flagged elements: that is the scan's result, which the checker takes as an
// assumption and the interval-verified scan discharges.  The position is also
// compared with n (out holds n elements): a correct scan gives index[i] <= i,
// so the test never fails, but it makes "in bounds" provable on its own.
//
// Defines: TYPE (the value type), FLAG_TYPE (the flag type).

__kernel void compact_flags(__global const FLAG_TYPE *flags, __global uint *counts,
                            __global uint *invalid, const uint n, const uint run)
{
    const uint g = get_global_id(0);
    const uint start = g * run;
    const uint len = start >= n ? 0u : (n - start < run ? n - start : run);
    const ulong base = start;  // a 64-bit index cannot wrap: one induction variable
    uint bad = 0;
    for (uint k = 0; k < len; k++) {
        const FLAG_TYPE f = flags[base + k];
        counts[base + k] = f != 0 ? 1u : 0u;
        bad += (f != 0 && f != 1) ? 1u : 0u;
    }
    invalid[g] = bad;
}

__kernel void compact_scatter(__global const TYPE *values, __global const FLAG_TYPE *flags,
                              __global const uint *index, __global TYPE *out, const uint n)
{
    const uint i = get_global_id(0);
    if (i < n && flags[i] != 0) {
        const uint to = index[i];
        if (to < n) {
            out[to] = values[i];
        }
    }
}
