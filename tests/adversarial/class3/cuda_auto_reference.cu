// expect: violation
// run: check --local-size 4 --num-groups 2 --array-size in=8 --array-size out=2
// id: race read_write line 9
// truth: `auto &acc = out[blockIdx.x]` aliases one global cell per block; the front end copied it into a private variable, so `acc += ...` by every thread of a block vanished (racing pair: threads 0 and 1 of block 0 both read and write out[0] with no barrier), and the block sums depend on the schedule.
__global__ void block_sums(const unsigned int *in, unsigned int *out)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    auto &acc = out[blockIdx.x];
    acc += in[i];
}
