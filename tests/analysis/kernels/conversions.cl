/* Pointer conversions and type queries, one per kernel, for test_type_leaks.py. */
typedef TYPE element;
typedef struct { TYPE value; uchar tag; } tagged;
int low_bits(__global const int *p) { return p[0]; }
__local uint *words(__local TYPE *b) { return b; }

__kernel void typedef_only(__global const TYPE *in, __global TYPE *out)
{
    __global const int *raw = in;
    out[0] = raw[0] ? in[0] : in[1];
}

__kernel void helper_argument(__global const TYPE *in, __global TYPE *out)
{
    out[0] = low_bits(in) ? in[0] : in[1];
}

__kernel void returned(__global const TYPE *in, __global TYPE *out)
{
    __local TYPE buf[4];
    buf[0] = in[0];
    out[0] = words(buf)[0] ? in[0] : in[1];
}

__kernel void size_queries(__global const TYPE *in, __global TYPE *out)
{
    int a = sizeof(TYPE);
    int b = _Alignof(tagged);
    int c = vec_step(element);
    int d = sizeof(in[0]);
    int e = _Generic(in[0], int: 1, default: 0);
    int f = __builtin_types_compatible_p(TYPE, int);
    out[a + b + c + d + e + f] = in[0];
}

__kernel void addresses(__global const TYPE *in, __global TYPE *out)
{
    ulong at = (ulong)in;
    out[0] = in[at & 1];
}

__kernel void bytes_of_uint(__global const TYPE *in, __global TYPE *out, __global uint *flags)
{
    __global uchar *b = (__global uchar *)flags;
    b[1] = 0;
    out[0] = in[0];
}

__kernel void harmless(__global const TYPE *in, __global TYPE *out)
{
    __global const TYPE *view = out;
    __global element *same = out;
    same[0] = OPERATOR(view[1], in[0]);
    int size = sizeof(int) + sizeof(uint);
    out[size] = IDENTITY;
}

enum { WIDTH = sizeof(TYPE) };
typedef uchar scratch_t[_Alignof(TYPE)];

__kernel void hidden_in_declarations(__global const TYPE *in, __global TYPE *out)
{
    __private scratch_t scratch;
    out[WIDTH] = in[0];
}
