// expect: violation: write of a[...] without write permission
// run: spec
// id: spec.write_permission permission_missing line 12
// truth: Every work-item holds only a read of a[tid] (its length stated, so the
//        pointer &a[tid] is inside the buffer), yet atomic_inc writes the cell: an
//        atomic read-modify-write needs write permission like a store, or a reader
//        holding the same cell would see it change under its read.
/*@ requires \pointer_length(a) == get_local_size(0) ** Perm(a[get_local_id(0)], read); @*/
__kernel void atomic_on_read(__global int *a)
{
    int tid = get_local_id(0);
    atomic_inc(&a[tid]);
}
