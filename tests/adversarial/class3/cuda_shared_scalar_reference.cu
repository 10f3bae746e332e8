// expect: violation
// run: check --local-size 4 --num-groups 1 --array-size flags=4 --array-size out=1
// id: race read_write line 7
// truth: tally(unsigned int &h, ...) increments the __shared__ counter `hits` through a reference; copied, the read-modify-write by every thread vanished (racing pair: threads 0 and 1 both read and write `hits` between the two barriers), so out[0] counts fewer flags than are set on a GPU.
__device__ void tally(unsigned int &h, unsigned int flag)
{
    h += flag;
}

__global__ void count_flags(const unsigned int *flags, unsigned int *out)
{
    __shared__ unsigned int hits;
    if (threadIdx.x == 0)
        hits = 0;
    __syncthreads();
    tally(hits, flags[threadIdx.x] != 0);
    __syncthreads();
    if (threadIdx.x == 0)
        out[0] = hits;
}
