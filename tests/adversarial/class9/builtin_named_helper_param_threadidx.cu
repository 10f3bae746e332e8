// expect: violation-or-unknown
// run: check --local-size 64
// id: race write_write line 7
// truth: the helper's parameter threadIdx is a pointer to one uint3 the host passes (the same cell for every thread), not CUDA's threadIdx, so all 64 threads write out[ids->x] before any barrier (a write-write race, e.g. threads 0 and 1); the built-in is the prelude's variable, not whatever is spelled threadIdx
__device__ void put(int *out, const uint3 *threadIdx, int v)
{
    out[threadIdx->x] = v;
}

__global__ void k(int *out, const uint3 *ids)
{
    put(out, ids, 1);
}
