// expect: unknown: cannot count the fractional permissions
// run: spec
// id: spec.entry_permissions unsupported_construct line 9
// truth: Every work-item claims a write on a[tid] and half of a[tid ^ 1], so each cell
//        is claimed one and a half times: work-item tid writes a[tid] while work-item
//        tid ^ 1 reads it (`veriscan check --local-size 4` reports the race).  The second clause
//        reaches one cell from two work-items in a form (xor) the counting cannot
//        solve, so the checker may not add it up and says so.
/*@ requires Perm(a[get_local_id(0)], write) ** Perm(a[get_local_id(0) ^ 1], 1\2); @*/
__kernel void xor_neighbour(__global int *a)
{
    int tid = get_local_id(0);
    a[tid] = a[tid ^ 1] + 1;
}
