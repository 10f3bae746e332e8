// expect: violation: write of a[...] without write permission
// run: spec
// truth: A store to one lane of an int2 cell writes that cell: a read of a[tid] does not
//        allow it (other work-items may hold reads of the same vector).
/*@ requires Perm(a[get_local_id(0)], read); @*/
__kernel void lane_store(__global int2 *a)
{
    int tid = get_local_id(0);
    a[tid].y = 1;
}
