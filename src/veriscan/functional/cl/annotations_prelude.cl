/* GPUVerify's annotation built-ins for a kernel that runs on a device (the
 * dynamic check under Oclgrind).  Contracts and invariants are the static
 * proof's business; on a device they compile to nothing, so an annotated
 * kernel runs unchanged.  Arguments are not evaluated. */
#define __requires(...) ((void)0)
#define __ensures(...) ((void)0)
#define __assume(...) ((void)0)
#define __assert(...) ((void)0)
#define __invariant(...) ((void)0)
#define __global_invariant(...) ((void)0)
#define __global_requires(...) ((void)0)
#define __global_ensures(...) ((void)0)
#define __global_assert(...) ((void)0)
