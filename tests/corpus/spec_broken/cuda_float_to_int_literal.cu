// expect: violation: conversion of a float to int
// run: spec
// id: spec.undefined_behaviour conversion_out_of_range line 13
// reason: C++ leaves a float converted to an int that cannot hold its integral part
// undefined; the race checker said so, the separation-logic checker computed on
// (both now translate C through one translator)
/*@ context_everywhere blockDim.x >= 1;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write); @*/
__global__ void k(int *a)
{
    float big = 3.0e10f;
    a[threadIdx.x] = (int)big;
}
