// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: assumption vacuous_assumption
// truth: inside a loop the assumption holds for every work-item at an iteration that never runs, so a search for an excluded work-item finds none; for n >= 1 it excludes work-item 5, and work-items 5 and 6 race on out[1]
__kernel void k(__global int *out, int n)
{
    int t = get_local_id(0);
    for (int i = 0; i < n; i++) {
        __assume(t != 5 + i * 64);
        if (t == 5 || t == 6)
            out[1] = t;
    }
}
