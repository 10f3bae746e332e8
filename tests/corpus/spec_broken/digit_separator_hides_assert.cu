// expect: violation: annotated assertion may fail
// run: spec
// id: spec.assert assertion_false line 12
// reason: After the C++14 literal 2'048 the rest of the line is code and a real
// annotation comment, whose false assertion must be checked, not skipped as if the
// apostrophe had opened a character literal.
/*@ requires Perm(out[threadIdx.x], write);
    ensures Perm(out[threadIdx.x], write);
    ensures out[threadIdx.x] == 2048; @*/
__global__ void fill(int *out)
{
    int v = 2'048; /*@ assert v == 2047; @*/
    out[threadIdx.x] = v;
}
