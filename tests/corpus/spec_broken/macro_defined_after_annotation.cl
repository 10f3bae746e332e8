// expect: unknown: not before the annotation
// run: spec
// id: spec.construct unsupported_construct line 9
// reason: the contract's N stands where N is still the enumerator 1; the macro N (7)
// is defined later, inside the body, yet the checker read the annotation with the
// file's final macro table and proved a postcondition the device run breaks
enum { N = 1 };
/*@ requires Perm(a[get_local_id(0)], write);
    ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == N; @*/
__kernel void k(__global int *a)
{
#define N 7
    a[get_local_id(0)] = N;
}
