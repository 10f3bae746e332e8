/*@ requires Perm(out[0], write);
    ensures Perm(out[0], write) ** out[0] == v; @*/
__global__ void one_writer(int *out, int v) {
    out[0] = v;
}
