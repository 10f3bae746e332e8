__kernel void k(__global int *out)
{
    uint tid = get_local_id(0);
#define NO_VECTOR _Pragma("clang loop vectorize(disable)")
    NO_VECTOR
    for (int i = 0; i < 1; i++)
        out[tid] = i;
}
