// expect: violation: thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 12
// reason: The parameter blockDim shadows CUDA's built-in in the kernel, so the
// postcondition's blockDim.x is the parameter's member; the helper reads the
// built-in's, which need not equal it.  An annotation's blockDim.x taken by
// spelling for the built-in made it verified.
__device__ unsigned int block_size() { return blockDim.x; }

/*@ requires Perm(out[threadIdx.x], write);
    ensures Perm(out[threadIdx.x], write) ** out[threadIdx.x] == blockDim.x; @*/
__global__ void k(unsigned int *out, uint3 blockDim)
{
    out[threadIdx.x] = block_size();
}
