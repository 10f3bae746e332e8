// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 6
// truth: the same choice as folded_template_argument.cu, hidden in the template parameter's default argument, which no call site and no instantiated body shows: floating TYPEs copy instead of combining (float max on 4 3 2 1 would give 4 3 2 1 instead of 4 4 4 4). CUDA is not run here.
template <bool COMBINE = (((TYPE)1.5) == 1)> __device__ TYPE step(TYPE acc, TYPE x)
{
    return COMBINE ? OPERATOR(acc, x) : x;
}

__global__ void scan(const TYPE *in, TYPE *out)
{
    TYPE acc = IDENTITY;
    for (unsigned k = 0; k < N; k++) {
        acc = step(acc, in[k]);
        out[k] = acc;
    }
}
