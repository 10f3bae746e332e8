// veriscan: inclusive threads=1
#define NEG -
#define STEP(x) \
    ((x) + 1)
/* a comment
   over two lines */
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    int back = 5-NEG 1;
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k = STEP(k)) {
        acc = OPERATOR(acc, in[k]);
        out[k] = acc;
    }
}
