// expect: unknown: conversion of a float to int
// run: spec
// id: spec.undefined_behaviour approximation line 11
// reason: a float parameter converted to int is undefined in C++ for a value out of
// int's range; floats are not modelled, so it is possible, never ruled out
/*@ context_everywhere blockDim.x >= 1;
    requires Perm(a[threadIdx.x], write);
    ensures Perm(a[threadIdx.x], write); @*/
__global__ void k(int *a, float f)
{
    a[threadIdx.x] = (int)f;
}
