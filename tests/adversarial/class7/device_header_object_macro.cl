// expect: unknown
// run: verify --n 4
// veriscan: inclusive threads=1
// id: output not_run
// truth: a kernel variable named after a macro of the device compiler's own headers (PoCL's kernel_exec) reads as the kernel's variable in the proof and as the header's text on the device: the device compiles other code than the proof read, so no proof covers the run
__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    int kernel_exec = 1;
    TYPE running = in[0];
    out[0] = running;
    for (uint k = kernel_exec; k < N; k++) {
        running = OPERATOR(running, in[k]);
        out[k] = running;
    }
}
