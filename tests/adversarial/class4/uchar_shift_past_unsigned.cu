// expect: violation
// run: check --local-size 64
// id: undefined shift_count line 8
// truth: b is promoted to int before the shift; C++14 defines b << 25 only while b * 2^25 fits unsigned int, and for b = 200 (thread 0) it is 6710886400 > 2^32, so the shift is undefined (b << 24 would still be defined)
__global__ void pack(unsigned int *out)
{
    unsigned char b = (unsigned char)(threadIdx.x + 200u);
    out[threadIdx.x] = b << 25;
}
