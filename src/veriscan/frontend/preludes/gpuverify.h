/* veriscan prelude for GPUVerify's annotation language, included for both
 * dialects so GPUVerify-annotated kernels parse unchanged (int parameters
 * accept C's int conditions and C++'s bool alike).  Each annotation is one of:
 *   - checked or assumed (declared functions, lowered by the front end):
 *     __assert and __global_assert are checked; __requires and
 *     __global_requires are assumed for the kernel and checked at the call of an
 *     inlined function; __assume is assumed; __invariant and __global_invariant
 *     are checked wherever the loop head evaluates them (the __global_ forms
 *     for the threads that reach them; GPUVerify checks them for every thread,
 *     and the verdict says so);
 *   - helpers with a plain C meaning (macros): __implies, __ite, __is_pow2,
 *     __mod_pow2, __enabled (true wherever a thread evaluates it);
 *   - ignored, which is sound because veriscan never relies on them (macros
 *     that drop their arguments): postconditions, candidate and function-wide
 *     invariants, barrier invariants and their permissions, access specifications;
 *   - unsupported (access-log and two-thread predicates): an assertion using
 *     one is unknown; an assumption or invariant using one is dropped. */
void __requires(int cond);
void __global_requires(int cond);
void __assume(int cond);
void __assert(int cond);
void __global_assert(int cond);
void __invariant(int cond);
void __global_invariant(int cond);

#define __implies(a, b) (!(a) || (b))
#define __ite(b, x, y) ((b) ? (x) : (y))
#define __is_pow2(x) ((((unsigned long)(x) & ((unsigned long)(x) - 1)) == 0))
#define __mod_pow2(x, y) ((((unsigned long)(y) - 1) & (unsigned long)(x)))
#define __enabled() 1
#define __dominator_enabled() 1
#define __non_temporal_loads_begin() ((void)0)
#define __non_temporal_loads_end() ((void)0)
#define __no_read(p) (!__read(p))
#define __no_write(p) (!__write(p))
#define __read_implies(p, e) __implies(__read(p), e)
#define __write_implies(p, e) __implies(__write(p), e)

/* Uninterpreted functions: a declaration without a body (a call to it is
 * unknown unless veriscan models bodiless calls). */
#define DECLARE_UF_UNARY(NAME, T1, R) R NAME(T1)
#define DECLARE_UF_BINARY(NAME, T1, T2, R) R NAME(T1, T2)
/* An axiom constrains such functions; veriscan does not use it. */
#define __axiom(...)

