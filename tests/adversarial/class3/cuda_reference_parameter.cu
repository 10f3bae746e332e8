// expect: violation
// run: verify --n 4,16
// run: check --n 4
// veriscan: inclusive threads=n
// id: race write_write line 9
// truth: put(TYPE &slot, ...) writes through a C++ reference; the front end copied the argument, so the store to data[0] by every thread vanished (racing pair: threads 0 and 1 write data[0] in the last interval, thread 1 also reads it there). On a GPU the result in out[0] depends on the schedule.
__device__ void put(TYPE &slot, TYPE value)
{
    slot = value;
}

__global__ void ref_scan(const TYPE *in, TYPE *out)
{
    __shared__ TYPE data[N];
    const unsigned int tid = threadIdx.x;
    data[tid] = in[tid];
    for (unsigned int distance = 1; distance < N; distance *= 2) {
        __syncthreads();
        TYPE partial = IDENTITY;
        if (tid >= distance)
            partial = data[tid - distance];
        __syncthreads();
        if (tid >= distance)
            data[tid] = OPERATOR(partial, data[tid]);
    }
    __syncthreads();
    out[tid] = data[tid];
    put(data[0], data[tid]);
}
