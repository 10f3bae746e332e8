// expect: unknown
// run: verify --n 4
// truth: PoCL renames the built-in max to _cl_max by an object-like macro, so the kernel's own variable max becomes _cl_max on the device and the inner _cl_max hides it: the device tests the input's value where the proof read a constant 1, and with + on 0,1,2,3 PoCL prints 0,1,2,3
// veriscan: inclusive threads=1
// id: output not_run
__kernel void k(__global const TYPE *in, __global TYPE *out)
{
    uint max = 1u;
    TYPE acc = in[0];
    out[0] = acc;
    {
        TYPE _cl_max = in[0];
        for (uint i = 1; i < N; i++) {
            if (max)
                acc = OPERATOR(acc, in[i]);
            else
                acc = in[i];
            out[i] = acc;
        }
    }
}
