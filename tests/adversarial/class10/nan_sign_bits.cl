// expect: violation-or-unknown
// run: check --local-size 8 --num-groups 1 --array-size a=8
// id: bounds approximation line 10
// truth: NAN and -NAN are two NaNs with different bits: as_int(NAN) is 0x7FFFFFFF and as_int(-NAN) is -1 on PoCL (the sign bit differs on every device), so the index is t + 8 (or at least not t) and every work-item writes past the end of a; a model that gives every NaN one literal (and -NaN the same) sees a[t]
__kernel void k(__global int *a)
{
    int t = get_global_id(0);
    int p = as_int(NAN);
    int q = as_int(-NAN);
    a[t + ((p != q) ? 8 : 0)] = t;
}
