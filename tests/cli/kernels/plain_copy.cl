/* A kernel with no separation-logic annotations: `spec` has nothing to check. */
__kernel void copy(__global const int *in, __global int *out) {
    int t = get_global_id(0);
    out[t] = in[t];
}
