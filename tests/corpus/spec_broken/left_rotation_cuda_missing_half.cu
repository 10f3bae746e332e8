// expect: violation: did not hand in
// run: spec
// id: spec.barrier_redistribution permission_not_handed_in line 25
// reason: Broken variant of left_rotation_cuda.cu: the barrier hands out a write made of only one half.
// Left rotation by one place in CUDA (paper 000, List. 3): the same proof as
// left_rotation.cl, written with threadIdx.x, \pointer_index and
// __syncthreads().  One thread block of `size` threads.
// Verified for every block size >= 1.

/*@ context_everywhere size == blockDim.x;
    requires threadIdx.x != size - 1 ? \pointer_index(array, threadIdx.x + 1, 1\2)
                                     : \pointer_index(array, 0, 1\2);
    requires \pointer_index(array, threadIdx.x, 1\2);
    ensures \pointer_index(array, threadIdx.x, write);
    ensures threadIdx.x != size - 1 ==> array[threadIdx.x] == \old(array[threadIdx.x + 1]);
    ensures threadIdx.x == size - 1 ==> array[threadIdx.x] == \old(array[0]); @*/
__global__ void left_rotation_cuda(int *array, int size)
{
    int tid = threadIdx.x;
    int saved;
    if (tid != size - 1) { saved = array[tid + 1]; } else { saved = array[0]; }
    /*@ requires tid != size - 1 ? \pointer_index(array, tid + 1, 1\2)
                                 : \pointer_index(array, 0, 1\2);
        ensures \pointer_index(array, tid, 1); @*/
    __syncthreads();
    array[tid] = saved;
}
