// expect: violation
// run: check --local-size 8 --array-size out=8
// id: race write_write line 10
// truth: abs of a char is a uchar in OpenCL C, so abs((char)-128) is 128 and every work-item writes out[0] (a write-write race); a prelude that gave abs(char) a char result would compute -128, take the guard for false and verify the kernel
__kernel void k(__global int *out)
{
    uint tid = get_local_id(0);
    char lowest = (char)(-128);
    if (abs(lowest) > 127)
        out[0] = tid;
    else
        out[tid] = 0;
}
