// expect: unknown: declares a 'threadIdx' of its own
// run: spec
// id: spec.construct unsupported_construct line 8
// reason: The block's own uint3 threadIdx (x = 0) shadows the built-in: the
// assertion compares t, the built-in's x, with the local's 0 and fails for every
// thread but 0.  Taken by spelling for the built-in it verified; the IR keeps no
// scopes, so which one an annotation means is unknown.
/*@ requires Perm(out[threadIdx.x], write);
    ensures Perm(out[threadIdx.x], write); @*/
__global__ void k(unsigned int *out)
{
    unsigned int t = threadIdx.x;
    {
        uint3 threadIdx;
        threadIdx.x = 0;
        //@ assert t == threadIdx.x;
        out[t] = threadIdx.x;
    }
}
