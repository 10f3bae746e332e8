// expect: unknown
// run: check --local-size 64 --kernel step
// id: execution unsupported_construct line 16
// truth: --kernel step names a template whose clean explicit specialisation step<0> is not what the file launches: the host takes step<3> (the primary, whose threads t and t+1 both write s[t+1] before the barrier, a race); the bare name must not pick the specialisation
template <int K>
__global__ void step(int *out)
{
    __shared__ int s[65];
    s[threadIdx.x + 1] = K;
    s[threadIdx.x] = K;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

template <>
__global__ void step<0>(int *out)
{
    out[threadIdx.x] = 0;
}

void (*launch)(int *) = step<3>;
