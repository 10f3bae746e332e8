// expect: violation-or-unknown
// run: check --local-size 4 --array-size a=4 --array-size out=4
// id: undefined approximation line 10
// truth: the first read of a[t] comes before any write in program order, but the loop's second iteration reads the 0 the first one stored and divides by it in every run; a read is the host's content only when no write precedes it on any path, a later iteration included
__kernel void k(__global int *a, __global int *out)
{
    int t = get_global_id(0);
    int acc = 0;
    for (int i = 0; i < 2; i++) {
        acc += 100 / a[t];
        a[t] = 0;
    }
    out[t] = acc;
}
