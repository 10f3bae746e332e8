// expect: violation
// run: spec --assume "blockDim.x == n"
// id: spec.barrier_precondition assertion_false line 13
// reason: a launch fact over a parameter the kernel reassigns is checked wherever the
// contract's context_everywhere is, with the parameter's value there: the fact cannot
// stand for the entry value after the code changed it, so the barrier rejects it
/*@ requires Perm(a[threadIdx.x], write); @*/
__global__ void shrink(int *a, int n) {
    a[threadIdx.x] = 1;
    n = n + 1;
    /*@ requires Perm(a[threadIdx.x], write);
        ensures Perm(a[(threadIdx.x + 1) % n], write); @*/
    __syncthreads();
    a[(threadIdx.x + 1) % n] = 2;
}
