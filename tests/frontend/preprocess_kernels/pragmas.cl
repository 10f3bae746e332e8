__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
#pragma unroll 2
    for (uint k = 0; k < N; k++)
        out[k] = OPERATOR(in[k], IDENTITY);
#pragma push_macro("TYPE")
}
