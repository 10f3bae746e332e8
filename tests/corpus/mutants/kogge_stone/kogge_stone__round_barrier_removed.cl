// veriscan: inclusive threads=n expect=undetected-by-interval
// invisible on: pocl (the interval test passes on PoCL; Oclgrind reports the race)
// mutation: barrier at the end of each round removed (race with the next round's reads)
// reason: PoCL runs the work-items of a group one after another in id order between barriers; work-item t reads buf[t - offset] after that lower work-item finished its round, which is the value the barrier would have guaranteed; finding it is the static race checker's job
// mutant of src/veriscan/kernels/scan/kogge_stone.cl
/* Kogge-Stone inclusive scan (POPL'14 Fig. 2), one work-item per element.
 * After the round with distance `offset`, buf[t] holds the sum of the
 * min(t + 1, 2 * offset) elements ending at t.  Each round reads, waits for
 * every read, then writes, so no work-item sees a value of the same round. */
__kernel void kogge_stone_scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    uint tid = (uint)get_local_id(0);

    buf[tid] = in[tid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint offset = 1; offset < N; offset *= 2) {
        TYPE left;
        if (tid >= offset)
            left = buf[tid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid >= offset)
            buf[tid] = OPERATOR(left, buf[tid]);
    }
    out[tid] = buf[tid];
}
