// expect: violation
// run: verify --n 4
// veriscan: inclusive threads=1
// id: genericity type_inspected line 17
// truth: stepper<float> specialises the class template whose step the kernel calls with the type of acc + acc: for a float TYPE the specialisation's step, a copy, runs (float max on 4 3 2 1 would give 4 3 2 1), while the proof reads the primary template's, which combines. CUDA is not run here.
template <typename T> struct stepper {
    __device__ static TYPE step(TYPE acc, TYPE x) { return OPERATOR(acc, x); }
};
template <> struct stepper<float> {
    __device__ static TYPE step(TYPE acc, TYPE x) { return x; }
};

__global__ void scan(const TYPE *in, TYPE *out)
{
    TYPE acc = IDENTITY;
    for (unsigned k = 0; k < N; k++) {
        acc = stepper<decltype(acc + acc)>::step(acc, in[k]);
        out[k] = acc;
    }
}
