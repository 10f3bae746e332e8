/* veriscan OpenCL C prelude: just enough of the built-in library for libclang
 * to parse kernels with -cl-no-stdinc.  The front end recognises these
 * declarations by name; their bodies never matter. */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;

#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
/* true and false are clang's bool keywords here, as on every clang-based device
 * (sizeof(true) == 1); NULL is a pointer, as in the devices' headers. */
#define NULL ((void *)0)

#define __VS_OVL __attribute__((overloadable))

size_t get_local_id(uint dim);
size_t get_group_id(uint dim);
size_t get_local_size(uint dim);
size_t get_num_groups(uint dim);
size_t get_global_id(uint dim);
size_t get_global_size(uint dim);
size_t get_global_offset(uint dim);
size_t get_enqueued_local_size(uint dim);
uint get_work_dim(void);
void barrier(int flags);
void work_group_barrier(int flags);
void mem_fence(int flags);
void read_mem_fence(int flags);
void write_mem_fence(int flags);

/* Every integer type has its own overload (gentype, 6.12.3): without the narrow
 * ones, max(char, char) would convert to int here and stay char on the device. */
#define __VS_INT_BINARY(name) \
  char __VS_OVL name(char, char); uchar __VS_OVL name(uchar, uchar); \
  short __VS_OVL name(short, short); ushort __VS_OVL name(ushort, ushort); \
  int __VS_OVL name(int, int); uint __VS_OVL name(uint, uint); \
  long __VS_OVL name(long, long); ulong __VS_OVL name(ulong, ulong); \
  float __VS_OVL name(float, float); double __VS_OVL name(double, double);
__VS_INT_BINARY(min)
__VS_INT_BINARY(max)
/* abs returns the unsigned type (OpenCL C 6.12.3: ugentype abs(gentype)). */
uchar __VS_OVL abs(char); uchar __VS_OVL abs(uchar);
ushort __VS_OVL abs(short); ushort __VS_OVL abs(ushort);
uint __VS_OVL abs(int); uint __VS_OVL abs(uint);
ulong __VS_OVL abs(long); ulong __VS_OVL abs(ulong);

#define __VS_FLOAT_UNARY(name) \
  float __VS_OVL name(float); double __VS_OVL name(double);
__VS_FLOAT_UNARY(sqrt) __VS_FLOAT_UNARY(exp) __VS_FLOAT_UNARY(log) __VS_FLOAT_UNARY(fabs)
__VS_FLOAT_UNARY(floor) __VS_FLOAT_UNARY(ceil) __VS_FLOAT_UNARY(sin) __VS_FLOAT_UNARY(cos)
__VS_FLOAT_UNARY(log2) __VS_FLOAT_UNARY(exp2) __VS_FLOAT_UNARY(rsqrt)
/* native_ and half_ functions exist for float only (6.12.2): a double argument
 * converts to float, as on the devices. */
#define __VS_FLOAT_ONLY1(name) float __VS_OVL name(float);
#define __VS_FLOAT_ONLY2(name) float __VS_OVL name(float, float);
__VS_FLOAT_ONLY1(native_sqrt) __VS_FLOAT_ONLY1(native_exp) __VS_FLOAT_ONLY1(native_log)
float __VS_OVL fmin(float, float); double __VS_OVL fmin(double, double);
float __VS_OVL fmax(float, float); double __VS_OVL fmax(double, double);
float __VS_OVL pow(float, float); double __VS_OVL pow(double, double);
float __VS_OVL mad(float, float, float); double __VS_OVL mad(double, double, double);

/* Reinterpretation built-ins (as_uint(x) etc.): opaque calls to the front end.
 * Applied to a TYPE value they read its bytes, which the genericity check reports. */
#define __VS_AS_FROM(T) \
  T __VS_OVL as_##T(char); T __VS_OVL as_##T(uchar); T __VS_OVL as_##T(short); \
  T __VS_OVL as_##T(ushort); T __VS_OVL as_##T(int); T __VS_OVL as_##T(uint); \
  T __VS_OVL as_##T(long); T __VS_OVL as_##T(ulong); T __VS_OVL as_##T(float); \
  T __VS_OVL as_##T(double);
