// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=8
// id: bounds approximation line 11
// truth: mad_hi(int) and mad_hi(uint) are two built-ins: mad_hi(-1,-1,0) is 0 but mad_hi(0xFFFFFFFFu,0xFFFFFFFFu,0u) is 0xFFFFFFFE (PoCL), so the guard holds and every work-item writes a[t + 8], past the end of a; a model with one mad_hi for both saw the guard as false
__kernel void k(__global int *a)
{
    int t = get_global_id(0);
    int s = mad_hi(-1, -1, 0);
    uint u = mad_hi(0xFFFFFFFFu, 0xFFFFFFFFu, 0u);
    if ((uint)s != u)
        a[t + 8] = t;
    else
        a[t] = t;
}
