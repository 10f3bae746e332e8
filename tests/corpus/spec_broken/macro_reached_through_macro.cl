// expect: unknown: not before the annotation
// run: spec
// id: spec.construct unsupported_construct line 10
// reason: the annotation's N expands to M, which where the annotation stands is still
// the enumerator 1; the macro M (7) comes later, and only the name written in the
// annotation was checked for later definitions, not the macros its expansion reaches
#define N M
enum { M = 1 };
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == N; @*/
__kernel void k(__global int *a)
{
#define M 7
    a[get_local_id(0)] = 7;
}
