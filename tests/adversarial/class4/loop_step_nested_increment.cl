// expect: violation-or-unknown
// run: check --local-size 4 --num-groups 1 --array-size out=16
// id: race approximation line 10
// truth: the step adds 2 to i and, for odd work-items, 1 more inside a short-circuit, so work-item 1 runs the body with i = 3 and writes out[100], past the end of out, for every n >= 4; a loop counter is one whose only write is the step's top-level v = v + e, every nested write counted
__kernel void k(__global int *out, uint n)
{
    uint t = get_local_id(0);
    for (uint i = 0; i < n; i += 2, (t & 1) && i++) {
        if (i & 1)
            out[100] = 1;
    }
    out[t] = 0;
}
