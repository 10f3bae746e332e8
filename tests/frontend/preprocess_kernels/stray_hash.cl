#define EMPTY
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
EMPTY # define TYPE int
    out[0] = OPERATOR(in[0], IDENTITY);
}