/* Ignored annotations: each call names the annotation for the verdict's notes. */
#define __ensures(...) __veriscan_gv_ignored__ensures()
void __veriscan_gv_ignored__ensures(void);
#define __global_ensures(...) __veriscan_gv_ignored__global_ensures()
void __veriscan_gv_ignored__global_ensures(void);
#define __candidate_invariant(...) __veriscan_gv_ignored__candidate_invariant()
void __veriscan_gv_ignored__candidate_invariant(void);
#define __candidate_global_invariant(...) __veriscan_gv_ignored__candidate_global_invariant()
void __veriscan_gv_ignored__candidate_global_invariant(void);
#define __function_wide_invariant(...) __veriscan_gv_ignored__function_wide_invariant()
void __veriscan_gv_ignored__function_wide_invariant(void);
#define __function_wide_candidate_invariant(...) __veriscan_gv_ignored__function_wide_candidate_invariant()
void __veriscan_gv_ignored__function_wide_candidate_invariant(void);
#define __candidate_assert(...) __veriscan_gv_ignored__candidate_assert()
void __veriscan_gv_ignored__candidate_assert(void);
#define __candidate_global_assert(...) __veriscan_gv_ignored__candidate_global_assert()
void __veriscan_gv_ignored__candidate_global_assert(void);
#define __reads_from(...) __veriscan_gv_ignored__reads_from()
void __veriscan_gv_ignored__reads_from(void);
#define __writes_to(...) __veriscan_gv_ignored__writes_to()
void __veriscan_gv_ignored__writes_to(void);
#define __read_permission(...) __veriscan_gv_ignored__read_permission()
void __veriscan_gv_ignored__read_permission(void);
#define __write_permission(...) __veriscan_gv_ignored__write_permission()
void __veriscan_gv_ignored__write_permission(void);
#define __barrier_invariant(...) __veriscan_gv_ignored__barrier_invariant()
#define __barrier_invariant_1(...) __barrier_invariant()
#define __barrier_invariant_binary_1(...) __barrier_invariant()
#define __barrier_invariant_2(...) __barrier_invariant()
#define __barrier_invariant_binary_2(...) __barrier_invariant()
#define __barrier_invariant_3(...) __barrier_invariant()
#define __barrier_invariant_binary_3(...) __barrier_invariant()
#define __barrier_invariant_4(...) __barrier_invariant()
#define __barrier_invariant_binary_4(...) __barrier_invariant()
#define __barrier_invariant_5(...) __barrier_invariant()
#define __barrier_invariant_binary_5(...) __barrier_invariant()
#define __barrier_invariant_6(...) __barrier_invariant()
#define __barrier_invariant_binary_6(...) __barrier_invariant()
#define __barrier_invariant_7(...) __barrier_invariant()
#define __barrier_invariant_binary_7(...) __barrier_invariant()
#define __barrier_invariant_8(...) __barrier_invariant()
#define __barrier_invariant_binary_8(...) __barrier_invariant()
#define __barrier_invariant_9(...) __barrier_invariant()
#define __barrier_invariant_binary_9(...) __barrier_invariant()
#define __barrier_invariant_10(...) __barrier_invariant()
#define __barrier_invariant_binary_10(...) __barrier_invariant()
#define __barrier_invariant_11(...) __barrier_invariant()
#define __barrier_invariant_binary_11(...) __barrier_invariant()
#define __barrier_invariant_12(...) __barrier_invariant()
#define __barrier_invariant_binary_12(...) __barrier_invariant()
#define __barrier_invariant_13(...) __barrier_invariant()
#define __barrier_invariant_binary_13(...) __barrier_invariant()
#define __barrier_invariant_14(...) __barrier_invariant()
#define __barrier_invariant_binary_14(...) __barrier_invariant()
#define __barrier_invariant_15(...) __barrier_invariant()
#define __barrier_invariant_binary_15(...) __barrier_invariant()
#define __barrier_invariant_16(...) __barrier_invariant()
#define __barrier_invariant_binary_16(...) __barrier_invariant()
#define __barrier_invariant_17(...) __barrier_invariant()
#define __barrier_invariant_binary_17(...) __barrier_invariant()
#define __barrier_invariant_18(...) __barrier_invariant()
#define __barrier_invariant_binary_18(...) __barrier_invariant()
#define __barrier_invariant_19(...) __barrier_invariant()
#define __barrier_invariant_binary_19(...) __barrier_invariant()
#define __barrier_invariant_20(...) __barrier_invariant()
#define __barrier_invariant_binary_20(...) __barrier_invariant()
#define __barrier_invariant_21(...) __barrier_invariant()
#define __barrier_invariant_binary_21(...) __barrier_invariant()
#define __barrier_invariant_22(...) __barrier_invariant()
#define __barrier_invariant_binary_22(...) __barrier_invariant()
#define __barrier_invariant_23(...) __barrier_invariant()
#define __barrier_invariant_binary_23(...) __barrier_invariant()
#define __barrier_invariant_24(...) __barrier_invariant()
#define __barrier_invariant_binary_24(...) __barrier_invariant()
#define __barrier_invariant_25(...) __barrier_invariant()
#define __barrier_invariant_binary_25(...) __barrier_invariant()
#define __barrier_invariant_26(...) __barrier_invariant()
#define __barrier_invariant_binary_26(...) __barrier_invariant()
#define __barrier_invariant_27(...) __barrier_invariant()
#define __barrier_invariant_binary_27(...) __barrier_invariant()
#define __barrier_invariant_28(...) __barrier_invariant()
#define __barrier_invariant_binary_28(...) __barrier_invariant()
#define __barrier_invariant_29(...) __barrier_invariant()
#define __barrier_invariant_binary_29(...) __barrier_invariant()
#define __barrier_invariant_30(...) __barrier_invariant()
#define __barrier_invariant_binary_30(...) __barrier_invariant()
#define __barrier_invariant_31(...) __barrier_invariant()
#define __barrier_invariant_binary_31(...) __barrier_invariant()
#define __barrier_invariant_32(...) __barrier_invariant()
#define __barrier_invariant_binary_32(...) __barrier_invariant()
#define __barrier_invariant_binary(...) __barrier_invariant()
void __veriscan_gv_ignored__barrier_invariant(void);

