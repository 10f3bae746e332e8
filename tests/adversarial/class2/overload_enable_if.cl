// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 14
// truth: two overloadable functions named step with one signature; clang picks the combining one only where its enable_if(((TYPE)-1) > 0) holds, so the proof (int) lowers only the copy and unsigned TYPEs run the other body. Verified before the fix. PoCL, int add on 7 1 1 1: out = 7 1 1 1 (should be 7 8 9 10); uint add is right, so the interval test (unsigned words) passes.
TYPE __attribute__((overloadable, enable_if(((TYPE)-1) > 0, "unsigned")))
step(TYPE acc, TYPE x) { return OPERATOR(acc, x); }
TYPE __attribute__((overloadable)) step(TYPE acc, TYPE x) { return x; }

__kernel void scan(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = IDENTITY;
    for (uint k = 0; k < N; k++) {
        acc = step(acc, in[k]);
        out[k] = acc;
    }
}
