/* C++ references must alias what they are bound to; the test runs the IR. */
__device__ void put(int &slot, int value) { slot = value; }
__device__ void bump(int &slot) { slot += 1; }
__device__ int read_late(const int &v, int *o) { o[0] = 40; return v; }

__global__ void k_references(int *out)
{
    __shared__ int total;
    int t = threadIdx.x;
    int mine = t;
    bump(mine);
    put(out[t], mine * 10);
    int &alias = out[4 + t];
    alias = 3;
    alias += t;
    if (t == 0)
        total = 5;
    __syncthreads();
    if (t == 0)
        bump(total);
    __syncthreads();
    const int &sum = t + 100;
    out[8 + t] = sum + total;
    if (t == 0)
        out[12] = read_late(out[0], out);
}

/* Code that runs without a statement of its own: refused, never skipped. */
__device__ void release(int *p) { *p += 1; }
__device__ int next_ticket() { static int ticket = 0; return ticket++; }

__global__ void k_hidden_code(int *out)
{
    int held __attribute__((cleanup(release))) = 0;
    out[threadIdx.x] = held + next_ticket();
}
