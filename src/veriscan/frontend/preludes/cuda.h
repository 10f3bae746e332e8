/* veriscan CUDA prelude: CUDA C is parsed as C++ with these declarations.
 * Kernel qualifiers become annotate attributes the front end can detect;
 * the thread-index variables are structs with x, y, z members. */
#define __global__ __attribute__((annotate("veriscan_cuda_global")))
#define __device__ __attribute__((annotate("veriscan_cuda_device")))
#define __host__ __attribute__((annotate("veriscan_cuda_host")))
#define __shared__ __attribute__((annotate("veriscan_cuda_shared")))
#define __constant__ __attribute__((annotate("veriscan_cuda_constant")))
#define __managed__ __attribute__((annotate("veriscan_cuda_managed")))
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

/* Overloaded functions are declared with every overload the real headers give
 * device code (crt/math_functions.hpp, and on Linux glibc's <stdlib.h> and
 * <math.h> with libstdc++'s <cstdlib> and <cmath>), so that clang picks the
 * overload nvcc picks: abs(long) is abs(long), not abs((int)v); sqrt(float)
 * is the float function, not the double one.  The front end refuses a call
 * that would still narrow an argument (builtins.narrowed_argument). */
int abs(int); long abs(long); long long abs(long long); float abs(float); double abs(double);
long labs(long); long long llabs(long long);
#define __VS_CUDA_MIN_MAX(name) \
  int name(int, int); unsigned name(unsigned, unsigned); unsigned name(int, unsigned); \
  unsigned name(unsigned, int); long name(long, long); \
  unsigned long name(unsigned long, unsigned long); unsigned long name(long, unsigned long); \
  unsigned long name(unsigned long, long); long long name(long long, long long); \
  unsigned long long name(unsigned long long, unsigned long long); \
  unsigned long long name(long long, unsigned long long); \
  unsigned long long name(unsigned long long, long long); float name(float, float); \
  double name(double, double); double name(float, double); double name(double, float);
__VS_CUDA_MIN_MAX(min) __VS_CUDA_MIN_MAX(max)
unsigned umin(unsigned, unsigned); unsigned umax(unsigned, unsigned);
long long llmin(long long, long long); long long llmax(long long, long long);
unsigned long long ullmin(unsigned long long, unsigned long long);
unsigned long long ullmax(unsigned long long, unsigned long long);
/* <cmath>'s overloads for integer arguments (libstdc++: any integer type is a
 * double argument, two arithmetic arguments are promoted together). */
template <bool B, class T> struct __vs_if {};
template <class T> struct __vs_if<true, T> { typedef T type; };
template <class T> struct __vs_int { enum { value = 0 }; };
#define __VS_INT(T) template <> struct __vs_int<T> { enum { value = 1 }; };
__VS_INT(bool) __VS_INT(char) __VS_INT(signed char) __VS_INT(unsigned char)
__VS_INT(wchar_t) __VS_INT(char16_t) __VS_INT(char32_t) __VS_INT(short)
__VS_INT(unsigned short) __VS_INT(int) __VS_INT(unsigned) __VS_INT(long)
__VS_INT(unsigned long) __VS_INT(long long) __VS_INT(unsigned long long)
template <class T> struct __vs_arith { enum { value = __vs_int<T>::value }; };
template <> struct __vs_arith<float> { enum { value = 1 }; };
template <> struct __vs_arith<double> { enum { value = 1 }; };
template <class A, class B> struct __vs_promote2 { typedef double type; };
template <> struct __vs_promote2<float, float> { typedef float type; };
#define __VS_CUDA_STD1(name) float name##f(float); double name(double); float name(float); \
  template <class T> typename __vs_if<__vs_int<T>::value, double>::type name(T);
#define __VS_CUDA_STD2(name) float name##f(float, float); double name(double, double); \
  float name(float, float); template <class A, class B> typename __vs_if< \
  __vs_arith<A>::value && __vs_arith<B>::value, typename __vs_promote2<A, B>::type>::type \
  name(A, B);
__VS_CUDA_STD1(sqrt) __VS_CUDA_STD1(exp) __VS_CUDA_STD1(log) __VS_CUDA_STD1(fabs)

