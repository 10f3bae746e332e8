// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 9
// truth: The kernel holds a read of a[tid] and hands the cell's address to a helper
//        that stores through it: the store is the kernel's own (the helper is
//        inlined) and needs write permission.
void set_one(__global int *p)
{
    *p = 1;
}

/*@ requires \pointer_length(a) == get_local_size(0) ** Perm(a[get_local_id(0)], read); @*/
__kernel void helper_store(__global int *a)
{
    int tid = get_local_id(0);
    set_one(&a[tid]);
}
