// expect: violation-or-unknown
// run: check --local-size 4 --array-size out=4
// id: undefined approximation line 9
// truth: the program-scope table holds a compile-time 0 and every work-item divides by it (PoCL leaves out untouched); a constant table's content is the kernel's, not the host's, yet its reads were taken as host data and their arithmetic assumed defined
__constant int divisors[1] = { 0 };
__kernel void k(__global int *out)
{
    int t = get_global_id(0);
    out[t] = 100 / divisors[0];
}
