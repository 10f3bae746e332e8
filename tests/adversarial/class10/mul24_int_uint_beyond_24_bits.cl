// expect: unknown
// run: check --local-size 8 --num-groups 1 --array-size a=16
// id: race approximation line 10
// truth: mul24 outside 24 bits is implementation-defined, and mul24(int) and mul24(uint) are two built-ins: a device that multiplies the low 24 bits (AMD's mul24 sign-extends them for int, zero-extends for uint) gives -8388608 and 8388608 for 0x01800000 * 1, so work-item t writes a[t + 1] too and races with work-item t + 1 (PoCL happens to give 0x01800000 for both); one mad24/mul24 function for both overloads made the two equal
__kernel void k(__global int *a)
{
    int t = get_local_id(0);
    int s = mul24(0x01800000, 1);
    uint u = mul24(0x01800000u, 1u);
    a[t] = t;
    a[t + (((uint)s != u) ? 1 : 0)] = t;
}
