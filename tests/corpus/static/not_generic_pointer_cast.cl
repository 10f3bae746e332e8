// expect: violation not-generic
// run: check --n 8
// veriscan: inclusive threads=n
// id: genericity type_inspected line 10
// Reads the bytes of a TYPE value through an int pointer (paper 001 §6: a cast
// lets a kernel recognise the interval test's encoding and fake its answer).
__kernel void peek(__global const TYPE *in, __global TYPE *out) {
    int t = get_local_id(0);
    TYPE v = in[t];
    if (*(__private int *)&v == 0) {
        v = IDENTITY;
    }
    out[t] = v;
}
