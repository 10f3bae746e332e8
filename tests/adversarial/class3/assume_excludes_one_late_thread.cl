// expect: unknown
// run: check --local-size 64 --array-size out=64
// id: assumption vacuous_assumption
// truth: the assumption is false for work-item 41 alone, whatever the input; a search that samples a few work-items misses it, and work-items 40 and 41 both write out[2]
__kernel void k(__global int *out)
{
    int t = get_local_id(0);
    __requires(t * 7 % 64 != 7 * 41 % 64);
    if (t == 40 || t == 41)
        out[2] = t;
}
