// veriscan: inclusive threads=n colour=blue
/* An unknown header key is bad input, named with its line. */
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
    int t = get_local_id(0);
    out[t] = in[t];
}
