// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 15
// truth: the template argument ((TYPE)1.5) == 1 is folded: step<true> combines for every integer TYPE (the proof's int, the interval test's unsigned words), step<false> copies for floating ones, so float max on 4 3 2 1 would give 4 3 2 1 instead of 4 4 4 4. CUDA is not run here.
template <bool COMBINE> __device__ TYPE step(TYPE acc, TYPE x)
{
    return COMBINE ? OPERATOR(acc, x) : x;
}

__global__ void scan(const TYPE *in, TYPE *out)
{
    TYPE acc = IDENTITY;
    for (unsigned k = 0; k < N; k++) {
        acc = step<(((TYPE)1.5) == 1)>(acc, in[k]);
        out[k] = acc;
    }
}
