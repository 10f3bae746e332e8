// expect: violation not-generic
// run: check --n 8
// veriscan: inclusive threads=n
// id: genericity type_inspected line 9
// Reinterprets a TYPE value with as_uint, another way to look inside it.
__kernel void peek(__global const TYPE *in, __global TYPE *out) {
    int t = get_local_id(0);
    TYPE v = in[t];
    if (as_uint(v) == 3u) {
        v = IDENTITY;
    }
    out[t] = v;
}
