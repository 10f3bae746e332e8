// expect: violation
// run: check --local-size 8 --array-size out=8
// id: race write_write line 10
// truth: min of two chars is a char in OpenCL C (gentype min(gentype, gentype)), so sizeof is 1 and every work-item writes out[0], a write-write race (PoCL leaves only out[0] written; Oclgrind reports the race); a prelude without the narrow overloads converted to min(int, int), took sizeof as 4 and verified the kernel
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    char a = (char)t, b = 3;
    if (sizeof(min(a, b)) == 1)
        out[0] = t;
    else
        out[t] = t;
}
