// expect: verified
// run: check --blockDim=64 --gridDim=1 --array-size out=192
// Enumerations of each kind of integer type: the default (int), a fixed
// unsigned char that holds every thread's number, and an enum class of
// short; each gives every thread its own cells.
enum Phase { LOAD, STORE, COUNT };
enum Lane : unsigned char { FIRST = 0, LAST = 63 };
enum class Row : short { TOP = -1, MIDDLE = 0 };

__global__ void spread(int *out)
{
    __shared__ int s[64 * COUNT];
    Lane l = (Lane)threadIdx.x;
    Phase p = STORE;
    int r = static_cast<int>(Row::TOP);
    s[threadIdx.x * COUNT + p] = (int)l + r;
    s[threadIdx.x * COUNT + LOAD] = LAST;
    __syncthreads();
    out[threadIdx.x * COUNT + p] = s[threadIdx.x * COUNT + p];
    out[threadIdx.x * COUNT + LOAD] = s[threadIdx.x * COUNT];
}
