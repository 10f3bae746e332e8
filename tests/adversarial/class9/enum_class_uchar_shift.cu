// expect: violation-or-unknown
// run: check --local-size 64
// id: race write_write line 11
// truth: Lane's underlying type is unsigned char, so static_cast<Lane>(t << 3) keeps 8*t mod 256 and (int)l >> 3 is t mod 32: threads 0 and 32 both write s[0] before any barrier (a write-write race); an enum modelled as a 32-bit int keeps 8*t and sees s[t]
enum class Lane : unsigned char { First = 0 };

__global__ void k(int *out)
{
    __shared__ int s[64];
    Lane l = static_cast<Lane>(threadIdx.x << 3);
    s[static_cast<int>(l) >> 3] = (int)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 32];
}
