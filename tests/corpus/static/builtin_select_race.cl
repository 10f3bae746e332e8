// expect: violation race
// run: check --local-size 64 --num-groups 1 --array-size out=64
// id: race write_write line 9
// select(a, b, c) of scalars picks b where c is not zero: every odd work-item
// writes out[0].
__kernel void selected(__global int *out)
{
    int i = (int)get_local_id(0);
    out[select(i, 0, i & 1)] = i;
}
