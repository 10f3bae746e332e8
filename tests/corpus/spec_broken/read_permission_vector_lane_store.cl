// expect: unknown: memory of vectors ('a')
// run: spec
// id: spec.construct unsupported_construct line 9
// truth: A store to one lane of an int2 writes the vector: a read of a[tid] does not
//        allow it (other work-items may hold reads of the same vector).  The checker
//        does not model memory of vectors (annotations index elements, two lanes of one
//        vector are one location), so it is unknown, never verified.
/*@ requires Perm(a[get_local_id(0)], read); @*/
__kernel void lane_store(__global int2 *a)
{
    int tid = get_local_id(0);
    a[tid].y = 1;
}
