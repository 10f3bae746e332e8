// Two entry points: the caller has to pick one.
__kernel void first(__global int *a) { a[get_global_id(0)] = 1; }
__kernel void second(__global int *a) { a[get_global_id(0)] = 2; }
