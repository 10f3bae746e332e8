// expect: violation: not verified (static step): data race on out[0]
// run: verify --n 16
// veriscan: inclusive threads=n
// id: race write_write line 13
// reason: a race that passes the interval test
/* Each work-item folds in[0..t] by itself (correct, no sharing), but every
 * work-item also stores in[0] to out[0]: a write-write race between different
 * work-items.  All of them store the same value, so on PoCL the interval test
 * passes; a race is still undefined behaviour, and verify must refuse. */
__kernel void racy_scan(__global const TYPE *in, __global TYPE *out)
{
    const uint t = get_local_id(0);
    out[0] = in[0];
    TYPE acc = in[0];
    for (uint k = 1; k <= t; k++) {
        acc = OPERATOR(acc, in[k]);
    }
    if (t > 0) {
        out[t] = acc;
    }
}
