#include <cuda.h>

/*@ context_everywhere array != null && array.length == size;
    requires threadIdx.x != size-1 ? \pointer_index(array, threadIdx.x+1, 1\2)
        : \pointer_index(array, 0, 1\2);
    requires \pointer_index(array, threadIdx.x, 1\2)
    ensures \pointer_index(array, threadIdx.x, 1);
    ensures threadIdx.x != size-1 ==> array[threadIdx.x] == \old(array[threadIdx.x+1]);
    ensures threadIdx.x == size-1 ==> array[threadIdx.x] == \old(array[0]); @*/
__global__ void CUDALeftRotation(int *array, int size) {
    int temp;
    int tid = threadIdx.x; // get the thread id
    if (tid != size-1) { temp = array[tid+1]; } else { temp = array[0]; }

    /*@ requires tid != size-1 ? \pointer_index(array, tid+1, 1\2)
        : \pointer_index(array, 0, 1\2);
        requires \pointer_index(array, threadIdx.x, 1\2)
        ensures \pointer_index(array, tid, 1); @*/
    __syncthreads();
    array[tid] = temp;
}
