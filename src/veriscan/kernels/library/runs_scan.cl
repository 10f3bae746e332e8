// veriscan-library: coarsened multi-group scan (reduce, scan the totals, scan with offsets)
//
// Work-item g owns the contiguous run [g*run, g*run + run) of the input, clipped
// to n.  The pipeline is: runs_reduce (one total per run), an exclusive scan of
// those totals (recursively, by the host), runs_scan (each run scanned
// sequentially, starting from its offset).  With few runs (a CPU: a handful per
// core) runs_scan_totals replaces the last two steps: each work-item first
// combines the totals of the runs before its own (at most a few dozen reads),
// then scans its run, so the whole scan is two launches (one for a single run).  Each work-item touches only its own
// run and its own total/offset slot, so no two work-items ever access the same
// element and no barrier is needed.  Generic: values of TYPE flow only through
// OPERATOR, IDENTITY, loads and stores.
//
// Defines: TYPE, OPERATOR(a, b), IDENTITY; SCAN_EXCLUSIVE (0 or 1, default 0);
// RUN_STEP (1 or 8: elements per step of a run's scan, default 1).

#ifndef SCAN_EXCLUSIVE
#define SCAN_EXCLUSIVE 0
#endif
// Accumulators per run in runs_reduce (one value for every monoid, so that the launch the
// interval test verifies is the launch every monoid runs).
#define RUN_LANES 4
#ifndef RUN_STEP
#define RUN_STEP 1
#endif

// Elements of the run starting at `start` (clipped to n; none past n).  The loops index
// `base + k` with a 64-bit base: that sum cannot wrap, so the compiler keeps one
// pointer-sized induction variable (with a 32-bit `start + k` it re-extends the sum at
// every element, a quarter more time per element on PoCL).
#define RUN_LENGTH(start, n, run) \
    ((start) >= (n) ? 0u : ((n) - (start) < (run) ? (n) - (start) : (run)))

// The scan of the run in[base .. base + len) into out, starting from acc.  With
// RUN_STEP 8 the loop takes eight elements a step: their own running ⊕ first (a chain
// that does not wait for acc, so consecutive steps overlap), then acc ⊕ each of them,
// so that the loop carries one ⊕ from step to step instead of one per element.  That
// is what bounds a float sum (each add waits for the one before: 3-4 cycles); where ⊕
// is cheaper than the extra work (max, min) RUN_STEP is 1.  The elements past the
// last full step, or all of them with RUN_STEP 1, go one at a time.
inline void scan_run(__global const TYPE *in, __global TYPE *out, const ulong base,
                     const uint len, TYPE acc)
{
    uint k = 0;
#if RUN_STEP == 8
    const uint steps_end = len & ~7u;  // k + 8 <= len could wrap; this cannot
    for (; k < steps_end; k += 8) {
        const ulong i = base + k;
        const TYPE p0 = in[i];
        const TYPE p1 = OPERATOR(p0, in[i + 1]);
        const TYPE p2 = OPERATOR(p1, in[i + 2]);
        const TYPE p3 = OPERATOR(p2, in[i + 3]);
        const TYPE p4 = OPERATOR(p3, in[i + 4]);
        const TYPE p5 = OPERATOR(p4, in[i + 5]);
        const TYPE p6 = OPERATOR(p5, in[i + 6]);
        const TYPE p7 = OPERATOR(p6, in[i + 7]);
#if SCAN_EXCLUSIVE
        out[i] = acc;
        out[i + 1] = OPERATOR(acc, p0);
        out[i + 2] = OPERATOR(acc, p1);
        out[i + 3] = OPERATOR(acc, p2);
        out[i + 4] = OPERATOR(acc, p3);
        out[i + 5] = OPERATOR(acc, p4);
        out[i + 6] = OPERATOR(acc, p5);
        out[i + 7] = OPERATOR(acc, p6);
        acc = OPERATOR(acc, p7);
#else
        out[i] = OPERATOR(acc, p0);
        out[i + 1] = OPERATOR(acc, p1);
        out[i + 2] = OPERATOR(acc, p2);
        out[i + 3] = OPERATOR(acc, p3);
        out[i + 4] = OPERATOR(acc, p4);
        out[i + 5] = OPERATOR(acc, p5);
        out[i + 6] = OPERATOR(acc, p6);
        acc = OPERATOR(acc, p7);
        out[i + 7] = acc;
#endif
    }
#endif
    for (; k < len; k++) {
        const TYPE x = in[base + k];
#if SCAN_EXCLUSIVE
        out[base + k] = acc;
        acc = OPERATOR(acc, x);
#else
        acc = OPERATOR(acc, x);
        out[base + k] = acc;
#endif
    }
}

// A run's total is the ⊕ of RUN_LANES contiguous pieces, each reduced by its own
// accumulator in one interleaved loop, then combined in order (so any associative
// OPERATOR, commutative or not).  With one chain, each step waits for the one before:
// a float add's latency, since the compiler may not regroup float sums itself.  The
// last piece takes the len % RUN_LANES elements left over.
__kernel void runs_reduce(__global const TYPE *in, __global TYPE *totals,
                          const uint n, const uint run)
{
    const uint g = get_global_id(0);
    const uint start = g * run;
    const uint len = RUN_LENGTH(start, n, run);
    const ulong base = start;
    const uint piece = len / RUN_LANES;
    TYPE acc[RUN_LANES];
    for (uint j = 0; j < RUN_LANES; j++) {
        acc[j] = IDENTITY;
    }
    for (uint k = 0; k < piece; k++) {
        for (uint j = 0; j < RUN_LANES; j++) {
            acc[j] = OPERATOR(acc[j], in[base + (ulong)j * piece + k]);
        }
    }
    for (uint k = RUN_LANES * piece; k < len; k++) {
        acc[RUN_LANES - 1] = OPERATOR(acc[RUN_LANES - 1], in[base + k]);
    }
    TYPE total = acc[0];
    for (uint j = 1; j < RUN_LANES; j++) {
        total = OPERATOR(total, acc[j]);
    }
    totals[g] = total;
}

__kernel void runs_scan(__global const TYPE *in, __global TYPE *out,
                        __global const TYPE *offsets, const uint n, const uint run)
{
    const uint g = get_global_id(0);
    const uint start = g * run;
    const uint len = RUN_LENGTH(start, n, run);
    const ulong base = start;
    scan_run(in, out, base, len, offsets[g]);
}

__kernel void runs_scan_totals(__global const TYPE *in, __global TYPE *out,
                               __global const TYPE *totals, const uint n, const uint run)
{
    const uint g = get_global_id(0);
    const uint start = g * run;
    const uint len = RUN_LENGTH(start, n, run);
    const ulong base = start;
    TYPE acc = IDENTITY;
    for (uint t = 0; t < g; t++) {
        acc = OPERATOR(acc, totals[t]);
    }
    scan_run(in, out, base, len, acc);
}

__kernel void fill_identity(__global TYPE *out, const uint n)
{
    const uint i = get_global_id(0);
    if (i < n) {
        out[i] = IDENTITY;
    }
}
