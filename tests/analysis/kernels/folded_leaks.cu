// TYPE in code the compiler works out by itself, CUDA C++, for test_folded_genericity.py.
template <bool COMBINE> __device__ TYPE step(TYPE acc, TYPE x) { return COMBINE ? OPERATOR(acc, x) : x; }
template <bool COMBINE = (((TYPE)1.5) == 1)> __device__ TYPE fallback(TYPE acc, TYPE x)
{ return COMBINE ? OPERATOR(acc, x) : x; }
template <typename T> struct traits { static const bool integral = ((T)1.5) == 1; };
template <typename T> struct stepper { __device__ static TYPE go(TYPE a, TYPE b) { return OPERATOR(a, b); } };
template <> struct stepper<float> { __device__ static TYPE go(TYPE a, TYPE b) { return b; } };
enum based : TYPE { ZERO = 0 };
struct bits { unsigned width : (((TYPE)1.5) == 1) + 1; };

__global__ void template_argument(const TYPE *in, TYPE *out)
{
    out[0] = step<(((TYPE)1.5) == 1)>(in[0], in[1]);
}

__global__ void template_default(const TYPE *in, TYPE *out)
{
    out[0] = fallback(in[0], in[1]);
}

__global__ void template_instance(const TYPE *in, TYPE *out)
{
    traits<TYPE> probe;
    out[sizeof(probe)] = in[0];
}

__global__ void specialised_member(const TYPE *in, TYPE *out)
{
    out[0] = stepper<int>::go(in[0], in[1]);
}

__global__ void underlying_type(const TYPE *in, TYPE *out)
{
    based probe = ZERO;
    out[probe] = in[0];
}

__global__ void bit_field_width(const TYPE *in, TYPE *out)
{
    struct bits probe;
    probe.width = 2;
    out[probe.width] = in[0];
}
