// expect: violation-or-unknown
// run: verify --n 512
// veriscan: inclusive threads=n
// id: race read_write line 17
// truth: max of two chars is a char on the device (OpenCL C 6.12.3), so the guard is false there and the end-of-round barrier is compiled away: round r's write of buf[t] races with round r+1's read by work-item t + 2*offset (Oclgrind: read-write races on buf); a prelude without narrow max overloads took max(char, char) for an int, kept the barrier in the proof and verified the kernel at n = 512, where Oclgrind does not run and PoCL's in-order schedule hides the race
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[N];
    char c = 0;
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
        if (sizeof(max(c, c)) == sizeof(int))
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[tid] = buf[tid];
}
