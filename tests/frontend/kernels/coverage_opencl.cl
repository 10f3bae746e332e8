/* Small kernels, one construct family each, for the cursor-coverage test:
 * every cursor the lowering meets in them must be lowered, refused (then the
 * kernel holds an Unsupported statement) or read as compile-time information. */
typedef struct { int a; float b; } pair;
typedef union { int i; float f; } word;
enum colour { RED, GREEN = 5, BLUE };

int twice(int x) { return 2 * x; }
void store_at(__global int *p, int i, int v) { p[i] = v; }
void touch(__global int *p) { return store_at(p, 0, 1); }
int early(int x) { if (x) return 1; return 0; }
int depth(int x) { return x > 0 ? depth(x - 1) : 0; }

__kernel void k_control(__global int *out, int n)
{
    int t = get_local_id(0);
    int acc = 0;
    for (int i = 0; i < n; i++) { if (i == 3) continue; if (i > 5) break; acc += i; }
    for (;;) { break; }
    int j = 0;
    for (; j < 2;) j++;
    while (acc > 100) acc -= 7;
    do { acc++; } while (acc < 3);
    do { acc++; } while (out[acc & 3] < 0);
    if (t) { ; } else { acc = -acc; }
    {
        int inner = acc;
        out[t] = inner;
    }
    switch (t) { case 0: acc = 1; break; default: acc = 2; }
    if (acc > 9) goto done;
    acc = 3;
done:
    out[t] = acc;
}

__kernel void k_operators(__global int *out, __global const uint *in)
{
    int t = get_local_id(0);
    uint u = in[t];
    int x = t;
    x += 1; x -= 2; x *= 3; x /= 2; x %= 5; x <<= 1; x >>= 1; x &= 7; x |= 8; x ^= 3;
    x++; x--; ++x; --x;
    int y = -x + ~x + !x + +x;
    int z = (x, y);
    bool b = x < y && (y > 0 || u != 0u) && x <= y && y >= x && x == y || x != z;
    int c = b ? x : y;
    int d = u > 3u ? in[0] : in[1];
    int e = (t > 1 && in[t - 1] > 0) || in[0] == 2;
    float f = (float)x * 0.5f;
    long g = (long)u << 3 | (long)(u >> 2) ^ (long)(u & 1u);
    char h = 'a';
    out[t] = c + d + e + (int)f + (int)g + h + RED + BLUE;
    out[t] += out[(t + 1) & 3]++;
    in[0] > 2u ? out[1] = 2 : (out[2] = 3);
}

__kernel void k_memory(__global int *out, __global const int *in)
{
    __local int tile[4][4];
    __local int shared;
    int priv[3];
    int t = get_local_id(0);
    tile[t & 3][t >> 2] = in[t];
    if (t == 0)
        shared = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    __global int *p = out + t;
    __global const int *q = &in[t];
    p[0] = *q;
    p += 1;
    p++;
    --p;
    *p = tile[0][t & 3] + shared;
    priv[0] = 1;
    out[t] = priv[0] + *(out + 1) + (t)[out] + q[0];
    __global int *r = t ? out : out + 1;
    int pd = p - out;
    int *local_addr = &priv[1];
    out[0] = pd;
}

__kernel void k_calls(__global int *out, __global float *fo)
{
    int t = get_local_id(0);
    int g = get_group_id(0) + get_local_size(0) + get_num_groups(0) + get_global_id(0)
          + get_global_size(0) + get_global_offset(0) + get_enqueued_local_size(0);
    int w = get_work_dim();
    out[t] = twice(t) + min(t, 3) + max(t, 1) + abs(t - 2) + g + w;
    fo[t] = sqrt(fo[t]) + fmin(1.0f, 2.0f) + mad(1.0f, 2.0f, 3.0f);
    out[t] = as_int(fo[t]);
    touch(out);
    out[t] = early(t) + depth(t);
    atomic_add(out, 1);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[t] = __builtin_expect(t, 0);
}

__kernel void k_types(__global int *out, __global float *fo)
{
    int t = get_local_id(0);
    pair p;
    p.a = t;
    word w;
    w.i = 3;
    out[t] = sizeof(pair) + sizeof(out[0]) + _Alignof(int) + vec_step(int) + sizeof t;
    out[t] = _Generic(t, int: 1, default: 2);
    out[t] = __builtin_types_compatible_p(int, uint);
    out[t] = __builtin_choose_expr(1, t, fo[0]);
    out[t] = (int){4};
    int init[2] = {1, 2};
    out[t] = "abc"[t & 1];
    out[t] = t ?: 4;
    out[t] = ({ int s = t; s + 1; });
    out[t] = __builtin_offsetof(pair, b);
    _Static_assert(sizeof(int) == 4, "int");
    typedef int local_int;
    local_int li = 3;
    enum colour c = GREEN;
    out[t] = li + c;
    __asm__("nop");
}
