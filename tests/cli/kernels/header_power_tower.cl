// veriscan: inclusive threads=n**n
/* The header's thread count n**n is astronomically large: it must be refused
 * at once (it once ate all memory). */
__kernel void scan(__global const TYPE *in, __global TYPE *out) {
    int t = get_local_id(0);
    out[t] = in[t];
}
