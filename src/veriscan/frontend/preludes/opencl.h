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
#ifndef true
#define true 1
#define false 0
#endif

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

#define __VS_INT_BINARY(name) \
  int __VS_OVL name(int, int); uint __VS_OVL name(uint, uint); \
  long __VS_OVL name(long, long); ulong __VS_OVL name(ulong, ulong); \
  float __VS_OVL name(float, float); double __VS_OVL name(double, double);
__VS_INT_BINARY(min)
__VS_INT_BINARY(max)
int __VS_OVL abs(int); long __VS_OVL abs(long);
uint __VS_OVL abs(uint); ulong __VS_OVL abs(ulong);

#define __VS_FLOAT_UNARY(name) \
  float __VS_OVL name(float); double __VS_OVL name(double);
__VS_FLOAT_UNARY(sqrt) __VS_FLOAT_UNARY(exp) __VS_FLOAT_UNARY(log) __VS_FLOAT_UNARY(fabs)
__VS_FLOAT_UNARY(floor) __VS_FLOAT_UNARY(ceil) __VS_FLOAT_UNARY(sin) __VS_FLOAT_UNARY(cos)
__VS_FLOAT_UNARY(log2) __VS_FLOAT_UNARY(exp2) __VS_FLOAT_UNARY(rsqrt)
__VS_FLOAT_UNARY(native_sqrt) __VS_FLOAT_UNARY(native_exp) __VS_FLOAT_UNARY(native_log)
float __VS_OVL fmin(float, float); double __VS_OVL fmin(double, double);
float __VS_OVL fmax(float, float); double __VS_OVL fmax(double, double);
float __VS_OVL pow(float, float); double __VS_OVL pow(double, double);
float __VS_OVL mad(float, float, float); double __VS_OVL mad(double, double, double);

/* Atomics: declared so kernels using them parse; the front end marks every
 * call unsupported, so a kernel with atomics is never reported verified. */
#define __VS_ATOMIC_SPACE(space, T) \
  T __VS_OVL atomic_add(volatile space T *p, T v); T __VS_OVL atomic_sub(volatile space T *p, T v); \
  T __VS_OVL atomic_xchg(volatile space T *p, T v); T __VS_OVL atomic_min(volatile space T *p, T v); \
  T __VS_OVL atomic_max(volatile space T *p, T v); T __VS_OVL atomic_and(volatile space T *p, T v); \
  T __VS_OVL atomic_or(volatile space T *p, T v); T __VS_OVL atomic_xor(volatile space T *p, T v); \
  T __VS_OVL atomic_inc(volatile space T *p); T __VS_OVL atomic_dec(volatile space T *p); \
  T __VS_OVL atomic_cmpxchg(volatile space T *p, T cmp, T v); \
  T __VS_OVL atom_add(volatile space T *p, T v); T __VS_OVL atom_inc(volatile space T *p);
__VS_ATOMIC_SPACE(__global, int) __VS_ATOMIC_SPACE(__global, uint)
__VS_ATOMIC_SPACE(__local, int) __VS_ATOMIC_SPACE(__local, uint)

/* GPUVerify annotations: __requires/__assume/__assert are understood; the
 * others are recognised and reported as unsupported (never dropped). */
void __requires(int cond);
void __assume(int cond);
void __assert(int cond);
void __ensures(int cond);
void __invariant(int cond);
void __global_invariant(int cond);
void __global_requires(int cond);
void __global_ensures(int cond);
void __global_assert(int cond);

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