/* Access-log, two-thread and value predicates: each becomes a call the front
 * end reports as unsupported (the annotation is neither trusted nor dropped
 * silently). */
#define __read(...) __veriscan_gpuverify__read()
int __veriscan_gpuverify__read(void);
#define __write(...) __veriscan_gpuverify__write()
int __veriscan_gpuverify__write(void);
#define __read_offset_bytes(...) __veriscan_gpuverify__read_offset_bytes()
int __veriscan_gpuverify__read_offset_bytes(void);
#define __write_offset_bytes(...) __veriscan_gpuverify__write_offset_bytes()
int __veriscan_gpuverify__write_offset_bytes(void);
#define __ptr_base(...) __veriscan_gpuverify__ptr_base()
int __veriscan_gpuverify__ptr_base(void);
#define __ptr_offset_bytes(...) __veriscan_gpuverify__ptr_offset_bytes()
int __veriscan_gpuverify__ptr_offset_bytes(void);
#define __other_int(...) __veriscan_gpuverify__other_int()
int __veriscan_gpuverify__other_int(void);
#define __other_bool(...) __veriscan_gpuverify__other_bool()
int __veriscan_gpuverify__other_bool(void);
#define __other_ptr_base(...) __veriscan_gpuverify__other_ptr_base()
int __veriscan_gpuverify__other_ptr_base(void);
#define __return_val_int(...) __veriscan_gpuverify__return_val_int()
int __veriscan_gpuverify__return_val_int(void);
#define __return_val_bool(...) __veriscan_gpuverify__return_val_bool()
int __veriscan_gpuverify__return_val_bool(void);
#define __return_val_ptr(...) __veriscan_gpuverify__return_val_ptr()
int __veriscan_gpuverify__return_val_ptr(void);
#define __return_val_int4(...) __veriscan_gpuverify__return_val_int4()
int __veriscan_gpuverify__return_val_int4(void);
#define __old_int(...) __veriscan_gpuverify__old_int()
int __veriscan_gpuverify__old_int(void);
#define __old_bool(...) __veriscan_gpuverify__old_bool()
int __veriscan_gpuverify__old_bool(void);
#define __atomic_has_taken_value(...) __veriscan_gpuverify__atomic_has_taken_value()
int __veriscan_gpuverify__atomic_has_taken_value(void);
#define __array_snapshot(...) __veriscan_gpuverify__array_snapshot()
int __veriscan_gpuverify__array_snapshot(void);
#define __add_noovfl(...) __veriscan_gpuverify__add_noovfl()
int __veriscan_gpuverify__add_noovfl(void);
#define __add_noovfl_int(...) __veriscan_gpuverify__add_noovfl_int()
int __veriscan_gpuverify__add_noovfl_int(void);
#define __add_noovfl_unsigned_int(...) __veriscan_gpuverify__add_noovfl_unsigned_int()
int __veriscan_gpuverify__add_noovfl_unsigned_int(void);
#define __add_noovfl_char(...) __veriscan_gpuverify__add_noovfl_char()
int __veriscan_gpuverify__add_noovfl_char(void);
#define __add_noovfl_short(...) __veriscan_gpuverify__add_noovfl_short()
int __veriscan_gpuverify__add_noovfl_short(void);
#define __add_noovfl_long(...) __veriscan_gpuverify__add_noovfl_long()
int __veriscan_gpuverify__add_noovfl_long(void);
#define __requires_fresh_array(...) __veriscan_gpuverify__requires_fresh_array()
int __veriscan_gpuverify__requires_fresh_array(void);
#define __writes_to(...) __veriscan_gpuverify__writes_to()
int __veriscan_gpuverify__writes_to(void);
#define __reads_from(...) __veriscan_gpuverify__reads_from()
int __veriscan_gpuverify__reads_from(void);
#define __uniform_int(x) (__other_int(x))
#define __uniform_bool(x) (__other_bool(x))
#define __uniform_ptr_base(x) (__other_ptr_base(x))
#define __distinct_int(x) (__other_int(x))
#define __distinct_bool(x) (__other_bool(x))
#define __distinct_ptr_base(x) (__other_ptr_base(x))
#define __all(x) (__other_bool(x))
#define __exclusive(x) (__other_bool(x))
#define __same_group (__other_int(0))