__VS_AS_FROM(char) __VS_AS_FROM(uchar) __VS_AS_FROM(short) __VS_AS_FROM(ushort)
__VS_AS_FROM(int) __VS_AS_FROM(uint) __VS_AS_FROM(long) __VS_AS_FROM(ulong)
__VS_AS_FROM(float) __VS_AS_FROM(double)

/* OpenCL 1.x atomics (6.12.11) and the cl_khr_*_atomics atom_* forms: the front
 * end lowers each to an atomic read-modify-write of the cell. */
#define __VS_ATOMIC_SPACE(space, T) \
  T __VS_OVL atomic_add(volatile space T *p, T v); T __VS_OVL atomic_sub(volatile space T *p, T v); \
  T __VS_OVL atomic_xchg(volatile space T *p, T v); T __VS_OVL atomic_min(volatile space T *p, T v); \
  T __VS_OVL atomic_max(volatile space T *p, T v); T __VS_OVL atomic_and(volatile space T *p, T v); \
  T __VS_OVL atomic_or(volatile space T *p, T v); T __VS_OVL atomic_xor(volatile space T *p, T v); \
  T __VS_OVL atomic_inc(volatile space T *p); T __VS_OVL atomic_dec(volatile space T *p); \
  T __VS_OVL atomic_cmpxchg(volatile space T *p, T cmp, T v); \
  T __VS_OVL atom_add(volatile space T *p, T v); T __VS_OVL atom_inc(volatile space T *p);
#define __VS_ATOM_SPACE(space, T) \
  T __VS_OVL atom_sub(volatile space T *p, T v); T __VS_OVL atom_xchg(volatile space T *p, T v); \
  T __VS_OVL atom_min(volatile space T *p, T v); T __VS_OVL atom_max(volatile space T *p, T v); \
  T __VS_OVL atom_and(volatile space T *p, T v); T __VS_OVL atom_or(volatile space T *p, T v); \
  T __VS_OVL atom_xor(volatile space T *p, T v); T __VS_OVL atom_dec(volatile space T *p); \
  T __VS_OVL atom_cmpxchg(volatile space T *p, T cmp, T v);
#define __VS_ATOMICS(T) __VS_ATOMIC_SPACE(__global, T) __VS_ATOMIC_SPACE(__local, T) \
  __VS_ATOM_SPACE(__global, T) __VS_ATOM_SPACE(__local, T)
__VS_ATOMICS(int) __VS_ATOMICS(uint) __VS_ATOMICS(long) __VS_ATOMICS(ulong)
float __VS_OVL atomic_xchg(volatile __global float *p, float v);
float __VS_OVL atomic_xchg(volatile __local float *p, float v);

/* Async copies between global and local memory (6.12.10); event_t is clang's. */
#define __VS_ASYNC(T) \
  event_t __VS_OVL async_work_group_copy(__local T *, const __global T *, size_t, event_t); \
  event_t __VS_OVL async_work_group_copy(__global T *, const __local T *, size_t, event_t); \
  event_t __VS_OVL async_work_group_strided_copy(__local T *, const __global T *, size_t, \
                                                 size_t, event_t); \
  event_t __VS_OVL async_work_group_strided_copy(__global T *, const __local T *, size_t, \
                                                 size_t, event_t); \
  void __VS_OVL prefetch(const __global T *, size_t);
__VS_ASYNC(char) __VS_ASYNC(uchar) __VS_ASYNC(short) __VS_ASYNC(ushort) __VS_ASYNC(int)
__VS_ASYNC(uint) __VS_ASYNC(long) __VS_ASYNC(ulong) __VS_ASYNC(float) __VS_ASYNC(double)
void wait_group_events(int num_events, event_t *event_list);

/* More of the math library (6.12.2-6.12.6), scalar forms: pure functions the
 * front end treats as uninterpreted functions of their arguments, or computes
 * exactly (add_sat, sub_sat, hadd, rhadd, abs_diff, mul_hi, rotate, mul24, mad24). */
#define __VS_F1(name) float __VS_OVL name(float); double __VS_OVL name(double);
#define __VS_F2(name) float __VS_OVL name(float, float); double __VS_OVL name(double, double);
#define __VS_F3(name) float __VS_OVL name(float, float, float); \
  double __VS_OVL name(double, double, double);
