/* veriscan prelude for GPUVerify's annotation built-ins, included for both
 * dialects so GPUVerify-annotated kernels parse unchanged (int parameters
 * accept C's int conditions and C++'s bool alike).  __requires, __assume and
 * __assert are understood; the others are recognised and reported as
 * unsupported (never dropped). */
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
