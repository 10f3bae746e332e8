__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
%:ifdef VS_IV_HALF
    out[0] = OPERATOR(in[0], IDENTITY);
%:endif
}