__VS_F1(acos) __VS_F1(acosh) __VS_F1(acospi) __VS_F1(asin) __VS_F1(asinh) __VS_F1(asinpi)
__VS_F1(atan) __VS_F1(atanh) __VS_F1(atanpi) __VS_F1(cbrt) __VS_F1(cosh) __VS_F1(cospi)
__VS_F1(erf) __VS_F1(erfc) __VS_F1(exp10) __VS_F1(expm1) __VS_F1(log10) __VS_F1(log1p)
__VS_F1(logb) __VS_F1(rint) __VS_F1(round) __VS_F1(sinh) __VS_F1(sinpi) __VS_F1(tan)
__VS_F1(tanh) __VS_F1(tanpi) __VS_F1(tgamma) __VS_F1(lgamma) __VS_F1(trunc)
__VS_F1(degrees) __VS_F1(radians) __VS_F1(sign)
__VS_FLOAT_ONLY1(native_cos) __VS_FLOAT_ONLY1(native_sin) __VS_FLOAT_ONLY1(native_tan)
__VS_FLOAT_ONLY1(native_exp2) __VS_FLOAT_ONLY1(native_exp10) __VS_FLOAT_ONLY1(native_log2)
__VS_FLOAT_ONLY1(native_log10) __VS_FLOAT_ONLY1(native_recip) __VS_FLOAT_ONLY1(native_rsqrt)
__VS_FLOAT_ONLY1(half_cos) __VS_FLOAT_ONLY1(half_sin) __VS_FLOAT_ONLY1(half_tan)
__VS_FLOAT_ONLY1(half_sqrt) __VS_FLOAT_ONLY1(half_rsqrt) __VS_FLOAT_ONLY1(half_recip)
__VS_FLOAT_ONLY1(half_exp) __VS_FLOAT_ONLY1(half_exp2) __VS_FLOAT_ONLY1(half_exp10)
__VS_FLOAT_ONLY1(half_log) __VS_FLOAT_ONLY1(half_log2) __VS_FLOAT_ONLY1(half_log10)
__VS_F2(atan2) __VS_F2(atan2pi) __VS_F2(copysign) __VS_F2(fdim) __VS_F2(fmod) __VS_F2(hypot)
__VS_F2(maxmag) __VS_F2(minmag) __VS_F2(nextafter) __VS_F2(powr) __VS_F2(remainder)
__VS_FLOAT_ONLY2(native_divide) __VS_FLOAT_ONLY2(native_powr) __VS_FLOAT_ONLY2(half_divide)
__VS_FLOAT_ONLY2(half_powr)
__VS_F2(step)
__VS_F3(fma) __VS_F3(mix) __VS_F3(smoothstep)
float __VS_OVL ldexp(float, int); double __VS_OVL ldexp(double, int);
float __VS_OVL rootn(float, int); double __VS_OVL rootn(double, int);
int __VS_OVL ilogb(float); int __VS_OVL ilogb(double);
/* These also store a second result through their pointer argument. */
#define __VS_FOUT(space) \
  float __VS_OVL sincos(float, space float *); double __VS_OVL sincos(double, space double *); \
  float __VS_OVL modf(float, space float *); double __VS_OVL modf(double, space double *); \
  float __VS_OVL fract(float, space float *); double __VS_OVL fract(double, space double *); \
  float __VS_OVL frexp(float, space int *); double __VS_OVL frexp(double, space int *);
__VS_FOUT(__private) __VS_FOUT(__local) __VS_FOUT(__global)
#define __VS_REL1(name) int __VS_OVL name(float); int __VS_OVL name(double);
#define __VS_REL2(name) int __VS_OVL name(float, float); int __VS_OVL name(double, double);
__VS_REL1(isnan) __VS_REL1(isinf) __VS_REL1(isfinite) __VS_REL1(isnormal) __VS_REL1(signbit)
__VS_REL2(isequal) __VS_REL2(isnotequal) __VS_REL2(isgreater) __VS_REL2(isgreaterequal)
__VS_REL2(isless) __VS_REL2(islessequal) __VS_REL2(islessgreater) __VS_REL2(isordered)
__VS_REL2(isunordered)
#define __VS_I(T, U) \
  T __VS_OVL add_sat(T, T); T __VS_OVL sub_sat(T, T); T __VS_OVL hadd(T, T); \
  T __VS_OVL rhadd(T, T); U __VS_OVL abs_diff(T, T); T __VS_OVL mul_hi(T, T); \
  T __VS_OVL rotate(T, T); T __VS_OVL popcount(T); T __VS_OVL clz(T); \
  T __VS_OVL mad_hi(T, T, T); T __VS_OVL mad_sat(T, T, T);
