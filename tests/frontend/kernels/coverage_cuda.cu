/* CUDA C++ constructs for the cursor-coverage test (see coverage_opencl.cl). */
namespace geo { const int scale = 2; __device__ int twice(int x) { return scale * x; } }
struct cell { int v; __device__ int get() const { return v; } };
enum class mode { fast, slow };
template <typename T> __device__ T pick(T a, T b) { return a < b ? a : b; }
__device__ void put(int &slot, int value) { slot = value; }
__device__ void bump(int &slot) { slot += 1; }
__device__ int &first(int *p) { return p[0]; }
__device__ void sink(const int &v, int *o) { o[1] = v; }

__global__ void k_references(int *out, const int *in)
{
    __shared__ int total;
    int t = threadIdx.x;
    int mine = in[t];
    int &alias = mine;
    alias += 1;
    put(out[t], alias);
    bump(out[t]);
    if (t == 0) total = 0;
    __syncthreads();
    if (t == 0) bump(total);
    const int &temp = in[t] + 1;
    sink(in[t] * 2, out);
    auto &slot = out[t];
    slot = temp;
    first(out) = 1;
    int &&rv = 3;
}

__global__ void k_cxx(int *out, float *fo)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x + gridDim.x;
    out[t] = static_cast<int>(fo[t]) + geo::twice(t) + geo::scale;
    float *fp = reinterpret_cast<float *>(out);
    const int *cp = const_cast<const int *>(out);
    out[t] = int(fo[0]) + cp[0] + (int)fp[0];
    bool ok = true && !false;
    int *none = nullptr;
    cell c{t};
    out[t] = c.get() + pick(t, 3) + pick<int>(t, 4);
    auto sq = [](int x) { return x * x; };
    out[t] = sq(t);
    int arr[3] = {1, 2, 3};
    for (int v : arr) out[t] += v;
    decltype(t) d = t;
    constexpr int k = 3;
    static_assert(k == 3, "k");
    mode m = mode::slow;
    out[t] = ok + d + k + (m == mode::fast) + noexcept(out[0] = 1) + sizeof(cell);
    int *heap = new int(3);
    delete heap;
    switch (t) { case 1: out[t] = 0; break; default: break; }
    __syncthreads();
    __threadfence();
    atomicAdd(out, 1);
    out[t] = min(t, 2) + max(t, 1) + (int)sqrtf(fo[t]) + warpSize;
}

__global__ void k_statements(int *out)
{
    int t = threadIdx.x;
    try { out[t] = 1; } catch (...) { out[t] = 2; }
    if (t > 100) throw 1;
    [] {};
    [t] { return t; };
    typedef int row[2];
    row r = {1, 2};
    out[t] = r[0] + sizeof(row) + alignof(int) + true + 'c' + 1.5;
}

__global__ void k_gnu(int *out)
{
    int t = threadIdx.x;
    void *target = &&skip;
    if (t > 8)
        goto *target;
    out[t] = __builtin_constant_p(t) + __builtin_classify_type(t);
skip:
    out[t] += 1;
    __extension__ out[t] += 2;
    _Complex float z = 1.0f;
    out[t] += __real__ z;
}

__device__ void guarded(int *o) try { o[0] = 1; } catch (...) { }

__global__ void k_function_try(int *out)
{
    guarded(out);
}
