// veriscan: inclusive threads=1
/* Parses nowhere: the device compiler's message must name this file, line 9. */
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
        undeclared_helper(k);
    }
}
