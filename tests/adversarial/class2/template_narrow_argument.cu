// expect: violation
// run: check --local-size 8 --array-size out=512
// id: race write_write line 10
// truth: the explicit template argument makes the helper's parameter an unsigned char, so t * 64 is converted to it (kept modulo 256) at the call: threads 0 and 4 both write out[0] (a write-write race); read in the argument's own type, unsigned int, the indices 0, 64, ..., 448 are distinct and inside the 512-element array, which hides the race
template <typename T> __device__ T as(T v) { return v; }

__global__ void spread(int *out)
{
    unsigned int t = threadIdx.x;
    out[as<unsigned char>(t * 64u)] = (int)t;
}
