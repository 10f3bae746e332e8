/* veriscan CUDA prelude: CUDA C is parsed as C++ with these declarations.
 * Kernel qualifiers become annotate attributes the front end can detect;
 * the thread-index variables are structs with x, y, z members. */
#define __global__ __attribute__((annotate("veriscan_cuda_global")))
#define __device__ __attribute__((annotate("veriscan_cuda_device")))
#define __host__ __attribute__((annotate("veriscan_cuda_host")))
#define __shared__ __attribute__((annotate("veriscan_cuda_shared")))
#define __constant__ __attribute__((annotate("veriscan_cuda_constant")))
#define __forceinline__ inline
#define __noinline__
#define __restrict__ __restrict

typedef unsigned long size_t;
struct uint3 { unsigned int x, y, z; };
struct dim3 { unsigned int x, y, z; };
extern const uint3 threadIdx;
extern const uint3 blockIdx;
extern const dim3 blockDim;
extern const dim3 gridDim;
extern const int warpSize;

void __syncthreads();
int __syncthreads_count(int predicate);
int __syncthreads_and(int predicate);
int __syncthreads_or(int predicate);
void __syncwarp(unsigned mask = 0xffffffffu);
void __threadfence();
void __threadfence_block();

int min(int, int); unsigned min(unsigned, unsigned); long min(long, long);
unsigned long min(unsigned long, unsigned long); float min(float, float);
int max(int, int); unsigned max(unsigned, unsigned); long max(long, long);
unsigned long max(unsigned long, unsigned long); float max(float, float);
int abs(int); float sqrtf(float); float expf(float); float logf(float); float fabsf(float);
double sqrt(double); double exp(double); double log(double); double fabs(double);

/* Atomics parse and are then marked unsupported by the front end. */
#define __VS_CUDA_ATOMIC(T) \
  T atomicAdd(T *p, T v); T atomicSub(T *p, T v); T atomicExch(T *p, T v); \
  T atomicMin(T *p, T v); T atomicMax(T *p, T v); T atomicAnd(T *p, T v); \
  T atomicOr(T *p, T v); T atomicXor(T *p, T v); T atomicCAS(T *p, T cmp, T v); \
  T atomicInc(T *p, T v); T atomicDec(T *p, T v);
__VS_CUDA_ATOMIC(int) __VS_CUDA_ATOMIC(unsigned)
float atomicAdd(float *p, float v);

/* GPUVerify annotations, as in the OpenCL prelude. */
void __requires(bool cond);
void __assume(bool cond);
void __assert(bool cond);
void __ensures(bool cond);
void __invariant(bool cond);
void __global_invariant(bool cond);
void __global_requires(bool cond);
void __global_ensures(bool cond);
void __global_assert(bool cond);

/* Further GPUVerify built-ins: each becomes a call the front end reports as
 * unsupported (the annotation is neither trusted nor dropped). */
#define __read(...) __veriscan_gpuverify__read()
int __veriscan_gpuverify__read(void);
#define __write(...) __veriscan_gpuverify__write()
int __veriscan_gpuverify__write(void);
#define __no_read(...) __veriscan_gpuverify__no_read()
int __veriscan_gpuverify__no_read(void);
#define __no_write(...) __veriscan_gpuverify__no_write()
int __veriscan_gpuverify__no_write(void);
#define __read_implies(...) __veriscan_gpuverify__read_implies()
int __veriscan_gpuverify__read_implies(void);
#define __write_implies(...) __veriscan_gpuverify__write_implies()
int __veriscan_gpuverify__write_implies(void);
#define __implies(...) __veriscan_gpuverify__implies()
int __veriscan_gpuverify__implies(void);
#define __enabled(...) __veriscan_gpuverify__enabled()
int __veriscan_gpuverify__enabled(void);
#define __other_int(...) __veriscan_gpuverify__other_int()
int __veriscan_gpuverify__other_int(void);
#define __other_bool(...) __veriscan_gpuverify__other_bool()
int __veriscan_gpuverify__other_bool(void);
#define __uniform_int(...) __veriscan_gpuverify__uniform_int()
int __veriscan_gpuverify__uniform_int(void);
#define __uniform_bool(...) __veriscan_gpuverify__uniform_bool()
int __veriscan_gpuverify__uniform_bool(void);
#define __distinct_int(...) __veriscan_gpuverify__distinct_int()
int __veriscan_gpuverify__distinct_int(void);
#define __distinct_bool(...) __veriscan_gpuverify__distinct_bool()
int __veriscan_gpuverify__distinct_bool(void);
#define __all(...) __veriscan_gpuverify__all()
int __veriscan_gpuverify__all(void);
#define __exclusive(...) __veriscan_gpuverify__exclusive()
int __veriscan_gpuverify__exclusive(void);
#define __same_group(...) __veriscan_gpuverify__same_group()
int __veriscan_gpuverify__same_group(void);
#define __ptr_base(...) __veriscan_gpuverify__ptr_base()
int __veriscan_gpuverify__ptr_base(void);
#define __ptr_offset_bytes(...) __veriscan_gpuverify__ptr_offset_bytes()
int __veriscan_gpuverify__ptr_offset_bytes(void);
#define __read_offset_bytes(...) __veriscan_gpuverify__read_offset_bytes()
int __veriscan_gpuverify__read_offset_bytes(void);
#define __write_offset_bytes(...) __veriscan_gpuverify__write_offset_bytes()
int __veriscan_gpuverify__write_offset_bytes(void);
#define __add_noovfl(...) __veriscan_gpuverify__add_noovfl()
int __veriscan_gpuverify__add_noovfl(void);
#define __function_wide_invariant(...) __veriscan_gpuverify__function_wide_invariant()
int __veriscan_gpuverify__function_wide_invariant(void);
#define __barrier_invariant(...) __veriscan_gpuverify__barrier_invariant()
int __veriscan_gpuverify__barrier_invariant(void);
#define __barrier_invariant_binary(...) __veriscan_gpuverify__barrier_invariant_binary()
int __veriscan_gpuverify__barrier_invariant_binary(void);