__VS_I(char, uchar) __VS_I(uchar, uchar) __VS_I(short, ushort) __VS_I(ushort, ushort)
__VS_I(int, uint) __VS_I(uint, uint) __VS_I(long, ulong) __VS_I(ulong, ulong)
/* clamp, select and upsample (6.12.3, 6.12.6), scalar forms (the vector ones are
 * in opencl_vectors.h): integer clamp, select and upsample are computed exactly,
 * float clamp is an uninterpreted function of its arguments. */
#define __VS_CLAMP(T) T __VS_OVL clamp(T, T, T);
__VS_CLAMP(char) __VS_CLAMP(uchar) __VS_CLAMP(short) __VS_CLAMP(ushort) __VS_CLAMP(int)
__VS_CLAMP(uint) __VS_CLAMP(long) __VS_CLAMP(ulong) __VS_CLAMP(float) __VS_CLAMP(double)
/* select(a, b, c) of scalars: c an integer of a's size, signed or unsigned. */
#define __VS_SELECT_SCALAR(T, S) \
  T __VS_OVL select(T, T, S); T __VS_OVL select(T, T, u##S);
__VS_SELECT_SCALAR(char, char) __VS_SELECT_SCALAR(uchar, char)
__VS_SELECT_SCALAR(short, short) __VS_SELECT_SCALAR(ushort, short)
__VS_SELECT_SCALAR(int, int) __VS_SELECT_SCALAR(uint, int) __VS_SELECT_SCALAR(float, int)
__VS_SELECT_SCALAR(long, long) __VS_SELECT_SCALAR(ulong, long)
__VS_SELECT_SCALAR(double, long)
/* upsample(hi, lo): hi's bits above lo's, in the type twice as wide. */
short __VS_OVL upsample(char, uchar); ushort __VS_OVL upsample(uchar, uchar);
int __VS_OVL upsample(short, ushort); uint __VS_OVL upsample(ushort, ushort);
long __VS_OVL upsample(int, uint); ulong __VS_OVL upsample(uint, uint);
int __VS_OVL mul24(int, int); uint __VS_OVL mul24(uint, uint);
int __VS_OVL mad24(int, int, int); uint __VS_OVL mad24(uint, uint, uint);
#define MAXFLOAT 0x1.fffffep127f
#define HUGE_VALF (1.0f / 0.0f)
#define INFINITY (1.0f / 0.0f)
#define NAN (0.0f / 0.0f)

/* Images and samplers (6.12.14): declared so such kernels parse; the front end
 * models no image built-in, so their calls leave the verdict unknown. */
#define CLK_NORMALIZED_COORDS_FALSE 0
#define CLK_NORMALIZED_COORDS_TRUE 1
#define CLK_ADDRESS_NONE 0
#define CLK_ADDRESS_CLAMP_TO_EDGE 2
#define CLK_ADDRESS_CLAMP 4
#define CLK_ADDRESS_REPEAT 6
#define CLK_ADDRESS_MIRRORED_REPEAT 8
#define CLK_FILTER_NEAREST 0x10
#define CLK_FILTER_LINEAR 0x20
typedef float __vs_image_float4 __attribute__((ext_vector_type(4)));
typedef int __vs_image_int2 __attribute__((ext_vector_type(2)));
__vs_image_float4 __VS_OVL read_imagef(read_only image2d_t, sampler_t, __vs_image_int2);
__vs_image_float4 __VS_OVL read_imagef(read_only image2d_t, __vs_image_int2);
void __VS_OVL write_imagef(write_only image2d_t, __vs_image_int2, __vs_image_float4);
