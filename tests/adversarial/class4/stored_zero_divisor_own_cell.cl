// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: undefined approximation line 10
// truth: each work-item stores 0 in its own out[t], reads it back and divides 100 by it: a division by zero in every run (PoCL and Oclgrind leave out untouched, the compiler having dropped the undefined path); the read was taken for host data, whose arithmetic is assumed defined, and the kernel was verified
__kernel void k(__global int *out)
{
    int t = get_global_id(0);
    out[t] = 0;
    int d = out[t];
    out[t] = 100 / d;
}
