// expect: unknown
// run: verify --n 4
// veriscan: inclusive threads=1
// id: output not_run
// truth: the proof reads __IF_INT64 as this file's own function of a TYPE value that returns 0; PoCL's headers define __IF_INT64(x) as x, so the device compiles `if (__IF_INT64(in[0]) == 7)`, a comparison of a TYPE value: with int add and in = 7,1,1,1 the output is 7,1,1,1 instead of 7,8,9,10
// The parentheses around the name keep the kernel's own preprocessing from
// touching it; the device compiler's second preprocessing expands the call.
int (__IF_INT64)(TYPE value) { return 0; }

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE running = in[0];
    out[0] = running;
    for (uint k = 1; k < N; k++) {
        if (__IF_INT64(in[0]) != 7)
            running = OPERATOR(running, in[k]);
        out[k] = running;
    }
}