/* Texture references (cuda_texture_types.h): read-only while a kernel runs,
 * so a read is an opaque value of the texture and its coordinates. */
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture { int normalized; };
template <class T> T tex1Dfetch(texture<T, 1, cudaReadModeElementType> t, int x);
template <class T> T tex1D(texture<T, 1, cudaReadModeElementType> t, float x);
template <class T> T tex2D(texture<T, 2, cudaReadModeElementType> t, float x, float y);

/* Atomics: the front end lowers each to an atomic read-modify-write. */
/* The overloads of sm_35 (the __CUDA_ARCH__ assumed): atomicInc and atomicDec
 * only on unsigned int, atomicSub only on int and unsigned int. */
#define __VS_CUDA_ATOMIC(T) \
  T atomicAdd(T *p, T v); T atomicExch(T *p, T v); \
  T atomicMin(T *p, T v); T atomicMax(T *p, T v); T atomicAnd(T *p, T v); \
  T atomicOr(T *p, T v); T atomicXor(T *p, T v); T atomicCAS(T *p, T cmp, T v);
__VS_CUDA_ATOMIC(int) __VS_CUDA_ATOMIC(unsigned)
__VS_CUDA_ATOMIC(unsigned long long)
int atomicSub(int *p, int v); unsigned atomicSub(unsigned *p, unsigned v);
unsigned atomicInc(unsigned *p, unsigned v); unsigned atomicDec(unsigned *p, unsigned v);
long long atomicMin(long long *p, long long v); long long atomicMax(long long *p, long long v);
float atomicAdd(float *p, float v); float atomicExch(float *p, float v);

/* Math functions (uninterpreted functions of their arguments to the front end;
 * __mul24/__umul24 exact). */
__VS_CUDA_STD1(sin) __VS_CUDA_STD1(cos) __VS_CUDA_STD1(tan) __VS_CUDA_STD1(exp2)
__VS_CUDA_STD1(log2) __VS_CUDA_STD1(log10) __VS_CUDA_STD1(floor) __VS_CUDA_STD1(ceil)
__VS_CUDA_STD1(trunc) __VS_CUDA_STD1(round)
__VS_CUDA_STD2(pow) __VS_CUDA_STD2(fmin) __VS_CUDA_STD2(fmax)
/* CUDA's own (no <cmath> integer overloads): float and double only. */
#define __VS_CUDA_F1(name) float name##f(float); double name(double); float name(float);
__VS_CUDA_F1(exp10) __VS_CUDA_F1(rsqrt)
float __expf(float); float __exp10f(float); float __logf(float); float __sinf(float);
float __cosf(float); float __powf(float, float); float __fdividef(float, float);
int __mul24(int, int); unsigned __umul24(unsigned, unsigned);

/* __ldg(p): *p read through the read-only data cache (sm_35), one overload per
 * scalar type as sm_32_intrinsics.h gives them (vectors: cuda_vectors.h). */
#define __VS_CUDA_LDG(T) T __ldg(const T *p);
__VS_CUDA_LDG(char) __VS_CUDA_LDG(signed char) __VS_CUDA_LDG(unsigned char)
__VS_CUDA_LDG(short) __VS_CUDA_LDG(unsigned short) __VS_CUDA_LDG(int)
__VS_CUDA_LDG(unsigned) __VS_CUDA_LDG(long) __VS_CUDA_LDG(unsigned long)
__VS_CUDA_LDG(long long) __VS_CUDA_LDG(unsigned long long) __VS_CUDA_LDG(float)
__VS_CUDA_LDG(double)

/* Warp primitives (sm_30_intrinsics.h): declared so such kernels parse; their
 * values come from other lanes, which the front end does not model (unknown). */
#define __VS_CUDA_SHFL(T) \
  T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize); \
  T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize); \
  T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize); \
  T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize);
__VS_CUDA_SHFL(int) __VS_CUDA_SHFL(unsigned) __VS_CUDA_SHFL(long) __VS_CUDA_SHFL(unsigned long)
__VS_CUDA_SHFL(long long) __VS_CUDA_SHFL(unsigned long long) __VS_CUDA_SHFL(float)
__VS_CUDA_SHFL(double)
unsigned __activemask();
unsigned __ballot_sync(unsigned mask, int predicate);
int __any_sync(unsigned mask, int predicate);
int __all_sync(unsigned mask, int predicate);
