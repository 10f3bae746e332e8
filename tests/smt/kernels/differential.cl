/* Differential test of the SMT encoding against the device (tests/smt/test_differential_expr.py).
 * Work-item w reads its own inputs, then runs every generated slot k that the
 * reference semantics says is defined for those inputs, storing the result as
 * a ulong at out[w * SLOTS + k].  The generator replaces the slot marker below.
 */
__kernel void differential(__global const int *vi, __global const uint *vu,
                           __global const long *vl, __global const ulong *vq,
                           __global const short *vs, __global const ushort *vt,
                           __global const char *vc, __global const uchar *vb,
                           __global const uchar *skip, __global ulong *out)
{
    size_t lid = get_local_id(0);
    int i0 = vi[2 * lid], i1 = vi[2 * lid + 1];
    uint u0 = vu[2 * lid], u1 = vu[2 * lid + 1];
    long l0 = vl[2 * lid], l1 = vl[2 * lid + 1];
    ulong q0 = vq[lid];
    short s0 = vs[lid];
    ushort t0 = vt[lid];
    char c0 = vc[lid];
    uchar b0 = vb[lid];
    size_t base = lid * SLOTS;
    /* SLOTS-HERE */
}
