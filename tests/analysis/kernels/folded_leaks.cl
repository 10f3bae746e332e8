/* TYPE in code the compiler works out by itself, one kernel each, for test_folded_genericity.py. */
enum { UNSIGNED_TYPE = ((TYPE)-1) > 0, AFTER_IT };
enum { CHAINED = UNSIGNED_TYPE + 1 };
typedef uint probe_t[(((TYPE)-1) > 0) + 1];
typedef TYPE element_t;
TYPE __attribute__((overloadable, enable_if(((TYPE)-1) > 0, "unsigned"))) pick(TYPE a, TYPE b)
{ return OPERATOR(a, b); }
TYPE __attribute__((overloadable)) pick(TYPE a, TYPE b) { return b; }
__attribute__((overloadable)) TYPE twin(TYPE a, TYPE b) { return OPERATOR(a, b); }
__attribute__((overloadable)) float twin(float a, float b) { return b; }
uint first_word(__private uint (*words)[((TYPE)-1 > 0) + 1]) { return sizeof(*words); }

__kernel void implicit_enumerator(__global const TYPE *in, __global TYPE *out)
{
    out[AFTER_IT] = in[0];
}

__kernel void chained_enumerator(__global const TYPE *in, __global TYPE *out)
{
    out[CHAINED] = in[0];
}

__kernel void typedef_bound(__global const TYPE *in, __global TYPE *out)
{
    probe_t probe;
    out[sizeof(probe) / sizeof(uint)] = in[0];
}

__kernel void typeof_operand(__global const TYPE *in, __global TYPE *out)
{
    TYPE acc = in[0];
    __typeof__(acc) probe = 0;
    out[0] = acc;
}

__kernel void attribute_names(__global const TYPE *in, __global TYPE *out)
{
    __attribute__((aligned(UNSIGNED_TYPE ? 16 : 8))) uint pad[4];
    _Alignas(sizeof(element_t)) uint spare[4];
    out[__alignof__(pad) + __alignof__(spare)] = in[0];
}

__kernel void parameter_bound(__global const TYPE *in, __global TYPE *out)
{
    uint words[2];
    out[first_word(&words)] = in[0];
}

__kernel void barrier_flags(__global const TYPE *in, __global TYPE *out)
{
    barrier(((TYPE)-1) > 0 ? CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE);
    out[0] = in[0];
}

__kernel void enable_if_overloads(__global const TYPE *in, __global TYPE *out)
{
    out[0] = pick(in[0], in[1]);
}

__kernel void plain_overloads(__global const TYPE *in, __global TYPE *out)
{
    out[0] = twin(in[0], in[1]);
}
