// expect: violation: two threads both receive write permission
// run: spec --assume "blockDim.x == 1 && gridDim.x == 1"
// id: spec.entry_permissions permission_exceeded line 8
// reason: a launch fact that pins one dimension must not quiet the others: every
// thread asks for the write on out[0], and with blockDim.x == 1 the threads that
// differ in threadIdx.y still all ask for it
/*@ context_everywhere blockDim.y >= 1;
    requires Perm(out[0], write);
    ensures Perm(out[0], write); @*/
__global__ void rows(int *out) {
    out[0] = threadIdx.y;
}
