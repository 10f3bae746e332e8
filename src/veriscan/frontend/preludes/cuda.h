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
#define __align__(n) __attribute__((aligned(n)))
/* A register-allocation hint: it changes nothing a launch that succeeds does. */
#define __launch_bounds__(...)

typedef unsigned long size_t;
/* What nvcc's implicit cuda_runtime.h brings on Linux: NULL (<stddef.h>) and
 * glibc's short unsigned names (<sys/types.h>). */
#define NULL 0
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;
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

/* Texture references (cuda_texture_types.h): read-only while a kernel runs,
 * so a read is an opaque value of the texture and its coordinates. */
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture { int normalized; };
template <class T> T tex1Dfetch(texture<T, 1, cudaReadModeElementType> t, int x);
template <class T> T tex1D(texture<T, 1, cudaReadModeElementType> t, float x);
template <class T> T tex2D(texture<T, 2, cudaReadModeElementType> t, float x, float y);

/* Atomics: the front end lowers each to an atomic read-modify-write. */
#define __VS_CUDA_ATOMIC(T) \
  T atomicAdd(T *p, T v); T atomicSub(T *p, T v); T atomicExch(T *p, T v); \
  T atomicMin(T *p, T v); T atomicMax(T *p, T v); T atomicAnd(T *p, T v); \
  T atomicOr(T *p, T v); T atomicXor(T *p, T v); T atomicCAS(T *p, T cmp, T v); \
  T atomicInc(T *p, T v); T atomicDec(T *p, T v);
__VS_CUDA_ATOMIC(int) __VS_CUDA_ATOMIC(unsigned)
__VS_CUDA_ATOMIC(unsigned long long)
float atomicAdd(float *p, float v); float atomicExch(float *p, float v);

/* Math functions (uninterpreted functions of their arguments to the front end;
 * __mul24/__umul24 exact). */
#define __VS_CUDA_F1(name) float name##f(float); double name(double);
__VS_CUDA_F1(sin) __VS_CUDA_F1(cos) __VS_CUDA_F1(tan) __VS_CUDA_F1(exp2) __VS_CUDA_F1(exp10)
__VS_CUDA_F1(log2) __VS_CUDA_F1(log10) __VS_CUDA_F1(floor) __VS_CUDA_F1(ceil)
__VS_CUDA_F1(rsqrt) __VS_CUDA_F1(trunc) __VS_CUDA_F1(round)
float powf(float, float); double pow(double, double); float fminf(float, float);
float fmaxf(float, float); double fmin(double, double); double fmax(double, double);
float __expf(float); float __exp10f(float); float __logf(float); float __sinf(float);
float __cosf(float); float __powf(float, float); float __fdividef(float, float);
int __mul24(int, int); unsigned __umul24(unsigned, unsigned);
