/*@ context_everywhere N == blockDim.x;
    requires Perm(Output[threadIdx.x], read);
    requires threadIdx.x >= 1 ==> Perm(Output[threadIdx.x - 1], read);
    ensures Perm(Output[threadIdx.x], read); @*/
__global__ void inclusivePrefixsumKernel(unsigned* Input, unsigned* Output, int N)
{
    int tid = threadIdx.x; int offset = 1;
    /*@ loop_invariant offset >= 1;
        loop_invariant Perm(Output[tid], read);
        loop_invariant tid >= offset ==> Perm(Output[tid - offset], read); @*/
    while (offset < N) {
        unsigned temp = Output[tid];
        if (tid >= offset) {
            temp = Output[tid - offset] + temp;
        }
        /*@ requires offset >= 1;
            requires Perm(Output[tid], read);
            requires tid >= offset ==> Perm(Output[tid - offset], read);
            ensures Perm(Output[tid], write); @*/
        __syncthreads();
        if (tid >= offset) {
            Output[tid] = temp;
        }
        /*@ requires Perm(Output[tid], write);
            ensures Perm(Output[tid], read);
            ensures tid >= 2 * offset ==> Perm(Output[tid - 2 * offset], read); @*/
        __syncthreads();
        offset = 2 * offset;
    }
}
