// expect: violation
// run: check --local-size 64
// id: race write_write line 8
// truth: put(out[i], i) binds slot to out[0] when the call starts; put then sets i (by reference) to the thread's id, which does not rebind slot, so every thread writes out[0] (a write-write race between threads 0 and 1); a front end that substitutes the argument text out[i] into the body sees out[t]
__device__ void put(int &slot, unsigned int &i)
{
    i = threadIdx.x;
    slot = (int)i;
}

__global__ void own_cells(int *out)
{
    unsigned int i = 0;
    put(out[i], i);
}
