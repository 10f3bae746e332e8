// expect: violation-or-unknown
// run: check --local-size 4 --num-groups 1 --array-size out=16
// id: race approximation line 10
// truth: i = (uchar)(i + 200u) wraps modulo 256 (0, 200, 144, 88, ...), so with n = 245 the third iteration has i == 144 and writes out[100], past the end of out; a cast to a type narrower than the counter breaks start + k*step
__kernel void k(__global int *out, uint n)
{
    uint t = get_local_id(0);
    for (uint i = 0; i < n; i = (uchar)(i + 200u)) {
        if (i == 144u && n < 1000u)
            out[100] = 1;
    }
    out[t] = 0;
}
